/**
 * The transport interface generated client functions are written against. The HTTP
 * implementation lives elsewhere; tests and the sandbox may plug in their own. Types only.
 */
import type { MediaType, RouteDescriptor } from "./route.ts";

/** Options of one call. */
export interface CallOptions<M extends MediaType = MediaType> {
  /** Cancels the call, or ends a stream. */
  signal?: AbortSignal;
  /**
   * Media type of the request body and of the answer; JSON when absent. Generated functions
   * narrow `M` to the types the service's bodies support.
   */
  mediaType?: M;
  /** Milliseconds this call may take; overrides the transport's default (for a stream: until its answer starts). */
  timeoutMs?: number;
}

/** Path arguments by key (see `RouteSegmentDescriptor`): one segment, or several for a rest-of-path argument. */
export type PathArguments = Readonly<Record<string, string | readonly string[]>>;

/** Query arguments by name; `undefined` and `false` flags are left out of the query string. */
export type QueryArguments = Readonly<Record<string, string | number | boolean | readonly (string | number | boolean)[] | undefined>>;

/** One request to a service, ready for the transport. */
export interface RpcRequest<I> extends CallOptions {
  path: PathArguments;
  query: QueryArguments;
  /** Present exactly when the service takes an input. */
  body?: I;
}

/** Carries requests to a node (or anything that speaks its interface). */
export interface RpcTransport {
  /** Sends a request and reads one answer. */
  call<I, O, E>(route: RouteDescriptor<I, O, E>, request: RpcRequest<I>): Promise<O>;
  /** Sends a request and reads the answer as a stream of values; ends when `signal` aborts. */
  stream<I, O, E>(route: RouteDescriptor<I, O, E>, request: RpcRequest<I>): AsyncIterable<O>;
}
