/**
 * The HTTP client: an {@link RpcTransport} on the platform's `fetch` (Node 20, browsers, Deno,
 * Bun). In Node, `fetch` (undici) keeps connections alive and pools them per origin by default,
 * so consecutive calls reuse a connection; pass your own `fetch` to change the pool. Nothing
 * here imports Node-only modules.
 */
import { BINARY_MEDIA_TYPE, JSON_MEDIA_TYPE, acceptHeader, contentTypeHeader } from "../http/media-types.ts";
import { buildPath } from "../http/path.ts";
import { buildQueryString } from "../http/query-string.ts";
import { DEFAULT_ELEMENT_LIMIT, NdjsonSplitter } from "../http/stream-split.ts";
import type { AnyRouteDescriptor, MediaType, RouteDescriptor } from "../rpc/route.ts";
import type { RpcRequest, RpcTransport } from "../rpc/transport.ts";
import { answerMediaType, decodeOutput, rpcError, type AnswerContext } from "./answers.ts";
import { resolveBaseUrl } from "./base-url.ts";
import { callSignal, pause, type CallSignal } from "./call-signal.ts";
import { MediaTypeError, RpcError, TransportError } from "./errors.ts";
import { DEFAULT_MAX_ANSWER_BYTES, type BinaryBodies, type HttpTransportOptions, type RetryOptions } from "./options.ts";
import { StreamIdleError, bodyChunks, readBodyCapped } from "./read-body.ts";
import { noBodyTimeoutDispatcher } from "./stream-dispatcher.ts";

/** A request ready to send. */
interface Prepared {
  context: AnswerContext;
  init: RequestInit;
  timeoutMs: number | undefined;
}

const DEFAULT_RETRY_STATUSES: readonly number[] = [502, 503, 504];

/**
 * Whether `error` is the platform's: `fetch` and body readers fail with a `TypeError` (network
 * failure, connection cut) or an `AbortError`. Anything else describes the answer itself (too
 * large, undecodable, invalid) and is passed on as is.
 */
function isPlatformError(error: unknown): boolean {
  return error instanceof TypeError || (error as { name?: unknown } | null)?.name === "AbortError";
}

function causeText(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } } | undefined)?.cause;
  const base = error instanceof Error ? error.message : String(error);
  return cause ? `${base} (${cause.code ?? cause.message ?? String(cause)})` : base;
}

/**
 * In a browser page, a call to another origin refused by CORS fails exactly like an unreachable
 * node (a bare `TypeError`, by design of `fetch`): the hint says so, and what the node must allow.
 */
function corsHint(url: string): string {
  const page = (globalThis as { location?: { origin?: unknown } }).location?.origin;
  if (typeof page !== "string" || page === "null") return "";
  let origin: string;
  try {
    origin = new URL(url).origin;
  } catch {
    return "";
  }
  if (origin === page) return "";
  return `; from a page at ${page} this is also how a refusal by CORS shows: the node must allow that origin (Octez: --cors-origin ${page} --cors-header content-type)`;
}

/** Calls a node over HTTP. See {@link HttpTransportOptions} for the settings. */
export class HttpTransport implements RpcTransport {
  readonly #base: string;
  readonly #options: HttpTransportOptions;
  readonly #binary: BinaryBodies | undefined;
  readonly #fetch: typeof globalThis.fetch;
  /** Request headers by media type, made once (fetch copies them). */
  readonly #headers: Readonly<Record<MediaType, { withoutBody: Readonly<Record<string, string>>; withBody: Readonly<Record<string, string>> }>>;

  constructor(options: HttpTransportOptions) {
    const base = resolveBaseUrl(options.baseUrl);
    if (options.mediaType === BINARY_MEDIA_TYPE && !options.binary) throw new MediaTypeError("a client whose media type is application/octet-stream needs binary codecs (the `binary` option)");
    this.#base = base;
    this.#options = options;
    this.#binary = options.binary;
    // Bound: some platforms refuse `fetch` called on another `this`.
    this.#fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
    // Frozen: they are shared by every call, so a `fetch` wrapper that changed them in place
    // would change later calls' headers; it fails at once instead.
    const headersFor = (mediaType: MediaType) => {
      const withoutBody = { ...options.headers, accept: acceptHeader(mediaType) };
      return { withoutBody: Object.freeze(withoutBody), withBody: Object.freeze({ ...withoutBody, "content-type": contentTypeHeader(mediaType) }) };
    };
    this.#headers = { [JSON_MEDIA_TYPE]: headersFor(JSON_MEDIA_TYPE), [BINARY_MEDIA_TYPE]: headersFor(BINARY_MEDIA_TYPE) };
  }

  call<I, O, E>(route: RouteDescriptor<I, O, E>, request: RpcRequest<I>): Promise<O> {
    let prepared: Prepared;
    try {
      prepared = this.#prepare(route, request);
    } catch (error) {
      // Bad arguments fail the call's promise, as they would in an async function.
      return Promise.reject(error);
    }
    // Without retries, one attempt: no retry loop and its promise on every call.
    if (this.#options.retry === undefined || route.method !== "GET") return this.#attempt(prepared, request.signal) as Promise<O>;
    return this.#retrying(prepared, request.signal, () => this.#attempt(prepared, request.signal)) as Promise<O>;
  }

  /**
   * Runs `attempt` once, or again on a retryable failure when retries are on and the route is a
   * GET (idempotent), waiting longer before each retry.
   */
  async #retrying<T>(prepared: Prepared, caller: AbortSignal | undefined, attempt: () => Promise<T>): Promise<T> {
    const retry = prepared.context.method === "GET" ? this.#options.retry : undefined;
    for (let done = 0; ; done++) {
      try {
        return await attempt();
      } catch (error) {
        if (!retry || done >= retry.retries || !retryable(error, retry)) throw error;
        await pause((retry.delayMs ?? 100) * 2 ** done, caller);
        if (caller?.aborted) throw new TransportError("aborted", prepared.context.method, prepared.context.url, "aborted by the caller while waiting to retry");
      }
    }
  }

  stream<I, O, E>(route: RouteDescriptor<I, O, E>, request: RpcRequest<I>): AsyncIterable<O> {
    return this.#streamValues(route, request) as AsyncIterable<O>;
  }

  /** Builds the URL, headers and body, and chooses the media type. */
  #prepare(route: AnyRouteDescriptor, request: RpcRequest<unknown>, stream = false): Prepared {
    const mediaType = this.#mediaTypeFor(route, request.mediaType);
    // `?? {}`: plain JavaScript may leave out what its route has no use for.
    const url = `${this.#base}${buildPath(route.path, request.path ?? {})}${buildQueryString(route.query, request.query ?? {})}`;
    const headers = this.#headers[mediaType];
    // Content-Type only with a body: a node rejects a bodyless GET that carries an unexpected one.
    const init: RequestInit =
      route.input === undefined
        ? { method: route.method, headers: headers.withoutBody }
        : { method: route.method, headers: headers.withBody, body: mediaType === BINARY_MEDIA_TYPE ? this.#binary!.encodeBody(route, "input", request.body) : JSON.stringify(request.body ?? {}) };
    // A stream may be silent for hours: no platform idle limit (see stream-dispatcher.ts).
    if (stream) (init as { dispatcher?: unknown }).dispatcher = noBodyTimeoutDispatcher;
    const timeoutMs = request.timeoutMs ?? this.#options.timeoutMs;
    return {
      context: { route, method: route.method, url, mediaType, validate: this.#options.validate ?? true, validation: this.#options.validation, binary: this.#binary },
      init,
      timeoutMs,
    };
  }

  /** The media type of one call: the call's choice (checked), else the client's when the route allows it, else JSON. */
  #mediaTypeFor(route: AnyRouteDescriptor, asked: MediaType | undefined): MediaType {
    const wanted = asked ?? this.#options.mediaType ?? JSON_MEDIA_TYPE;
    if (wanted === JSON_MEDIA_TYPE) return JSON_MEDIA_TYPE;
    const binary = this.#binary;
    const parts = route.input ? (["input", "output"] as const) : (["output"] as const);
    const can = binary !== undefined && parts.every((part) => route[part]!.mediaTypes.includes(BINARY_MEDIA_TYPE) && binary.supports(route, part));
    if (can) return BINARY_MEDIA_TYPE;
    if (asked === undefined) return JSON_MEDIA_TYPE;
    throw new MediaTypeError(
      binary === undefined
        ? `${route.operation}: application/octet-stream needs a client with binary codecs (the \`binary\` option)`
        : `${route.operation} has no binary form: ${route.output.jsonOnly ?? route.input?.jsonOnly ?? "its bodies are JSON only"}`,
    );
  }

  /** Sends the request; maps platform failures to {@link TransportError}. */
  async #send(prepared: Prepared, signal: CallSignal): Promise<Response> {
    const { method, url } = prepared.context;
    if (signal.reason === "aborted") throw new TransportError("aborted", method, url, "aborted by the caller before it was sent");
    try {
      return await this.#fetch(url, signal.signal ? { ...prepared.init, signal: signal.signal } : prepared.init);
    } catch (error) {
      throw this.#failure(error, signal, prepared, "unreachable");
    }
  }

  #failure(error: unknown, signal: CallSignal, prepared: Prepared, otherwise: "unreachable" | "interrupted"): Error {
    const { method, url } = prepared.context;
    if (!isPlatformError(error)) return error as Error;
    if (signal.reason === "timeout") return new TransportError("timeout", method, url, `no complete answer within ${prepared.timeoutMs} ms`, { cause: error });
    if (signal.reason === "aborted") return new TransportError("aborted", method, url, "aborted by the caller", { cause: error });
    const what = otherwise === "unreachable" ? "the node could not be reached" : "the connection broke while the answer was read";
    const hint = otherwise === "unreachable" ? corsHint(url) : "";
    return new TransportError(otherwise, method, url, `${what}: ${causeText(error)}${hint}`, { cause: error });
  }

  /** One attempt of a single-answer call. */
  async #attempt(prepared: Prepared, caller: AbortSignal | undefined): Promise<unknown> {
    const signal = callSignal(caller, prepared.timeoutMs);
    const { context } = prepared;
    try {
      const response = await this.#send(prepared, signal);
      let body: Uint8Array;
      try {
        body = await readBodyCapped(response, this.#options.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES);
      } catch (error) {
        throw this.#failure(error, signal, prepared, "interrupted");
      }
      if (!response.ok) throw rpcError(context, response, body);
      // 204 has no body; a node's 201 has none either, but a body sent with one is the value.
      if (response.status === 204 || (response.status === 201 && body.length === 0)) return undefined;
      return decodeOutput(context, answerMediaType(response, context.mediaType), body, "output", true);
    } finally {
      signal.dispose();
    }
  }

  /**
   * One attempt at opening a stream: the request, then its answer's headers. An error status is
   * read (capped) and thrown as an {@link RpcError}; a 2xx answer is returned unread with its
   * signal, whose timer is stopped (the timeout bounds the wait for the start, not the stream).
   */
  async #openStream(prepared: Prepared, caller: AbortSignal | undefined): Promise<{ response: Response; signal: CallSignal }> {
    const signal = callSignal(caller, prepared.timeoutMs);
    try {
      const response = await this.#send(prepared, signal);
      signal.clearTimeout();
      if (!response.ok) {
        const body = await readBodyCapped(response, this.#options.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES).catch((error: unknown) => {
          throw this.#failure(error, signal, prepared, "interrupted");
        });
        throw rpcError(prepared.context, response, body);
      }
      return { response, signal };
    } catch (error) {
      signal.dispose();
      throw error;
    }
  }

  /**
   * The values of a stream. Opening it (up to the answer's headers) is retried like a single
   * GET call when retries are on; once elements flow it never is: a retry would open a new
   * stream, which starts again from the node's current state (a monitor sends the current head
   * first), so elements would be repeated or missed without the consumer knowing. A stream cut
   * after its start is an `interrupted` error; the consumer decides whether to subscribe again.
   *
   * Pull-driven: nothing is read while the consumer does not ask, so TCP back-pressure reaches
   * the node. Ends when the node ends the answer or when the caller's signal aborts; `break`
   * cancels the body, which releases the connection.
   */
  async *#streamValues(route: AnyRouteDescriptor, request: RpcRequest<unknown>): AsyncGenerator<unknown, void, undefined> {
    const prepared = this.#prepare(route, request, true);
    const { context } = prepared;
    let opened: { response: Response; signal: CallSignal };
    try {
      opened = await this.#retrying(prepared, request.signal, () => this.#openStream(prepared, request.signal));
    } catch (error) {
      // The caller's abort ends a stream quietly, whenever it comes.
      if (request.signal?.aborted) return;
      throw error;
    }
    const { response, signal } = opened;
    try {
      const mediaType = answerMediaType(response, context.mediaType);
      const limit = this.#options.maxElementBytes ?? DEFAULT_ELEMENT_LIMIT;
      const splitter = mediaType === BINARY_MEDIA_TYPE && this.#binary ? this.#binary.streamSplitter(limit) : new NdjsonSplitter(limit);
      try {
        for await (const chunk of bodyChunks(response, this.#options.streamIdleTimeoutMs)) {
          for (const element of splitter.push(chunk)) yield decodeOutput(context, mediaType, element, "stream element", false);
        }
        for (const element of splitter.end()) yield decodeOutput(context, mediaType, element, "stream element", false);
      } catch (error) {
        if (signal.reason === "aborted") return;
        if (error instanceof StreamIdleError) throw new TransportError("timeout", context.method, context.url, `the stream sent nothing for ${error.ms} ms (streamIdleTimeoutMs)`, { cause: error });
        throw this.#failure(error, signal, prepared, "interrupted");
      }
    } finally {
      signal.dispose();
    }
  }
}

function retryable(error: unknown, retry: RetryOptions): boolean {
  if (error instanceof TransportError) return error.reason === "unreachable" || error.reason === "timeout" || error.reason === "interrupted";
  if (error instanceof RpcError) return (retry.statuses ?? DEFAULT_RETRY_STATUSES).includes(error.status);
  return false;
}

/** Shorthand for `new HttpTransport(options)`. */
export function createHttpTransport(options: HttpTransportOptions): HttpTransport {
  return new HttpTransport(options);
}
