/** Small helpers shared by the codec tests. */
import { expect } from "vitest";
import { BinaryReader, BinaryWriter, CodecError, DecodeError, EncodeError, bytesToHex, decodeBytes, encodeBytes, hexToBytes, type Codec } from "../../../runtime/index.ts";

/** Bytes of hex text written with optional spaces, for readable expectations. */
export function bytes(hex: string): Uint8Array {
  return hexToBytes(hex.replace(/\s+/g, ""));
}

/** Encodes with a codec and returns lowercase hex. */
export function enc<T>(codec: Codec<T>, value: T): string {
  return bytesToHex(encodeBytes(codec, value));
}

/** Decodes hex (spaces allowed) with a codec, refusing trailing bytes. */
export function dec<T>(codec: Codec<T>, hex: string): T {
  return decodeBytes(codec, bytes(hex));
}

/** Runs a plain writer function and returns the hex it wrote. */
export function written(write: (w: BinaryWriter) => void): string {
  const w = new BinaryWriter(1);
  write(w);
  return bytesToHex(w.finish());
}

/** A reader over hex text. */
export function reader(hex: string): BinaryReader {
  return new BinaryReader(bytes(hex));
}

interface ErrorShape {
  offset?: number;
  path?: string;
  expected?: RegExp | string;
  found?: RegExp | string;
}

function check(error: unknown, cls: typeof DecodeError | typeof EncodeError, shape: ErrorShape): CodecError {
  expect(error).toBeInstanceOf(cls);
  const e = error as CodecError;
  if (shape.offset !== undefined) expect(e.offset).toBe(shape.offset);
  if (shape.path !== undefined) expect(e.path).toBe(shape.path);
  if (shape.expected !== undefined) expect(e.expected).toMatch(shape.expected);
  if (shape.found !== undefined) expect(e.found).toMatch(shape.found);
  expect(e.message).toContain(e.path);
  expect(e.message).toContain(`byte ${e.offset}`);
  return e;
}

function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error("expected the call to throw, it returned normally");
}

/** Asserts that `run` throws a DecodeError of the given shape. */
export function expectDecodeError(run: () => unknown, shape: ErrorShape = {}): CodecError {
  return check(thrown(run), DecodeError, shape);
}

/** Asserts that `run` throws an EncodeError of the given shape. */
export function expectEncodeError(run: () => unknown, shape: ErrorShape = {}): CodecError {
  return check(thrown(run), EncodeError, shape);
}

/** Encodes then decodes, expecting the same value back and the given hex when provided. */
export function roundTrip<T>(codec: Codec<T>, value: T, hex?: string): void {
  const out = enc(codec, value);
  if (hex !== undefined) expect(out).toBe(hex.replace(/\s+/g, ""));
  expect(dec(codec, out)).toEqual(value);
}
