/**
 * The answers a handler can give besides its value, as resto's handlers do (octez-http.md §5):
 *
 * | handler | status | body |
 * |---|---|---|
 * | `return value` | 200 | the value, with `Content-Length` |
 * | `return answer.chunked(value)` | 200 | the value, chunked (JSON in pieces of 4,096 bytes; binary in one chunk) |
 * | `return` an `AsyncIterable` (streaming routes) | 200 | one element per chunk |
 * | `return answer.created(location?)` | 201 | empty; `Location` when given |
 * | `return answer.noContent()` | 204 | empty |
 * | `throw answer.unauthorized/forbidden/notFound/conflict/gone/error(trace?)` | 401/403/404/409/410/500 | the trace in the negotiated type; empty without one |
 *
 * The success helpers are typed so that any handler of the generated `Handlers` interface may
 * return them without a cast (`chunked` as its value, `created` and `noContent` as `never`);
 * they are marker objects that only the server reads, so code calling a handler directly gets
 * the marker. The error helpers make {@link RpcServerError}s, thrown or returned alike.
 * The server never chunks an answer by itself: a node chunks only the values its handler asks
 * to (`OkChunk`), whatever their size.
 */
import { RpcServerError, notFound } from "./errors.ts";

/** What the success helpers return: read by the server, not meant for other code. */
export class RpcAnswer {
  private constructor(
    readonly kind: "chunked" | "created" | "no-content",
    /** The value of a chunked answer. */
    readonly value?: unknown,
    /** The `Location` of a 201 answer. */
    readonly location?: string,
  ) {}

  /** @internal Use {@link answer}. */
  static make(kind: "chunked" | "created" | "no-content", value?: unknown, location?: string): RpcAnswer {
    return new RpcAnswer(kind, value, location);
  }
}

/** The answer helpers (see this module's comment); `trace` is the route's error value, usually an error trace. */
export const answer = {
  /** 200 with the value sent in chunks (Octez's `OkChunk`, which a node uses for large values). */
  chunked: <O>(value: O): O => RpcAnswer.make("chunked", value) as O,
  /** 201 with an empty body, and a `Location` header when `location` is given. */
  created: (location?: string): never => RpcAnswer.make("created", undefined, location) as never,
  /** 204 with an empty body. */
  noContent: (): never => RpcAnswer.make("no-content") as never,
  /** 401 with the trace, or an empty body. */
  unauthorized: (trace?: unknown): RpcServerError => new RpcServerError(401, trace),
  /** 403 with the trace, or an empty body. */
  forbidden: (trace?: unknown): RpcServerError => new RpcServerError(403, trace),
  /** 404 with the trace, or an empty body (what a node answers for an unknown block). */
  notFound,
  /** 409 with the trace, or an empty body. */
  conflict: (trace?: unknown): RpcServerError => new RpcServerError(409, trace),
  /** 410 with the trace, or an empty body. */
  gone: (trace?: unknown): RpcServerError => new RpcServerError(410, trace),
  /** 500 with the trace, or an empty body. */
  error: (trace?: unknown): RpcServerError => new RpcServerError(500, trace),
} as const;
