import { describe, expect, it } from "vitest";
import { CodecDefinitionError, readRangedInt, rangedInt, rangedIntSize, rangedIntStorage, writeRangedInt } from "../../../../runtime/index.ts";
import { dec, enc, expectDecodeError, expectEncodeError, reader, roundTrip, written } from "../support.ts";

describe("rangedInt storage width", () => {
  it.each([
    [-128, 127, "Int8", 1],
    [-129, 127, "Int16", 2],
    [-128, 128, "Int16", 2],
    [-32768, 32767, "Int16", 2],
    [-32769, 0, "Int31", 4],
    [-1, 32768, "Int31", 4],
    [-(2 ** 30), 2 ** 30 - 1, "Int31", 4],
    [0, 255, "Uint8", 1],
    [1000, 1255, "Uint8", 1],
    [0, 256, "Uint16", 2],
    [100, 1000, "Uint16", 2],
    [70000, 135535, "Uint16", 2],
    [0, 65536, "Uint30", 4],
    [0, 2 ** 30 - 1, "Uint30", 4],
  ] as const)("[%i, %i] is %s", (min, max, storage, size) => {
    expect(rangedIntStorage(min, max)).toBe(storage);
    expect(rangedIntSize(min, max)).toBe(size);
    expect(rangedInt(min, max).dataKind).toEqual({ kind: "Fixed", size });
  });
});

describe("rangedInt values", () => {
  it("writes v - min when min >= 0 (data-encoding.md §3 example)", () => {
    roundTrip(rangedInt(100, 1000), 150, "0032");
    roundTrip(rangedInt(100, 1000), 100, "0000");
    roundTrip(rangedInt(100, 1000), 1000, "0384");
    // A width of 255 above a large minimum still takes one byte.
    roundTrip(rangedInt(1000, 1255), 1255, "ff");
    roundTrip(rangedInt(1000, 1255), 1000, "00");
  });

  it("writes v itself when min < 0", () => {
    roundTrip(rangedInt(-10, 10), -5, "fb");
    roundTrip(rangedInt(-(2 ** 30), 2 ** 30 - 1), -1, "ffffffff");
    roundTrip(rangedInt(-1000, 1000), -1000, "fc18");
  });

  it("honours little-endian layouts", () => {
    roundTrip(rangedInt(-(2 ** 30), 2 ** 30 - 1, true), 1, "01000000");
    roundTrip(rangedInt(100, 1000, true), 150, "3200");
    expect(readRangedInt(reader("3200"), 100, 1000, true)).toBe(150);
    expect(written((w) => writeRangedInt(w, 150, 100, 1000, true))).toBe("3200");
  });

  it("rejects out-of-range values when encoding, naming value and range", () => {
    expectEncodeError(() => enc(rangedInt(100, 1000), 99), { found: "number 99", expected: /100\.\.1000/ });
    expectEncodeError(() => enc(rangedInt(100, 1000), 1001), { found: "number 1001" });
    expectEncodeError(() => enc(rangedInt(-10, 10), 11));
    expectEncodeError(() => enc(rangedInt(-10, 10), 0.5));
  });

  it("rejects out-of-range values when decoding", () => {
    // 1000 - 100 = 900 fits the uint16 storage, 901 decodes to 1001.
    expectDecodeError(() => dec(rangedInt(100, 1000), "0385"), { offset: 0, found: "1001", expected: /100\.\.1000/ });
    expectDecodeError(() => dec(rangedInt(-10, 10), "0b"), { found: "11" });
    expectDecodeError(() => dec(rangedInt(-10, 10), "f5"), { found: "-11" });
    expectDecodeError(() => dec(rangedInt(0, 2 ** 30 - 1), "40000000"));
    expectDecodeError(() => dec(rangedInt(100, 1000), "03"), { found: /1 byte left/ });
  });

  it("refuses impossible bounds when built", () => {
    expect(() => rangedInt(5, 4)).toThrow(CodecDefinitionError);
    expect(() => rangedInt(0, 2 ** 30)).toThrow(CodecDefinitionError);
    expect(() => rangedInt(-(2 ** 30) - 1, 0)).toThrow(CodecDefinitionError);
    expect(() => rangedInt(0.5, 4)).toThrow(CodecDefinitionError);
  });
});
