/**
 * Incremental splitters for stream answers (octez-http.md §2.4). A node writes each element as
 * its own HTTP chunk, but proxies and TCP may split or merge chunks, so these keep a buffer
 * across chunks and never look at chunk boundaries. Both cap the size of one element, so a
 * peer cannot make the receiver buffer without bound.
 */
import { ElementTooLargeError, FramingError } from "./errors.ts";
import { FRAME_PREFIX_BYTES, readFrameLength } from "./framing.ts";

/** Default cap on one stream element: 16 MiB, well above any shell element. */
export const DEFAULT_ELEMENT_LIMIT = 16 * 1024 * 1024;

/** Splits bytes into elements; feed chunks with `push`, then call `end` once. */
export interface StreamSplitter {
  /** Adds a chunk; returns the elements it completed (possibly none). */
  push(chunk: Uint8Array): Uint8Array[];
  /** Ends the input; returns a last element if one is complete, throws if bytes are left over that cannot form one. */
  end(): Uint8Array[];
}

/** Concatenates byte pieces whose lengths add up to `total` (one piece: returned as is, no copy). */
export function joinBytes(pieces: readonly Uint8Array[], total: number): Uint8Array {
  if (pieces.length === 1) return pieces[0]!;
  const out = new Uint8Array(total);
  let at = 0;
  for (const piece of pieces) {
    out.set(piece, at);
    at += piece.length;
  }
  return out;
}

const NEWLINE = 0x0a;

/** Whether `bytes` holds only JSON whitespace (blank lines carry no element). */
function isBlank(bytes: Uint8Array): boolean {
  for (const byte of bytes) if (byte !== 0x20 && byte !== 0x09 && byte !== 0x0d && byte !== NEWLINE) return false;
  return true;
}

/**
 * Newline-delimited JSON: each element is minified JSON followed by `\n`. Yields the bytes of
 * each line (without the newline; blank lines are dropped); the caller parses them. A last line
 * without its newline is still an element when the input ends.
 */
export class NdjsonSplitter implements StreamSplitter {
  private pending: Uint8Array[] = [];
  private pendingBytes = 0;

  constructor(private readonly limit: number = DEFAULT_ELEMENT_LIMIT) {}

  push(chunk: Uint8Array): Uint8Array[] {
    const out: Uint8Array[] = [];
    let start = 0;
    // Only the new chunk is scanned: the pending bytes are known to hold no newline.
    for (let at = chunk.indexOf(NEWLINE); at !== -1; at = chunk.indexOf(NEWLINE, start)) {
      this.take(chunk.subarray(start, at), out);
      start = at + 1;
    }
    if (start < chunk.length) {
      const rest = chunk.subarray(start);
      this.check(this.pendingBytes + rest.length);
      // Copied: the caller may reuse its chunk buffer.
      this.pending.push(rest.slice());
      this.pendingBytes += rest.length;
    }
    return out;
  }

  end(): Uint8Array[] {
    const out: Uint8Array[] = [];
    if (this.pendingBytes > 0) this.take(new Uint8Array(0), out);
    return out;
  }

  private take(tail: Uint8Array, out: Uint8Array[]): void {
    const total = this.pendingBytes + tail.length;
    this.check(total);
    const line = this.pendingBytes === 0 ? tail.slice() : joinBytes([...this.pending, tail], total);
    this.pending = [];
    this.pendingBytes = 0;
    if (!isBlank(line)) out.push(line);
  }

  private check(size: number): void {
    if (size > this.limit) throw new ElementTooLargeError(this.limit, size, "stream element");
  }
}

/**
 * Length-prefixed binary: each element is a 4-byte big-endian length and that many bytes.
 * Yields each payload. A declared length above the cap fails at once, before any buffering.
 */
export class BinaryFrameSplitter implements StreamSplitter {
  private pending: Uint8Array[] = [];
  private pendingBytes = 0;
  /** Payload length of the element being read, once its prefix is complete. */
  private expected: number | undefined;

  constructor(
    /** The cap of one element's payload, in bytes; it may be changed between pushes (a reader that trusts its peer more once it has authenticated). */
    public limit: number = DEFAULT_ELEMENT_LIMIT,
  ) {}

  push(chunk: Uint8Array): Uint8Array[] {
    if (chunk.length === 0) return [];
    this.pending.push(chunk.slice());
    this.pendingBytes += chunk.length;
    const out: Uint8Array[] = [];
    for (;;) {
      if (this.expected === undefined) {
        if (this.pendingBytes < FRAME_PREFIX_BYTES) break;
        const prefix = this.consume(FRAME_PREFIX_BYTES);
        const length = readFrameLength(prefix);
        if (length > this.limit) throw new ElementTooLargeError(this.limit, length, "stream element");
        this.expected = length;
      }
      if (this.pendingBytes < this.expected) break;
      out.push(this.consume(this.expected));
      this.expected = undefined;
    }
    return out;
  }

  end(): Uint8Array[] {
    if (this.expected !== undefined) {
      throw new FramingError("truncated", `the stream ended inside an element: ${this.pendingBytes} of ${this.expected} payload bytes came`);
    }
    if (this.pendingBytes > 0) {
      throw new FramingError("missing-prefix", `the stream ended inside a length prefix (${this.pendingBytes} of 4 bytes)`);
    }
    return [];
  }

  /** Removes and returns the first `count` buffered bytes. */
  private consume(count: number): Uint8Array {
    const pieces: Uint8Array[] = [];
    let needed = count;
    let used = 0;
    while (needed > 0) {
      const head = this.pending[used]!;
      if (head.length <= needed) {
        pieces.push(head);
        used++;
        needed -= head.length;
      } else {
        pieces.push(head.subarray(0, needed));
        this.pending[used] = head.subarray(needed);
        needed = 0;
      }
    }
    // One splice per element (not one shift per piece): many tiny chunks stay linear.
    if (used > 0) this.pending.splice(0, used);
    this.pendingBytes -= count;
    return count === 0 ? new Uint8Array(0) : joinBytes(pieces, count);
  }
}

/** Runs `chunks` through `splitter`, yielding each element as soon as it is complete. */
export async function* splitStream(chunks: AsyncIterable<Uint8Array>, splitter: StreamSplitter): AsyncGenerator<Uint8Array, void, undefined> {
  for await (const chunk of chunks) yield* splitter.push(chunk);
  yield* splitter.end();
}
