import { int32At, uint16At } from "./byte-order.ts";
import { DecodeError } from "./errors.ts";

/** Deepest nesting of recursive definitions a reader accepts (as Micheline's default limit). */
export const MAX_NESTING = 1000;

/**
 * A bounds-checked cursor over a `Uint8Array`.
 *
 * Reads happen inside a *frame*: a byte range whose end is known (the whole input, the bytes
 * covered by a length header, the rest of a union case). `end` is the end of the innermost
 * frame; no read may cross it. {@link BinaryReader.openFrame} and
 * {@link BinaryReader.closeFrame} nest frames to any depth.
 *
 * The reader never allocates more than the input can hold: every length is checked against
 * the bytes left in the frame before anything is sliced.
 */
export class BinaryReader {
  /** Current position. */
  offset: number;
  /** End (exclusive) of the innermost frame. */
  end: number;
  /** How many recursive definitions are being read, one inside the other (see {@link enter}). */
  depth = 0;
  /**
   * A DataView of the input, made on the first int64 or float64 read: most values have none,
   * and making one costs more than reading a small value (for inputs of up to 64 bytes, which
   * V8 keeps inside the array object, taking `bytes.buffer` moves them out).
   */
  private view: DataView | undefined;

  constructor(
    readonly bytes: Uint8Array,
    offset = 0,
    end = bytes.length,
  ) {
    this.offset = offset;
    this.end = end;
  }

  private dataView(): DataView {
    return (this.view ??= new DataView(this.bytes.buffer, this.bytes.byteOffset, this.bytes.byteLength));
  }

  /**
   * Enters one level of a recursive definition; fails beyond {@link MAX_NESTING} levels, so
   * that hostile input cannot exhaust the stack. Pair with {@link leave}.
   */
  enter(what: string): void {
    if (++this.depth > MAX_NESTING) {
      throw new DecodeError(`at most ${MAX_NESTING} nested ${what} values`, "deeper nesting", this.offset);
    }
  }

  /** Leaves a level entered with {@link enter}. */
  leave(): void {
    this.depth--;
  }

  /** Bytes left in the innermost frame. */
  remaining(): number {
    return this.end - this.offset;
  }

  /** Fails unless `n` bytes are left in the frame; `what` names the value being read. */
  need(n: number, what: string): void {
    if (this.end - this.offset < n) {
      const left = this.end - this.offset;
      throw new DecodeError(`${n} byte${n === 1 ? "" : "s"} for ${what}`, `${left} byte${left === 1 ? "" : "s"} left in frame`, this.offset);
    }
  }

  /**
   * Opens a frame of `length` bytes starting at the current offset and returns the enclosing
   * frame's end, to be given back to {@link closeFrame}.
   */
  openFrame(length: number, what = "a length-prefixed value"): number {
    this.need(length, what);
    const outer = this.end;
    this.end = this.offset + length;
    return outer;
  }

  /** Closes the innermost frame, which must have been read to its end. */
  closeFrame(outerEnd: number, what = "the end of a length-prefixed value"): void {
    if (this.offset !== this.end) {
      throw new DecodeError(what, `${this.end - this.offset} unread byte(s) in frame`, this.offset);
    }
    this.end = outerEnd;
  }

  /** Fails when bytes are left in the current frame (trailing bytes after a complete value). */
  expectEnd(what = "the end of the input"): void {
    if (this.offset !== this.end) {
      throw new DecodeError(what, `${this.end - this.offset} trailing byte(s)`, this.offset);
    }
  }

  uint8(): number {
    this.need(1, "uint8");
    return this.bytes[this.offset++]!;
  }

  int8(): number {
    this.need(1, "int8");
    return (this.bytes[this.offset++]! << 24) >> 24;
  }

  uint16(littleEndian = false): number {
    this.need(2, "uint16");
    const v = uint16At(this.bytes, this.offset, littleEndian);
    this.offset += 2;
    return v;
  }

  int16(littleEndian = false): number {
    this.need(2, "int16");
    const v = (uint16At(this.bytes, this.offset, littleEndian) << 16) >> 16;
    this.offset += 2;
    return v;
  }

  uint32(littleEndian = false): number {
    this.need(4, "uint32");
    const v = int32At(this.bytes, this.offset, littleEndian) >>> 0;
    this.offset += 4;
    return v;
  }

  int32(littleEndian = false): number {
    this.need(4, "int32");
    const v = int32At(this.bytes, this.offset, littleEndian);
    this.offset += 4;
    return v;
  }

  int64(littleEndian = false): bigint {
    this.need(8, "int64");
    const v = this.dataView().getBigInt64(this.offset, littleEndian);
    this.offset += 8;
    return v;
  }

  float64(littleEndian = false): number {
    this.need(8, "float");
    const v = this.dataView().getFloat64(this.offset, littleEndian);
    this.offset += 8;
    return v;
  }

  /** `n` raw bytes, as a view into the input (no copy). */
  raw(n: number, what = "bytes"): Uint8Array {
    this.need(n, what);
    const out = this.bytes.subarray(this.offset, this.offset + n);
    this.offset += n;
    return out;
  }

  /** Everything left in the innermost frame, as a view into the input. */
  rest(): Uint8Array {
    const out = this.bytes.subarray(this.offset, this.end);
    this.offset = this.end;
    return out;
  }
}
