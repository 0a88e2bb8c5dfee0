/**
 * Tagged unions (`Cases` in binary schemas; data-encoding.md §8): an unsigned big-endian tag of
 * `Uint8` or `Uint16`, then the selected case's fields. Tags need not be contiguous and case
 * names need not be unique, so the tag is the key when decoding.
 *
 * On encoding, the case of a value is found by a `select` function of the union (returning a
 * tag or a case name) or by the cases' own `match` predicates, first match wins. Cases that
 * exist only in JSON have no tag; encoding a value of such a case fails with an EncodeError
 * that names it.
 */
import { CodecDefinitionError, DYNAMIC, VARIABLE, dataKindOf, fixedKind, fixedSizeOf, type Codec } from "../codec.ts";
import { BINARY_FORM_EXPECTED } from "../errors.ts";
import type { BinaryReader } from "../reader.ts";
import type { BinaryWriter } from "../writer.ts";
import { failDecode, failEncode, failShort, failValue } from "./fail.ts";
import { writeUint16, writeUint8 } from "./integers.ts";

/** Width of a union tag. */
export type TagSize = "Uint8" | "Uint16";

/** A case with a binary form: its tag, then `codec` for the rest of the case. */
export interface BinaryCase<T = unknown> {
  readonly tag: number;
  readonly name: string;
  /** Decodes the case's fields after the tag into the whole JSON value (constants included). */
  readonly codec: Codec<T>;
  /** True when `value` belongs to this case. */
  readonly match?: (value: unknown) => boolean;
}

/** A case that exists only in JSON. */
export interface JsonOnlyCase {
  readonly name: string;
  readonly jsonOnly: true;
  readonly match?: (value: unknown) => boolean;
}

export type UnionCase<T = unknown> = BinaryCase<T> | JsonOnlyCase;

export interface UnionOptions {
  /** Picks the case of a value: a tag, or a case name (first case of that name). */
  readonly select?: (value: unknown) => number | string | undefined;
}

/** Reads a tag of the given width. */
export function readTag(r: BinaryReader, size: TagSize): number {
  const o = r.offset;
  if (size === "Uint8") {
    if (o >= r.end) failShort(r, 1, "a union tag");
    r.offset = o + 1;
    return r.bytes[o]!;
  }
  if (r.end - o < 2) failShort(r, 2, "a union tag");
  r.offset = o + 2;
  return (r.bytes[o]! << 8) | r.bytes[o + 1]!;
}

/** Writes a tag of the given width. */
export function writeTag(w: BinaryWriter, size: TagSize, tag: number): void {
  if (size === "Uint8") writeUint8(w, tag);
  else writeUint16(w, tag);
}

/** The error of an unknown tag read at `offset`, for generated decoders. */
export function failUnknownTag(offset: number, tag: number, known: readonly number[]): never {
  const list = known.length <= 12 ? known.join(", ") : `${known.slice(0, 12).join(", ")}, …`;
  failDecode(offset, known.length === 0 ? "a union with a binary case (this one has none)" : `a known union tag (${list})`, `tag ${tag}`);
}

/** The error of a value of a JSON-only case, for generated encoders. */
export function failJsonOnlyCase(w: BinaryWriter, name: string): never {
  failEncode(w, BINARY_FORM_EXPECTED, `a value of JSON-only case "${name}"`);
}

function isBinaryCase<T>(c: UnionCase<T>): c is BinaryCase<T> {
  return !("jsonOnly" in c && c.jsonOnly);
}

/** The codec of a `Cases` encoding. */
export function union<T>(tagSize: TagSize, cases: readonly UnionCase<T>[], options: UnionOptions = {}): Codec<T> {
  const maxTag = tagSize === "Uint8" ? 255 : 65535;
  const byTag = new Map<number, BinaryCase<T>>();
  // A dense table for one-byte tags: the common case in the hot path.
  const table: (BinaryCase<T> | undefined)[] | undefined = tagSize === "Uint8" ? new Array<BinaryCase<T> | undefined>(256).fill(undefined) : undefined;
  const binaryCases: BinaryCase<T>[] = [];
  for (const c of cases) {
    if (!isBinaryCase(c)) continue;
    if (!Number.isInteger(c.tag) || c.tag < 0 || c.tag > maxTag) throw new CodecDefinitionError(`union case "${c.name}": tag ${c.tag} does not fit ${tagSize}`);
    if (byTag.has(c.tag)) throw new CodecDefinitionError(`union case "${c.name}": tag ${c.tag} is used twice`);
    byTag.set(c.tag, c);
    if (table !== undefined) table[c.tag] = c;
    binaryCases.push(c);
  }
  const knownTags = binaryCases.map((c) => c.tag).sort((a, b) => a - b);
  const tagBytes = tagSize === "Uint8" ? 1 : 2;
  const { select } = options;

  function caseOf(w: BinaryWriter, value: unknown): UnionCase<T> {
    if (select !== undefined) {
      const key = select(value);
      const found = typeof key === "number" ? byTag.get(key) : key === undefined ? undefined : cases.find((c) => c.name === key);
      if (found === undefined) failValue(w, `a value of one of the cases ${cases.map((c) => c.name).join(", ")}`, value);
      return found;
    }
    for (const c of cases) if (c.match !== undefined && c.match(value)) return c;
    return failValue(w, `a value of one of the cases ${cases.map((c) => c.name).join(", ")}`, value);
  }

  const sizes = binaryCases.map((c) => fixedSizeOf(c.codec));
  const first = sizes[0];
  const sameFixed = first !== undefined && sizes.every((s) => s === first);
  const anyVariable = binaryCases.some((c) => dataKindOf(c.codec).kind === "Variable");

  return {
    decode(r) {
      const at = r.offset;
      const tag = readTag(r, tagSize);
      const c = table !== undefined ? table[tag] : byTag.get(tag);
      if (c === undefined) failUnknownTag(at, tag, knownTags);
      return c.codec.decode(r);
    },
    encode(w, value) {
      const c = caseOf(w, value);
      if (!isBinaryCase(c)) failJsonOnlyCase(w, c.name);
      writeTag(w, tagSize, c.tag);
      c.codec.encode(w, value);
    },
    dataKind: anyVariable ? VARIABLE : sameFixed ? fixedKind(tagBytes + first) : DYNAMIC,
  };
}
