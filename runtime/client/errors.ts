/**
 * The client's typed failures. Each kind is its own class so that callers can branch with
 * `instanceof`: the node answered with an error ({@link RpcError}), the call could not be made
 * or finished ({@link TransportError}), the answer did not match the route's schema
 * ({@link ValidationError}). Undecodable bodies are the codec's `DecodeError` (JSON that does
 * not parse, binary that does not decode) or the wire's `FramingError`; an answer or stream
 * element over its cap is the wire's `ElementTooLargeError`.
 */
import type { JsonValidationError } from "../rpc/json-validation.ts";
import type { HttpMethod, RouteDescriptor } from "../rpc/route.ts";
import { formatErrorTrace, isErrorTrace } from "../http/error-trace.ts";

/** What a node said when it answered with an error status. */
export interface RpcErrorDetails<E> {
  method: HttpMethod;
  url: string;
  status: number;
  /** The parsed error trace (JSON or binary), typed by the route's error type. */
  trace?: E;
  /** The body as text when it is not a trace: resto's `text/plain` 400 messages, the 406 list, an unreadable trace. */
  text?: string;
  /** Allowed methods of a 405 answer (from one or several `Allow` headers). */
  allow?: string[];
}

/**
 * The node answered with a status other than 2xx. Exactly one of `trace` and `text` is set
 * when the body had content; neither for empty bodies (404 from routing, 401, 405, 415).
 */
export class RpcError<E = unknown> extends Error {
  override readonly name = "RpcError";
  readonly method: HttpMethod;
  readonly url: string;
  readonly status: number;
  readonly trace?: E;
  readonly text?: string;
  readonly allow?: string[];

  constructor(details: RpcErrorDetails<E>) {
    const { method, url, status, trace, text, allow } = details;
    const said = trace !== undefined ? (isErrorTrace(trace) ? formatErrorTrace(trace) : JSON.stringify(trace)) : text !== undefined ? text.trim() : allow ? `allowed: ${allow.join(", ")}` : "empty body";
    super(`${method} ${url} answered ${status}: ${said}`);
    this.method = method;
    this.url = url;
    this.status = status;
    if (trace !== undefined) this.trace = trace;
    if (text !== undefined) this.text = text;
    if (allow !== undefined) this.allow = allow;
  }
}

/**
 * Whether `error` is an {@link RpcError}, typed with the error type of `route` (the route of the
 * call that failed): `if (isRpcError(e, getChainsChainIdRoute)) e.trace…`.
 */
// The route only carries the type; the check is the class.
export function isRpcError<E>(error: unknown, _route?: RouteDescriptor<any, any, E>): error is RpcError<E> {
  return error instanceof RpcError;
}

/** Why a call could not be made or finished. */
export type TransportFailure =
  /** No answer: refused, unknown host, reset before the headers. */
  | "unreachable"
  /** The per-call timeout passed, or a stream sent nothing for `streamIdleTimeoutMs`. */
  | "timeout"
  /** The caller's `AbortSignal` aborted a single call. */
  | "aborted"
  /** The connection broke while an answer or a stream was being read. */
  | "interrupted";

/** The request did not get a complete answer. `cause` is the platform's error when there is one. */
export class TransportError extends Error {
  override readonly name = "TransportError";
  constructor(
    readonly reason: TransportFailure,
    readonly method: HttpMethod,
    readonly url: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(`${method} ${url}: ${message}`, options);
  }
}

/** An answer that parsed but does not match the route's JSON schema (output validation). */
export class ValidationError extends Error {
  override readonly name = "ValidationError";
  constructor(
    /** What was validated: `output of getChainsBlocks`, `stream element of getMonitorHeads`… */
    readonly what: string,
    readonly errors: readonly JsonValidationError[],
  ) {
    const shown = errors.slice(0, 3).map((e) => `${e.instancePath === "" ? "$" : e.instancePath} ${e.message ?? e.keyword}`);
    super(`${what} does not match its schema: ${shown.join("; ")}${errors.length > 3 ? ` (and ${errors.length - 3} more)` : ""}`);
  }
}

/** The client's base URL cannot be used (relative with no page to resolve it against, not HTTP, a query string…). */
export class BaseUrlError extends TypeError {
  override readonly name = "BaseUrlError";
  constructor(
    /** The base URL as given. */
    readonly baseUrl: string,
    /** Why it cannot be used. */
    readonly problem: string,
  ) {
    super(`base URL ${JSON.stringify(baseUrl)}: ${problem}`);
  }
}

/** A call asked for a media type the route (or this client) cannot speak. */
export class MediaTypeError extends Error {
  override readonly name = "MediaTypeError";
}
