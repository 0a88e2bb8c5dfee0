/**
 * Free JSON values in binary (data-encoding's `json` type: error traces, `any` values).
 *
 * Binary form: a `uint30`-length string holding a BSON document, written the way
 * json-data-encoding's `Json_repr_bson` does it (facts from tezos/tezos-mirror
 * `data-encoding/src/json.ml` and json-data-encoding `src/json_repr_bson.ml`):
 *
 * - all integers little-endian; a document is `int32 size ‖ elements ‖ 00`, where `size` counts
 *   the whole document; an element is `tag ‖ name (C string) ‖ value`;
 * - numbers are doubles (tag 01), strings `int32 (bytes + 1) ‖ UTF-8 ‖ 00` (tag 02), booleans one
 *   byte 00/01 (tag 08), null no bytes (tag 0A), objects (tag 03) and arrays (tag 04) nested
 *   documents, array elements named `"0"`, `"1"`, …;
 * - a top-level array is written as a plain document with those names, so it cannot be told
 *   from an object by its bytes;
 * - a top-level string, number, boolean or null is a document holding a single value with an
 *   "immediate" tag (81 double, 82 string, 88 boolean, 8A null) and no name.
 *
 * Decoding is lenient where the format is ambiguous: a top-level document whose names are
 * exactly `"0"`…`"n−1"` (n ≥ 1) becomes an array (JSON values are far more often arrays than such
 * objects; pass `{ rootArrays: false }` for Octez's own reading, which gives an object); an array
 * subdocument whose names are not in order becomes an object instead of failing; immediate
 * tags are accepted in nested documents too, as the Octez reader does. Everything else is
 * checked: sizes against the bytes available, terminators, boolean bytes, UTF-8, known tags,
 * and nesting depth. Any failure is a {@link DecodeError} with the byte offset in the input.
 */
import { DYNAMIC, type Codec } from "../codec/codec.ts";
import { DecodeError, EncodeError, describeValue } from "../codec/errors.ts";
import type { BinaryReader } from "../codec/reader.ts";
import type { BinaryWriter } from "../codec/writer.ts";
import { readLength, utf8OrUndefined, writeLength } from "./internal/bytes.ts";

/** A JSON value as `JSON.parse` returns it. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/**
 * Default deepest nesting of documents, for both directions: whatever the encoder writes by
 * default, the decoder reads by default.
 */
export const BSON_DEFAULT_MAX_DEPTH = 512;

/** Options of {@link decodeBson}. */
export interface BsonDecodeOptions {
  /** Read a top-level document named `"0"`…`"n−1"` as an array (default `true`). */
  rootArrays?: boolean;
  /** Deepest nesting accepted (default {@link BSON_DEFAULT_MAX_DEPTH}); deeper input is refused rather than overflowing the stack. */
  maxDepth?: number;
}

/** Options of {@link encodeBson}. */
export interface BsonEncodeOptions {
  /** Deepest nesting accepted (default {@link BSON_DEFAULT_MAX_DEPTH}); a deeper or cyclic value fails with an {@link EncodeError}. */
  maxDepth?: number;
}

const TAG_DOUBLE = 0x01;
const TAG_STRING = 0x02;
const TAG_OBJECT = 0x03;
const TAG_ARRAY = 0x04;
const TAG_BOOL = 0x08;
const TAG_NULL = 0x0a;
const IMMEDIATE = 0x80;

// ---------------------------------------------------------------------------------------------
// Encoding

const utf8 = new TextEncoder();

/** A little-endian byte builder for BSON (the shared writer is big-endian). */
class LittleEndianBuilder {
  bytes = new Uint8Array(256);
  view = new DataView(this.bytes.buffer);
  length = 0;

  private room(n: number): void {
    if (this.length + n <= this.bytes.length) return;
    let size = this.bytes.length * 2;
    while (size < this.length + n) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.bytes.subarray(0, this.length));
    this.bytes = next;
    this.view = new DataView(next.buffer);
  }

  byte(v: number): void {
    this.room(1);
    this.bytes[this.length++] = v;
  }

  int32(v: number): void {
    this.room(4);
    this.view.setInt32(this.length, v, true);
    this.length += 4;
  }

  double(v: number): void {
    this.room(8);
    this.view.setFloat64(this.length, v, true);
    this.length += 8;
  }

  raw(b: Uint8Array): void {
    this.room(b.length);
    this.bytes.set(b, this.length);
    this.length += b.length;
  }

  /** Starts a document: returns the position of its size field. */
  open(): number {
    const at = this.length;
    this.int32(0);
    return at;
  }

  /** Ends a document started at `at`: terminator, then the size field. */
  close(at: number): void {
    this.byte(0);
    this.view.setInt32(at, this.length - at, true);
  }
}

/** Where a value sits, for encoding error paths. */
type Path = (string | number)[];

function fail(expected: string, found: unknown, path: Path): never {
  const error = new EncodeError(expected, describeValue(found), 0);
  for (let i = path.length - 1; i >= 0; i--) error.prepend(path[i]!);
  throw error;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (typeof v !== "object" || v === null || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
}

function writeName(out: LittleEndianBuilder, name: string, path: Path): void {
  if (name.includes("\u0000")) fail("an object key without NUL characters (BSON names are C strings)", name, path);
  out.raw(utf8.encode(name));
  out.byte(0);
}

function writeString(out: LittleEndianBuilder, s: string): void {
  const b = utf8.encode(s);
  out.int32(b.length + 1);
  out.raw(b);
  out.byte(0);
}

function checkNumber(v: number, path: Path): void {
  if (!Number.isFinite(v)) fail("a finite number (JSON has no NaN or infinity)", v, path);
}

/** An object or array document being written. */
interface OpenDocument {
  readonly value: unknown[] | Record<string, unknown>;
  /** The object's keys; `undefined` for an array. */
  readonly keys: string[] | undefined;
  readonly count: number;
  /** Next element to write. */
  index: number;
  /** Position of the document's size field; −1 for the root, which the caller closes. */
  readonly at: number;
}

function openDocument(value: unknown[] | Record<string, unknown>, at: number): OpenDocument {
  const keys = Array.isArray(value) ? undefined : Object.keys(value);
  return { value, keys, count: keys === undefined ? (value as unknown[]).length : keys.length, index: 0, at };
}

/**
 * Writes the elements of an object or array document (without its size and terminator), and
 * every document inside it. An explicit stack of open documents stands in for recursion, so the
 * depth is limited by `maxDepth` alone (checked before going deeper), never by the call stack.
 * `path` holds the position of the element being written, for error paths.
 */
function writeElements(out: LittleEndianBuilder, root: unknown[] | Record<string, unknown>, path: Path, maxDepth: number): void {
  const stack: OpenDocument[] = [openDocument(root, -1)];
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    if (top.index === top.count) {
      stack.pop();
      if (top.at >= 0) {
        out.close(top.at);
        path.pop();
      }
      continue;
    }
    const i = top.index++;
    const name = top.keys === undefined ? String(i) : top.keys[i]!;
    const v: unknown = top.keys === undefined ? (top.value as unknown[])[i] : (top.value as Record<string, unknown>)[name];
    path.push(top.keys === undefined ? i : name);
    if (v === null) {
      out.byte(TAG_NULL);
      writeName(out, name, path);
    } else if (typeof v === "boolean") {
      out.byte(TAG_BOOL);
      writeName(out, name, path);
      out.byte(v ? 1 : 0);
    } else if (typeof v === "number") {
      checkNumber(v, path);
      out.byte(TAG_DOUBLE);
      writeName(out, name, path);
      out.double(v);
    } else if (typeof v === "string") {
      out.byte(TAG_STRING);
      writeName(out, name, path);
      writeString(out, v);
    } else if (Array.isArray(v) || isPlainObject(v)) {
      // The root is depth 0; this document would be at depth `stack.length`.
      if (stack.length > maxDepth) fail(`a JSON value nested at most ${maxDepth} deep`, v, path);
      out.byte(Array.isArray(v) ? TAG_ARRAY : TAG_OBJECT);
      writeName(out, name, path);
      stack.push(openDocument(v as unknown[] | Record<string, unknown>, out.open()));
      continue; // the path keeps this element until its document is closed
    } else {
      fail("a JSON value", v, path);
    }
    path.pop();
  }
}

/** The BSON bytes of a JSON value, as data-encoding writes them. Fails with an {@link EncodeError} on non-JSON input. */
export function encodeBson(value: JsonValue, options: BsonEncodeOptions = {}): Uint8Array {
  const out = new LittleEndianBuilder();
  const at = out.open();
  const v: unknown = value;
  const path: Path = [];
  if (v === null) out.byte(IMMEDIATE | TAG_NULL);
  else if (typeof v === "boolean") {
    out.byte(IMMEDIATE | TAG_BOOL);
    out.byte(v ? 1 : 0);
  } else if (typeof v === "number") {
    checkNumber(v, path);
    out.byte(IMMEDIATE | TAG_DOUBLE);
    out.double(v);
  } else if (typeof v === "string") {
    out.byte(IMMEDIATE | TAG_STRING);
    writeString(out, v);
  } else if (Array.isArray(v) || isPlainObject(v)) {
    writeElements(out, v as unknown[] | Record<string, unknown>, path, options.maxDepth ?? BSON_DEFAULT_MAX_DEPTH);
  } else {
    fail("a JSON value", v, path);
  }
  out.close(at);
  return out.bytes.slice(0, out.length);
}

// ---------------------------------------------------------------------------------------------
// Decoding

/** A cursor over BSON bytes that reports absolute offsets (`base` + position in `bytes`). */
class BsonReader {
  constructor(
    readonly bytes: Uint8Array,
    readonly view: DataView,
    readonly base: number,
    readonly maxDepth: number,
  ) {}

  error(expected: string, found: string, at: number): never {
    throw new DecodeError(`${expected} (BSON)`, found, this.base + at);
  }

  int32(at: number, end: number, what: string): number {
    if (end - at < 4) this.error(`4 bytes for ${what}`, `${end - at} byte(s) left`, at);
    return this.view.getInt32(at, true);
  }

  /** Reads a C string starting at `at`; returns it and the position after its terminator. */
  cstring(at: number, end: number): [string, number] {
    let i = at;
    while (i < end && this.bytes[i] !== 0) i++;
    if (i >= end) this.error("a NUL-terminated element name", "no terminator before the end of the document", at);
    const text = utf8OrUndefined(this.bytes.subarray(at, i));
    if (text === undefined) this.error("an element name in UTF-8", "invalid UTF-8", at);
    return [text, i + 1];
  }

  /** Reads a BSON string value at `at`; returns it and the position after it. */
  string(at: number, end: number): [string, number] {
    const size = this.int32(at, end, "a string size");
    const start = at + 4;
    if (size < 1 || size > end - start) this.error("a string size between 1 and the bytes left", String(size), at);
    const stop = start + size - 1;
    if (this.bytes[stop] !== 0) this.error("a NUL byte ending a string", `byte ${this.bytes[stop]}`, stop);
    const text = utf8OrUndefined(this.bytes.subarray(start, stop));
    if (text === undefined) this.error("a string in UTF-8", "invalid UTF-8", start);
    return [text, stop + 1];
  }

  double(at: number, end: number): number {
    if (end - at < 8) this.error("8 bytes for a double", `${end - at} byte(s) left`, at);
    return this.view.getFloat64(at, true);
  }

  bool(at: number, end: number): boolean {
    if (end - at < 1) this.error("1 byte for a boolean", "0 bytes left", at);
    const b = this.bytes[at]!;
    if (b > 1) this.error("a boolean byte 00 or 01", `byte ${b}`, at);
    return b === 1;
  }

  /** A double, string, boolean or null value of element type `tag` at `at`, with the offset after it; `undefined` for other types. */
  private scalar(tag: number, at: number, end: number): [JsonValue, number] | undefined {
    switch (tag) {
      case TAG_DOUBLE:
        return [this.double(at, end), at + 8];
      case TAG_STRING:
        return this.string(at, end);
      case TAG_BOOL:
        return [this.bool(at, end), at + 1];
      case TAG_NULL:
        return [null, at];
      default:
        return undefined;
    }
  }

  /**
   * Reads the document occupying exactly `[at, end)`. `shape`: how to read names "0"…"n−1"
   * (an array element, the root when `rootArrays` is on, or an object). Returns the JSON value.
   */
  document(at: number, end: number, shape: DocumentShape, depth: number): JsonValue {
    if (depth > this.maxDepth) this.error(`documents nested at most ${this.maxDepth} deep`, "deeper nesting", at);
    if (end - at < 5) this.error("at least 5 bytes for a document", `${end - at} byte(s)`, at);
    const size = this.view.getInt32(at, true);
    if (size !== end - at) this.error(`a document size equal to the ${end - at} bytes available`, String(size), at);
    let p = at + 4;
    const last = end - 1;
    if (this.bytes[last] !== 0) this.error("a NUL byte ending the document", `byte ${this.bytes[last]}`, last);
    const first = this.bytes[p]!;
    if ((first & 0xf0) === IMMEDIATE) {
      p++;
      const scalar = this.scalar(first & 0x0f, p, last);
      if (scalar === undefined) this.error("an immediate value tag (81, 82, 88 or 8A)", `tag ${first.toString(16)}`, p - 1);
      let value: JsonValue;
      [value, p] = scalar;
      if (p !== last) this.error("the end of an immediate-value document", `${last - p} extra byte(s)`, p);
      return value;
    }
    const names: string[] = [];
    const values: JsonValue[] = [];
    while (p < last) {
      const tag = this.bytes[p]!;
      if (tag === 0) this.error("an element or the end of the document", "an early terminator", p);
      const tagAt = p;
      let name: string;
      [name, p] = this.cstring(p + 1, last);
      let value: JsonValue;
      const scalar = this.scalar(tag, p, last);
      if (scalar !== undefined) {
        [value, p] = scalar;
      } else if (tag === TAG_OBJECT || tag === TAG_ARRAY) {
        const size = this.int32(p, last, "a subdocument size");
        if (size < 5 || size > last - p) this.error("a subdocument size between 5 and the bytes left", String(size), p);
        value = this.document(p, p + size, tag === TAG_ARRAY ? "array" : "object", depth + 1);
        p += size;
      } else {
        this.error("an element tag (01, 02, 03, 04, 08 or 0A)", `tag ${tag.toString(16).padStart(2, "0")}`, tagAt);
      }
      names.push(name);
      values.push(value);
    }
    if (shape === "array" && isIndexed(names)) return values;
    if (shape === "root" && names.length > 0 && isIndexed(names)) return values;
    return toObject(names, values);
  }
}

/** How a document's elements become JSON: see {@link BsonReader.document}. */
type DocumentShape = "object" | "array" | "root";

/** True when the names are exactly "0", "1", … in order. */
function isIndexed(names: readonly string[]): boolean {
  for (let i = 0; i < names.length; i++) if (names[i] !== String(i)) return false;
  return true;
}

/** An object like `JSON.parse` builds: own enumerable properties, `__proto__` included as a plain key; a repeated name keeps its last value. */
function toObject(names: readonly string[], values: readonly JsonValue[]): { [key: string]: JsonValue } {
  const out: { [key: string]: JsonValue } = {};
  for (let i = 0; i < names.length; i++) {
    const name = names[i]!;
    if (name === "__proto__")
      Object.defineProperty(out, name, {
        value: values[i],
        enumerable: true,
        writable: true,
        configurable: true,
      });
    else out[name] = values[i]!;
  }
  return out;
}

/**
 * Decodes the BSON document occupying all of `bytes[start, end)` to a JSON value. Error
 * offsets are positions in `bytes`.
 */
export function decodeBson(bytes: Uint8Array, options: BsonDecodeOptions = {}, start = 0, end = bytes.length): JsonValue {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const maxDepth = options.maxDepth ?? BSON_DEFAULT_MAX_DEPTH;
  const reader = new BsonReader(bytes, view, 0, maxDepth);
  try {
    return reader.document(start, end, (options.rootArrays ?? true) ? "root" : "object", 0);
  } catch (error) {
    // The reader recurses once per level: a `maxDepth` raised far beyond the default can meet
    // the end of the call stack first. That is still a refusal of the input, not a crash.
    if (error instanceof RangeError) throw new DecodeError(`documents nested at most as deep as the call stack allows (maxDepth ${maxDepth}) (BSON)`, "deeper nesting", start);
    throw error;
  }
}

/**
 * Reads a BSON document of `length` bytes, or filling the rest of the frame when `length` is
 * omitted (the caller has read any length prefix). For generated code: the `any` JSON leaf.
 */
export function readBsonValue(reader: BinaryReader, length?: number): JsonValue {
  const start = reader.offset;
  const size = length ?? reader.remaining();
  reader.need(size, "a BSON document");
  const value = decodeBson(reader.bytes, {}, start, start + size);
  reader.offset = start + size;
  return value;
}

/** The BSON bytes of `value`, with encoding errors placed at the writer's position. */
function bsonForWriter(writer: BinaryWriter, value: JsonValue): Uint8Array {
  try {
    return encodeBson(value);
  } catch (error) {
    if (error instanceof EncodeError) throw new EncodeError(error.expected, error.found, writer.length, error.segments);
    throw error;
  }
}

/**
 * Writes the BSON document of `value` without a length prefix; with `length`, the document
 * must have exactly that size. For generated code: the `any` JSON leaf.
 */
export function writeBsonValue(writer: BinaryWriter, value: JsonValue, length?: number): void {
  const bytes = bsonForWriter(writer, value);
  if (length !== undefined && bytes.length !== length) {
    throw new EncodeError(`a JSON value whose BSON form has ${length} bytes`, `${bytes.length} bytes`, writer.length);
  }
  writer.raw(bytes);
}

/** Reads a `json` value: a `uint30` length, then the BSON document. */
export function readJsonValue(reader: BinaryReader): JsonValue {
  const length = readLength(reader, "a BSON document");
  return readBsonValue(reader, length);
}

/** Writes a `json` value: a `uint30` length, then the BSON document. */
export function writeJsonValue(writer: BinaryWriter, value: JsonValue): void {
  const bytes = bsonForWriter(writer, value);
  writeLength(writer, bytes.length, "a BSON document");
  writer.raw(bytes);
}

/** `json` values (error traces, `any`): a `uint30` length, then the BSON document. */
export const jsonValueCodec: Codec<JsonValue> = Object.freeze({
  decode: readJsonValue,
  encode: writeJsonValue,
  dataKind: DYNAMIC,
});
