import { EncodeError } from "./errors.ts";
import { MAX_NESTING } from "./reader.ts";

/**
 * A growable byte buffer written front to back.
 *
 * Length headers whose value is only known after their contents are written (`dyn` fields)
 * are reserved with {@link BinaryWriter.reserve} and filled in afterwards.
 */
export class BinaryWriter {
  private buffer: Uint8Array;
  private view: DataView;
  /** Number of bytes written so far. */
  length = 0;
  /** How many recursive definitions are being written, one inside the other (see {@link enter}). */
  depth = 0;

  constructor(initialCapacity = 256) {
    this.buffer = new Uint8Array(initialCapacity);
    this.view = new DataView(this.buffer.buffer);
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
    let size = this.buffer.length * 2;
    while (size < needed) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buffer.subarray(0, this.length));
    this.buffer = next;
    this.view = new DataView(next.buffer);
  }

  uint8(v: number): void {
    this.grow(1);
    this.buffer[this.length++] = v;
  }

  int8(v: number): void {
    this.grow(1);
    this.view.setInt8(this.length++, v);
  }

  uint16(v: number, littleEndian = false): void {
    this.grow(2);
    this.view.setUint16(this.length, v, littleEndian);
    this.length += 2;
  }

  int16(v: number, littleEndian = false): void {
    this.grow(2);
    this.view.setInt16(this.length, v, littleEndian);
    this.length += 2;
  }

  uint32(v: number, littleEndian = false): void {
    this.grow(4);
    this.view.setUint32(this.length, v, littleEndian);
    this.length += 4;
  }

  int32(v: number, littleEndian = false): void {
    this.grow(4);
    this.view.setInt32(this.length, v, littleEndian);
    this.length += 4;
  }

  int64(v: bigint, littleEndian = false): void {
    this.grow(8);
    this.view.setBigInt64(this.length, v, littleEndian);
    this.length += 8;
  }

  float64(v: number, littleEndian = false): void {
    this.grow(8);
    this.view.setFloat64(this.length, v, littleEndian);
    this.length += 8;
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

  patchUint16(at: number, v: number): void {
    this.view.setUint16(at, v);
  }

  patchUint32(at: number, v: number): void {
    this.view.setUint32(at, v);
  }

  /** Inserts `bytes` at position `at`, shifting what follows (used for variable-width `N` headers). */
  insert(at: number, bytes: Uint8Array): void {
    if (at < 0 || at > this.length) throw new EncodeError(`a position within 0..${this.length}`, String(at), this.length);
    this.grow(bytes.length);
    this.buffer.copyWithin(at + bytes.length, at, this.length);
    this.buffer.set(bytes, at);
    this.length += bytes.length;
  }

  /** The bytes written so far (a copy, so the writer can be reused). */
  finish(): Uint8Array {
    return this.buffer.slice(0, this.length);
  }
}
