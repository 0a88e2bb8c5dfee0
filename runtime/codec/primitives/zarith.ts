/**
 * Zarith numbers of any size (data-encoding.md §9): `n` (naturals) and `z` (integers).
 *
 * `n` is a run of 7-bit groups, least significant first, with the high bit of each byte set
 * when another byte follows. `z` spends its first byte on a continuation bit, a sign bit and the
 * 6 lowest bits of the absolute value, then continues like `n`.
 *
 * Decimal strings outside (the JSON form), numbers or bigints inside: numbers while the value
 * is below 2^49, where a double is exact and no bigint needs allocating, bigints beyond.
 * Only the canonical form is accepted: a multi-byte number may not end with a zero byte (the
 * Octez reader rejects this too), and zero has no negative form, so every value has exactly
 * one encoding.
 *
 * Long numbers convert in linear time both ways: the 7-bit groups are repacked into bytes and
 * the bigint is made from (or written as) their hex text, which V8 converts in one pass.
 * Building the bigint by shifting it a group at a time would copy it once per group (a 1 MB
 * number took minutes). Octez's data-encoding puts no limit on the size of a zarith number
 * (only the frame bounds it); the one limit here is the JavaScript engine's largest bigint,
 * reported as a typed error rather than a `RangeError`.
 */
import { DYNAMIC, type Codec } from "../codec.ts";
import type { BinaryReader } from "../reader.ts";
import type { BinaryWriter } from "../writer.ts";
import { failDecode, failEncode, failValue } from "./fail.ts";
import { decodeHexInto, hexOfRange } from "./hex.ts";

/** 7-bit groups a double holds exactly (49 bits < 53). */
const SAFE_GROUPS = 7;
const TWO_49 = 562949953421312;
/**
 * Largest number of bits of a zarith number: V8's bigints hold at most 2^30 bits (a bigger
 * one would be a `RangeError`), i.e. 153 MB of 7-bit groups.
 */
export const MAX_ZARITH_BITS = 2 ** 30 - 1;
const NATURAL = /^[0-9]+$/;
const INTEGER = /^-?[0-9]+$/;

/**
 * Finds the last byte of the 7-bit groups starting at `o`; fails when the frame ends first or
 * when the last byte is a redundant zero. `single` says whether a lone `00` at `o` is a valid
 * number (it is zero for `n`; after the first byte of a `z` it is a redundant group).
 */
function scanEnd(r: BinaryReader, o: number, what: string, single = true): number {
  const b = r.bytes;
  const end = r.end;
  let i = o;
  while (i < end && (b[i]! & 0x80) !== 0) i++;
  if (i >= end) {
    failDecode(r.offset, `a complete ${what}`, i === o ? "the end of the frame" : `the end of the frame after ${i - o} byte(s) with the continuation bit set`);
  }
  if (b[i] === 0 && (i > o || !single)) failDecode(i, `a canonical ${what} (no trailing zero byte)`, "a final 00 byte");
  return i;
}

/** Scratch bytes for repacking groups; grown on demand. */
let packed = new Uint8Array(64);

/**
 * Value of `low` (its `lowBits` lowest bits) followed by the 7-bit groups in `b[from, to]`
 * (inclusive, least significant first) as a bigint, in time linear in the number of groups.
 */
function groupsToBigint(b: Uint8Array, from: number, to: number, low = 0, lowBits = 0): bigint {
  const bits = (to - from + 1) * 7 + lowBits;
  if (bits > MAX_ZARITH_BITS) failDecode(from, `a zarith number of at most ${MAX_ZARITH_BITS} bits`, `${to - from + 1} groups of 7 bits`);
  const size = Math.ceil(bits / 8);
  if (packed.length < size) packed = new Uint8Array(Math.max(size, packed.length * 2));
  // Bytes are written big-endian, from the end of the scratch area backwards.
  let at = size;
  let acc = low;
  let held = lowBits;
  for (let i = from; i <= to; i++) {
    acc |= (b[i]! & 0x7f) << held;
    held += 7;
    if (held >= 8) {
      packed[--at] = acc & 0xff;
      acc >>>= 8;
      held -= 8;
    }
  }
  if (held > 0) packed[--at] = acc;
  return BigInt(`0x${hexOfRange(packed, at, size)}`);
}

/** Value of the 7-bit groups in `bytes[from, to]` when there are at most 7 of them. */
function groupsToNumber(b: Uint8Array, from: number, to: number): number {
  let v = 0;
  for (let i = to; i >= from; i--) v = v * 128 + (b[i]! & 0x7f);
  return v;
}

/** Reads a zarith natural as a decimal string. */
export function readZarithN(r: BinaryReader): string {
  const o = r.offset;
  const last = scanEnd(r, o, "zarith natural");
  r.offset = last + 1;
  if (last - o < SAFE_GROUPS) return String(groupsToNumber(r.bytes, o, last));
  return groupsToBigint(r.bytes, o, last).toString();
}

/** Reads a zarith natural as a bigint. */
export function readZarithNBig(r: BinaryReader): bigint {
  const o = r.offset;
  const last = scanEnd(r, o, "zarith natural");
  r.offset = last + 1;
  return groupsToBigint(r.bytes, o, last);
}

/**
 * Reads a zarith natural that must not exceed `max` (a safe integer) as a number: length
 * headers and element counts. Fails before looking at more bytes than `max` can need.
 */
export function readZarithNUpTo(r: BinaryReader, max: number, what = "zarith natural"): number {
  const o = r.offset;
  const last = scanEnd(r, o, what);
  if (last - o >= SAFE_GROUPS) failDecode(o, `a ${what} of at most ${max}`, `a ${last - o + 1}-byte number`);
  const v = groupsToNumber(r.bytes, o, last);
  if (v > max) failDecode(o, `a ${what} of at most ${max}`, String(v));
  r.offset = last + 1;
  return v;
}

/** Reads a zarith integer as a decimal string. */
export function readZarithZ(r: BinaryReader): string {
  const o = r.offset;
  const b = r.bytes;
  if (o >= r.end) failDecode(o, "a complete zarith integer", "the end of the frame");
  const first = b[o]!;
  const negative = (first & 0x40) !== 0;
  const low = first & 0x3f;
  if ((first & 0x80) === 0) {
    if (negative && low === 0) failDecode(o, "a canonical zarith integer", "negative zero (40)");
    r.offset = o + 1;
    return negative ? `-${low}` : String(low);
  }
  const last = scanEnd(r, o + 1, "zarith integer", false);
  r.offset = last + 1;
  if (last - o < SAFE_GROUPS) {
    const abs = groupsToNumber(b, o + 1, last) * 64 + low;
    return negative ? `-${abs}` : String(abs);
  }
  const abs = groupsToBigint(b, o + 1, last, low, 6).toString();
  return negative ? `-${abs}` : abs;
}

/** Reads a zarith integer as a bigint. */
export function readZarithZBig(r: BinaryReader): bigint {
  return BigInt(readZarithZ(r));
}

// ---------------------------------------------------------------------------------------------
// Writers

/** Bytes taken by the natural `v` (a non-negative safe integer). */
export function zarithNSize(v: number): number {
  let n = 1;
  while (v >= 128) {
    v = Math.floor(v / 128);
    n++;
  }
  return n;
}

/** Writes the groups of a natural below 2^53 at `at` in `t`; returns the position after. */
export function putZarithN(t: Uint8Array, at: number, v: number): number {
  while (v >= 128) {
    t[at++] = (v % 128) | 0x80;
    v = Math.floor(v / 128);
  }
  t[at++] = v;
  return at;
}

function writeNatNumber(w: BinaryWriter, v: number): void {
  const at = w.reserve(zarithNSize(v));
  putZarithN(w.target, at, v);
}

/** Scratch bytes of a bigint being written; grown on demand. */
let bigBytes = new Uint8Array(64);

/**
 * Writes the 7-bit groups of `v` (> 0), least significant first, after `lowBits` bits that go
 * in the low bits of the first byte together with `flags` (the sign bit of a `z`). Goes through
 * the hex text of `v`, so the time is linear in its size.
 */
function writeBigGroups(w: BinaryWriter, v: bigint, lowBits = 7, flags = 0): void {
  let hex = v.toString(16);
  if (hex.length % 2 === 1) hex = `0${hex}`;
  const size = hex.length / 2;
  if (size * 8 > MAX_ZARITH_BITS) failEncode(w, `a zarith number of at most ${MAX_ZARITH_BITS} bits`, `a ${size}-byte number`);
  if (bigBytes.length < size) bigBytes = new Uint8Array(Math.max(size, bigBytes.length * 2));
  decodeHexInto(hex, bigBytes, 0);
  // Significant bits, so that the last group written is the last non-zero one.
  const top = bigBytes[0]!;
  const bits = (size - 1) * 8 + (32 - Math.clz32(top));
  const groups = bits <= lowBits ? 1 : 1 + Math.ceil((bits - lowBits) / 7);
  let at = w.reserve(groups);
  const t = w.target;
  let byteIndex = size - 1; // the least significant byte is last
  let acc = 0;
  let held = 0;
  for (let g = 0; g < groups; g++) {
    const width = g === 0 ? lowBits : 7;
    while (held < width && byteIndex >= 0) {
      acc |= bigBytes[byteIndex--]! << held;
      held += 8;
    }
    const group = acc & ((1 << width) - 1);
    acc >>>= width;
    held = Math.max(0, held - width);
    t[at++] = group | (g === 0 ? flags : 0) | (g < groups - 1 ? 0x80 : 0);
  }
}

function writeNatBig(w: BinaryWriter, v: bigint): void {
  if (v < BigInt(TWO_49)) writeNatNumber(w, Number(v));
  else writeBigGroups(w, v);
}

/** Parses a natural given as a decimal string, bigint or safe integer; undefined if invalid. */
function natural(v: unknown): number | bigint | undefined {
  if (typeof v === "string") {
    if (v.length > 0 && v.length <= 15) {
      // Checked and converted in one pass: the usual amounts, counters and limits.
      let n = 0;
      for (let i = 0; i < v.length; i++) {
        const digit = v.charCodeAt(i) - 48;
        if (digit < 0 || digit > 9) return undefined;
        n = n * 10 + digit;
      }
      return n;
    }
    return NATURAL.test(v) ? BigInt(v) : undefined;
  }
  if (typeof v === "number") return Number.isSafeInteger(v) && v >= 0 ? v : undefined;
  if (typeof v === "bigint") return v >= 0n ? v : undefined;
  return undefined;
}

/** Writes a zarith natural given as a decimal string (the JSON form), a bigint or a number. */
export function writeZarithN(w: BinaryWriter, v: string | bigint | number): void {
  const n = natural(v);
  if (n === undefined) failValue(w, "a non-negative integer as a decimal string (zarith natural)", v);
  if (typeof n === "number") writeNatNumber(w, n);
  else writeNatBig(w, n);
}

/** Writes a zarith integer given as a decimal string (the JSON form), a bigint or a number. */
export function writeZarithZ(w: BinaryWriter, v: string | bigint | number): void {
  let negative = false;
  let abs: number | bigint;
  if (typeof v === "string") {
    if (!INTEGER.test(v)) failValue(w, "an integer as a decimal string (zarith integer)", v);
    negative = v.charCodeAt(0) === 45;
    const digits = negative ? v.slice(1) : v;
    abs = digits.length <= 15 ? Number(digits) : BigInt(digits);
  } else if (typeof v === "bigint") {
    negative = v < 0n;
    abs = negative ? -v : v;
  } else if (typeof v === "number" && Number.isSafeInteger(v)) {
    negative = v < 0;
    abs = Math.abs(v);
  } else {
    failValue(w, "an integer as a decimal string (zarith integer)", v);
  }
  if (typeof abs === "bigint" && abs < BigInt(TWO_49)) abs = Number(abs);
  if (abs === 0) negative = false;
  const sign = negative ? 0x40 : 0;
  if (typeof abs === "number") {
    const at = w.reserve(1);
    const low = abs % 64;
    const rest = Math.floor(abs / 64);
    w.target[at] = low | sign | (rest > 0 ? 0x80 : 0);
    if (rest > 0) writeNatNumber(w, rest);
    return;
  }
  writeBigGroups(w, abs, 6, sign);
}

export const zarithN: Codec<string> = { decode: readZarithN, encode: writeZarithN, dataKind: DYNAMIC };
export const zarithZ: Codec<string> = { decode: readZarithZ, encode: writeZarithZ, dataKind: DYNAMIC };
