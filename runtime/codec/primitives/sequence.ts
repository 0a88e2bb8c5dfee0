/**
 * Sequences (`Seq` layouts; data-encoding.md §6), JSON arrays:
 *
 * - {@link seq}: elements back to back until the end of the frame, or exactly `n` elements
 *   when the limit says so (then the sequence needs no frame);
 * - {@link countedSeq}: an element count first (`list_with_length`), then the elements;
 * - {@link list}: the default `list e`, a `Uint30` byte-length header around a {@link seq}.
 *
 * Elements must be self-delimiting and take at least one byte, as data-encoding requires;
 * that also bounds the array a decoder builds by the bytes it has.
 */
import { CodecDefinitionError, DYNAMIC, VARIABLE, dataKindOf, fixedKind, fixedSizeOf, type Codec } from "../codec.ts";
import { atPath } from "../errors.ts";
import type { BinaryReader } from "../reader.ts";
import type { BinaryWriter } from "../writer.ts";
import { failDecode, failEncode, failShort, failValue } from "./fail.ts";
import { dynamicSize, lengthHeaderMax, readLengthHeader, type LengthHeader } from "./dynamic-size.ts";
import { writeUint16, writeUint30, writeUint8 } from "./integers.ts";
import { writeZarithN } from "./zarith.ts";

/** `length_limit` of a `Seq`: none, at most `n` elements, or exactly `n`. */
export type SeqLimit = { kind: "at-most"; n: number } | { kind: "exactly"; n: number };

export interface SeqOptions {
  limit?: SeqLimit;
}

function checkElement(element: Codec<unknown>): void {
  const kind = dataKindOf(element);
  if (kind.kind === "Variable") throw new CodecDefinitionError("a sequence element cannot have Variable size");
  if (kind.kind === "Fixed" && kind.size === 0) throw new CodecDefinitionError("a sequence element cannot be zero-width");
}

function checkLimit(limit: SeqLimit | undefined): void {
  if (limit !== undefined && (!Number.isInteger(limit.n) || limit.n < 0)) {
    throw new CodecDefinitionError(`a sequence limit needs a non-negative integer, got ${limit.n}`);
  }
}

/** Fails unless `count` elements of at least `minSize` bytes each can fit in the frame. */
function needElements(r: BinaryReader, count: number, minSize: number): void {
  if (count * minSize > r.end - r.offset) failShort(r, count * minSize, `${count} element(s)`);
}

/** Decodes `count` elements; errors get the index prepended to their path. */
function decodeCount<T>(r: BinaryReader, element: Codec<T>, count: number): T[] {
  const out: T[] = [];
  let i = 0;
  try {
    for (; i < count; i++) out.push(element.decode(r));
  } catch (error) {
    atPath(error, i, "decode", r.offset);
  }
  return out;
}

function encodeAll<T>(w: BinaryWriter, element: Codec<T>, values: readonly T[]): void {
  let i = 0;
  try {
    for (; i < values.length; i++) element.encode(w, values[i]!);
  } catch (error) {
    atPath(error, i, "encode", w.length);
  }
}

function checkArray(w: BinaryWriter, value: unknown): asserts value is unknown[] {
  if (!Array.isArray(value)) failValue(w, "an array", value);
}

/** The codec of a `Seq` layout without an element count. */
export function seq<T>(element: Codec<T>, options: SeqOptions = {}): Codec<T[]> {
  checkElement(element);
  const { limit } = options;
  checkLimit(limit);
  const size = fixedSizeOf(element);
  if (limit?.kind === "exactly") {
    const n = limit.n;
    return {
      decode(r) {
        needElements(r, n, size ?? 1);
        return decodeCount(r, element, n);
      },
      encode(w, values) {
        checkArray(w, values);
        if (values.length !== n) failEncode(w, `exactly ${n} element(s)`, `${values.length}`);
        encodeAll(w, element, values);
      },
      dataKind: size === undefined ? DYNAMIC : fixedKind(n * size),
    };
  }
  const max = limit?.n ?? Infinity;
  return {
    decode(r) {
      const out: T[] = [];
      let i = 0;
      while (r.offset < r.end) {
        const before = r.offset;
        if (i >= max) failDecode(before, `at most ${max} element(s)`, `more (${r.end - before} byte(s) left in frame)`);
        try {
          out.push(element.decode(r));
        } catch (error) {
          atPath(error, i, "decode", r.offset);
        }
        // A self-delimiting element always takes bytes; guard against looping forever anyway.
        if (r.offset === before) failDecode(before, "an element that takes at least one byte", "an element of zero bytes");
        i++;
      }
      return out;
    },
    encode(w, values) {
      checkArray(w, values);
      if (values.length > max) failEncode(w, `at most ${max} element(s)`, `${values.length}`);
      encodeAll(w, element, values);
    },
    dataKind: VARIABLE,
  };
}

/**
 * Reads an element count (`list_with_length`), checked against `limit` and against the bytes
 * left, given that each element takes at least `minElementSize` bytes.
 */
export function readElementCount(r: BinaryReader, header: LengthHeader, limit = Infinity, minElementSize = 1): number {
  const start = r.offset;
  const count = readLengthHeader(r, header);
  if (count > limit) failDecode(start, `at most ${limit} element(s)`, String(count));
  needElements(r, count, minElementSize);
  return count;
}

/** Writes an element count with the given header. */
export function writeElementCount(w: BinaryWriter, header: LengthHeader, count: number): void {
  switch (header) {
    case "Uint8":
      return writeUint8(w, count);
    case "Uint16":
      return writeUint16(w, count);
    case "Uint30":
      return writeUint30(w, count);
    case "N":
      return writeZarithN(w, count);
  }
}

/** `list_with_length`: an element count, then that many elements. */
export function countedSeq<T>(countHeader: LengthHeader, element: Codec<T>, limit?: number): Codec<T[]> {
  checkElement(element);
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 0)) throw new CodecDefinitionError(`a sequence limit needs a non-negative integer, got ${limit}`);
  const max = Math.min(limit ?? Infinity, lengthHeaderMax(countHeader));
  const minSize = fixedSizeOf(element) ?? 1;
  return {
    decode(r) {
      const count = readElementCount(r, countHeader, max, minSize);
      return decodeCount(r, element, count);
    },
    encode(w, values) {
      checkArray(w, values);
      if (values.length > max) failEncode(w, `at most ${max} element(s)`, `${values.length}`);
      writeElementCount(w, countHeader, values.length);
      encodeAll(w, element, values);
    },
    dataKind: DYNAMIC,
  };
}

/** The default `list e` / `array e`: a `Uint30` byte count, then the elements. */
export function list<T>(element: Codec<T>, options: SeqOptions = {}): Codec<T[]> {
  return dynamicSize("Uint30", seq(element, options));
}
