import { describe, expect, it } from "vitest";
import {
  CodecDefinitionError,
  int32,
  object,
  option,
  optionalField,
  readPresence,
  uint16,
  uint8,
  variableBytes,
  variableOptionalField,
  writePresence,
  zeroWidth,
} from "../../../../runtime/index.ts";
import { dec, enc, expectDecodeError, reader, roundTrip, written } from "../support.ts";

describe("optionalField (presence byte)", () => {
  it("writes 00 when absent and ff then the value when present", () => {
    const opt = optionalField(uint16);
    expect(enc(opt, undefined)).toBe("00");
    expect(enc(opt, 258)).toBe("ff0102");
    expect(dec(opt, "00")).toBeUndefined();
    expect(dec(opt, "ff0102")).toBe(258);
  });

  it("reads any non-zero presence byte as present", () => {
    expect(dec(optionalField(uint8), "01 07")).toBe(7);
    expect(dec(optionalField(uint8), "80 07")).toBe(7);
    expect(readPresence(reader("00"))).toBe(false);
    expect(written((w) => writePresence(w, true))).toBe("ff");
  });

  it("leaves the property out of an object when absent (expect example 16)", () => {
    const codec = object([
      ["a", uint8],
      ["b", optionalField(uint16)],
      ["c", uint8],
    ]);
    roundTrip(codec, { a: 1, c: 3 }, "01 00 03");
    roundTrip(codec, { a: 1, b: 2, c: 3 }, "01 ff 0002 03");
    expect(Object.keys(dec(codec, "01 00 03"))).toEqual(["a", "c"]);
  });

  it("a zero-width optional is one byte either way (expect example 22)", () => {
    const codec = object([
      ["l", optionalField(zeroWidth)],
      ["r", optionalField(zeroWidth)],
    ]);
    expect(codec.dataKind).toEqual({ kind: "Fixed", size: 2 });
    roundTrip(codec, { l: {} }, "ff 00");
    roundTrip(codec, {}, "00 00");
  });

  it("fails when the value is missing after a presence byte", () => {
    expectDecodeError(() => dec(optionalField(int32), "ff 0000"), { offset: 1 });
  });

  it("is refused for Variable values", () => {
    expect(() => optionalField(variableBytes)).toThrow(CodecDefinitionError);
  });
});

describe("variableOptionalField (no presence byte)", () => {
  it("is present exactly when the frame has bytes left", () => {
    const codec = object([
      ["a", uint8],
      ["rest", variableOptionalField(variableBytes)],
    ]);
    roundTrip(codec, { a: 1 }, "01");
    roundTrip(codec, { a: 1, rest: "abcd" }, "01 abcd");
    expect(codec.dataKind).toEqual({ kind: "Variable" });
  });
});

describe("option (union with tags 00/01)", () => {
  it("None is null, Some carries the value (protocol fitness locked_round)", () => {
    const opt = option(int32);
    roundTrip(opt, null, "00");
    roundTrip(opt, 1, "01 00000001");
    expect(enc(opt, undefined as unknown as null)).toBe("00");
  });

  it("rejects any other tag, naming it", () => {
    expectDecodeError(() => dec(option(uint8), "ff 01"), { offset: 0, found: "tag 255", expected: /0 \(None\) or 1 \(Some\)/ });
    expectDecodeError(() => dec(option(uint8), "02"), { found: "tag 2" });
    expectDecodeError(() => dec(option(uint8), ""), { offset: 0 });
  });

  it("an option of a zero-width value is one byte (expect examples 9 and 12)", () => {
    const opt = option(zeroWidth);
    expect(opt.dataKind).toEqual({ kind: "Fixed", size: 1 });
    roundTrip(opt, {}, "01");
    roundTrip(opt, null, "00");
  });
});
