import { describe, expect, it } from "vitest";
import {
  parseInt64,
  BinaryReader,
  int16,
  int16Le,
  int31,
  int31Le,
  int32,
  int32Le,
  int64,
  int64Le,
  int8,
  intCodec,
  intSizeBytes,
  readInt64,
  readInt64Big,
  readUint16,
  readUint32,
  readUint30,
  uint16,
  uint16Le,
  uint30,
  uint30Le,
  uint8,
  writeInt64,
  writeUint32,
  writeUint8,
  type Codec,
} from "../../../../runtime/index.ts";
import { bytes, dec, enc, expectDecodeError, expectEncodeError, reader, roundTrip, written } from "../support.ts";

interface Bounds {
  name: string;
  codec: Codec<number>;
  size: number;
  min: number;
  max: number;
  minHex: string;
  maxHex: string;
}

const bounds: Bounds[] = [
  { name: "uint8", codec: uint8, size: 1, min: 0, max: 255, minHex: "00", maxHex: "ff" },
  { name: "int8", codec: int8, size: 1, min: -128, max: 127, minHex: "80", maxHex: "7f" },
  { name: "uint16", codec: uint16, size: 2, min: 0, max: 65535, minHex: "0000", maxHex: "ffff" },
  { name: "int16", codec: int16, size: 2, min: -32768, max: 32767, minHex: "8000", maxHex: "7fff" },
  { name: "int32", codec: int32, size: 4, min: -(2 ** 31), max: 2 ** 31 - 1, minHex: "80000000", maxHex: "7fffffff" },
  { name: "uint30", codec: uint30, size: 4, min: 0, max: 2 ** 30 - 1, minHex: "00000000", maxHex: "3fffffff" },
  { name: "int31", codec: int31, size: 4, min: -(2 ** 30), max: 2 ** 30 - 1, minHex: "c0000000", maxHex: "3fffffff" },
];

describe.each(bounds)("$name", ({ codec, size, min, max, minHex, maxHex }) => {
  it("encodes and decodes both ends of its range", () => {
    roundTrip(codec, min, minHex);
    roundTrip(codec, max, maxHex);
    expect(codec.dataKind).toEqual({ kind: "Fixed", size });
  });

  it("refuses values just outside the range, naming value and range", () => {
    const e1 = expectEncodeError(() => enc(codec, max + 1), { offset: 0, found: String(max + 1) });
    expect(e1.expected).toContain(String(max));
    expectEncodeError(() => enc(codec, min - 1), { found: String(min - 1) });
  });

  it("refuses non-integers and non-numbers", () => {
    expectEncodeError(() => enc(codec, 1.5));
    expectEncodeError(() => enc(codec, Number.NaN));
    expectEncodeError(() => enc(codec, "1" as unknown as number), { found: 'string "1"' });
    expectEncodeError(() => enc(codec, undefined as unknown as number), { found: "nothing" });
  });

  it("fails on truncated input with the offset and the bytes left", () => {
    expectDecodeError(() => dec(codec, minHex.slice(2)), { offset: 0, found: `${size - 1} byte${size - 1 === 1 ? "" : "s"} left in frame` });
  });
});

describe("uint30 and int31 on decode", () => {
  it("rejects 4-byte values above 2^30 - 1 for uint30", () => {
    expectDecodeError(() => dec(uint30, "40000000"), { offset: 0, found: "1073741824" });
    expectDecodeError(() => dec(uint30, "ffffffff"), { found: "4294967295" });
  });

  it("rejects 4-byte values outside -2^30 .. 2^30 - 1 for int31", () => {
    expectDecodeError(() => dec(int31, "40000000"), { found: "1073741824" });
    expectDecodeError(() => dec(int31, "bfffffff"), { found: String(-(2 ** 30) - 1) });
    expect(dec(int31, "ffffffff")).toBe(-1);
  });
});

describe("little-endian integers", () => {
  it("reverse the byte order", () => {
    roundTrip(uint16Le, 0x0102, "0201");
    roundTrip(int16Le, -2, "feff");
    roundTrip(int32Le, 0x01020304, "04030201");
    roundTrip(int31Le, -(2 ** 30), "000000c0");
    roundTrip(uint30Le, 2 ** 30 - 1, "ffffff3f");
    roundTrip(int64Le, "2789", "e50a000000000000");
    roundTrip(int64Le, "-2", "feffffffffffffff");
  });

  it("are picked by intCodec from a layout's size and endianness", () => {
    expect(intCodec("Int64", "Little")).toBe(int64Le);
    expect(intCodec("Int64")).toBe(int64);
    expect(intCodec("Uint16", "Little")).toBe(uint16Le);
    expect(intCodec("Int32", "Big")).toBe(int32);
    expect(intCodec("Uint8", "Little")).toBe(uint8);
    expect(intSizeBytes("Int64")).toBe(8);
    expect(intSizeBytes("Int16")).toBe(2);
  });

  it("the plain readers take the le flag", () => {
    expect(readUint16(reader("0201"), true)).toBe(0x0102);
    expect(readUint32(reader("ffffffff"))).toBe(4294967295);
    expect(readUint30(reader("ffffff3f"), true)).toBe(2 ** 30 - 1);
  });
});

describe("int64", () => {
  it("is a decimal string in both directions (recorded alpha.period vector)", () => {
    roundTrip(int64, "2789", "0000000000000ae5");
    roundTrip(int64, "0", "0000000000000000");
  });

  it("covers both ends of the 64-bit range", () => {
    roundTrip(int64, "9223372036854775807", "7fffffffffffffff");
    roundTrip(int64, "-9223372036854775808", "8000000000000000");
    roundTrip(int64, "-1", "ffffffffffffffff");
  });

  it("stays exact around 2^53, where doubles lose precision", () => {
    for (const d of [-2n, -1n, 0n, 1n, 2n]) {
      for (const base of [2n ** 53n, -(2n ** 53n), 2n ** 32n, -(2n ** 32n)]) {
        const v = base + d;
        const hex = BigInt.asUintN(64, v).toString(16).padStart(16, "0");
        roundTrip(int64, v.toString(), hex);
      }
    }
  });

  it("accepts a bigint and can read one back", () => {
    expect(written((w) => writeInt64(w, -(2n ** 63n)))).toBe("8000000000000000");
    expect(readInt64Big(reader("8000000000000000"))).toBe(-(2n ** 63n));
    expect(readInt64(reader("e50a000000000000"), true)).toBe("2789");
  });

  it("refuses values outside the range and malformed strings", () => {
    expectEncodeError(() => enc(int64, "9223372036854775808"), { found: /9223372036854775808/ });
    expectEncodeError(() => enc(int64, "-9223372036854775809"));
    for (const bad of ["", "-", "1e3", "0x10", " 1", "1.0", "+1", "١"]) expectEncodeError(() => enc(int64, bad));
    expectEncodeError(() => enc(int64, 1.5 as unknown as string));
    expectEncodeError(() => enc(int64, null as unknown as string), { found: "null" });
  });

  // Issue 14's fuzzer: a 2-million-digit string took seconds in BigInt before the range check.
  it("refuses a string of millions of digits at once, and keeps leading zeros meaningless", () => {
    expectEncodeError(() => enc(int64, "9".repeat(2_000_000)), { expected: /an int64 in -9223372036854775808\.\.9223372036854775807/ });
    expectEncodeError(() => enc(int64, `-${"0".repeat(1000)}9223372036854775809`));
    roundTrip(int64, "-9223372036854775808", "8000000000000000");
    expect(enc(int64, `${"0".repeat(1000)}2789`)).toBe("0000000000000ae5");
    expect(enc(int64, `-${"0".repeat(1000)}9223372036854775808`)).toBe("8000000000000000");
    expect(parseInt64("9".repeat(2_000_000))).toBeUndefined();
    expect(parseInt64(`+${"0".repeat(50)}12`)).toBe(12n);
    expect(parseInt64(`-${"0".repeat(50)}0`)).toBe(0n);
  });
});

describe("plain writers", () => {
  it("write in place and grow the buffer", () => {
    expect(written((w) => {
      for (let i = 0; i < 300; i++) writeUint8(w, i & 0xff);
    })).toHaveLength(600);
    expect(written((w) => writeUint32(w, 0xdeadbeef, true))).toBe("efbeadde");
  });

  it("report the output offset of a failure", () => {
    expectEncodeError(() => written((w) => {
      writeUint8(w, 1);
      writeUint8(w, 2);
      writeUint8(w, 256);
    }), { offset: 2 });
  });

  it("readers index the reader's sub-array correctly", () => {
    const whole = bytes("ff 0102 ff");
    const r = new BinaryReader(whole.subarray(1, 3));
    expect(readUint16(r)).toBe(0x0102);
    r.expectEnd();
  });
});
