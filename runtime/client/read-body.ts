/** Reading answer bodies from a `fetch` `Response`, with a size cap, through the platform's stream reader. */
import { ElementTooLargeError } from "../http/errors.ts";
import { joinBytes } from "../http/stream-split.ts";

/** Idle limit of a stream passed: no bytes came for `ms` milliseconds. */
export class StreamIdleError extends Error {
  override readonly name = "StreamIdleError";
  constructor(readonly ms: number) {
    super(`no data for ${ms} ms`);
  }
}

/**
 * Reads a whole body (chunked or not) into one array, failing with {@link ElementTooLargeError}
 * as soon as its decoded bytes pass `limit` (before reading anything when `Content-Length`
 * already says so).
 */
export async function readBodyCapped(response: Response, limit: number): Promise<Uint8Array> {
  const declared = Number(response.headers.get("content-length") ?? Number.NaN);
  if (declared > limit) {
    await response.body?.cancel().catch(() => undefined);
    throw new ElementTooLargeError(limit, declared, "answer");
  }
  if (!response.body) return new Uint8Array(0);
  // Known length within the cap, not compressed: one platform read, cheaper than a chunk loop.
  // A compressed body's Content-Length counts the compressed bytes (`fetch` inflates it as it
  // reads): 1 MiB of gzip can be 1 GiB, so it is counted chunk by chunk like a chunked one.
  const encoding = response.headers.get("content-encoding");
  if (declared >= 0 && (encoding === null || encoding.trim().toLowerCase() === "identity")) return new Uint8Array(await response.arrayBuffer());
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.length;
      if (total > limit) throw new ElementTooLargeError(limit, total, "answer");
      chunks.push(value);
    }
  } catch (error) {
    await reader.cancel().catch(() => undefined);
    throw error;
  }
  return joinBytes(chunks, total);
}

/**
 * The chunks of a body as an async iterable; leaving the loop early (`break`, a throw) cancels
 * the body, which releases the connection. With `idleMs`, a wait of more than that for the next
 * chunk fails with {@link StreamIdleError} (and cancels the body).
 */
export async function* bodyChunks(response: Response, idleMs?: number): AsyncGenerator<Uint8Array, void, undefined> {
  if (!response.body) return;
  const reader = response.body.getReader();
  let finished = false;
  try {
    for (;;) {
      const { done, value } = idleMs !== undefined && idleMs > 0 ? await readWithin(reader, idleMs) : await reader.read();
      if (done) {
        finished = true;
        return;
      }
      yield value;
    }
  } finally {
    if (!finished) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}

/** The next read of `reader`, or a {@link StreamIdleError} when it takes longer than `ms`. */
function readWithin(reader: ReadableStreamDefaultReader<Uint8Array>, ms: number): ReturnType<ReadableStreamDefaultReader<Uint8Array>["read"]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new StreamIdleError(ms)), ms);
    reader.read().then(
      (result) => {
        clearTimeout(timer);
        resolve(result);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
