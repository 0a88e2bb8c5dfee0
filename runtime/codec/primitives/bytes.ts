/**
 * Raw bytes, whose JSON form is lowercase hex: fixed size (`Fixed.bytes n`), the rest of the
 * frame (`Variable.bytes`) or behind a length header (`bytes`, `Bounded.bytes`).
 */
import { CodecDefinitionError, VARIABLE, fixedKind, type Codec } from "../codec.ts";
import type { BinaryReader } from "../reader.ts";
import type { BinaryWriter } from "../writer.ts";
import { failEncode, failShort, failValue } from "./fail.ts";
import { decodeHexInto, hexOfRange, hexProblem } from "./hex.ts";
import { checkSize, dynamicSize, type LengthHeader } from "./dynamic-size.ts";

/** Reads `n` bytes as hex. */
export function readHex(r: BinaryReader, n: number): string {
  const o = r.offset;
  if (r.end - o < n) failShort(r, n, "bytes");
  r.offset = o + n;
  return hexOfRange(r.bytes, o, o + n);
}

/** Reads the rest of the frame as hex. */
export function readRestHex(r: BinaryReader): string {
  const o = r.offset;
  r.offset = r.end;
  return hexOfRange(r.bytes, o, r.end);
}

/**
 * Writes the bytes of a hex string (either case). With `n`, the string must hold exactly `n`
 * bytes. Nothing is left in the writer when the text is invalid.
 */
export function writeHex(w: BinaryWriter, hex: string, n?: number): void {
  if (typeof hex !== "string") failValue(w, "a hex string", hex);
  const len = hex.length;
  if (len % 2 !== 0) failEncode(w, "a hex string of even length", hexProblem(hex, -1));
  if (n !== undefined && len !== 2 * n) failEncode(w, `${n} bytes as hex (${2 * n} digits)`, `${len} hex digits`);
  const at = w.reserve(len >> 1);
  const bad = decodeHexInto(hex, w.target, at);
  if (bad >= 0) {
    w.length = at;
    failEncode(w, "a hex string", hexProblem(hex, bad));
  }
}

/** `Fixed.bytes n`: exactly `n` bytes, no prefix. */
export function fixedBytes(n: number): Codec<string> {
  if (!Number.isInteger(n) || n < 0) throw new CodecDefinitionError(`fixed bytes need a non-negative integer size, got ${n}`);
  return {
    decode: (r) => readHex(r, n),
    encode: (w, v) => writeHex(w, v, n),
    dataKind: fixedKind(n),
  };
}

/** `Variable.bytes`: every byte left in the frame (minus fixed fields that follow it). */
export const variableBytes: Codec<string> = {
  decode: readRestHex,
  encode: (w, v) => writeHex(w, v),
  dataKind: VARIABLE,
};

/**
 * Bytes behind a length header: `bytes` (header `Uint30`), `Bounded.bytes` (smallest header for
 * `maxLength`, which is then checked on both sides) or an `N` header.
 */
export function dynamicBytes(header: LengthHeader = "Uint30", maxLength?: number): Codec<string> {
  return dynamicSize(header, maxLength === undefined ? variableBytes : checkSize(maxLength, variableBytes));
}

/** The length header of `Bounded.bytes max` / `Bounded.string max`: the smallest that holds `max`. */
export function boundedHeader(max: number): LengthHeader {
  return max <= 255 ? "Uint8" : max <= 65535 ? "Uint16" : "Uint30";
}

/** `Bounded.bytes max`: the smallest length header for `max`, and `max` checked on both sides. */
export function boundedBytes(max: number): Codec<string> {
  return dynamicBytes(boundedHeader(max), max);
}
