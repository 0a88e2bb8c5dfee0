/**
 * Small helpers private to the known encodings: `uint30` length prefixes with the "bytes must
 * be there" check, and strict UTF-8.
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
