/**
 * Streamed answers (octez-http.md §2.4): 200 with chunked transfer encoding, each element
 * written as its own chunk, waiting for `drain` when the socket's buffer is full so a slow client
 * slows the producer down instead of filling memory. When the client leaves, the handler's
 * signal is aborted and the producer's iterator is `return()`ed. A client that does not read for
 * `stallTimeout` while data waits for it is cut (its connection closed), so that clients which
 * never read cannot hold the server's connection slots. Once the header is sent an error cannot
 * be reported, so a failing producer just ends the stream.
 */
import type { ServerResponse } from "node:http";
import type { MediaType } from "../rpc/route.ts";

/** True for values a handler returns to stream (anything with `Symbol.asyncIterator`). */
export function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === "object" && value !== null && typeof (value as Record<symbol, unknown>)[Symbol.asyncIterator] === "function";
}

/** What {@link writeStream} needs besides the iterable. */
export interface StreamOptions {
  readonly mediaType: MediaType;
  /** The wire form of one element; may throw (the stream then ends). */
  readonly encode: (value: unknown) => Buffer;
  /** Aborted when the client leaves; given to the handler as its context's signal. */
  readonly abort: AbortController;
  /** Told about an element that could not be encoded or a producer that failed. */
  readonly onError?: (error: unknown) => void;
  /** Milliseconds a full socket buffer may wait for the client to read before the connection is closed. */
  readonly stallTimeout: number;
}

/**
 * Waits until `res` can take more data (`true`), or the client is gone (`false`); a client that
 * has read nothing for `stallTimeout` ms is cut, which aborts `signal`.
 */
function drained(res: ServerResponse, signal: AbortSignal, stallTimeout: number): Promise<boolean> {
  return new Promise((resolve) => {
    const done = (ok: boolean): void => {
      clearTimeout(timer);
      res.off("drain", onDrain);
      signal.removeEventListener("abort", onAbort);
      resolve(ok);
    };
    const onDrain = (): void => done(true);
    const onAbort = (): void => done(false);
    // The socket goes: its slot is freed, and its `close` aborts the handler's signal.
    const timer = setTimeout(() => {
      res.destroy();
      done(false);
    }, stallTimeout);
    res.on("drain", onDrain);
    signal.addEventListener("abort", onAbort);
  });
}

/** Sends `source` as a stream; resolves when the stream has ended or the client has left. */
export async function writeStream(res: ServerResponse, source: AsyncIterable<unknown>, options: StreamOptions): Promise<void> {
  const { abort } = options;
  const iterator = source[Symbol.asyncIterator]();
  let stopped = false;
  const stop = (): void => {
    if (stopped) return;
    stopped = true;
    // Not awaited: a generator suspended in its own `await` finishes that first.
    iterator.return?.().catch(() => undefined);
  };
  abort.signal.addEventListener("abort", stop);
  res.writeHead(200, { "content-type": options.mediaType, "transfer-encoding": "chunked" });
  res.flushHeaders();
  try {
    for (;;) {
      const step = await iterator.next();
      if (step.done || abort.signal.aborted) break;
      const chunk = options.encode(step.value);
      if (!res.write(chunk) && !(await drained(res, abort.signal, options.stallTimeout))) break;
    }
  } catch (error) {
    if (!abort.signal.aborted) options.onError?.(error);
    stop();
  } finally {
    abort.signal.removeEventListener("abort", stop);
    if (abort.signal.aborted) stop();
    else {
      stopped = true;
      if (!res.writableEnded) res.end();
    }
  }
}
