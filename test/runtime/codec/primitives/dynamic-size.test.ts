import { describe, expect, it } from "vitest";
import {
  BinaryWriter,
  CodecDefinitionError,
  beginDynamicSize,
  bytesToHex,
  checkSize,
  closeDynamicFrame,
  dynamicBytes,
  dynamicSize,
  endDynamicSize,
  fixedBytes,
  int32,
  lengthHeaderMax,
  openDynamicFrame,
  readUint8,
  seq,
  uint16,
  uint8,
  variableBytes,
  writeUint8,
  type Codec,
  type LengthHeader,
} from "../../../../runtime/index.ts";
import { dec, enc, expectDecodeError, expectEncodeError, reader, roundTrip } from "../support.ts";

describe("dynamicSize headers", () => {
  it.each([
    ["Uint8", "02"],
    ["Uint16", "0002"],
    ["Uint30", "00000002"],
    ["N", "02"],
  ] as const)("%s header counts the bytes of the value", (header, prefix) => {
    roundTrip(dynamicSize(header, uint16), 0x0102, `${prefix} 0102`);
  });

  it("a fixed-size value behind a fixed header has a fixed total size", () => {
    expect(dynamicSize("Uint30", int32).dataKind).toEqual({ kind: "Fixed", size: 8 });
    expect(dynamicSize("N", int32).dataKind).toEqual({ kind: "Fixed", size: 5 });
    expect(dynamicSize("Uint8", variableBytes).dataKind).toEqual({ kind: "Dynamic" });
  });

  it("refuses headers that cannot hold the value", () => {
    expectEncodeError(() => enc(dynamicBytes("Uint8"), "00".repeat(256)), { expected: /at most 255 bytes/, found: "256 bytes" });
    expectEncodeError(() => enc(dynamicBytes("Uint16"), "00".repeat(65536)), { found: "65536 bytes" });
    roundTrip(dynamicBytes("Uint8"), "00".repeat(255));
    expect(() => dynamicSize("Uint8", fixedBytes(300))).toThrow(CodecDefinitionError);
  });

  it("an N header grows with the length and is inserted before the value", () => {
    const value = "ab".repeat(300);
    const hex = enc(dynamicBytes("N"), value);
    expect(hex.slice(0, 4)).toBe("ac02");
    expect(hex.slice(4)).toBe(value);
    expect(dec(dynamicBytes("N"), hex)).toBe(value);
  });

  it("rejects a uint30 header above 2^30 - 1 and an N header beyond any input", () => {
    expectDecodeError(() => dec(dynamicBytes("Uint30"), "40000000"), { offset: 0, found: "1073741824" });
    expectDecodeError(() => dec(dynamicBytes("N"), "ffffffffffffffffff01"), { offset: 0 });
    expect(lengthHeaderMax("Uint30")).toBe(2 ** 30 - 1);
  });

  it("fails at once, at the value's offset, when the length exceeds the frame", () => {
    for (const [header, prefix] of [["Uint8", "05"], ["Uint16", "0005"], ["Uint30", "00000005"], ["N", "05"]] as [LengthHeader, string][]) {
      const e = expectDecodeError(() => dec(dynamicBytes(header), `${prefix} 0102`), { expected: /5 bytes/, found: /2 bytes left/ });
      expect(e.offset).toBe(prefix.length / 2);
    }
  });

  it("unread bytes inside the frame are an error", () => {
    expectDecodeError(() => dec(dynamicSize("Uint8", uint8), "02 0102"), { offset: 2, found: /1 unread byte/ });
  });

  it("the value cannot read past its frame", () => {
    expectDecodeError(() => dec(dynamicSize("Uint8", uint16), "01 01 02"), { offset: 1, found: /1 byte left/ });
  });
});

describe("nested frames", () => {
  // list of (dyn Uint8 (list of dyn Uint16 bytes)) : three levels of headers.
  const inner = dynamicBytes("Uint16");
  const middle = dynamicSize("Uint8", seq(inner));
  const outer = dynamicSize("Uint30", seq(middle));

  it("count bytes inside the enclosing frame, to any depth", () => {
    const value = [["aa", ""], [], ["bbcc"]];
    roundTrip(outer, value, "0000000c" + "05" + "0001aa" + "0000" + "00" + "04" + "0002bbcc");
  });

  it("an inner header may not reach past the outer frame even when the input continues", () => {
    // Outer frame of 4 bytes, inner header claims 5: the trailing 00s lie outside the frame.
    expectDecodeError(() => dec(outer, "00000004 05 0001aa 00 0000"), { offset: 5, found: /3 bytes left/ });
  });

  it("nest a thousand levels deep", () => {
    let codec: Codec<number> = dynamicSize("Uint8", uint8);
    let hex = "01" + "07";
    for (let i = 0; i < 1000; i++) {
      codec = dynamicSize("N", codec);
      hex = encodeN(hex.length / 2) + hex;
    }
    expect(enc(codec, 7)).toBe(hex);
    expect(dec(codec, hex)).toBe(7);
  });
});

function encodeN(n: number): string {
  const out: number[] = [];
  do {
    const g = n % 128;
    n = Math.floor(n / 128);
    out.push(n > 0 ? g | 0x80 : g);
  } while (n > 0);
  return out.map((b) => b.toString(16).padStart(2, "0")).join("");
}

describe("plain frame functions", () => {
  it("open, read and close a frame, and write headers after the fact", () => {
    const r = reader("00000002 0102 03");
    const end = openDynamicFrame(r, "Uint30");
    expect(readUint8(r)).toBe(1);
    expectDecodeError(() => closeDynamicFrame(r, end), { offset: 5 });
    expect(readUint8(r)).toBe(2);
    closeDynamicFrame(r, end);
    expect(readUint8(r)).toBe(3);

    const w = new BinaryWriter(2);
    const mark = beginDynamicSize(w, "N");
    for (let i = 0; i < 130; i++) writeUint8(w, 1);
    endDynamicSize(w, "N", mark);
    const out = bytesToHex(w.finish());
    expect(out.slice(0, 4)).toBe("8201");
    expect(out.length).toBe(4 + 260);
  });
});

describe("checkSize", () => {
  it("takes no bytes and bounds the value on both sides", () => {
    const small = checkSize(3, dynamicBytes("Uint8"));
    roundTrip(small, "0102", "02 0102");
    expectEncodeError(() => enc(small, "010203"), { expected: /at most 3 bytes/, found: "4 bytes" });
    expectDecodeError(() => dec(small, "03 010203"), { offset: 1 });
    const variable = checkSize(2, variableBytes);
    expect(variable.dataKind).toEqual({ kind: "Variable" });
    roundTrip(variable, "0102", "0102");
    expectDecodeError(() => dec(variable, "010203"), { offset: 0, expected: /at most 2 bytes/ });
  });
});
