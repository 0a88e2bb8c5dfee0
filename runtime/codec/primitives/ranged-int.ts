/**
 * `ranged_int min max`: an integer restricted to [min, max] stored in the smallest width that
 * holds the range (data-encoding.md §3).
 *
 * - min < 0: the value itself, as int8, int16 or int31 (4 bytes);
 * - min ≥ 0: the offset `v − min`, as uint8, uint16 or uint30 (4 bytes), chosen by `max − min`.
 *
 * Both directions reject values outside [min, max]; JSON always carries the plain value.
 */
import { CodecDefinitionError, fixedKind, type Codec } from "../codec.ts";
import type { BinaryReader } from "../reader.ts";
import type { BinaryWriter } from "../writer.ts";
import { failDecode, failValue } from "./fail.ts";
import {
  INT31_MAX,
  INT31_MIN,
  readInt16,
  readInt31,
  readInt8,
  readUint16,
  readUint30,
  readUint8,
  writeInt16,
  writeInt31,
  writeInt8,
  writeUint16,
  writeUint30,
  writeUint8,
} from "./integers.ts";

/** The storage chosen for a range. */
export type RangedIntStorage = "Int8" | "Int16" | "Int31" | "Uint8" | "Uint16" | "Uint30";

/** Picks the storage of `ranged_int min max`. */
export function rangedIntStorage(min: number, max: number): RangedIntStorage {
  if (min < 0) {
    if (min >= -128 && max <= 127) return "Int8";
    if (min >= -32768 && max <= 32767) return "Int16";
    return "Int31";
  }
  const width = max - min;
  if (width <= 255) return "Uint8";
  if (width <= 65535) return "Uint16";
  return "Uint30";
}

/** Byte width of `ranged_int min max`. */
export function rangedIntSize(min: number, max: number): number {
  switch (rangedIntStorage(min, max)) {
    case "Int8":
    case "Uint8":
      return 1;
    case "Int16":
    case "Uint16":
      return 2;
    default:
      return 4;
  }
}

function checkBounds(min: number, max: number): void {
  if (!Number.isInteger(min) || !Number.isInteger(max) || min > max || min < INT31_MIN || max > INT31_MAX) {
    throw new CodecDefinitionError(`ranged int bounds must be integers with ${INT31_MIN} <= min <= max <= ${INT31_MAX}, got ${min}..${max}`);
  }
}

function readStored(r: BinaryReader, storage: RangedIntStorage, le: boolean): number {
  switch (storage) {
    case "Int8":
      return readInt8(r);
    case "Int16":
      return readInt16(r, le);
    case "Int31":
      return readInt31(r, le);
    case "Uint8":
      return readUint8(r);
    case "Uint16":
      return readUint16(r, le);
    case "Uint30":
      return readUint30(r, le);
  }
}

function rangeText(min: number, max: number): string {
  return `an integer in ${min}..${max}`;
}

/** Reads `ranged_int min max`; fails on a value outside the range. */
export function readRangedInt(r: BinaryReader, min: number, max: number, le = false): number {
  const start = r.offset;
  const storage = rangedIntStorage(min, max);
  const stored = readStored(r, storage, le);
  const v = min >= 0 ? stored + min : stored;
  if (v < min || v > max) failDecode(start, rangeText(min, max), String(v));
  return v;
}

/** Writes `ranged_int min max`; fails on a value outside the range. */
export function writeRangedInt(w: BinaryWriter, v: number, min: number, max: number, le = false): void {
  if (typeof v !== "number" || !Number.isInteger(v) || v < min || v > max) failValue(w, rangeText(min, max), v);
  const storage = rangedIntStorage(min, max);
  const stored = min >= 0 ? v - min : v;
  switch (storage) {
    case "Int8":
      return writeInt8(w, stored);
    case "Int16":
      return writeInt16(w, stored, le);
    case "Int31":
      return writeInt31(w, stored, le);
    case "Uint8":
      return writeUint8(w, stored);
    case "Uint16":
      return writeUint16(w, stored, le);
    case "Uint30":
      return writeUint30(w, stored, le);
  }
}

/** The codec of a `RangedInt` layout. */
export function rangedInt(min: number, max: number, le = false): Codec<number> {
  checkBounds(min, max);
  return {
    decode: (r) => readRangedInt(r, min, max, le),
    encode: (w, v) => writeRangedInt(w, v, min, max, le),
    dataKind: fixedKind(rangedIntSize(min, max)),
  };
}
