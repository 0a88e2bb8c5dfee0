import { CodecError, DecodeError, EncodeError } from "./errors.ts";
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
  /**
   * How many bytes a value takes, in the terms of the describe format (`data_kind`). Optional so
   * that hand-written codecs stay valid; a codec without it counts as `Dynamic`. Composition
   * needs it: a `Variable` field can only be followed by `Fixed` ones, whose total size it
   * leaves at the end of the frame.
   */
  readonly dataKind?: DataKind;
  /**
   * True for parts that exist only in binary (padding, presence bytes handled elsewhere):
   * they decode to `undefined` and take no JSON value, so objects and tuples skip them.
   */
  readonly binaryOnly?: boolean;
}

/** The size class of a binary value, as `data_kind` in binary schemas. */
export type DataKind =
  | { readonly kind: "Fixed"; readonly size: number }
  | { readonly kind: "Dynamic" }
  | { readonly kind: "Variable" };

/** The shared `Dynamic` and `Variable` data kinds. */
export const DYNAMIC: DataKind = Object.freeze({ kind: "Dynamic" });
export const VARIABLE: DataKind = Object.freeze({ kind: "Variable" });

/** A `Fixed` data kind of `size` bytes. */
export function fixedKind(size: number): DataKind {
  return Object.freeze({ kind: "Fixed", size });
}

/** The data kind of a codec, `Dynamic` when it does not say. */
export function dataKindOf(codec: Codec<unknown>): DataKind {
  return codec.dataKind ?? DYNAMIC;
}

/** The fixed size of a codec in bytes, or `undefined` when its values vary in size. */
export function fixedSizeOf(codec: Codec<unknown>): number | undefined {
  const kind = codec.dataKind;
  return kind !== undefined && kind.kind === "Fixed" ? kind.size : undefined;
}

/**
 * Thrown when a codec is built from an impossible definition (a Variable list element, an
 * empty range, a Variable field followed by a Dynamic one). It signals a bug in the schema or
 * in the generator, at construction time, never while decoding or encoding.
 */
export class CodecDefinitionError extends Error {
  override readonly name = "CodecDefinitionError";
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
    throw new DecodeError("a valid value", error instanceof Error ? `${error.name}: ${error.message}` : String(error), reader.offset);
  }
  if (!options.allowTrailing) reader.expectEnd();
  return value;
}

/** Encodes a value to a fresh byte array; any failure is an {@link EncodeError}. */
export function encodeBytes<T>(codec: Codec<T>, value: T): Uint8Array {
  const writer = new BinaryWriter();
  try {
    codec.encode(writer, value);
  } catch (error) {
    if (error instanceof CodecError) throw error;
    throw new EncodeError("a valid value", error instanceof Error ? `${error.name}: ${error.message}` : String(error), writer.length);
  }
  return writer.finish();
}
