/** Shared helpers of the known-encodings tests. */
import { expect } from "vitest";
import { CodecError, DecodeError, decodeBytes, encodeBytes, type Codec } from "../../../../runtime/index.ts";

export function hex(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString("hex");
}

export function unhex(text: string): Uint8Array {
  return new Uint8Array(Buffer.from(text, "hex"));
}

/** Runs `f` and returns the error it throws (failing the test when it does not throw). */
export function thrown(f: () => unknown): Error {
  try {
    f();
  } catch (error) {
    return error as Error;
  }
  expect.unreachable("expected an error");
}

/** Decoding arbitrary bytes either succeeds or fails with a DecodeError, never anything else. */
export function decodesOrDecodeError<T>(codec: Codec<T>, bytes: Uint8Array): void {
  try {
    decodeBytes(codec, bytes, { allowTrailing: true });
  } catch (error) {
    if (!(error instanceof DecodeError)) throw error;
  }
}

/** Encodes `value`, checks the hex, decodes it back and checks the value. */
export function roundTrip<T>(codec: Codec<T>, value: T, expectedHex: string, decoded: T = value): void {
  expect(hex(encodeBytes(codec, value))).toBe(expectedHex);
  expect(decodeBytes(codec, unhex(expectedHex))).toEqual(decoded);
}

export function isCodecError(error: unknown): error is CodecError {
  return error instanceof CodecError;
}

/** Reference vectors of a codec-vectors file. */
export interface Vector {
  encoding: string;
  json?: unknown;
  hex: string;
  decoded_json?: unknown;
}

export const ALPHA = "codec-vectors-alpha-2022-06-09.json";
export const ITHACA = "codec-vectors-ithaca-2022-06-09.json";
export const SHELL = "codec-vectors-shell.json";
