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

describe("BinaryWriter", () => {
  it("grows, patches reserved headers and inserts", () => {
    const w = new BinaryWriter(1);
    const at = w.reserve(4);
    w.raw(Uint8Array.from([1, 2, 3]));
    w.patchUint32(at, 3);
    w.insert(0, Uint8Array.from([9]));
    expect(Array.from(w.finish())).toEqual([9, 0, 0, 0, 3, 1, 2, 3]);
  });
});
