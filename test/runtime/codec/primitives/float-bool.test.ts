import { describe, expect, it } from "vitest";
import { CodecDefinitionError, bool, float, rangedFloat, readBool, readFloat, writeBool, writeFloat } from "../../../../runtime/index.ts";
import { dec, enc, expectDecodeError, expectEncodeError, reader, roundTrip, written } from "../support.ts";

describe("float", () => {
  it("is an 8-byte big-endian double", () => {
    roundTrip(float, 1.5, "3ff8000000000000");
    roundTrip(float, -2, "c000000000000000");
    roundTrip(float, 0, "0000000000000000");
    roundTrip(float, Number.MAX_VALUE, "7fefffffffffffff");
    roundTrip(float, Number.MIN_VALUE, "0000000000000001");
    expect(enc(float, -0)).toBe("8000000000000000");
    expect(Object.is(dec(float, "8000000000000000"), -0)).toBe(true);
    expect(dec(float, "7ff0000000000000")).toBe(Infinity);
    expect(readFloat(reader("3ff8000000000000"))).toBe(1.5);
    expect(written((w) => writeFloat(w, 0.1))).toBe("3fb999999999999a");
  });

  it("fails on short input and on non-numbers", () => {
    expectDecodeError(() => dec(float, "3ff80000"), { offset: 0, found: /4 bytes left/ });
    expectEncodeError(() => enc(float, "1.5" as unknown as number));
  });
});

describe("rangedFloat", () => {
  const ratio = rangedFloat(0, 1);
  it("checks the range on both sides", () => {
    roundTrip(ratio, 0.5, "3fe0000000000000");
    roundTrip(ratio, 1, "3ff0000000000000");
    expectEncodeError(() => enc(ratio, 1.5), { expected: /0\.\.1/, found: "number 1.5" });
    expectEncodeError(() => enc(ratio, Number.NaN));
    expectDecodeError(() => dec(ratio, "3ff8000000000000"), { offset: 0, found: "1.5" });
    expectDecodeError(() => dec(ratio, "7ff8000000000000"), { found: "NaN" });
    expect(() => rangedFloat(2, 1)).toThrow(CodecDefinitionError);
  });
});

describe("bool", () => {
  it("writes ff and 00", () => {
    expect(enc(bool, true)).toBe("ff");
    expect(enc(bool, false)).toBe("00");
    expect(written((w) => writeBool(w, true))).toBe("ff");
  });

  it("reads any non-zero byte as true", () => {
    expect(dec(bool, "00")).toBe(false);
    for (const b of ["01", "7f", "80", "ff"]) expect(dec(bool, b)).toBe(true);
    expect(readBool(reader("02"))).toBe(true);
  });

  it("refuses non-booleans and empty input", () => {
    expectEncodeError(() => enc(bool, 1 as unknown as boolean), { found: "number 1" });
    expectDecodeError(() => dec(bool, ""), { offset: 0 });
  });
});
