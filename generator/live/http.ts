/**
 * One JSON GET against a node, with a deadline, retries and typed failures.
 *
 * - The deadline (`timeoutMs`) covers the whole answer, headers and body, of one attempt.
 * - Retries (`retries`, default 2) happen only for failures that may pass: network errors
 *   (connection refused or reset…) and 5xx statuses. A 4xx, a timeout (a hung node usually
 *   stays hung, and each attempt would cost the full deadline) and a malformed answer are
 *   final. The delay doubles from `retryDelayMs` (default 250 ms) up to 5 s.
 * - A body longer than `maxBytes` (announced or received) is final too (`too-large`).
 * - A redirect within the node's origin is followed; to another origin it is refused
 *   (`redirect`) unless `followRedirects` is set. The final URL is returned with the answer.
 */
import { BodyTooLargeError, DEFAULT_MAX_BODY_BYTES, readBodyText } from "../describe/body.ts";
import { RedirectRefusedError, TooManyRedirectsError, redirectPolicyFetch } from "../describe/redirects.ts";
import { aclProblem, LiveCaptureError } from "./errors.ts";

export interface NodeRequestOptions {
  /** Milliseconds for one complete answer. Default 30 000. */
  timeoutMs?: number;
  /** Extra attempts after a network error or a 5xx. Default 2. */
  retries?: number;
  /** First delay between attempts; doubles each time (capped at 5 s). Default 250. */
  retryDelayMs?: number;
  /** Largest answer accepted, in bytes. Default 128 MiB (`DEFAULT_MAX_BODY_BYTES`). */
  maxBytes?: number;
  /** Cancels everything (no retry after it fires). */
  signal?: AbortSignal;
  /** The fetch implementation. Default: the global `fetch`. */
  fetch?: typeof fetch;
  /** Follow redirects to another origin (scheme, host, port). Default false: refused. */
  followRedirects?: boolean;
  /** Told about every retry, with the reason. */
  onRetry?: (info: { url: string; attempt: number; delayMs: number; problem: string }) => void;
}

export const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_RETRIES = 2;
const DEFAULT_RETRY_DELAY_MS = 250;
const MAX_RETRY_DELAY_MS = 5_000;

/** `http://host:port/path` without a trailing slash on the base. */
export function joinUrl(base: string, path: string): string {
  return base.replace(/\/+$/, "") + path;
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

type Attempt = { ok: true; text: string; url: string } | { ok: false; retry: boolean; error: LiveCaptureError };

async function attempt(source: string, url: string, options: NodeRequestOptions): Promise<Attempt> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(new Error("timeout")), timeoutMs);
  const signal = options.signal === undefined ? deadline.signal : AbortSignal.any([deadline.signal, options.signal]);
  try {
    const policy = redirectPolicyFetch({ followRedirects: options.followRedirects ?? false, ...(options.fetch ? { fetch: options.fetch } : {}) });
    const response = await policy(url, { headers: { accept: "application/json" }, signal });
    const text = await readBodyText(response, options.maxBytes ?? DEFAULT_MAX_BODY_BYTES);
    // A stand-in `fetch` may leave `url` empty: then no redirect was followed.
    if (response.status === 200) return { ok: true, text, url: response.url || url };
    const status = response.status;
    const excerpt = text.trim().slice(0, 200);
    const detail = excerpt === "" ? "" : ` (${excerpt})`;
    if (status === 401 || status === 403) return { ok: false, retry: false, error: new LiveCaptureError("acl", source, url, aclProblem(url, status), status) };
    if (status === 404) {
      return { ok: false, retry: false, error: new LiveCaptureError("not-found", source, url, `${url} answered 404: the path does not exist on this node (or names a directory without services)${detail}`, status) };
    }
    return { ok: false, retry: status >= 500, error: new LiveCaptureError("http", source, url, `${url} answered HTTP ${status} ${response.statusText}${detail}`, status) };
  } catch (error) {
    if (error instanceof RedirectRefusedError || error instanceof TooManyRedirectsError) {
      return { ok: false, retry: false, error: new LiveCaptureError("redirect", source, url, error.message, undefined, { cause: error }) };
    }
    if (error instanceof BodyTooLargeError) {
      return { ok: false, retry: false, error: new LiveCaptureError("too-large", source, url, `${url}: ${error.message}`, undefined, { cause: error }) };
    }
    if (options.signal?.aborted) {
      return { ok: false, retry: false, error: new LiveCaptureError("aborted", source, url, `request to ${url} cancelled`, undefined, { cause: error }) };
    }
    if (deadline.signal.aborted) {
      return { ok: false, retry: false, error: new LiveCaptureError("timeout", source, url, `no complete answer from ${url} within ${timeoutMs} ms`, undefined, { cause: error }) };
    }
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const reason = cause?.code ?? cause?.message ?? (error as Error).message;
    return { ok: false, retry: true, error: new LiveCaptureError("network", source, url, `request to ${url} failed (${reason})`, undefined, { cause: error }) };
  } finally {
    clearTimeout(timer);
  }
}

/** GETs `url` and parses the answer as JSON; `source` is the node URL named in errors. */
export async function getJson(source: string, url: string, options: NodeRequestOptions = {}): Promise<unknown> {
  return (await getJsonAt(source, url, options)).json;
}

/** {@link getJson}, with the URL that finally answered (after the redirects followed). */
export async function getJsonAt(source: string, url: string, options: NodeRequestOptions = {}): Promise<{ json: unknown; url: string }> {
  const retries = Math.max(0, Math.floor(options.retries ?? DEFAULT_RETRIES));
  let delay = options.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS;
  for (let n = 0; ; n++) {
    const result = await attempt(source, url, options);
    if (result.ok) {
      try {
        return { json: JSON.parse(result.text.charCodeAt(0) === 0xfeff ? result.text.slice(1) : result.text), url: result.url };
      } catch (error) {
        const excerpt = result.text.trim().slice(0, 80);
        throw new LiveCaptureError("not-json", source, url, `${url} did not answer JSON (${(error as Error).message}; starts with ${JSON.stringify(excerpt)})`, 200, { cause: error });
      }
    }
    if (!result.retry || n >= retries) throw result.error;
    options.onRetry?.({ url, attempt: n + 1, delayMs: delay, problem: result.error.problem });
    try {
      await sleep(delay, options.signal);
    } catch (error) {
      throw new LiveCaptureError("aborted", source, url, `request to ${url} cancelled`, undefined, { cause: error });
    }
    delay = Math.min(delay * 2, MAX_RETRY_DELAY_MS);
  }
}
