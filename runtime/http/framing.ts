/**
 * Framing of single values (octez-http.md §2.1–2.2): a binary body is a 4-byte big-endian
 * length then exactly that many bytes of payload; a JSON answer is minified JSON and a newline.
 */
import { FramingError } from "./errors.ts";
import { jsonText } from "./json-text.ts";

/** Size of the binary length prefix. */
export const FRAME_PREFIX_BYTES = 4;
/** Largest payload a prefix may announce: data-encoding's `uint30`. */
export const MAX_FRAME_LENGTH = 2 ** 30 - 1;

/** Reads the length announced by the prefix at `offset` (the caller checked 4 bytes are there). */
export function readFrameLength(bytes: Uint8Array, offset = 0): number {
  // `>>> 0` keeps the top byte unsigned; a top bit set is out of range anyway.
  const length = ((bytes[offset]! << 24) | (bytes[offset + 1]! << 16) | (bytes[offset + 2]! << 8) | bytes[offset + 3]!) >>> 0;
  if (length > MAX_FRAME_LENGTH) {
    throw new FramingError("length-out-of-range", `length prefix ${length} at byte ${offset} exceeds the largest uint30 (${MAX_FRAME_LENGTH})`);
  }
  return length;
}

/** Writes `length` as a 4-byte big-endian prefix into `into` at `offset`. */
export function writeFrameLength(into: Uint8Array, length: number, offset = 0): void {
  if (!Number.isInteger(length) || length < 0 || length > MAX_FRAME_LENGTH) {
    throw new FramingError("length-out-of-range", `a payload of ${length} bytes cannot be framed: the length prefix is a uint30 (at most ${MAX_FRAME_LENGTH})`);
  }
  into[offset] = length >>> 24;
  into[offset + 1] = (length >>> 16) & 0xff;
  into[offset + 2] = (length >>> 8) & 0xff;
  into[offset + 3] = length & 0xff;
}

/** `payload` preceded by its length: a binary body, or one element of a binary stream. */
export function frameBinary(payload: Uint8Array): Uint8Array {
  const out = new Uint8Array(FRAME_PREFIX_BYTES + payload.length);
  writeFrameLength(out, payload.length);
  out.set(payload, FRAME_PREFIX_BYTES);
  return out;
}

/**
 * The payload of a binary body, which must be exactly one frame: the node refuses a body
 * without the prefix or with bytes after the payload, and so does this.
 */
export function unframeBinary(body: Uint8Array): Uint8Array {
  if (body.length < FRAME_PREFIX_BYTES) {
    throw new FramingError("missing-prefix", `a binary body starts with a 4-byte length prefix; the body has only ${body.length} byte${body.length === 1 ? "" : "s"}`);
  }
  const length = readFrameLength(body);
  const available = body.length - FRAME_PREFIX_BYTES;
  if (available < length) {
    throw new FramingError("truncated", `the length prefix announces ${length} bytes of payload; the body holds ${available}`);
  }
  if (available > length) {
    throw new FramingError("trailing-bytes", `the length prefix announces ${length} bytes of payload; ${available - length} more bytes follow it`);
  }
  return body.subarray(FRAME_PREFIX_BYTES);
}

/**
 * A single JSON answer as the node writes it: minified, then one newline; `floats` when the
 * body may hold floats, whose non-finite values Octez writes `nan`, `inf`, `-inf`.
 */
export function jsonAnswerText(value: unknown, floats = false): string {
  return `${jsonText(value, floats)}\n`;
}
