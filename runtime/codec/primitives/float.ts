/**
 * `float` and `ranged_float min max`: an 8-byte IEEE-754 double, big-endian. The ranged form is
 * range-checked when reading and when writing.
 */
import { CodecDefinitionError, fixedKind, type Codec } from "../codec.ts";
import type { BinaryReader } from "../reader.ts";
import type { BinaryWriter } from "../writer.ts";
import { failDecode, failShort, failValue } from "./fail.ts";

// One scratch view for all conversions: floats are the one type whose bits JavaScript cannot
// assemble with integer arithmetic.
const scratch = new DataView(new ArrayBuffer(8));
const scratchBytes = new Uint8Array(scratch.buffer);

export function readFloat(r: BinaryReader): number {
  const o = r.offset;
  if (r.end - o < 8) failShort(r, 8, "float");
  const b = r.bytes;
  for (let i = 0; i < 8; i++) scratchBytes[i] = b[o + i]!;
  r.offset = o + 8;
  return scratch.getFloat64(0);
}

export function writeFloat(w: BinaryWriter, v: number): void {
  if (typeof v !== "number") failValue(w, "a number (float)", v);
  scratch.setFloat64(0, v);
  const at = w.reserve(8);
  const t = w.target;
  for (let i = 0; i < 8; i++) t[at + i] = scratchBytes[i]!;
}

function rangeText(min: number, max: number): string {
  return `a float in ${min}..${max}`;
}

export function readRangedFloat(r: BinaryReader, min: number, max: number): number {
  const start = r.offset;
  const v = readFloat(r);
  if (!(v >= min && v <= max)) failDecode(start, rangeText(min, max), String(v));
  return v;
}

export function writeRangedFloat(w: BinaryWriter, v: number, min: number, max: number): void {
  if (typeof v !== "number" || !(v >= min && v <= max)) failValue(w, rangeText(min, max), v);
  writeFloat(w, v);
}

export const float: Codec<number> = { decode: readFloat, encode: writeFloat, dataKind: fixedKind(8) };

/** The codec of a `RangedFloat` layout. */
export function rangedFloat(min: number, max: number): Codec<number> {
  if (!(min <= max)) throw new CodecDefinitionError(`ranged float bounds must satisfy min <= max, got ${min}..${max}`);
  return {
    decode: (r) => readRangedFloat(r, min, max),
    encode: (w, v) => writeRangedFloat(w, v, min, max),
    dataKind: fixedKind(8),
  };
}
