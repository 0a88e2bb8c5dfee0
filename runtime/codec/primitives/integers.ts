/**
 * Fixed-width integers: int8, uint8, int16, uint16, int31, uint30, int32 and int64, big-endian
 * unless `le` is set (binary schemas show `"endianness": "Little"`).
 *
 * Numbers up to 32 bits are JavaScript numbers; int64 is a decimal string in the value model
 * (its JSON form), and its writer also takes a bigint. Every writer range-checks its input, since
 * the byte-level stores would otherwise wrap or truncate silently.
 *
 * The readers index the input bytes directly: they run in the hot loops of generated decoders.
 */
import { fixedKind, type Codec } from "../codec.ts";
import { int32At, uint16At } from "../byte-order.ts";
import type { BinaryReader } from "../reader.ts";
import type { BinaryWriter } from "../writer.ts";
import { failDecode, failShort, failValue } from "./fail.ts";
import { EncodeError, describeValue } from "../errors.ts";

/** Integer widths of the `Int` layout. */
export type IntSize = "Int8" | "Uint8" | "Int16" | "Uint16" | "Int32" | "Int64";

/** Byte order; data-encoding's default is big-endian. */
export type Endianness = "Big" | "Little";

export const UINT30_MAX = 0x3fffffff;
export const INT31_MIN = -0x40000000;
export const INT31_MAX = 0x3fffffff;

const TWO_32 = 4294967296;
const INT64_MIN = -(1n << 63n);
const INT64_MAX = (1n << 63n) - 1n;
const DECIMAL = /^-?[0-9]+$/;

// ---------------------------------------------------------------------------------------------
// Readers

export function readUint8(r: BinaryReader): number {
  if (r.offset >= r.end) failShort(r, 1, "uint8");
  return r.bytes[r.offset++]!;
}

export function readInt8(r: BinaryReader): number {
  if (r.offset >= r.end) failShort(r, 1, "int8");
  return (r.bytes[r.offset++]! << 24) >> 24;
}

export function readUint16(r: BinaryReader, le = false): number {
  const o = r.offset;
  if (r.end - o < 2) failShort(r, 2, "uint16");
  const b = r.bytes;
  r.offset = o + 2;
  return uint16At(b, o, le);
}

export function readInt16(r: BinaryReader, le = false): number {
  const o = r.offset;
  if (r.end - o < 2) failShort(r, 2, "int16");
  const b = r.bytes;
  r.offset = o + 2;
  const v = uint16At(b, o, le);
  return (v << 16) >> 16;
}

export function readInt32(r: BinaryReader, le = false): number {
  const o = r.offset;
  if (r.end - o < 4) failShort(r, 4, "int32");
  r.offset = o + 4;
  return int32At(r.bytes, o, le);
}

/** Reads an unsigned 32-bit number (not a Tezos type by itself; the basis of uint30). */
export function readUint32(r: BinaryReader, le = false): number {
  const o = r.offset;
  if (r.end - o < 4) failShort(r, 4, "uint32");
  r.offset = o + 4;
  return int32At(r.bytes, o, le) >>> 0;
}

/** uint30: 4 bytes, at most 2^30 − 1 (the default length header). */
export function readUint30(r: BinaryReader, le = false): number {
  const o = r.offset;
  if (r.end - o < 4) failShort(r, 4, "uint30");
  r.offset = o + 4;
  const v = int32At(r.bytes, o, le) >>> 0;
  if (v > UINT30_MAX) failDecode(o, `a uint30 (at most ${UINT30_MAX})`, String(v));
  return v;
}

/** int31: 4 bytes, in −2^30 … 2^30 − 1. */
export function readInt31(r: BinaryReader, le = false): number {
  const o = r.offset;
  if (r.end - o < 4) failShort(r, 4, "int31");
  r.offset = o + 4;
  const v = int32At(r.bytes, o, le);
  if (v < INT31_MIN || v > INT31_MAX) failDecode(o, `an int31 in ${INT31_MIN}..${INT31_MAX}`, String(v));
  return v;
}

/** int64 as a decimal string (its JSON form). */
export function readInt64(r: BinaryReader, le = false): string {
  const o = r.offset;
  if (r.end - o < 8) failShort(r, 8, "int64");
  r.offset = o + 8;
  const b = r.bytes;
  const hi = le ? int32At(b, o + 4, true) : int32At(b, o, false);
  const lo = (le ? int32At(b, o, true) : int32At(b, o + 4, false)) >>> 0;
  // Below 2^53 in magnitude a double holds the value exactly; avoid a bigint then.
  if (hi >= -0x200000 && hi < 0x200000) return String(hi * TWO_32 + lo);
  return (BigInt(hi) * 4294967296n + BigInt(lo)).toString();
}

/** int64 as a bigint, for callers that compute with it. */
export function readInt64Big(r: BinaryReader, le = false): bigint {
  const o = r.offset;
  if (r.end - o < 8) failShort(r, 8, "int64");
  r.offset = o + 8;
  const b = r.bytes;
  const hi = le ? int32At(b, o + 4, true) : int32At(b, o, false);
  const lo = (le ? int32At(b, o, true) : int32At(b, o + 4, false)) >>> 0;
  return BigInt(hi) * 4294967296n + BigInt(lo);
}

// ---------------------------------------------------------------------------------------------
// Writers

function isIntIn(v: unknown, min: number, max: number): v is number {
  return typeof v === "number" && Number.isInteger(v) && v >= min && v <= max;
}

export function writeUint8(w: BinaryWriter, v: number): void {
  if (!isIntIn(v, 0, 255)) failValue(w, "a uint8 in 0..255", v);
  const at = w.reserve(1);
  w.target[at] = v;
}

export function writeInt8(w: BinaryWriter, v: number): void {
  if (!isIntIn(v, -128, 127)) failValue(w, "an int8 in -128..127", v);
  const at = w.reserve(1);
  w.target[at] = v & 0xff;
}

export function writeUint16(w: BinaryWriter, v: number, le = false): void {
  if (!isIntIn(v, 0, 65535)) failValue(w, "a uint16 in 0..65535", v);
  w.uint16(v, le);
}

export function writeInt16(w: BinaryWriter, v: number, le = false): void {
  if (!isIntIn(v, -32768, 32767)) failValue(w, "an int16 in -32768..32767", v);
  w.uint16(v, le);
}

export function writeInt32(w: BinaryWriter, v: number, le = false): void {
  if (!isIntIn(v, -2147483648, 2147483647)) failValue(w, "an int32 in -2147483648..2147483647", v);
  w.uint32(v, le);
}

export function writeUint32(w: BinaryWriter, v: number, le = false): void {
  if (!isIntIn(v, 0, 4294967295)) failValue(w, "a uint32 in 0..4294967295", v);
  w.uint32(v, le);
}

export function writeUint30(w: BinaryWriter, v: number, le = false): void {
  if (!isIntIn(v, 0, UINT30_MAX)) failValue(w, `a uint30 in 0..${UINT30_MAX}`, v);
  w.uint32(v, le);
}

export function writeInt31(w: BinaryWriter, v: number, le = false): void {
  if (!isIntIn(v, INT31_MIN, INT31_MAX)) failValue(w, `an int31 in ${INT31_MIN}..${INT31_MAX}`, v);
  w.uint32(v, le);
}

/**
 * The decimal digits of an int64 text that matter: `text` (a `-`/`+` sign, then digits) with
 * its leading zeros dropped, or `undefined` when more than 19 digits remain, which no int64 has.
 * Checked before `BigInt`, whose conversion of a hostile string of millions of digits takes
 * seconds only to be refused by the range check.
 */
export function int64Digits(text: string): string | undefined {
  const sign = text.charCodeAt(0) === 45 || text.charCodeAt(0) === 43 ? 1 : 0;
  if (text.length <= 20 + sign) return text;
  let first = sign;
  while (first < text.length - 1 && text.charCodeAt(first) === 48) first++;
  if (text.length - first > 19) return undefined;
  return (sign === 1 && text.charCodeAt(0) === 45 ? "-" : "") + text.slice(first);
}

/**
 * Writes an int64 given as a decimal string (the JSON form) or a bigint. Numbers are accepted
 * when they are safe integers.
 */
export function writeInt64(w: BinaryWriter, v: string | bigint, le = false): void {
  let n: number | undefined;
  let big: bigint | undefined;
  if (typeof v === "string") {
    if (!DECIMAL.test(v)) failValue(w, "an int64 as a decimal string", v);
    const digits = int64Digits(v);
    if (digits === undefined) failValue(w, "an int64 in -9223372036854775808..9223372036854775807", v);
    if (digits.length <= 15) n = Number(digits);
    else big = BigInt(digits);
  } else if (typeof v === "bigint") {
    big = v;
  } else if (typeof v === "number" && Number.isSafeInteger(v)) {
    n = v;
  } else {
    failValue(w, "an int64 as a decimal string", v);
  }
  let hi: number;
  let lo: number;
  if (n !== undefined) {
    hi = Math.floor(n / TWO_32);
    lo = n - hi * TWO_32;
  } else {
    const b = big!;
    if (b < INT64_MIN || b > INT64_MAX) failValue(w, "an int64 in -9223372036854775808..9223372036854775807", v);
    hi = Number(BigInt.asIntN(32, b >> 32n));
    lo = Number(b & 0xffffffffn);
  }
  if (le) {
    w.uint32(lo, true);
    w.uint32(hi, true);
  } else {
    w.uint32(hi, false);
    w.uint32(lo, false);
  }
}

// ---------------------------------------------------------------------------------------------
// Codecs

export const uint8: Codec<number> = { decode: readUint8, encode: writeUint8, dataKind: fixedKind(1) };
export const int8: Codec<number> = { decode: readInt8, encode: writeInt8, dataKind: fixedKind(1) };

export const uint16: Codec<number> = { decode: (r) => readUint16(r), encode: (w, v) => writeUint16(w, v), dataKind: fixedKind(2) };
export const uint16Le: Codec<number> = { decode: (r) => readUint16(r, true), encode: (w, v) => writeUint16(w, v, true), dataKind: fixedKind(2) };
export const int16: Codec<number> = { decode: (r) => readInt16(r), encode: (w, v) => writeInt16(w, v), dataKind: fixedKind(2) };
export const int16Le: Codec<number> = { decode: (r) => readInt16(r, true), encode: (w, v) => writeInt16(w, v, true), dataKind: fixedKind(2) };

export const int32: Codec<number> = { decode: (r) => readInt32(r), encode: (w, v) => writeInt32(w, v), dataKind: fixedKind(4) };
export const int32Le: Codec<number> = { decode: (r) => readInt32(r, true), encode: (w, v) => writeInt32(w, v, true), dataKind: fixedKind(4) };
export const uint30: Codec<number> = { decode: (r) => readUint30(r), encode: (w, v) => writeUint30(w, v), dataKind: fixedKind(4) };
export const uint30Le: Codec<number> = { decode: (r) => readUint30(r, true), encode: (w, v) => writeUint30(w, v, true), dataKind: fixedKind(4) };
export const int31: Codec<number> = { decode: (r) => readInt31(r), encode: (w, v) => writeInt31(w, v), dataKind: fixedKind(4) };
export const int31Le: Codec<number> = { decode: (r) => readInt31(r, true), encode: (w, v) => writeInt31(w, v, true), dataKind: fixedKind(4) };

/** int64 in its JSON form: a decimal string (the writer also takes a bigint). */
export const int64: Codec<string> = { decode: (r) => readInt64(r), encode: (w, v) => writeInt64(w, v), dataKind: fixedKind(8) };
export const int64Le: Codec<string> = { decode: (r) => readInt64(r, true), encode: (w, v) => writeInt64(w, v, true), dataKind: fixedKind(8) };

/** The codec of an `Int` layout. Int64 gives decimal strings, the others numbers. */
export function intCodec(size: "Int64", endianness?: Endianness): Codec<string>;
export function intCodec(size: Exclude<IntSize, "Int64">, endianness?: Endianness): Codec<number>;
export function intCodec(size: IntSize, endianness?: Endianness): Codec<number> | Codec<string>;
export function intCodec(size: IntSize, endianness: Endianness = "Big"): Codec<number> | Codec<string> {
  const le = endianness === "Little";
  switch (size) {
    case "Int8":
      return int8;
    case "Uint8":
      return uint8;
    case "Int16":
      return le ? int16Le : int16;
    case "Uint16":
      return le ? uint16Le : uint16;
    case "Int32":
      return le ? int32Le : int32;
    case "Int64":
      return le ? int64Le : int64;
  }
}

/** Byte width of an integer size. */
export function intSizeBytes(size: IntSize): number {
  switch (size) {
    case "Int8":
    case "Uint8":
      return 1;
    case "Int16":
    case "Uint16":
      return 2;
    case "Int32":
      return 4;
    case "Int64":
      return 8;
  }
}

/**
 * The number of a decimal string, for integers that JSON carries as strings although their
 * binary form is narrower than int64 (compact int64 encodings); range checks are the writer's.
 */
export function decimalToNumber(w: BinaryWriter, value: unknown): number {
  if (typeof value === "number" && Number.isInteger(value)) return value;
  if (typeof value === "string" && /^-?[0-9]+$/.test(value)) return Number(value);
  throw new EncodeError("a decimal integer string", describeValue(value), w.length);
}
