import { describe, expect, it } from "vitest";
import {
  bytesToUnistring,
  dynamicString,
  fixedString,
  readUnistring,
  variableString,
  writeUnistring,
  type Unistring,
} from "../../../../runtime/index.ts";
import { dec, enc, expectDecodeError, expectEncodeError, reader, roundTrip, written } from "../support.ts";

describe("unistring", () => {
  it("is a JS string for valid UTF-8 (data-encoding.md §5 example)", () => {
    roundTrip(dynamicString(), "abc", "00000003 616263");
    roundTrip(dynamicString(), "", "00000000");
    roundTrip(dynamicString(), "é€😀", "00000009 c3a9 e282ac f09f9880");
    // Long text takes the TextDecoder path.
    const long = "tezos ".repeat(50) + "ü";
    roundTrip(dynamicString(), long);
    // NUL and other control characters are ordinary text.
    roundTrip(variableString, "a\u0000b", "610062");
  });

  it("is {invalid_utf8_string} for invalid UTF-8, short or long", () => {
    expect(dec(variableString, "6869ff")).toEqual({ invalid_utf8_string: [104, 105, 255] });
    // A truncated multi-byte sequence, an overlong form, an encoded surrogate.
    expect(dec(variableString, "e282")).toEqual({ invalid_utf8_string: [0xe2, 0x82] });
    expect(dec(variableString, "c0af")).toEqual({ invalid_utf8_string: [0xc0, 0xaf] });
    expect(dec(variableString, "eda080")).toEqual({ invalid_utf8_string: [0xed, 0xa0, 0x80] });
    const longBad = Uint8Array.from({ length: 100 }, (_, i) => (i === 99 ? 0xff : 0x61));
    expect(bytesToUnistring(longBad)).toEqual({ invalid_utf8_string: Array.from(longBad) });
  });

  it("encodes the invalid form back to the same bytes", () => {
    const v: Unistring = { invalid_utf8_string: [104, 105, 255] };
    roundTrip(dynamicString(), v, "00000003 6869ff");
  });

  it("keeps a byte-order mark as a character", () => {
    expect(dec(variableString, "efbbbf61")).toBe("\ufeffa");
  });

  it("refuses values that are not text", () => {
    expectEncodeError(() => enc(variableString, 12 as unknown as string));
    expectEncodeError(() => enc(variableString, { invalid_utf8_string: [1, 256] }), { expected: /invalid_utf8_string\[1\]/, found: "number 256" });
    expectEncodeError(() => enc(variableString, { invalid_utf8_string: "ab" } as unknown as Unistring));
    expectEncodeError(() => enc(variableString, "a\ud800b"), { found: /lone UTF-16 surrogate/ });
  });

  it("fixed-size strings take exactly n bytes", () => {
    const five = fixedString(5);
    roundTrip(five, "hello", "68656c6c6f");
    roundTrip(five, "h€y", "68e282ac79");
    expectEncodeError(() => enc(five, "hi"), { expected: /exactly 5 bytes/, found: "2 bytes" });
    expectDecodeError(() => dec(five, "6869"), { offset: 0 });
    expect(five.dataKind).toEqual({ kind: "Fixed", size: 5 });
  });

  it("bounded strings use the header of their bound", () => {
    const bounded = dynamicString("Uint8", 22);
    roundTrip(bounded, "this", "04 74686973");
    expectEncodeError(() => enc(bounded, "x".repeat(23)));
  });

  it("plain functions leave the writer clean after a failure", () => {
    const out = written((w) => {
      writeUnistring(w, "a");
      try {
        writeUnistring(w, "bcd", 2);
      } catch {
        // expected
      }
      try {
        writeUnistring(w, { invalid_utf8_string: [1, 2, -1] });
      } catch {
        // expected
      }
    });
    expect(out).toBe("61");
    expect(readUnistring(reader("61 62"), 2)).toBe("ab");
  });
});
