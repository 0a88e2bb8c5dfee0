/**
 * How the sandbox's handlers fail, in Octez's terms (octez-http.md §3, §5): `Not_found`
 * becomes an empty 404, and an error trace a 500 carrying the trace. Both are
 * {@link RpcServerError}s, which the runtime's server writes in the negotiated media type.
 */
import type { JsonValue } from "@tezos-rpcgen/runtime";
import { RpcServerError } from "@tezos-rpcgen/runtime/server";

/** One error of an Octez error trace: `{kind, id, …}` or a generic `{kind: "generic", error}`. */
export type TraceError = { readonly [key: string]: JsonValue };

export { RpcServerError };

/** The empty 404 Octez answers when a handler raises `Not_found` (unknown block, peer, …). */
export function notFound(what: string): RpcServerError {
  return new RpcServerError(404, undefined, `not found: ${what}`);
}

/**
 * Octez's `failwith`: an unregistered error, encoded `{"kind":"generic","error":text}`
 * (tezos/tezos-mirror `src/lib_error_monad/core_maker.ml`), answered with 500.
 */
export function genericFailure(text: string): RpcServerError {
  return new RpcServerError(500, [{ kind: "generic", error: text }], text);
}

/** A 500 carrying a registered error trace. */
export function traceFailure(trace: readonly TraceError[], message: string): RpcServerError {
  return new RpcServerError(500, trace, message);
}

/** Octez's `Block_hash.pp_short` and friends: the first 10 characters of a Base58 hash. */
export function short(hash: string): string {
  return hash.slice(0, 10);
}
