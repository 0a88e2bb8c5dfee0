/**
 * The leaf values of Micheline binary: zarith integers, uint30-length-prefixed byte strings,
 * hex and UTF-8 conversions. Kept local to this folder so the Micheline codec depends only on
 * the reader/writer.
 */
import { DecodeError, EncodeError } from "../../codec/errors.ts";
import type { BinaryReader } from "../../codec/reader.ts";
import type { BinaryWriter } from "../../codec/writer.ts";
import type { MichelineStringValue } from "./types.ts";

/** Largest value of data-encoding's `uint30`, the type of every length prefix here. */
export const MAX_UINT30 = 0x3fffffff;

/** Reads a 4-byte length prefix and checks it is a `uint30`. */
export function readLength(r: BinaryReader, what: string): number {
  const at = r.offset;
  const n = r.uint32();
  if (n > MAX_UINT30) throw new DecodeError(`a uint30 length of ${what}`, `${n}`, at);
  return n;
}

/** Writes a 4-byte length prefix. */
export function writeLength(w: BinaryWriter, n: number, what: string): void {
  if (n > MAX_UINT30) throw new EncodeError(`${what} of at most ${MAX_UINT30} bytes`, `${n} bytes`, w.length);
  w.uint32(n);
}

/** Fills a length reserved with `w.reserve(4)` at `at` with the bytes written since. */
export function patchLength(w: BinaryWriter, at: number, what: string): void {
  const n = w.length - at - 4;
  if (n > MAX_UINT30) throw new EncodeError(`${what} of at most ${MAX_UINT30} bytes`, `${n} bytes`, at);
  w.patchUint32(at, n);
}

/**
 * Reads a zarith integer (`Z.t`): first byte = continuation bit, sign bit, 6 low bits; then
 * 7-bit groups, least significant first. A multi-byte number must not end with a zero byte
 * (Octez rejects it, so every value has one encoding). `-0` is accepted and reads as `0`, as in
 * Octez.
 */
export function readZ(r: BinaryReader): string {
  const first = r.uint8();
  const negative = (first & 0x40) !== 0;
  let small = first & 0x3f;
  let more = (first & 0x80) !== 0;
  // Up to 6 + 7 * 6 = 48 bits add up exactly in a double.
  let shift = 6;
  while (more && shift <= 41) {
    const at = r.offset;
    const byte = r.uint8();
    small += (byte & 0x7f) * 2 ** shift;
    shift += 7;
    more = (byte & 0x80) !== 0;
    if (!more && byte === 0) throw trailingZero(at);
  }
  if (!more) return negative && small !== 0 ? `-${small}` : `${small}`;
  // Longer numbers: repack the groups into little-endian bytes, then parse them as hex, which
  // stays linear in the input size (shifting a growing bigint would be quadratic).
  const packed: number[] = [];
  let acc = small;
  let bits = shift;
  while (bits >= 8) {
    packed.push(acc % 256);
    acc = Math.floor(acc / 256);
    bits -= 8;
  }
  while (more) {
    const at = r.offset;
    const byte = r.uint8();
    acc |= (byte & 0x7f) << bits;
    bits += 7;
    if (bits >= 8) {
      packed.push(acc & 0xff);
      acc >>>= 8;
      bits -= 8;
    }
    more = (byte & 0x80) !== 0;
    if (!more && byte === 0) throw trailingZero(at);
  }
  if (bits > 0) packed.push(acc);
  let hex = "";
  for (let i = packed.length - 1; i >= 0; i--) hex += BYTE_TO_HEX[packed[i]!]!;
  // A multi-byte number ends with a non-zero group, so it is never zero here.
  const text = BigInt(`0x${hex}`).toString();
  return negative ? `-${text}` : text;
}

function trailingZero(at: number): DecodeError {
  return new DecodeError("a canonical zarith integer (no trailing zero byte)", "a final 00 byte", at);
}

const DECIMAL = /^-?[0-9]+$/;

/** Writes a decimal string as a zarith integer. */
export function writeZ(w: BinaryWriter, text: string): void {
  if (!DECIMAL.test(text)) throw new EncodeError("a decimal integer string", JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text), w.length);
  const negative = text.startsWith("-");
  const digits = negative ? text.slice(1) : text;
  if (digits.length <= 15) {
    // Below 10^15 < 2^53: plain arithmetic.
    let abs = Number(digits);
    const sign = negative && abs !== 0 ? 0x40 : 0;
    const low = abs % 64;
    abs = Math.floor(abs / 64);
    w.uint8((abs === 0 ? 0 : 0x80) | sign | low);
    while (abs !== 0) {
      const group = abs % 128;
      abs = Math.floor(abs / 128);
      w.uint8((abs === 0 ? 0 : 0x80) | group);
    }
    return;
  }
  // Larger: go through hex (linear) and regroup its bits, least significant first.
  const abs = BigInt(digits);
  const sign = negative && abs !== 0n ? 0x40 : 0;
  const hex = abs.toString(16);
  let nibble = hex.length; // nibbles still to consume, from the right
  let acc = 0;
  let bits = 0;
  const take = (count: number): number => {
    while (bits < count && nibble > 0) {
      acc |= parseInt(hex[--nibble]!, 16) << bits;
      bits += 4;
    }
    const out = acc & ((1 << count) - 1);
    acc >>>= count;
    bits = Math.max(0, bits - count);
    return out;
  };
  const pending = (): boolean => acc !== 0 || nibble > 0;
  const low = take(6);
  w.uint8((pending() ? 0x80 : 0) | sign | low);
  while (pending()) {
    const group = take(7);
    w.uint8((pending() ? 0x80 : 0) | group);
  }
}

const HEX_DIGITS = "0123456789abcdef";
const BYTE_TO_HEX: readonly string[] = Array.from({ length: 256 }, (_, b) => HEX_DIGITS[b >> 4]! + HEX_DIGITS[b & 15]!);
const HEX = /^(?:[0-9a-fA-F]{2})*$/;

/** Lowercase hex of some bytes. */
export function toHex(bytes: Uint8Array): string {
  let out = "";
  for (let i = 0; i < bytes.length; i++) out += BYTE_TO_HEX[bytes[i]!]!;
  return out;
}

/** Writes the bytes of a hex string (either case), or fails. */
export function writeHex(w: BinaryWriter, hex: string): void {
  if (!HEX.test(hex)) throw new EncodeError("an even number of hex digits", JSON.stringify(hex.length > 40 ? `${hex.slice(0, 40)}…` : hex), w.length);
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  w.raw(bytes);
}

// `fatal` makes invalid sequences throw instead of becoming U+FFFD; `ignoreBOM` keeps a leading
// U+FEFF, which is part of the string's bytes like any other character.
const strictUtf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** The text of some bytes, or `undefined` when they are not valid UTF-8. */
export function decodeUtf8(bytes: Uint8Array): string | undefined {
  // Short ASCII strings (most annotations and Michelson strings) are faster by hand than
  // through TextDecoder.
  if (bytes.length <= 64) {
    let text = "";
    let i = 0;
    for (; i < bytes.length; i++) {
      const b = bytes[i]!;
      if (b >= 0x80) break;
      text += String.fromCharCode(b);
    }
    if (i === bytes.length) return text;
  }
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * UTF-8 bytes of a JavaScript string, or `undefined` when it holds a lone surrogate (which
 * has no UTF-8 form; TextEncoder would silently write U+FFFD instead). Written by hand because
 * TextEncoder is slow on the short strings Micheline is made of.
 */
export function encodeUtf8(text: string): Uint8Array | undefined {
  let size = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) size += 1;
    else if (c < 0x800) size += 2;
    else if (c >= 0xd800 && c <= 0xdfff) {
      const next = text.charCodeAt(i + 1);
      if (c > 0xdbff || !(next >= 0xdc00 && next <= 0xdfff)) return undefined;
      size += 4;
      i++;
    } else size += 3;
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (let i = 0; i < text.length; i++) {
    let c = text.charCodeAt(i);
    if (c < 0x80) out[at++] = c;
    else if (c < 0x800) {
      out[at++] = 0xc0 | (c >> 6);
      out[at++] = 0x80 | (c & 0x3f);
    } else if (c >= 0xd800 && c <= 0xdbff) {
      c = 0x10000 + ((c - 0xd800) << 10) + (text.charCodeAt(++i) - 0xdc00);
      out[at++] = 0xf0 | (c >> 18);
      out[at++] = 0x80 | ((c >> 12) & 0x3f);
      out[at++] = 0x80 | ((c >> 6) & 0x3f);
      out[at++] = 0x80 | (c & 0x3f);
    } else {
      out[at++] = 0xe0 | (c >> 12);
      out[at++] = 0x80 | ((c >> 6) & 0x3f);
      out[at++] = 0x80 | (c & 0x3f);
    }
  }
  return out;
}

/** The JSON form of a Micheline string's bytes (data-encoding's `unistring`). */
export function stringValueOf(bytes: Uint8Array): MichelineStringValue {
  const text = decodeUtf8(bytes);
  return text !== undefined ? text : { invalid_utf8_string: Array.from(bytes) };
}

/** The bytes of a Micheline string value, or an error message saying what is wrong. */
export function bytesOfStringValue(value: unknown): Uint8Array | string {
  if (typeof value === "string") return encodeUtf8(value) ?? "a string with a lone UTF-16 surrogate";
  if (typeof value === "object" && value !== null && !Array.isArray(value)) {
    const keys = Object.keys(value);
    const list = (value as { invalid_utf8_string?: unknown }).invalid_utf8_string;
    if (keys.length === 1 && Array.isArray(list)) {
      const out = new Uint8Array(list.length);
      for (let i = 0; i < list.length; i++) {
        const b: unknown = list[i];
        if (typeof b !== "number" || !Number.isInteger(b) || b < 0 || b > 255) return `invalid_utf8_string[${i}] = ${String(b)}`;
        out[i] = b;
      }
      return out;
    }
    return `an object with keys ${keys.join(", ") || "(none)"}`;
  }
  return value === null ? "null" : typeof value;
}
