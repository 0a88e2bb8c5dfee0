/**
 * Timestamps and time spans (tezos/tezos-mirror `src/lib_base/time.ml`).
 *
 * - `timestamp.protocol`: binary int64 seconds since the epoch; JSON RFC 3339 in UTC with `Z`
 *   and whole seconds (`2018-06-30T16:07:32Z`), or a decimal string of seconds when the value
 *   lies outside years 0000–9999. Input: RFC 3339 with any offset (fractions of a second
 *   dropped, i.e. rounded down) or a decimal string of seconds.
 * - `timestamp.system`: binary int64 seconds; JSON printed by Ptime with millisecond digits and
 *   the "unknown local offset" `-00:00` (`2018-06-30T16:07:32.000-00:00`). Input: RFC 3339 or a
 *   decimal int64 of seconds; the binary keeps whole seconds (rounded down).
 * - `timestamp.rfc`: RFC 3339 text, binary a `uint30`-length string.
 * - `timespan.system`: a number of seconds, binary an 8-byte double.
 *
 * Calendar arithmetic is done on integers (days and seconds), never through `Date`, so there is
 * no millisecond rounding, no time-zone dependence and no ±8.64e15 ms limit.
 */
import { DYNAMIC, fixedKind, type Codec } from "../codec/codec.ts";
import { DecodeError, EncodeError, describeValue } from "../codec/errors.ts";
import type { BinaryReader } from "../codec/reader.ts";
import type { BinaryWriter } from "../codec/writer.ts";
import { parseInt64 } from "./int64.ts";
import { asciiUnistringText, readLength, utf8Bytes, utf8OrUndefined, writeLength } from "./internal/bytes.ts";

const SECONDS_PER_DAY = 86_400;

/** Days from 1970-01-01 to the given proleptic Gregorian date (month 1–12). */
export function daysFromCivil(year: number, month: number, day: number): number {
  // Count years from March so that the leap day ends the year.
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const shiftedMonth = month > 2 ? month - 3 : month + 9;
  const dayOfYear = Math.floor((153 * shiftedMonth + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

/** The proleptic Gregorian date of a day count from 1970-01-01. */
export function civilFromDays(days: number): { year: number; month: number; day: number } {
  const shifted = days + 719_468;
  const era = Math.floor(shifted / 146_097);
  const dayOfEra = shifted - era * 146_097;
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shiftedMonth = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * shiftedMonth + 2) / 5) + 1;
  const month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9;
  return { year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

/** First second of 0000-01-01T00:00:00Z. */
export const RFC3339_MIN_SECONDS = daysFromCivil(0, 1, 1) * SECONDS_PER_DAY;
/** Last second of 9999-12-31T23:59:59Z. */
export const RFC3339_MAX_SECONDS = daysFromCivil(9999, 12, 31) * SECONDS_PER_DAY + SECONDS_PER_DAY - 1;
const MIN_BIG = BigInt(RFC3339_MIN_SECONDS);
const MAX_BIG = BigInt(RFC3339_MAX_SECONDS);

function pad2(n: number): string {
  return n < 10 ? "0" + n : String(n);
}

function pad4(n: number): string {
  return n < 10 ? "000" + n : n < 100 ? "00" + n : n < 1000 ? "0" + n : String(n);
}

/** `YYYY-MM-DDTHH:MM:SS` of a second count within years 0000–9999 (no offset suffix). */
function dateTimeText(seconds: number): string {
  const days = Math.floor(seconds / SECONDS_PER_DAY);
  const inDay = seconds - days * SECONDS_PER_DAY;
  const { year, month, day } = civilFromDays(days);
  const hour = Math.floor(inDay / 3600);
  const minute = Math.floor((inDay - hour * 3600) / 60);
  const second = inDay - hour * 3600 - minute * 60;
  return `${pad4(year)}-${pad2(month)}-${pad2(day)}T${pad2(hour)}:${pad2(minute)}:${pad2(second)}`;
}

/**
 * RFC 3339 in UTC with whole seconds (`2018-06-30T16:07:32Z`) of a second count; throws a
 * RangeError outside years 0000–9999 (use {@link formatProtocolTimestamp} for any int64).
 */
export function formatRfc3339Utc(seconds: number): string {
  if (!Number.isInteger(seconds) || seconds < RFC3339_MIN_SECONDS || seconds > RFC3339_MAX_SECONDS) {
    throw new RangeError(`no RFC 3339 form for ${seconds} seconds (years 0000–9999 only)`);
  }
  return dateTimeText(seconds) + "Z";
}

/** The JSON form of a protocol timestamp: RFC 3339 within years 0000–9999, else a decimal string. */
export function formatProtocolTimestamp(seconds: bigint): string {
  if (seconds < MIN_BIG || seconds > MAX_BIG) return seconds.toString();
  return dateTimeText(Number(seconds)) + "Z";
}

/** The JSON form of a system timestamp (Ptime with 3 fraction digits, unknown offset `-00:00`). */
export function formatSystemTimestamp(seconds: number): string {
  if (!Number.isInteger(seconds) || seconds < RFC3339_MIN_SECONDS || seconds > RFC3339_MAX_SECONDS) {
    throw new RangeError(`no system timestamp for ${seconds} seconds (years 0000–9999 only)`);
  }
  return dateTimeText(seconds) + ".000-00:00";
}

/**
 * RFC 3339 as Ptime reads it without `~strict`: date, `T`/`t`/space, time with an optional
 * fraction, then `Z`/`z` or a `±HH:MM` offset.
 */
const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(?:([Zz])|([+-])(\d{2}):(\d{2}))$/;

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** Result of parsing an RFC 3339 string: whole seconds (rounded down) and the fraction digits. */
export interface ParsedRfc3339 {
  seconds: number;
  fraction: string;
}

/**
 * Parses RFC 3339 text to whole seconds since the epoch (a fraction rounds down), or returns
 * `undefined` when the text is not a valid date-time within 0000-01-01T00:00:00Z and
 * 9999-12-31T23:59:59Z (Ptime's range). A leap second `:60` is the next minute's first second,
 * as in Ptime and POSIX `mktime`.
 */
export function parseRfc3339(text: string): ParsedRfc3339 | undefined {
  const m = RFC3339.exec(text);
  if (m === null) return undefined;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  const hour = Number(m[4]);
  const minute = Number(m[5]);
  const second = Number(m[6]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  if (hour > 23 || minute > 59 || second > 60) return undefined;
  let offset = 0;
  if (m[9] !== undefined) {
    const offsetHours = Number(m[10]);
    const offsetMinutes = Number(m[11]);
    if (offsetHours > 23 || offsetMinutes > 59) return undefined;
    offset = (offsetHours * 60 + offsetMinutes) * 60 * (m[9] === "-" ? -1 : 1);
  }
  const seconds = daysFromCivil(year, month, day) * SECONDS_PER_DAY + hour * 3600 + minute * 60 + second - offset;
  if (seconds < RFC3339_MIN_SECONDS || seconds > RFC3339_MAX_SECONDS) return undefined;
  return { seconds, fraction: m[7] ?? "" };
}

/**
 * Seconds of a protocol timestamp's JSON form: RFC 3339 (fraction dropped) or a decimal int64
 * string; `undefined` when it is neither.
 */
export function parseProtocolTimestamp(value: string): bigint | undefined {
  const rfc = parseRfc3339(value);
  if (rfc !== undefined) return BigInt(rfc.seconds);
  return parseInt64(value);
}

/** What a protocol timestamp's JSON form looks like, for error messages. */
export const EXPECTED_PROTOCOL_TIMESTAMP = "a protocol timestamp (RFC 3339 or decimal seconds in int64 range)";

/**
 * True when `value` is the JSON form of a protocol timestamp, as {@link parseProtocolTimestamp}
 * reads it (also in the unistring's invalid-UTF-8 form of ASCII text). For the generated JSON
 * validators: Octez's schema types `timestamp.protocol` as bare text.
 */
export function isProtocolTimestamp(value: unknown): boolean {
  // A byte form longer than 256 is no timestamp worth converting (an int64 has at most 20 digits).
  const text = asciiUnistringText(value, 256);
  return text !== undefined && parseProtocolTimestamp(text) !== undefined;
}

/** Reads a `timestamp.protocol` (int64 seconds) in its JSON form. */
export function readProtocolTimestamp(reader: BinaryReader): string {
  return formatProtocolTimestamp(reader.int64());
}

/** Writes a protocol timestamp given as RFC 3339 or decimal seconds. */
export function writeProtocolTimestamp(writer: BinaryWriter, value: string): void {
  const seconds = typeof value === "string" ? parseProtocolTimestamp(value) : undefined;
  if (seconds === undefined) {
    throw new EncodeError(EXPECTED_PROTOCOL_TIMESTAMP, describeValue(value), writer.length);
  }
  writer.int64(seconds);
}

/** `timestamp.protocol`: int64 seconds ↔ RFC 3339 `…Z` (or decimal seconds outside 0000–9999). */
export const timestampProtocolCodec: Codec<string> = Object.freeze({
  decode: readProtocolTimestamp,
  encode: writeProtocolTimestamp,
  dataKind: fixedKind(8),
});

/**
 * Seconds of a system timestamp's JSON form: RFC 3339 (rounded down to the second) or an int64
 * of seconds (decimal string or safe integer) within Ptime's range.
 */
export function parseSystemTimestamp(value: unknown): number | undefined {
  if (typeof value === "string") {
    const rfc = parseRfc3339(value);
    if (rfc !== undefined) return rfc.seconds;
    const n = parseInt64(value);
    return n !== undefined && n >= MIN_BIG && n <= MAX_BIG ? Number(n) : undefined;
  }
  if (typeof value === "number" && Number.isSafeInteger(value) && value >= RFC3339_MIN_SECONDS && value <= RFC3339_MAX_SECONDS) return value;
  return undefined;
}

/** Reads a `timestamp.system` (int64 seconds within years 0000–9999) in its JSON form. */
export function readSystemTimestamp(reader: BinaryReader): string {
  const at = reader.offset;
  const seconds = reader.int64();
  if (seconds < MIN_BIG || seconds > MAX_BIG) {
    throw new DecodeError("a system timestamp within years 0000–9999", `${seconds} seconds`, at);
  }
  return formatSystemTimestamp(Number(seconds));
}

/** Writes a system timestamp given as RFC 3339 or int64 seconds. */
export function writeSystemTimestamp(writer: BinaryWriter, value: string): void {
  const seconds = parseSystemTimestamp(value);
  if (seconds === undefined) {
    throw new EncodeError("a system timestamp (RFC 3339 or int64 seconds within years 0000–9999)", describeValue(value), writer.length);
  }
  writer.int64(BigInt(seconds));
}

/** `timestamp.system`: int64 seconds ↔ `YYYY-MM-DDTHH:MM:SS.000-00:00`. */
export const timestampSystemCodec: Codec<string> = Object.freeze({
  decode: readSystemTimestamp,
  encode: writeSystemTimestamp,
  dataKind: fixedKind(8),
});

/**
 * `timestamp.rfc`: the RFC 3339 text itself, as a `uint30`-length string in binary. The text is
 * validated both ways and passed through unchanged (Octez defines this name in both
 * `Time.Protocol` and `Time.System`, which print it differently, so no normal form is imposed).
 */
export const timestampRfcCodec: Codec<string> = Object.freeze({
  decode: readRfcTimestamp,
  encode: writeRfcTimestamp,
  dataKind: DYNAMIC,
});

/** Reads a `uint30`-length RFC 3339 string (validated, returned unchanged). */
export function readRfcTimestamp(reader: BinaryReader): string {
  const at = reader.offset;
  const length = readLength(reader, "an RFC 3339 timestamp");
  const start = reader.offset;
  reader.offset += length;
  const text = utf8OrUndefined(reader.bytes.subarray(start, start + length));
  if (text === undefined || parseRfc3339(text) === undefined) {
    throw new DecodeError("an RFC 3339 timestamp", text === undefined ? "invalid UTF-8" : describeValue(text), at);
  }
  return text;
}

/** Writes an RFC 3339 string (validated) with its `uint30` length. */
export function writeRfcTimestamp(writer: BinaryWriter, value: string): void {
  if (typeof value !== "string" || parseRfc3339(value) === undefined) {
    throw new EncodeError("an RFC 3339 timestamp", describeValue(value), writer.length);
  }
  const bytes = utf8Bytes(value);
  writeLength(writer, bytes.length, "an RFC 3339 timestamp");
  writer.raw(bytes);
}

/** Reads a `timespan.system` (a finite double of seconds). */
export function readTimespan(reader: BinaryReader): number {
  const at = reader.offset;
  const value = reader.float64();
  // Ptime refuses NaN and infinities, and JSON cannot carry them.
  if (!Number.isFinite(value)) throw new DecodeError("a finite time span", String(value), at);
  return value;
}

/** Writes a time span in seconds as a double. */
export function writeTimespan(writer: BinaryWriter, value: number): void {
  if (typeof value !== "number" || !Number.isFinite(value)) {
    throw new EncodeError("a time span in seconds (a finite number)", describeValue(value), writer.length);
  }
  writer.float64(value);
}

/** `timespan.system`: seconds as an 8-byte IEEE-754 double. */
export const timespanSystemCodec: Codec<number> = Object.freeze({
  decode: readTimespan,
  encode: writeTimespan,
  dataKind: fixedKind(8),
});
