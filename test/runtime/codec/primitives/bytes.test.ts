import { describe, expect, it } from "vitest";
import {
  BinaryReader,
  EncodeError,
  bytesToHex,
  dynamicBytes,
  fixedBytes,
  hexOfRange,
  hexOfRangePortable,
  hexToBytes,
  isHex,
  readHex,
  readRestHex,
  variableBytes,
  writeHex,
} from "../../../../runtime/index.ts";
import { dec, enc, expectDecodeError, expectEncodeError, reader, roundTrip, written } from "../support.ts";

describe("hex helpers", () => {
  it("emit lowercase and accept either case", () => {
    expect(bytesToHex(Uint8Array.from([0, 0xab, 0xff, 0x10]))).toBe("00abff10");
    expect(Array.from(hexToBytes("00ABff10"))).toEqual([0, 0xab, 0xff, 0x10]);
    expect(hexToBytes("")).toHaveLength(0);
    expect(isHex("aB09")).toBe(true);
    expect(isHex("abc")).toBe(false);
    expect(isHex("zz")).toBe(false);
  });

  it("agree with each other on every path: table, Node Buffer and the portable one", () => {
    for (const n of [0, 1, 6, 7, 16, 48, 1000]) {
      const data = Uint8Array.from({ length: n + 3 }, (_, i) => (i * 37 + 11) & 0xff);
      const expected = Array.from(data.subarray(2, 2 + n), (b) => b.toString(16).padStart(2, "0")).join("");
      expect(hexOfRange(data, 2, 2 + n)).toBe(expected);
      expect(hexOfRangePortable(data, 2, 2 + n)).toBe(expected);
      expect(bytesToHex(data.subarray(2, 2 + n))).toBe(expected);
      expect(hexToBytes(expected.toUpperCase())).toEqual(data.subarray(2, 2 + n));
    }
  });

  it("reject odd length and non-hex characters with an EncodeError", () => {
    expect(() => hexToBytes("abc")).toThrow(EncodeError);
    expectEncodeError(() => hexToBytes("abc"), { found: "odd length 3" });
    expectEncodeError(() => hexToBytes("00zz"), { offset: 1, found: /"z" at index 2/ });
    expectEncodeError(() => hexToBytes("0g"), { found: /"g" at index 1/ });
    // Characters beyond ASCII whose low byte looks like a digit must not pass.
    expectEncodeError(() => hexToBytes("\u0130" + "0"));
    expectEncodeError(() => hexToBytes(12 as unknown as string));
  });
});

describe("fixed bytes", () => {
  const hash = fixedBytes(32);
  it("takes exactly n bytes, no prefix", () => {
    const h = "0e5751c026e543b2e8ab2eb06099daa1d1e5df47778f7787faab45cdf12fe3a8";
    roundTrip(hash, h, h);
    expect(enc(hash, h.toUpperCase())).toBe(h);
    expect(hash.dataKind).toEqual({ kind: "Fixed", size: 32 });
    roundTrip(fixedBytes(0), "", "");
  });

  it("refuses hex of the wrong length and short input", () => {
    expectEncodeError(() => enc(hash, "00"), { expected: /32 bytes/, found: "2 hex digits" });
    expectDecodeError(() => dec(fixedBytes(4), "0102"), { offset: 0, found: /2 bytes left/ });
  });

  it("leaves nothing behind in the writer when the text is invalid", () => {
    const out = written((w) => {
      writeHex(w, "aa");
      try {
        writeHex(w, "bbzz");
      } catch {
        // expected
      }
      writeHex(w, "cc");
    });
    expect(out).toBe("aacc");
  });
});

describe("variable bytes", () => {
  it("take the rest of the frame", () => {
    roundTrip(variableBytes, "", "");
    roundTrip(variableBytes, "01020304", "01020304");
    const r = reader("aa bb cc");
    r.offset = 1;
    expect(readRestHex(r)).toBe("bbcc");
    expect(r.remaining()).toBe(0);
    expect(variableBytes.dataKind).toEqual({ kind: "Variable" });
  });
});

describe("dynamic bytes", () => {
  it("default to a uint30 byte-length header", () => {
    roundTrip(dynamicBytes(), "616263", "00000003 616263");
    roundTrip(dynamicBytes(), "", "00000000");
  });

  it("support uint8, uint16 and N headers", () => {
    roundTrip(dynamicBytes("Uint8"), "ff", "01 ff");
    roundTrip(dynamicBytes("Uint16"), "ffee", "0002 ffee");
    roundTrip(dynamicBytes("N"), "00".repeat(200), "c801" + "00".repeat(200));
  });

  it("bounded form checks the maximum on both sides", () => {
    const bounded = dynamicBytes("Uint8", 3);
    roundTrip(bounded, "010203", "03 010203");
    expectEncodeError(() => enc(bounded, "01020304"), { expected: /at most 3 bytes/ });
    expectDecodeError(() => dec(bounded, "04 01020304"), { expected: /at most 3 bytes/ });
  });

  it("fails at once on a length larger than the input", () => {
    expectDecodeError(() => dec(dynamicBytes(), "3fffffff 00"), { offset: 4, expected: /1073741823 bytes/, found: /1 byte left/ });
  });

  it("plain readHex bounds-checks against the frame", () => {
    const r = new BinaryReader(Uint8Array.from([1, 2, 3]), 0, 2);
    expectDecodeError(() => readHex(r, 3), { offset: 0 });
    expect(readHex(r, 2)).toBe("0102");
  });
});
