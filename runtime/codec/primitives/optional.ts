/**
 * The three optional forms of data-encoding (data-encoding.md §7), which must not be mixed up:
 *
 * - {@link optionalField}: an `opt` object field of fixed or self-delimiting value, behind a
 *   presence byte (`00` absent, `ff` present; any non-zero byte reads as present). An absent
 *   value is `undefined`, so the object leaves the property out, as the JSON does.
 * - {@link variableOptionalField}: an `opt`/`varopt` field of Variable value: no presence byte,
 *   present exactly when bytes remain in the frame. It must end its frame.
 * - {@link option}: the `option` combinator, a union with tag `00` = None and `01` = Some;
 *   None is `null` in JSON.
 */
import { CodecDefinitionError, DYNAMIC, VARIABLE, dataKindOf, fixedSizeOf, fixedKind, type Codec } from "../codec.ts";
import type { BinaryReader } from "../reader.ts";
import type { BinaryWriter } from "../writer.ts";
import { failDecode, failShort } from "./fail.ts";

/** Reads a presence byte: false for `00`, true for any other byte. */
export function readPresence(r: BinaryReader): boolean {
  if (r.offset >= r.end) failShort(r, 1, "a presence byte");
  return r.bytes[r.offset++] !== 0;
}

/** Writes a presence byte: `ff` when present, `00` when absent. */
export function writePresence(w: BinaryWriter, present: boolean): void {
  const at = w.reserve(1);
  w.target[at] = present ? 0xff : 0x00;
}

/** An optional object field with a presence byte; `undefined` when absent. */
export function optionalField<T>(inner: Codec<T>): Codec<T | undefined> {
  if (dataKindOf(inner).kind === "Variable") {
    throw new CodecDefinitionError("an optional field of Variable size has no presence byte: use variableOptionalField");
  }
  const size = fixedSizeOf(inner);
  return {
    decode: (r) => (readPresence(r) ? inner.decode(r) : undefined),
    encode(w, value) {
      if (value === undefined) {
        writePresence(w, false);
      } else {
        writePresence(w, true);
        inner.encode(w, value);
      }
    },
    // Only a zero-width value makes both forms one byte long.
    dataKind: size === 0 ? fixedKind(1) : DYNAMIC,
  };
}

/** An optional field of Variable size: present exactly when its frame has bytes left. */
export function variableOptionalField<T>(inner: Codec<T>): Codec<T | undefined> {
  return {
    decode: (r) => (r.offset < r.end ? inner.decode(r) : undefined),
    encode(w, value) {
      if (value !== undefined) inner.encode(w, value);
    },
    dataKind: VARIABLE,
  };
}

/** The `option` combinator: tag `00` for None (`null`), `01` then the value for Some. */
export function option<T>(inner: Codec<T>): Codec<T | null> {
  const size = fixedSizeOf(inner);
  const variable = dataKindOf(inner).kind === "Variable";
  return {
    decode(r) {
      const at = r.offset;
      if (at >= r.end) failShort(r, 1, "an option tag");
      const tag = r.bytes[at]!;
      r.offset = at + 1;
      if (tag === 0) return null;
      if (tag !== 1) failDecode(at, "option tag 0 (None) or 1 (Some)", `tag ${tag}`);
      return inner.decode(r);
    },
    encode(w, value) {
      const at = w.reserve(1);
      if (value === null || value === undefined) {
        w.target[at] = 0;
      } else {
        w.target[at] = 1;
        inner.encode(w, value);
      }
    },
    dataKind: variable ? VARIABLE : size === 0 ? fixedKind(1) : DYNAMIC,
  };
}
