import { describe, expect, it } from "vitest";
import { BinaryReader, BinaryWriter } from "../../../../runtime/index.ts";
import {
  readZarithN,
  readZarithNBig,
  readZarithNUpTo,
  readZarithZ,
  readZarithZBig,
  writeZarithN,
  writeZarithZ,
  zarithN,
  zarithNSize,
  zarithZ,
} from "../../../../runtime/index.ts";
import { dec, enc, expectDecodeError, expectEncodeError, reader, roundTrip, written } from "../support.ts";

/** Independent model of the layout, group by group with bigint arithmetic. */
function modelN(v: bigint): string {
  const out: number[] = [];
  do {
    const group = Number(v % 128n);
    v /= 128n;
    out.push(v > 0n ? group | 0x80 : group);
  } while (v > 0n);
  return out.map((b) => b.toString(16).padStart(2, "0")).join("");
}

function modelZ(v: bigint): string {
  const negative = v < 0n;
  const abs = negative ? -v : v;
  const rest = abs / 64n;
  const first = Number(abs % 64n) | (negative ? 0x40 : 0) | (rest > 0n ? 0x80 : 0);
  return first.toString(16).padStart(2, "0") + (rest > 0n ? modelN(rest) : "");
}

describe("zarith N", () => {
  it.each([
    ["0", "00"],
    ["1", "01"],
    ["127", "7f"],
    ["128", "8001"],
    ["300", "ac02"],
    ["16383", "ff7f"],
    ["16384", "808001"],
    ["7322135", "97f4be03"],
  ])("%s <-> %s (data-encoding.md §9.1)", (value, hex) => {
    roundTrip(zarithN, value, hex);
  });

  it("stays exact around 2^49 (number/bigint switch), 2^53 and 2^64", () => {
    for (const base of [2n ** 49n, 2n ** 53n, 2n ** 56n, 2n ** 64n, 2n ** 98n]) {
      for (const d of [-1n, 0n, 1n]) {
        const v = base + d;
        roundTrip(zarithN, v.toString(), modelN(v));
        expect(written((w) => writeZarithN(w, v))).toBe(modelN(v));
        expect(readZarithNBig(reader(modelN(v)))).toBe(v);
      }
    }
    roundTrip(zarithN, "18446744073709551615", "ffffffffffffffffff01");
  });

  it("handles numbers of hundreds of bytes", () => {
    const v = 3n ** 1000n;
    roundTrip(zarithN, v.toString(), modelN(v));
  });

  it("accepts bigint and safe-integer input", () => {
    expect(written((w) => writeZarithN(w, 300n))).toBe("ac02");
    expect(written((w) => writeZarithN(w, 300))).toBe("ac02");
    expect(zarithNSize(0)).toBe(1);
    expect(zarithNSize(128)).toBe(2);
    expect(zarithNSize(2 ** 49)).toBe(8);
  });

  it("rejects negative and malformed values", () => {
    expectEncodeError(() => enc(zarithN, "-1"), { expected: /non-negative/ });
    expectEncodeError(() => written((w) => writeZarithN(w, -1n)));
    expectEncodeError(() => written((w) => writeZarithN(w, 1.5)));
    for (const bad of ["", "1e3", "0x1", " 1", "1 ", "+1", "12a", "1.0", "9".repeat(14) + "/", "9".repeat(16) + ":"]) expectEncodeError(() => enc(zarithN, bad));
    expect(written((w) => writeZarithN(w, "007"))).toBe(written((w) => writeZarithN(w, "7")));
    expect(written((w) => writeZarithN(w, "9".repeat(15)))).toBe(modelN(10n ** 15n - 1n));
  });

  it("rejects a trailing zero group (non-canonical)", () => {
    expectDecodeError(() => dec(zarithN, "8000"), { offset: 1, expected: /canonical/ });
    expectDecodeError(() => dec(zarithN, "ff8000"), { offset: 2 });
    // A lone 00 is zero, not a trailing group.
    expect(dec(zarithN, "00")).toBe("0");
  });

  it("fails on a number cut by the end of the frame", () => {
    expectDecodeError(() => dec(zarithN, ""), { offset: 0, found: "the end of the frame" });
    expectDecodeError(() => dec(zarithN, "8080"), { offset: 0, found: /after 2 byte/ });
  });

  it("readZarithNUpTo bounds small naturals", () => {
    expect(readZarithNUpTo(reader("ac02"), 300)).toBe(300);
    expectDecodeError(() => readZarithNUpTo(reader("ad02"), 300), { found: "301" });
    expectDecodeError(() => readZarithNUpTo(reader("ffffffffffffffff01"), 2 ** 30), { found: /9-byte/ });
  });
});

describe("zarith Z", () => {
  it.each([
    ["0", "00"],
    ["1", "01"],
    ["-1", "41"],
    ["63", "3f"],
    ["-63", "7f"],
    ["64", "8001"],
    ["-64", "c001"],
    ["1238", "9613"],
    ["-1238", "d613"],
    ["8920392083423078", "a6fd9d9694c3d81f"],
  ])("%s <-> %s (data-encoding.md §9.2)", (value, hex) => {
    roundTrip(zarithZ, value, hex);
  });

  it("stays exact around 2^48, 2^53, 2^64, on both signs", () => {
    for (const base of [2n ** 48n, 2n ** 53n, 2n ** 55n, 2n ** 64n, 2n ** 200n]) {
      for (const d of [-1n, 0n, 1n]) {
        for (const v of [base + d, -(base + d)]) {
          roundTrip(zarithZ, v.toString(), modelZ(v));
          expect(readZarithZBig(reader(modelZ(v)))).toBe(v);
        }
      }
    }
  });

  it("writes zero without a sign", () => {
    expect(enc(zarithZ, "-0")).toBe("00");
    expect(written((w) => writeZarithZ(w, -0))).toBe("00");
    expect(written((w) => writeZarithZ(w, -(2n ** 70n)))).toBe(modelZ(-(2n ** 70n)));
  });

  it("rejects non-canonical forms: trailing zero and negative zero", () => {
    expectDecodeError(() => dec(zarithZ, "8100"), { offset: 1, expected: /canonical/ });
    expectDecodeError(() => dec(zarithZ, "c000"), { offset: 1 });
    expectDecodeError(() => dec(zarithZ, "40"), { offset: 0, found: /negative zero/ });
  });

  it("fails on truncated input and malformed values", () => {
    expectDecodeError(() => dec(zarithZ, ""), { offset: 0 });
    expectDecodeError(() => dec(zarithZ, "96"), { offset: 0 });
    expect(readZarithZ(reader("d613"))).toBe("-1238");
    for (const bad of ["", "-", "--1", "1.0", "abc"]) expectEncodeError(() => enc(zarithZ, bad));
    expectEncodeError(() => enc(zarithZ, null as unknown as string));
  });

  it("is Dynamic", () => {
    expect(zarithZ.dataKind).toEqual({ kind: "Dynamic" });
    expect(readZarithN(reader("00"))).toBe("0");
  });
});

describe("zarith numbers of hostile size (issue 14)", () => {
  it("agrees with the group-by-group model on random sizes around every byte and group boundary", () => {
    let seed = 7;
    const nextByte = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) & 0xff;
    for (let bytes = 6; bytes <= 80; bytes++) {
      let v = 0n;
      for (let i = 0; i < bytes; i++) v = (v << 8n) | BigInt(nextByte() | (i === 0 ? 1 : 0));
      expect(enc(zarithN, v.toString())).toBe(modelN(v));
      expect(dec(zarithN, modelN(v))).toBe(v.toString());
      for (const z of [v, -v]) {
        expect(enc(zarithZ, z.toString())).toBe(modelZ(z));
        expect(dec(zarithZ, modelZ(z))).toBe(z.toString());
        expect(written((w) => writeZarithZ(w, z))).toBe(modelZ(z));
      }
    }
  });

  // Before, the bigint was shifted once per 49 bits: 400 KB took 11 s, 1 MB 139 s; now well
  // under a second (the conversions to and from decimal text dominate).
  it("reads and writes a 400 KB number (n and z) in linear time, the same bytes back", () => {
    const groups = 400_000;
    const input = new Uint8Array(groups).fill(0xff);
    input[groups - 1] = 0x01;
    const asN = readZarithN(new BinaryReader(input));
    expect(asN.length).toBeGreaterThan(800_000);
    const w = new BinaryWriter(16);
    writeZarithN(w, asN);
    expect(Buffer.compare(w.finish(), input)).toBe(0);
    const asZ = readZarithZ(new BinaryReader(input));
    const wz = new BinaryWriter(16);
    writeZarithZ(wz, asZ);
    expect(Buffer.compare(wz.finish(), input)).toBe(0);
  });

  it("writes a million-digit z (a decimal string) and reads it back", () => {
    const text = `-${"9".repeat(1_000_000)}`;
    const w = new BinaryWriter(16);
    writeZarithZ(w, text);
    expect(readZarithZ(new BinaryReader(w.finish()))).toBe(text);
  });
});
