import { EncodeError } from "./errors.ts";
import { MAX_NESTING } from "./reader.ts";

/** Default capacity of a new writer, in bytes: room for most operations without growing. */
const DEFAULT_CAPACITY = 256;
/** Largest buffer kept for the next writer (see {@link spare}); bigger ones are left to the collector. */
const SPARE_LIMIT = 65_536;
/**
 * The buffer of the last finished writer, handed to the next new one. Allocating a typed array
 * of more than 64 bytes costs V8 an off-heap store (about as much as encoding a small field
 * set); most writers live for one value, so one spare buffer spares that on every encode.
 * JavaScript runs one writer's calls at a time, and a buffer is only ever held by one writer.
 */
let spare: Uint8Array | undefined;
const NO_BYTES = new Uint8Array(0);

/** 8-byte scratch through which int64 and float64 values are converted to bytes. */
const wide = new DataView(new ArrayBuffer(8));
const wideBytes = new Uint8Array(wide.buffer);

/**
 * A growable byte buffer written front to back.
 *
 * Length headers whose value is only known after their contents are written (`dyn` fields)
 * are reserved with {@link BinaryWriter.reserve} and filled in afterwards.
 */
export class BinaryWriter {
  private buffer: Uint8Array;
  /** Number of bytes written so far. */
  length = 0;
  /** How many recursive definitions are being written, one inside the other (see {@link enter}). */
  depth = 0;

  constructor(initialCapacity = DEFAULT_CAPACITY) {
    const reused = spare;
    if (reused !== undefined && reused.length >= initialCapacity) {
      spare = undefined;
      this.buffer = reused;
    } else {
      this.buffer = new Uint8Array(initialCapacity);
    }
  }

  /**
   * Enters one level of a recursive definition; fails beyond {@link MAX_NESTING} levels, the
   * reader's limit, so that a deep (or cyclic) value fails with an {@link EncodeError} instead
   * of exhausting the stack, and nothing is written that the decoder would refuse. Pair with
   * {@link leave}.
   */
  enter(what: string): void {
    if (++this.depth > MAX_NESTING) {
      throw new EncodeError(`at most ${MAX_NESTING} nested ${what} values`, "deeper nesting", this.length);
    }
  }

  /** Leaves a level entered with {@link enter}. */
  leave(): void {
    this.depth--;
  }

  /** Makes room for `n` more bytes. */
  private grow(n: number): void {
    const needed = this.length + n;
    if (needed <= this.buffer.length) return;
    let size = Math.max(this.buffer.length * 2, DEFAULT_CAPACITY);
    while (size < needed) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buffer.subarray(0, this.length));
    this.buffer = next;
  }

  uint8(v: number): void {
    this.grow(1);
    this.buffer[this.length++] = v;
  }

  int8(v: number): void {
    this.grow(1);
    this.buffer[this.length++] = v & 0xff;
  }

  uint16(v: number, littleEndian = false): void {
    this.grow(2);
    this.patchUint16(this.length, v, littleEndian);
    this.length += 2;
  }

  int16(v: number, littleEndian = false): void {
    this.uint16(v & 0xffff, littleEndian);
  }

  uint32(v: number, littleEndian = false): void {
    this.grow(4);
    this.patchUint32(this.length, v, littleEndian);
    this.length += 4;
  }

  int32(v: number, littleEndian = false): void {
    this.uint32(v >>> 0, littleEndian);
  }

  int64(v: bigint, littleEndian = false): void {
    wide.setBigInt64(0, v, littleEndian);
    this.raw(wideBytes);
  }

  float64(v: number, littleEndian = false): void {
    wide.setFloat64(0, v, littleEndian);
    this.raw(wideBytes);
  }

  /**
   * The internal buffer. Positions returned by {@link reserve} index into it; it stays valid
   * until the next write that makes the buffer grow, so fill reserved bytes right away.
   * Used by the primitives to write hex digits or UTF-8 straight into place.
   */
  get target(): Uint8Array {
    return this.buffer;
  }

  /** Appends raw bytes. */
  raw(bytes: Uint8Array): void {
    this.grow(bytes.length);
    this.buffer.set(bytes, this.length);
    this.length += bytes.length;
  }

  /** Appends `bytes[start, end)` (no view to make, unlike `raw(bytes.subarray(start, end))`). */
  rawRange(bytes: Uint8Array, start: number, end: number): void {
    const n = end - start;
    this.grow(n);
    const buffer = this.buffer;
    for (let i = start, j = this.length; i < end; i++, j++) buffer[j] = bytes[i]!;
    this.length += n;
  }

  /** Appends `n` zero bytes (padding). */
  zeros(n: number): void {
    this.grow(n);
    this.buffer.fill(0, this.length, this.length + n);
    this.length += n;
  }

  /** Reserves `n` bytes to be filled later with {@link patchUint8}/{@link patchUint16}/{@link patchUint32}; returns their position. */
  reserve(n: number): number {
    this.grow(n);
    const at = this.length;
    this.length += n;
    return at;
  }

  patchUint8(at: number, v: number): void {
    this.buffer[at] = v;
  }

  patchUint16(at: number, v: number, littleEndian = false): void {
    const b = this.buffer;
    if (littleEndian) {
      b[at] = v & 0xff;
      b[at + 1] = (v >>> 8) & 0xff;
    } else {
      b[at] = (v >>> 8) & 0xff;
      b[at + 1] = v & 0xff;
    }
  }

  patchUint32(at: number, v: number, littleEndian = false): void {
    const b = this.buffer;
    if (littleEndian) {
      b[at] = v & 0xff;
      b[at + 1] = (v >>> 8) & 0xff;
      b[at + 2] = (v >>> 16) & 0xff;
      b[at + 3] = v >>> 24;
    } else {
      b[at] = v >>> 24;
      b[at + 1] = (v >>> 16) & 0xff;
      b[at + 2] = (v >>> 8) & 0xff;
      b[at + 3] = v & 0xff;
    }
  }

  /** Inserts `bytes` at position `at`, shifting what follows (used for variable-width `N` headers). */
  insert(at: number, bytes: Uint8Array): void {
    if (at < 0 || at > this.length) throw new EncodeError(`a position within 0..${this.length}`, String(at), this.length);
    this.grow(bytes.length);
    this.buffer.copyWithin(at + bytes.length, at, this.length);
    this.buffer.set(bytes, at);
    this.length += bytes.length;
  }

  /**
   * The bytes written so far, as a fresh array. The writer is then empty, and its buffer goes to
   * the next writer made (so write nothing more through positions or {@link target} taken
   * before); it can be used again for another value.
   */
  finish(): Uint8Array {
    const bytes = this.buffer.slice(0, this.length);
    const buffer = this.buffer;
    if (buffer.length <= SPARE_LIMIT && (spare === undefined || spare.length < buffer.length)) spare = buffer;
    this.buffer = NO_BYTES;
    this.length = 0;
    this.depth = 0;
    return bytes;
  }
}
