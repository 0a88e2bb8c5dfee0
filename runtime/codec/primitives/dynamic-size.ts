/**
 * `dynamic_size`: a length header, then a value inside a frame of exactly that many bytes
 * (data-encoding.md §8). Headers are `Uint8`, `Uint16`, `Uint30` (4 bytes, the default) or `N`
 * (a zarith natural). Frames nest: an inner header counts bytes inside the outer frame.
 *
 * A header larger than what is left in the enclosing frame fails at once, before anything is
 * allocated; a frame whose value leaves bytes unread fails too.
 *
 * Also `check_size`, which takes no bytes but bounds the size of a value.
 */
import { CodecDefinitionError, VARIABLE, dataKindOf, fixedKind, fixedSizeOf, DYNAMIC, type Codec } from "../codec.ts";
import type { BinaryReader } from "../reader.ts";
import type { BinaryWriter } from "../writer.ts";
import { failDecode, failEncode, failShort } from "./fail.ts";
import { UINT30_MAX, readUint16, readUint30, readUint8 } from "./integers.ts";
import { putZarithN, readZarithNUpTo, zarithNSize } from "./zarith.ts";

/** Kinds of length header (`size` of a `dyn` field). */
export type LengthHeader = "Uint8" | "Uint16" | "Uint30" | "N";

/** Largest length a header can carry. `N` is bounded only by what a double holds exactly here. */
export function lengthHeaderMax(header: LengthHeader): number {
  switch (header) {
    case "Uint8":
      return 255;
    case "Uint16":
      return 65535;
    case "Uint30":
      return UINT30_MAX;
    case "N":
      return MAX_N_LENGTH;
  }
}

/** 2^49 − 1: every frame length a real input can have, and 7 zarith groups at most. */
const MAX_N_LENGTH = 562949953421311;

/** Bytes a fixed-width header takes; `undefined` for `N`. */
export function lengthHeaderSize(header: LengthHeader): number | undefined {
  switch (header) {
    case "Uint8":
      return 1;
    case "Uint16":
      return 2;
    case "Uint30":
      return 4;
    case "N":
      return undefined;
  }
}

/** Reads a length header (without opening a frame). */
export function readLengthHeader(r: BinaryReader, header: LengthHeader): number {
  switch (header) {
    case "Uint8":
      return readUint8(r);
    case "Uint16":
      return readUint16(r);
    case "Uint30":
      return readUint30(r);
    case "N":
      return readZarithNUpTo(r, MAX_N_LENGTH, "length header");
  }
}

/**
 * Reads a length header and opens a frame of that many bytes; returns the enclosing frame's
 * end, to give back to {@link closeDynamicFrame}.
 */
export function openDynamicFrame(r: BinaryReader, header: LengthHeader): number {
  const length = readLengthHeader(r, header);
  if (r.end - r.offset < length) failShort(r, length, "a length-prefixed value");
  const outer = r.end;
  r.end = r.offset + length;
  return outer;
}

/** Closes a frame opened by {@link openDynamicFrame}; fails when bytes are left unread in it. */
export function closeDynamicFrame(r: BinaryReader, outerEnd: number): void {
  if (r.offset !== r.end) failDecode(r.offset, "the end of a length-prefixed value", `${r.end - r.offset} unread byte(s) in frame`);
  r.end = outerEnd;
}

/**
 * Starts a length-prefixed value: reserves the header (fixed widths) or remembers where to
 * insert it (`N`). Give the result to {@link endDynamicSize} once the value is written.
 */
export function beginDynamicSize(w: BinaryWriter, header: LengthHeader): number {
  switch (header) {
    case "Uint8":
      return w.reserve(1);
    case "Uint16":
      return w.reserve(2);
    case "Uint30":
      return w.reserve(4);
    case "N":
      return w.length;
  }
}

const nScratch = new Uint8Array(10);

/** Fills in (or inserts) the header of a value started with {@link beginDynamicSize}. */
export function endDynamicSize(w: BinaryWriter, header: LengthHeader, mark: number): void {
  switch (header) {
    case "Uint8": {
      const length = w.length - mark - 1;
      if (length > 255) failEncode(w, "a value of at most 255 bytes (uint8 length header)", `${length} bytes`);
      w.patchUint8(mark, length);
      return;
    }
    case "Uint16": {
      const length = w.length - mark - 2;
      if (length > 65535) failEncode(w, "a value of at most 65535 bytes (uint16 length header)", `${length} bytes`);
      w.patchUint16(mark, length);
      return;
    }
    case "Uint30": {
      const length = w.length - mark - 4;
      if (length > UINT30_MAX) failEncode(w, `a value of at most ${UINT30_MAX} bytes (uint30 length header)`, `${length} bytes`);
      w.patchUint32(mark, length);
      return;
    }
    case "N": {
      const length = w.length - mark;
      const end = putZarithN(nScratch, 0, length);
      w.insert(mark, nScratch.subarray(0, end));
      return;
    }
  }
}

/** The codec of a value behind a length header (a `dyn` field covering it). */
export function dynamicSize<T>(header: LengthHeader, inner: Codec<T>): Codec<T> {
  const innerSize = fixedSizeOf(inner);
  const headerSize = innerSize === undefined ? undefined : (lengthHeaderSize(header) ?? zarithNSize(innerSize));
  if (innerSize !== undefined && innerSize > lengthHeaderMax(header)) {
    throw new CodecDefinitionError(`a ${innerSize}-byte value does not fit a ${header} length header`);
  }
  return {
    decode(r) {
      const outer = openDynamicFrame(r, header);
      const value = inner.decode(r);
      closeDynamicFrame(r, outer);
      return value;
    },
    encode(w, value) {
      const mark = beginDynamicSize(w, header);
      inner.encode(w, value);
      endDynamicSize(w, header, mark);
    },
    dataKind: innerSize === undefined || headerSize === undefined ? DYNAMIC : fixedKind(headerSize + innerSize),
  };
}

/**
 * `check_size limit e`: no bytes of its own; reading and writing fail when `e` would take more
 * than `limit` bytes.
 */
export function checkSize<T>(limit: number, inner: Codec<T>): Codec<T> {
  if (!Number.isInteger(limit) || limit < 0) throw new CodecDefinitionError(`check_size needs a non-negative integer limit, got ${limit}`);
  const variable = dataKindOf(inner).kind === "Variable";
  return {
    decode(r) {
      const outer = r.end;
      if (outer - r.offset > limit) {
        // A Variable value takes the whole frame, which is already too big.
        if (variable) failDecode(r.offset, `a value of at most ${limit} bytes`, `${outer - r.offset} bytes left in frame`);
        r.end = r.offset + limit;
      }
      const value = inner.decode(r);
      r.end = outer;
      return value;
    },
    encode(w, value) {
      const start = w.length;
      inner.encode(w, value);
      if (w.length - start > limit) failEncode(w, `a value of at most ${limit} bytes`, `${w.length - start} bytes`);
    },
    dataKind: variable ? VARIABLE : dataKindOf(inner),
  };
}
