/**
 * How a handler reports a failure. A handler throws {@link RpcServerError}; the server answers
 * with its status and its error trace written in the negotiated media type (octez-http.md §3,
 * §5). Anything else a handler throws becomes a 500 with a one-error trace, as Octez's
 * directory layer turns exceptions into traces.
 */

import type { ErrorTraceEntry } from "../http/error-trace.ts";

/** The statuses a handler may answer an error with (octez-http.md §5). */
export type HandlerErrorStatus = 401 | 403 | 404 | 409 | 410 | 500;

/**
 * Thrown by handlers (returning one works too). `trace` is the error body (usually an
 * `ErrorTrace` of `runtime/http`); without one the answer has an empty body, as a node's `not
 * found` without a trace. The `answer` helpers (answers.ts) make one per status.
 */
export class RpcServerError extends Error {
  override readonly name = "RpcServerError";

  constructor(
    readonly status: HandlerErrorStatus,
    readonly trace?: unknown,
    message?: string,
  ) {
    super(message ?? `RPC handler error ${status}${trace === undefined ? "" : `: ${JSON.stringify(trace).slice(0, 200)}`}`);
  }
}

/** A 404 without a trace: what a node answers for an unknown block, peer or protocol. */
export function notFound(trace?: unknown): RpcServerError {
  return new RpcServerError(404, trace);
}

/** The trace sent for an exception that is not an {@link RpcServerError} (Octez's form of an unregistered error). */
export function genericTrace(error: unknown): ErrorTraceEntry[] {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return [{ kind: "generic", error: text }];
}

/**
 * Thrown when a server is built from inconsistent parts (two routes at one position with
 * different argument types, a handler missing for a route, a bad ACL matcher).
 */
export class RpcServerSetupError extends Error {
  override readonly name = "RpcServerSetupError";
}
