/**
 * Small helpers private to the known encodings: `uint30` length prefixes with the "bytes must
 * be there" check, strict UTF-8, and the ASCII text of a JSON unistring.
 */
import { EncodeError } from "../../codec/errors.ts";
import { readUint30, UINT30_MAX } from "../../codec/primitives/integers.ts";
import type { BinaryReader } from "../../codec/reader.ts";
import type { BinaryWriter } from "../../codec/writer.ts";

export { UINT30_MAX };

/** Reads a `uint30` length prefix, checking its range and that the bytes are there. */
export function readLength(reader: BinaryReader, what: string): number {
  const length = readUint30(reader);
  reader.need(length, what);
  return length;
}

/** Writes a `uint30` length prefix, checking its range. */
export function writeLength(writer: BinaryWriter, length: number, what: string): void {
  if (length > UINT30_MAX) throw new EncodeError(`at most ${UINT30_MAX} bytes for ${what}`, `${length} bytes`, writer.length);
  writer.uint32(length);
}

const utf8Decoder = new TextDecoder("utf-8", { fatal: true });
const utf8Encoder = new TextEncoder();

/** UTF-8 text of `bytes`, or `undefined` when they are not valid UTF-8. */
export function utf8OrUndefined(bytes: Uint8Array): string | undefined {
  try {
    return utf8Decoder.decode(bytes);
  } catch {
    return undefined;
  }
}

/** UTF-8 bytes of `text`. */
export function utf8Bytes(text: string): Uint8Array {
  return utf8Encoder.encode(text);
}

/**
 * The text of a JSON unistring whose characters are all ASCII: the string itself, or the bytes
 * of the invalid-UTF-8 form (`{"invalid_utf8_string": [66, 76, …]}`), which Octez decodes to
 * the same bytes before reading a hash or a timestamp from them. `undefined` for any other
 * value, and for a byte form longer than `maxLength` (never valid, not worth converting).
 */
export function asciiUnistringText(value: unknown, maxLength: number): string | undefined {
  if (typeof value === "string") return value;
  if (value === null || typeof value !== "object") return undefined;
  const bytes = (value as { invalid_utf8_string?: unknown }).invalid_utf8_string;
  if (!Array.isArray(bytes) || bytes.length > maxLength) return undefined;
  let text = "";
  for (const byte of bytes) {
    if (typeof byte !== "number" || !Number.isInteger(byte) || byte < 0 || byte >= 0x80) return undefined;
    text += String.fromCharCode(byte);
  }
  return text;
}
