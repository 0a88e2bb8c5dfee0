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
// Node's Buffer converts long inputs natively; other platforms use the table.
const NodeBuffer = (globalThis as { Buffer?: HexBuffer }).Buffer;
const NATIVE_FROM = 48;

/** Lowercase hex of `bytes[start, end)`. */
export function hexOfRange(bytes: Uint8Array, start: number, end: number): string {
  const n = end - start;
  if (NodeBuffer !== undefined && n >= NATIVE_FROM) return NodeBuffer.from(bytes.buffer, bytes.byteOffset + start, n).toString("hex");
  let out = "";
  for (let i = start; i < end; i++) out += BYTE_HEX[bytes[i]!]!;
  return out;
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
