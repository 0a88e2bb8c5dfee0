/**
 * Shell fitness: a list of byte strings, JSON an array of hex strings, binary a `uint30` byte
 * count of the whole list followed by each element as a `uint30` length and its bytes.
 */
import { DYNAMIC, type Codec } from "../codec/codec.ts";
import { EncodeError, atPath, describeValue } from "../codec/errors.ts";
import type { BinaryReader } from "../codec/reader.ts";
import type { BinaryWriter } from "../codec/writer.ts";
import { writeHex } from "../codec/primitives/bytes.ts";
import { hexOfRange } from "../codec/primitives/hex.ts";
import { readLength, UINT30_MAX } from "./internal/bytes.ts";

/** Reads a shell fitness (`uint30` byte count, then `uint30`-length elements) as hex strings. */
export function readFitness(reader: BinaryReader): string[] {
  const total = readLength(reader, "a fitness");
  const outer = reader.openFrame(total, "a fitness");
  const out: string[] = [];
  while (reader.remaining() > 0) {
    const index = out.length;
    try {
      const length = readLength(reader, "a fitness element");
      const start = reader.offset;
      reader.offset += length;
      out.push(hexOfRange(reader.bytes, start, start + length));
    } catch (error) {
      atPath(error, index, "decode", reader.offset);
    }
  }
  reader.closeFrame(outer, "the end of a fitness");
  return out;
}

/** Writes a shell fitness given as hex strings. */
export function writeFitness(writer: BinaryWriter, value: string[]): void {
  if (!Array.isArray(value)) throw new EncodeError("a fitness as an array of hex strings", describeValue(value), writer.length);
  const listAt = writer.reserve(4);
  for (let i = 0; i < value.length; i++) {
    try {
      const elementAt = writer.reserve(4);
      writeHex(writer, value[i]!);
      writer.patchUint32(elementAt, writer.length - elementAt - 4);
    } catch (error) {
      atPath(error, i, "encode", writer.length);
    }
  }
  const total = writer.length - listAt - 4;
  if (total > UINT30_MAX) throw new EncodeError(`a fitness of at most ${UINT30_MAX} bytes`, `${total} bytes`, listAt);
  writer.patchUint32(listAt, total);
}

export const fitnessCodec: Codec<string[]> = Object.freeze({
  decode: readFitness,
  encode: writeFitness,
  dataKind: DYNAMIC,
});

/** Bytes of a hex string, for comparisons (assumes valid hex). */
function hexBytes(hex: string): number[] {
  const out: number[] = [];
  for (let i = 0; i < hex.length; i += 2) out.push(parseInt(hex.slice(i, i + 2), 16));
  return out;
}

/**
 * Compares two fitnesses the way the shell does: a shorter list is smaller; lists of equal
 * length compare element by element, where a shorter byte string is smaller and strings of
 * equal length compare byte by byte as unsigned values. Returns −1, 0 or 1.
 */
export function compareFitness(a: readonly string[], b: readonly string[]): -1 | 0 | 1 {
  if (a.length !== b.length) return a.length < b.length ? -1 : 1;
  for (let i = 0; i < a.length; i++) {
    const x = hexBytes(a[i]!);
    const y = hexBytes(b[i]!);
    if (x.length !== y.length) return x.length < y.length ? -1 : 1;
    for (let j = 0; j < x.length; j++) {
      if (x[j] !== y[j]) return x[j]! < y[j]! ? -1 : 1;
    }
  }
  return 0;
}
