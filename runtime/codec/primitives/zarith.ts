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
 */
import { DYNAMIC, type Codec } from "../codec.ts";
import type { BinaryReader } from "../reader.ts";
import type { BinaryWriter } from "../writer.ts";
import { failDecode, failValue } from "./fail.ts";

/** 7-bit groups a double holds exactly (49 bits < 53). */
const SAFE_GROUPS = 7;
const GROUP_CHUNK_BITS = 49n;
const CHUNK_MASK = (1n << 49n) - 1n;
const TWO_49 = 562949953421312;
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

/** Value of the 7-bit groups in `bytes[from, to]` (inclusive) as a bigint. */
function groupsToBigint(b: Uint8Array, from: number, to: number): bigint {
  let result = 0n;
  // Most significant chunk first; each chunk is up to 7 groups assembled as a number.
  const count = to - from + 1;
  const chunks = Math.ceil(count / SAFE_GROUPS);
  for (let c = chunks - 1; c >= 0; c--) {
    const start = from + c * SAFE_GROUPS;
    const stop = Math.min(start + SAFE_GROUPS - 1, to);
    let chunk = 0;
    for (let i = stop; i >= start; i--) chunk = chunk * 128 + (b[i]! & 0x7f);
    result = (result << GROUP_CHUNK_BITS) | BigInt(chunk);
  }
  return result;
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
  const abs = (groupsToBigint(b, o + 1, last) << 6n) | BigInt(low);
  return negative ? `-${abs}` : abs.toString();
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

function writeNatBig(w: BinaryWriter, v: bigint): void {
  // Whole 49-bit chunks while a more significant part remains: all their groups continue.
  while (v >= BigInt(TWO_49)) {
    let chunk = Number(v & CHUNK_MASK);
    v >>= GROUP_CHUNK_BITS;
    const at = w.reserve(SAFE_GROUPS);
    const t = w.target;
    for (let i = 0; i < SAFE_GROUPS; i++) {
      t[at + i] = (chunk % 128) | 0x80;
      chunk = Math.floor(chunk / 128);
    }
  }
  writeNatNumber(w, Number(v));
}

/** Parses a natural given as a decimal string, bigint or safe integer; undefined if invalid. */
function natural(v: unknown): number | bigint | undefined {
  if (typeof v === "string") {
    if (!NATURAL.test(v)) return undefined;
    return v.length <= 15 ? Number(v) : BigInt(v);
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
  const at = w.reserve(1);
  w.target[at] = Number(abs & 63n) | sign | 0x80;
  writeNatBig(w, abs >> 6n);
}

export const zarithN: Codec<string> = { decode: readZarithN, encode: writeZarithN, dataKind: DYNAMIC };
export const zarithZ: Codec<string> = { decode: readZarithZ, encode: writeZarithZ, dataKind: DYNAMIC };
