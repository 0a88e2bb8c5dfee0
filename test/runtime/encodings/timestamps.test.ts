import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DecodeError,
  EncodeError,
  RFC3339_MAX_SECONDS,
  RFC3339_MIN_SECONDS,
  civilFromDays,
  daysFromCivil,
  decodeBytes,
  encodeBytes,
  formatProtocolTimestamp,
  formatRfc3339Utc,
  parseRfc3339,
  timespanSystemCodec,
  timestampProtocolCodec,
  timestampRfcCodec,
  timestampSystemCodec,
  type Codec,
} from "../../../runtime/index.ts";
import { itWithReference, readReference } from "../../support/reference.ts";
import { ALPHA, ITHACA, decodesOrDecodeError, hex, roundTrip, thrown, unhex, type Vector } from "./support/helpers.ts";

const int64Hex = (n: bigint) => BigInt.asUintN(64, n).toString(16).padStart(16, "0");

describe("calendar arithmetic", () => {
  it("agrees with Date on every day from year 0 to 9999 (sampled) and around the epoch", () => {
    const first = daysFromCivil(0, 1, 1);
    const last = daysFromCivil(9999, 12, 31);
    const days: number[] = [first, last, -1, 0, 1, 59, 60, 365, 366, 11_016, -719_468];
    for (let d = first; d <= last; d += 997) days.push(d);
    for (const d of days) {
      const date = new Date(d * 86_400_000);
      const civil = civilFromDays(d);
      expect(civil).toEqual({ year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() });
      expect(daysFromCivil(civil.year, civil.month, civil.day)).toBe(d);
    }
  });

  it("knows the range limits", () => {
    expect(RFC3339_MIN_SECONDS).toBe(-62_167_219_200);
    expect(RFC3339_MAX_SECONDS).toBe(253_402_300_799);
    expect(formatRfc3339Utc(RFC3339_MIN_SECONDS)).toBe("0000-01-01T00:00:00Z");
    expect(formatRfc3339Utc(RFC3339_MAX_SECONDS)).toBe("9999-12-31T23:59:59Z");
    expect(() => formatRfc3339Utc(RFC3339_MAX_SECONDS + 1)).toThrow(RangeError);
  });
});

describe("timestamp.protocol", () => {
  it("matches the recorded values", () => {
    roundTrip(timestampProtocolCodec, "2020-04-20T16:19:59Z", "000000005e9dcbaf");
    roundTrip(timestampProtocolCodec, "2018-06-30T16:07:32Z", "000000005b37aac4");
    roundTrip(timestampProtocolCodec, "1970-01-01T00:00:00Z", "0000000000000000");
  });

  it("prints negative times before 1970 and decimal seconds outside years 0000–9999", () => {
    roundTrip(timestampProtocolCodec, "1969-12-31T23:59:59Z", int64Hex(-1n));
    roundTrip(timestampProtocolCodec, "0000-01-01T00:00:00Z", int64Hex(-62_167_219_200n));
    roundTrip(timestampProtocolCodec, "-62167219201", int64Hex(-62_167_219_201n));
    roundTrip(timestampProtocolCodec, "253402300800", int64Hex(253_402_300_800n));
    roundTrip(timestampProtocolCodec, "9223372036854775807", "7fffffffffffffff");
    roundTrip(timestampProtocolCodec, "-9223372036854775808", "8000000000000000");
  });

  it("accepts any offset, drops fractions (rounding down) and accepts decimal seconds", () => {
    const cases: [string, bigint][] = [
      ["2020-04-20T18:19:59+02:00", 1_587_399_599n],
      ["2020-04-20T12:49:59-03:30", 1_587_399_599n],
      ["2020-04-20T16:19:59.999999Z", 1_587_399_599n],
      ["2020-04-20t16:19:59z", 1_587_399_599n],
      ["2020-04-20 16:19:59Z", 1_587_399_599n],
      ["2020-04-20T16:19:59-00:00", 1_587_399_599n],
      ["1969-12-31T23:59:59.5Z", -1n],
      ["1587399599", 1_587_399_599n],
      ["-5", -5n],
      ["2016-12-31T23:59:60Z", 1_483_228_800n],
    ];
    for (const [text, seconds] of cases) {
      expect(hex(encodeBytes(timestampProtocolCodec, text))).toBe(int64Hex(seconds));
    }
  });

  it("refuses bad input with an EncodeError", () => {
    for (const bad of ["2020-02-30T00:00:00Z", "2020-04-20T24:00:00Z", "2020-04-20T16:19:59+0200", "2020-04-20T16:19:59+02", "2020-04-20T16:19:59+24:00", "2020-04-20T16:19:59.Z", "2020-04-20", "yesterday", "9223372036854775808", "1e9", "", "0000-01-01T00:00:00+00:01"]) {
      const e = thrown(() => encodeBytes(timestampProtocolCodec, bad));
      expect(e).toBeInstanceOf(EncodeError);
      expect(e.message).toContain("a protocol timestamp");
    }
    expect(thrown(() => encodeBytes(timestampProtocolCodec, 1587399599 as unknown as string))).toBeInstanceOf(EncodeError);
  });

  it("round-trips every int64", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }), (n) => {
        const text = decodeBytes(timestampProtocolCodec, unhex(int64Hex(n)));
        expect(text).toBe(formatProtocolTimestamp(n));
        expect(hex(encodeBytes(timestampProtocolCodec, text))).toBe(int64Hex(n));
      }),
      { numRuns: 2000 },
    );
  });

  it("round-trips every second of years 0000–9999 through RFC 3339", () => {
    fc.assert(
      fc.property(fc.integer({ min: RFC3339_MIN_SECONDS, max: RFC3339_MAX_SECONDS }), (s) => {
        const text = formatRfc3339Utc(s);
        expect(text).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
        expect(parseRfc3339(text)?.seconds).toBe(s);
        if (s >= -8.64e12 && s <= 8.64e12) expect(new Date(s * 1000).toISOString().replace(".000Z", "Z").replace(/^\+0*(\d{4})/, "$1")).toBe(text);
      }),
      { numRuns: 2000 },
    );
  });

  itWithReference([ALPHA, ITHACA])("decodes every timestamp vector", () => {
    for (const file of [ALPHA, ITHACA]) {
      const vectors = readReference<{ vectors: Vector[] }>(file).vectors.filter((v) => v.encoding.endsWith(".timestamp"));
      expect(vectors.length).toBeGreaterThan(0);
      for (const v of vectors) roundTrip(timestampProtocolCodec, v.json as string, v.hex, v.decoded_json as string);
    }
  });
});

describe("timestamp.system", () => {
  it("prints Ptime's form with milliseconds and the unknown offset", () => {
    roundTrip(timestampSystemCodec, "2018-06-30T16:07:32.000-00:00", "000000005b37aac4");
    roundTrip(timestampSystemCodec, "1969-12-31T23:59:59.000-00:00", int64Hex(-1n));
  });

  it("accepts RFC 3339 and seconds, keeping whole seconds", () => {
    expect(hex(encodeBytes(timestampSystemCodec, "2018-06-30T18:07:32.789+02:00"))).toBe("000000005b37aac4");
    expect(hex(encodeBytes(timestampSystemCodec, "1530374852"))).toBe("000000005b37aac4");
    expect(hex(encodeBytes(timestampSystemCodec, 1530374852 as unknown as string))).toBe("000000005b37aac4");
  });

  it("refuses values outside Ptime's range both ways", () => {
    expect(thrown(() => decodeBytes(timestampSystemCodec, unhex(int64Hex(253_402_300_800n))))).toBeInstanceOf(DecodeError);
    expect(thrown(() => encodeBytes(timestampSystemCodec, "253402300800"))).toBeInstanceOf(EncodeError);
    expect(thrown(() => encodeBytes(timestampSystemCodec, "soon"))).toBeInstanceOf(EncodeError);
  });
});

describe("timestamp.rfc and timespan.system", () => {
  it("carry the RFC 3339 text in a length-prefixed string", () => {
    const text = "2020-04-20T16:19:59Z";
    roundTrip(timestampRfcCodec, text, "00000014" + Buffer.from(text).toString("hex"));
    roundTrip(timestampRfcCodec, "2020-04-20T16:19:59.123-00:00", "0000001d" + Buffer.from("2020-04-20T16:19:59.123-00:00").toString("hex"));
    expect(thrown(() => encodeBytes(timestampRfcCodec, "not a date"))).toBeInstanceOf(EncodeError);
    expect(thrown(() => decodeBytes(timestampRfcCodec, unhex("00000003616263")))).toBeInstanceOf(DecodeError);
  });

  it("write time spans as doubles", () => {
    roundTrip(timespanSystemCodec, 1.5, "3ff8000000000000");
    roundTrip(timespanSystemCodec, -600, "c082c00000000000");
    expect(thrown(() => encodeBytes(timespanSystemCodec, Number.NaN))).toBeInstanceOf(EncodeError);
    expect(thrown(() => decodeBytes(timespanSystemCodec, unhex("7ff8000000000000")))).toBeInstanceOf(DecodeError);
  });
});

describe("random and truncated bytes only ever give DecodeError", () => {
  const codecs: [string, Codec<unknown>][] = [
    ["timestamp.protocol", timestampProtocolCodec as Codec<unknown>],
    ["timestamp.system", timestampSystemCodec as Codec<unknown>],
    ["timestamp.rfc", timestampRfcCodec as Codec<unknown>],
    ["timespan.system", timespanSystemCodec as Codec<unknown>],
  ];
  it.each(codecs)("%s", (_, codec) => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 40 }), (bytes) => decodesOrDecodeError(codec, bytes)),
      { numRuns: 1000 },
    );
  });
});
