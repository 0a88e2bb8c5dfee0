import { describe, expect, it } from "vitest";
import {
  DecodeError,
  EncodeError,
  boundedBytes,
  boundedHeader,
  boundedString,
  dataKindOf,
  decodeBytes,
  encodeBytes,
  fixedSizeOf,
  int32,
  object,
  seq,
  uint8,
  variableBytes,
  type Codec,
} from "../../../runtime/index.ts";
import { bytes, dec, enc, expectDecodeError, expectEncodeError, roundTrip } from "./support.ts";

describe("decodeBytes / encodeBytes", () => {
  it("refuse trailing bytes unless allowed", () => {
    expectDecodeError(() => decodeBytes(uint8, bytes("01 02")), { offset: 1, found: "1 trailing byte(s)" });
    expect(decodeBytes(uint8, bytes("01 02"), { allowTrailing: true })).toBe(1);
  });

  it("turn a foreign exception into a typed error with the path so far", () => {
    const broken: Codec<number> = {
      decode: () => {
        throw new TypeError("boom");
      },
      encode: () => {
        throw new RangeError("bang");
      },
    };
    const wrapped = object([["x", broken]]);
    const d = expectDecodeError(() => dec(wrapped, ""), { path: "$.x", found: /TypeError: boom/ });
    expect(d).toBeInstanceOf(DecodeError);
    const e = expectEncodeError(() => enc(wrapped, { x: 1 }), { path: "$.x", found: /RangeError: bang/ });
    expect(e).toBeInstanceOf(EncodeError);
    expectDecodeError(() => decodeBytes(broken, new Uint8Array()), { found: /boom/ });
    expectEncodeError(() => encodeBytes(broken, 1), { found: /bang/ });
  });

  it("a stack overflow from runaway recursion surfaces as a DecodeError", () => {
    const endless: Codec<unknown> = { decode: (r) => endless.decode(r), encode: (w, v) => endless.encode(w, v) };
    expectDecodeError(() => decodeBytes(endless, new Uint8Array()), { found: /RangeError/ });
    expectEncodeError(() => encodeBytes(endless, 1), { found: /RangeError/ });
  });
});

describe("data kinds", () => {
  it("default to Dynamic and compose", () => {
    const bare: Codec<number> = { decode: () => 0, encode: () => undefined };
    expect(dataKindOf(bare)).toEqual({ kind: "Dynamic" });
    expect(fixedSizeOf(bare)).toBeUndefined();
    expect(fixedSizeOf(object([["a", int32], ["b", uint8]]))).toBe(5);
    expect(dataKindOf(object([["a", int32], ["b", bare]]))).toEqual({ kind: "Dynamic" });
    expect(dataKindOf(object([["a", seq(uint8)], ["b", int32]]))).toEqual({ kind: "Variable" });
    expect(dataKindOf(variableBytes)).toEqual({ kind: "Variable" });
  });
});

describe("bounded bytes and strings", () => {
  it("use the smallest header that holds the bound", () => {
    expect(boundedHeader(255)).toBe("Uint8");
    expect(boundedHeader(256)).toBe("Uint16");
    expect(boundedHeader(65536)).toBe("Uint30");
    roundTrip(boundedBytes(300), "abcd", "0002 abcd");
    roundTrip(boundedString(22), "this", "04 74686973");
    expectEncodeError(() => enc(boundedString(3), "four"), { expected: /at most 3 bytes/ });
    expectDecodeError(() => dec(boundedBytes(1), "02 abcd"), { expected: /at most 1 bytes/ });
  });
});
