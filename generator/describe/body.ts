/**
 * Reading an HTTP answer's body with a size limit.
 *
 * `response.text()` keeps reading as long as the server sends: a node that never ends a chunked
 * body fills the memory until the deadline, and a body announced as 3 GB makes V8 abort the
 * process. Here the announced `Content-Length` is checked before anything is read, then the
 * body is read chunk by chunk and cancelled as soon as it passes the limit.
 */
import { isAscii } from "node:buffer";

/**
 * Default limit on one answer: 128 MiB. The largest real describe answers are a few megabytes
 * (a full node's root describe with its block directory expanded stays under 10 MB; the
 * committed shell snapshot is 2 MB), so the margin is wide, and a hostile body stops long before
 * it can exhaust the memory.
 */
export const DEFAULT_MAX_BODY_BYTES = 128 * 1024 * 1024;

/** A body larger than the limit, announced (`Content-Length`) or received. */
export class BodyTooLargeError extends Error {
  override readonly name = "BodyTooLargeError";

  constructor(
    readonly limit: number,
    /** The announced length, when the header gave it. */
    readonly announced?: number,
  ) {
    super(
      announced !== undefined
        ? `the answer announces ${announced} bytes (Content-Length), more than the limit of ${limit} bytes (--max-size)`
        : `the answer is longer than the limit of ${limit} bytes (--max-size)`,
    );
  }
}

/**
 * Bytes as UTF-8 text. Describe answers are usually pure ASCII, and ASCII bytes give the same
 * text read as Latin-1, which decodes faster (there is nothing to validate).
 */
export function decodeText(bytes: Buffer): string {
  return isAscii(bytes) ? bytes.toString("latin1") : bytes.toString("utf8");
}

/**
 * The body of `response` as text, at most `maxBytes` long; throws a {@link BodyTooLargeError}
 * (after cancelling the body) when it is announced or turns out longer.
 */
export async function readBodyText(response: Response, maxBytes: number = DEFAULT_MAX_BODY_BYTES): Promise<string> {
  const header = response.headers.get("content-length");
  const announced = header !== null && /^[0-9]+$/.test(header.trim()) ? Number(header.trim()) : undefined;
  if (announced !== undefined && announced > maxBytes) {
    await response.body?.cancel().catch(() => {});
    throw new BodyTooLargeError(maxBytes, announced);
  }
  if (response.body === null) return "";
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      throw new BodyTooLargeError(maxBytes);
    }
    chunks.push(value);
  }
  return decodeText(Buffer.concat(chunks, total));
}
