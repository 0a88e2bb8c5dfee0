import { describe, expect, it } from "vitest";
import { BinaryReader, BinaryWriter, DecodeError } from "../../../runtime/index.ts";

describe("BinaryReader frames", () => {
  it("refuses to read past the end of a nested frame and names the offset", () => {
    const r = new BinaryReader(Uint8Array.from([0, 0, 0, 2, 0xaa, 0xbb, 0xcc]));
    const len = r.uint32();
    const outer = r.openFrame(len);
    expect(r.uint16()).toBe(0xaabb);
    expect(() => r.uint8()).toThrowError(DecodeError);
    r.closeFrame(outer);
    expect(r.uint8()).toBe(0xcc);
    r.expectEnd();
  });

  it("fails at once on a length larger than the input", () => {
    const r = new BinaryReader(Uint8Array.from([0x3f, 0xff, 0xff, 0xff]));
    const len = r.uint32();
    try {
      r.openFrame(len);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(DecodeError);
      expect((e as DecodeError).offset).toBe(4);
      expect((e as DecodeError).message).toContain("1073741823 bytes");
    }
  });
});

describe("BinaryReader numbers", () => {
  it("reads every integer and float width as DataView does, in both byte orders", () => {
    const bytes = Uint8Array.from({ length: 64 }, (_, i) => (i * 73 + 0x81) & 0xff);
    const view = new DataView(bytes.buffer);
    for (const le of [false, true]) {
      const r = new BinaryReader(bytes);
      expect(r.int8()).toBe(view.getInt8(0));
      expect(r.uint16(le)).toBe(view.getUint16(1, le));
      expect(r.int16(le)).toBe(view.getInt16(3, le));
      expect(r.uint32(le)).toBe(view.getUint32(5, le));
      expect(r.int32(le)).toBe(view.getInt32(9, le));
      expect(r.int64(le)).toBe(view.getBigInt64(13, le));
      expect(r.float64(le)).toBe(view.getFloat64(21, le));
      expect(r.offset).toBe(29);
    }
    // A view into a larger buffer: reads start at its own first byte.
    const inner = new BinaryReader(bytes.subarray(5, 21));
    expect(inner.uint32()).toBe(view.getUint32(5));
    expect(inner.int64(true)).toBe(view.getBigInt64(9, true));
  });
});

describe("BinaryWriter", () => {
  it("grows, patches reserved headers and inserts", () => {
    const w = new BinaryWriter(1);
    const at = w.reserve(4);
    w.raw(Uint8Array.from([1, 2, 3]));
    w.patchUint32(at, 3);
    w.insert(0, Uint8Array.from([9]));
    expect(Array.from(w.finish())).toEqual([9, 0, 0, 0, 3, 1, 2, 3]);
  });

  it("writes every integer and float width as DataView does, in both byte orders", () => {
    const w = new BinaryWriter(1);
    const expected = new DataView(new ArrayBuffer(64));
    let at = 0;
    for (const le of [false, true]) {
      w.int8(-2);
      expected.setInt8(at++, -2);
      w.uint16(0xabcd, le);
      expected.setUint16(at, 0xabcd, le);
      w.int16(-12345, le);
      expected.setInt16(at + 2, -12345, le);
      w.uint32(0xfedcba98, le);
      expected.setUint32(at + 4, 0xfedcba98, le);
      w.int32(-123456789, le);
      expected.setInt32(at + 8, -123456789, le);
      w.int64(-1234567890123456789n, le);
      expected.setBigInt64(at + 12, -1234567890123456789n, le);
      w.float64(-1.5e-300, le);
      expected.setFloat64(at + 20, -1.5e-300, le);
      at += 28;
    }
    expect(Array.from(w.finish())).toEqual(Array.from(new Uint8Array(expected.buffer, 0, at)));
  });

  it("hands its buffer to the next writer after finish without touching the bytes it returned", () => {
    const first = new BinaryWriter();
    first.raw(Uint8Array.from([1, 2, 3]));
    const bytes = first.finish();
    const second = new BinaryWriter();
    second.raw(Uint8Array.from([7, 7, 7, 7]));
    expect(Array.from(bytes)).toEqual([1, 2, 3]);
    // The finished writer starts again from nothing, with a buffer of its own.
    first.uint8(5);
    expect(Array.from(first.finish())).toEqual([5]);
    expect(Array.from(second.finish())).toEqual([7, 7, 7, 7]);
  });
});
