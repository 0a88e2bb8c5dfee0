/** Encoding helpers shared by the codec tests: a value's bytes as hex, or the typed error it gets. */
import { expect } from "vitest";
import { BinaryWriter, EncodeError, bytesToHex, type Codec } from "../../../runtime/index.ts";

/** The hex bytes `codec` writes for `value`. */
export function encodeHex(codec: Codec<unknown>, value: unknown): string {
  const w = new BinaryWriter();
  codec.encode(w, value);
  return bytesToHex(w.finish());
}

/** The {@link EncodeError} `codec` throws on `value` (fails the test if it encodes, or throws anything else). */
export function encodeError(codec: Codec<unknown>, value: unknown): EncodeError {
  try {
    encodeHex(codec, value);
  } catch (error) {
    expect(error).toBeInstanceOf(EncodeError);
    return error as EncodeError;
  }
  throw new Error(`encoded ${JSON.stringify(value)}`);
}
