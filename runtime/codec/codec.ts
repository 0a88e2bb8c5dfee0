import { CodecError, DecodeError } from "./errors.ts";
import { BinaryReader } from "./reader.ts";
import { BinaryWriter } from "./writer.ts";

/**
 * A binary codec of values of type `T`, where `T` is the node's JSON form of the value (the
 * value model of DESIGN.md). Primitives, known encodings and generated codecs all have this
 * shape, so they compose freely.
 */
export interface Codec<T> {
  /** Reads one value at the reader's offset, inside the reader's current frame. */
  decode(reader: BinaryReader): T;
  /** Appends the binary form of `value`. */
  encode(writer: BinaryWriter, value: T): void;
}

/** Options of {@link decodeBytes}. */
export interface DecodeOptions {
  /** Accept bytes left after a complete value instead of failing (default `false`). */
  allowTrailing?: boolean;
}

/** Decodes a whole byte array; trailing bytes are an error unless `allowTrailing` is set. */
export function decodeBytes<T>(codec: Codec<T>, bytes: Uint8Array, options: DecodeOptions = {}): T {
  const reader = new BinaryReader(bytes);
  let value: T;
  try {
    value = codec.decode(reader);
  } catch (error) {
    if (error instanceof CodecError) throw error;
    throw new DecodeError("a valid value", error instanceof Error ? error.message : String(error), reader.offset);
  }
  if (!options.allowTrailing) reader.expectEnd();
  return value;
}

/** Encodes a value to a fresh byte array. */
export function encodeBytes<T>(codec: Codec<T>, value: T): Uint8Array {
  const writer = new BinaryWriter();
  codec.encode(writer, value);
  return writer.finish();
}
