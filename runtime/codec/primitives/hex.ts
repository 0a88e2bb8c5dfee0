/**
 * Hex text ↔ bytes. The value model writes bytes as lowercase hex; input in upper case is
 * accepted too. Invalid text fails with an {@link EncodeError}, since hex only ever comes from
 * a value about to be encoded.
 */
import { EncodeError, describeValue } from "../errors.ts";

const DIGITS = "0123456789abcdef";
/** Two-digit text of every byte. */
const BYTE_HEX: string[] = [];
for (let i = 0; i < 256; i++) BYTE_HEX.push(DIGITS[i >> 4]! + DIGITS[i & 15]!);

/** Nibble value of each character code below 128; −1 for a non-hex character. */
const NIBBLE = new Int8Array(128).fill(-1);
for (let i = 0; i < 10; i++) NIBBLE[48 + i] = i;
for (let i = 0; i < 6; i++) {
  NIBBLE[97 + i] = 10 + i;
  NIBBLE[65 + i] = 10 + i;
}

interface HexBuffer {
  from(buffer: ArrayBufferLike, byteOffset: number, length: number): { toString(encoding: "hex"): string };
}
// Node's Buffer converts natively to a flat string. Elsewhere the digits are written to a scratch
// buffer and decoded as ASCII, which also gives a flat string.
const NodeBuffer = (globalThis as { Buffer?: HexBuffer }).Buffer;
const ascii = new TextDecoder("latin1");
/** Char codes of the two digits of every byte, as one 16-bit unit (first digit in the low byte). */
const DIGIT_PAIRS = new Uint16Array(256);
for (let i = 0; i < 256; i++) DIGIT_PAIRS[i] = DIGITS.charCodeAt(i >> 4) | (DIGITS.charCodeAt(i & 15) << 8);
let scratch = new Uint8Array(256);

/**
 * Up to this many bytes, concatenating table entries is fastest and still yields a flat string
 * (V8 builds a rope only from 13 characters on, and ropes are costly when the value is kept).
 */
const CONCAT_UP_TO = 6;

/** Lowercase hex of `bytes[start, end)`. */
export function hexOfRange(bytes: Uint8Array, start: number, end: number): string {
  const n = end - start;
  if (n <= CONCAT_UP_TO) {
    let out = "";
    for (let i = start; i < end; i++) out += BYTE_HEX[bytes[i]!]!;
    return out;
  }
  if (NodeBuffer !== undefined) return NodeBuffer.from(bytes.buffer, bytes.byteOffset + start, n).toString("hex");
  return hexOfRangePortable(bytes, start, end);
}

/** Lowercase hex without Node's Buffer (the path of other platforms); exported for tests. */
export function hexOfRangePortable(bytes: Uint8Array, start: number, end: number): string {
  const n = end - start;
  if (scratch.length < 2 * n) scratch = new Uint8Array(2 * n);
  for (let i = 0, j = 0; i < n; i++, j += 2) {
    const pair = DIGIT_PAIRS[bytes[start + i]!]!;
    scratch[j] = pair & 0xff;
    scratch[j + 1] = pair >> 8;
  }
  return ascii.decode(scratch.subarray(0, 2 * n));
}

/** Lowercase hex of `bytes`. */
export function bytesToHex(bytes: Uint8Array): string {
  return hexOfRange(bytes, 0, bytes.length);
}

/**
 * Writes the bytes of `hex` into `target` at `at`; returns −1 on success or the index of the
 * first bad character. `hex` must have even length (checked by the caller).
 */
export function decodeHexInto(hex: string, target: Uint8Array, at: number): number {
  const n = hex.length;
  for (let i = 0, j = at; i < n; i += 2, j++) {
    const c1 = hex.charCodeAt(i);
    const c2 = hex.charCodeAt(i + 1);
    const hi = c1 < 128 ? NIBBLE[c1]! : -1;
    const lo = c2 < 128 ? NIBBLE[c2]! : -1;
    if ((hi | lo) < 0) return hi < 0 ? i : i + 1;
    target[j] = (hi << 4) | lo;
  }
  return -1;
}

/** Describes why `hex` is not valid hex text, for error messages. */
export function hexProblem(hex: string, badIndex: number): string {
  if (badIndex < 0) return `odd length ${hex.length}`;
  return `non-hex character ${JSON.stringify(hex.charAt(badIndex))} at index ${badIndex}`;
}

/** Bytes of hex text (either case); fails on odd length or a non-hex character. */
export function hexToBytes(hex: string): Uint8Array {
  if (typeof hex !== "string") throw new EncodeError("a hex string", describeValue(hex), 0);
  if (hex.length % 2 !== 0) throw new EncodeError("a hex string of even length", hexProblem(hex, -1), 0);
  const out = new Uint8Array(hex.length / 2);
  const bad = decodeHexInto(hex, out, 0);
  if (bad >= 0) throw new EncodeError("a hex string", hexProblem(hex, bad), bad >> 1);
  return out;
}

/** True when `hex` is valid hex text of even length. */
export function isHex(hex: unknown): hex is string {
  if (typeof hex !== "string" || hex.length % 2 !== 0) return false;
  for (let i = 0; i < hex.length; i++) {
    const c = hex.charCodeAt(i);
    if (c >= 128 || NIBBLE[c]! < 0) return false;
  }
  return true;
}
