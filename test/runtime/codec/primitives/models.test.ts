/**
 * Byte-exact checks against independent models (bigint arithmetic and DataView), for random
 * values: a round trip alone would not notice an encoder and decoder that are wrong in the
 * same way.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { float, hexOfRange, hexOfRangePortable, int16Le, int32, int64, int64Le, rangedInt, zarithN, zarithZ } from "../../../../runtime/index.ts";
import { dec, enc } from "../support.ts";

const hexOf = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

function natModel(v: bigint): string {
  const out: number[] = [];
  do {
    const group = Number(v & 127n);
    v >>= 7n;
    out.push(v > 0n ? group | 0x80 : group);
  } while (v > 0n);
  return hexOf(Uint8Array.from(out));
}

function intModel(v: bigint): string {
  const abs = v < 0n ? -v : v;
  const rest = abs >> 6n;
  const first = Number(abs & 63n) | (v < 0n ? 0x40 : 0) | (rest > 0n ? 0x80 : 0);
  return first.toString(16).padStart(2, "0") + (rest > 0n ? natModel(rest) : "");
}

const big = fc.oneof(fc.bigInt(0n, 2n ** 64n), fc.bigInt(0n, 2n ** 300n), fc.bigInt(2n ** 45n, 2n ** 60n));

describe("models", () => {
  it("zarith N matches the 7-bit group model", () => {
    fc.assert(
      fc.property(big, (v) => {
        expect(enc(zarithN, v.toString())).toBe(natModel(v));
        expect(dec(zarithN, natModel(v))).toBe(v.toString());
      }),
      { numRuns: 500 },
    );
  });

  it("zarith Z matches the sign-and-6-bits model", () => {
    fc.assert(
      fc.property(big, fc.boolean(), (abs, negative) => {
        const v = negative ? -abs : abs;
        expect(enc(zarithZ, v.toString())).toBe(intModel(v));
        expect(dec(zarithZ, intModel(v))).toBe(v.toString());
      }),
      { numRuns: 500 },
    );
  });

  it("int64 matches two's complement in both byte orders", () => {
    fc.assert(
      fc.property(fc.oneof(fc.bigInt(-(2n ** 63n), 2n ** 63n - 1n), fc.bigInt(-(2n ** 55n), 2n ** 55n)), (v) => {
        const view = new DataView(new ArrayBuffer(8));
        view.setBigInt64(0, v);
        const be = hexOf(new Uint8Array(view.buffer));
        view.setBigInt64(0, v, true);
        const le = hexOf(new Uint8Array(view.buffer));
        expect(enc(int64, v.toString())).toBe(be);
        expect(enc(int64Le, v.toString())).toBe(le);
        expect(dec(int64, be)).toBe(v.toString());
        expect(dec(int64Le, le)).toBe(v.toString());
      }),
      { numRuns: 500 },
    );
  });

  it("32- and 16-bit integers and floats match DataView", () => {
    fc.assert(
      fc.property(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), fc.integer({ min: -32768, max: 32767 }), fc.double(), (i32, i16, d) => {
        const view = new DataView(new ArrayBuffer(8));
        view.setInt32(0, i32);
        expect(enc(int32, i32)).toBe(hexOf(new Uint8Array(view.buffer, 0, 4)));
        view.setInt16(0, i16, true);
        expect(enc(int16Le, i16)).toBe(hexOf(new Uint8Array(view.buffer, 0, 2)));
        view.setFloat64(0, d);
        expect(enc(float, d)).toBe(hexOf(new Uint8Array(view.buffer)));
        expect(Object.is(dec(float, hexOf(new Uint8Array(view.buffer))), d) || Number.isNaN(d)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it("ranged ints store the offset from a non-negative minimum", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 30 - 70000 }), fc.integer({ min: 0, max: 65535 }), (min, offset) => {
        const codec = rangedInt(min, min + 65535);
        expect(enc(codec, min + offset)).toBe(offset.toString(16).padStart(4, "0"));
      }),
      { numRuns: 300 },
    );
  });

  it("hex of any range of any view, on every path", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), fc.nat(), fc.nat(), (data, a, b) => {
        const view = data.subarray(data.length > 0 ? a % data.length : 0);
        const start = view.length > 0 ? b % view.length : 0;
        const expected = hexOf(view.subarray(start));
        expect(hexOfRange(view, start, view.length)).toBe(expected);
        expect(hexOfRangePortable(view, start, view.length)).toBe(expected);
      }),
      { numRuns: 300 },
    );
  });
});
