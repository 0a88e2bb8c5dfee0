/**
 * Text (`string` in data-encoding) whose JSON form is a *unistring*: a JSON string when the
 * bytes are valid UTF-8, otherwise `{"invalid_utf8_string": [bytes…]}` (data-encoding.md §5).
 * The binary form is the raw bytes in both cases, so the codec works on bytes and the encoder
 * accepts both forms.
 */
import { CodecDefinitionError, VARIABLE, fixedKind, type Codec } from "../codec.ts";
import type { BinaryReader } from "../reader.ts";
import type { BinaryWriter } from "../writer.ts";
import { failEncode, failShort, failValue } from "./fail.ts";
import { checkSize, dynamicSize, type LengthHeader } from "./dynamic-size.ts";
import { boundedHeader } from "./bytes.ts";

/** The JSON form of text. */
export type Unistring = string | { invalid_utf8_string: number[] };

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
const encoder = new TextEncoder();
/** Matches a UTF-16 surrogate that is not part of a pair. */
const LONE_SURROGATE = /\p{Cs}/u;
/**
 * Up to this many bytes, building an ASCII string by hand beats a TextDecoder call and still
 * yields a flat string (V8 builds ropes from 13 characters on, and they are costly to keep).
 */
const SHORT_TEXT = 12;

/** Text of `bytes[start, end)` as a unistring. */
export function unistringOfRange(bytes: Uint8Array, start: number, end: number): Unistring {
  if (end - start <= SHORT_TEXT) {
    let s = "";
    let i = start;
    for (; i < end; i++) {
      const c = bytes[i]!;
      if (c >= 0x80) break;
      s += String.fromCharCode(c);
    }
    if (i === end) return s;
  }
  const view = bytes.subarray(start, end);
  try {
    return utf8.decode(view);
  } catch {
    return { invalid_utf8_string: Array.from(view) };
  }
}

/** A unistring of the given bytes. */
export function bytesToUnistring(bytes: Uint8Array): Unistring {
  return unistringOfRange(bytes, 0, bytes.length);
}

/** Reads `n` bytes of text. */
export function readUnistring(r: BinaryReader, n: number): Unistring {
  const o = r.offset;
  if (r.end - o < n) failShort(r, n, "a string");
  r.offset = o + n;
  return unistringOfRange(r.bytes, o, o + n);
}

/** Reads the rest of the frame as text. */
export function readRestUnistring(r: BinaryReader): Unistring {
  const o = r.offset;
  r.offset = r.end;
  return unistringOfRange(r.bytes, o, r.end);
}

function isByte(v: unknown): boolean {
  return typeof v === "number" && Number.isInteger(v) && v >= 0 && v <= 255;
}

/**
 * Writes text given as a string or as `{invalid_utf8_string}`. With `n`, the text must take
 * exactly `n` bytes.
 */
export function writeUnistring(w: BinaryWriter, v: Unistring, n?: number): void {
  const start = w.length;
  if (typeof v === "string") {
    const len = v.length;
    if (len <= SHORT_TEXT) {
      // Short ASCII text, the common case (names, kinds), goes straight into the buffer.
      const at = w.reserve(len);
      const t = w.target;
      let i = 0;
      for (; i < len; i++) {
        const c = v.charCodeAt(i);
        if (c >= 0x80) break;
        t[at + i] = c;
      }
      if (i === len) {
        if (n !== undefined && len !== n) {
          w.length = start;
          failEncode(w, `a string of exactly ${n} bytes`, `${len} bytes`);
        }
        return;
      }
      w.length = start;
    }
    if (LONE_SURROGATE.test(v)) failEncode(w, "a string of Unicode characters", "a lone UTF-16 surrogate (not encodable as UTF-8)");
    // UTF-8 never needs more than 3 bytes per UTF-16 unit.
    const at = w.reserve(v.length * 3);
    const { written } = encoder.encodeInto(v, w.target.subarray(at));
    w.length = at + written;
  } else if (typeof v === "object" && v !== null && Array.isArray((v as { invalid_utf8_string?: unknown }).invalid_utf8_string)) {
    const list = v.invalid_utf8_string;
    const at = w.reserve(list.length);
    const t = w.target;
    for (let i = 0; i < list.length; i++) {
      const b = list[i];
      if (!isByte(b)) {
        w.length = start;
        failValue(w, `a byte (0..255) at invalid_utf8_string[${i}]`, b);
      }
      t[at + i] = b!;
    }
  } else {
    failValue(w, 'a string or {"invalid_utf8_string": [bytes]}', v);
  }
  if (n !== undefined && w.length - start !== n) {
    const got = w.length - start;
    w.length = start;
    failEncode(w, `a string of exactly ${n} bytes`, `${got} bytes`);
  }
}

/** `Fixed.string n`: exactly `n` bytes of text. */
export function fixedString(n: number): Codec<Unistring> {
  if (!Number.isInteger(n) || n < 0) throw new CodecDefinitionError(`fixed strings need a non-negative integer size, got ${n}`);
  return {
    decode: (r) => readUnistring(r, n),
    encode: (w, v) => writeUnistring(w, v, n),
    dataKind: fixedKind(n),
  };
}

/** `Variable.string`: the rest of the frame as text. */
export const variableString: Codec<Unistring> = {
  decode: readRestUnistring,
  encode: (w, v) => writeUnistring(w, v),
  dataKind: VARIABLE,
};

/** Text behind a length header: `string` (`Uint30`), `Bounded.string` (with `maxLength`), or `N`. */
export function dynamicString(header: LengthHeader = "Uint30", maxLength?: number): Codec<Unistring> {
  return dynamicSize(header, maxLength === undefined ? variableString : checkSize(maxLength, variableString));
}

/** `Bounded.string max`: the smallest length header for `max`, and `max` checked on both sides. */
export function boundedString(max: number): Codec<Unistring> {
  return dynamicString(boundedHeader(max), max);
}

const lenientUtf8 = new TextDecoder("utf-8", { fatal: false, ignoreBOM: true });

/** The bytes of `{invalid_utf8_string}`, or a TypeError naming what is wrong with the value. */
function invalidUtf8Bytes(value: unknown): Uint8Array {
  const list = typeof value === "object" && value !== null ? (value as { invalid_utf8_string?: unknown }).invalid_utf8_string : undefined;
  if (!Array.isArray(list)) throw new TypeError(`expected a unistring (a string or {"invalid_utf8_string": [bytes]}), got ${value === null ? "null" : typeof value}`);
  const bytes = new Uint8Array(list.length);
  list.forEach((b: unknown, i) => {
    if (!isByte(b)) throw new TypeError(`expected a byte (0..255) at invalid_utf8_string[${i}], got ${JSON.stringify(b)}`);
    bytes[i] = b as number;
  });
  return bytes;
}

/**
 * The text of a {@link Unistring} for display: the string itself, or its bytes read as UTF-8
 * with each invalid sequence replaced by U+FFFD. A value of another shape is a TypeError.
 */
export function unistringText(value: Unistring): string {
  return typeof value === "string" ? value : lenientUtf8.decode(invalidUtf8Bytes(value));
}

/** The exact bytes of a {@link Unistring}: the UTF-8 of a string, the raw bytes otherwise. */
export function unistringBytes(value: Unistring): Uint8Array {
  return typeof value === "string" ? encoder.encode(value) : invalidUtf8Bytes(value);
}
