/**
 * Padding (`padded e n`, `Padding` layouts): n filler bytes. The writer emits zeros; the reader
 * skips them whatever they hold, as data-encoding does. Padding has no JSON value.
 */
import { CodecDefinitionError, fixedKind, type Codec } from "../codec.ts";
import type { BinaryReader } from "../reader.ts";
import type { BinaryWriter } from "../writer.ts";
import { failShort } from "./fail.ts";

export function skipPadding(r: BinaryReader, n: number): void {
  if (r.end - r.offset < n) failShort(r, n, "padding");
  r.offset += n;
}

export function writePadding(w: BinaryWriter, n: number): void {
  w.zeros(n);
}

/** `n` bytes of padding; a binary-only part of an object or tuple. */
export function padding(n: number): Codec<undefined> {
  if (!Number.isInteger(n) || n < 0) throw new CodecDefinitionError(`padding needs a non-negative integer size, got ${n}`);
  return {
    decode(r) {
      skipPadding(r, n);
      return undefined;
    },
    encode: (w) => writePadding(w, n),
    dataKind: fixedKind(n),
    binaryOnly: true,
  };
}
