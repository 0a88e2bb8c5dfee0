/**
 * Non-finite floats: decoded to NaN and ±Infinity, printed as Octez prints them (`nan`, `inf`,
 * `-inf`), read back from that text and encoded to the same bytes.
 */
import { describe, expect, it } from "vitest";
import { BinaryReader, BinaryWriter, bytesToHex, hexToBytes, parseJsonWithFloats, readFloat, stringifyJsonWithFloats, writeFloat } from "../../../../runtime/index.ts";

describe("non-finite floats through JSON text", () => {
  it.each([
    ["7ff8000000000000", "nan"],
    ["7ff0000000000000", "inf"],
    ["fff0000000000000", "-inf"],
    ["3ff8000000000000", "1.5"],
  ])("%s prints as %s and comes back to the same bytes", (hex, text) => {
    const value = readFloat(new BinaryReader(hexToBytes(hex)));
    const printed = stringifyJsonWithFloats({ score: value, list: [value] });
    expect(printed).toBe(`{"score":${text},"list":[${text}]}`);
    const read = parseJsonWithFloats(printed) as { score: number; list: number[] };
    const w = new BinaryWriter();
    writeFloat(w, read.score);
    writeFloat(w, read.list[0]!);
    expect(bytesToHex(w.finish())).toBe(hex + hex);
  });

  it("leaves the words alone inside strings, and fails on other text that is not JSON", () => {
    expect(parseJsonWithFloats('{"nan": "inf", "x": -inf}')).toEqual({ nan: "inf", x: -Infinity });
    expect(stringifyJsonWithFloats({ nan: "inf" })).toBe('{"nan":"inf"}');
    expect(() => parseJsonWithFloats("{nan: 1}")).toThrow(SyntaxError);
    expect(() => parseJsonWithFloats("infinity")).toThrow(SyntaxError);
  });
});
