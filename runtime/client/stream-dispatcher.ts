/**
 * Streams without the platform's idle limit. Node's `fetch` (undici) ends a body that sends
 * nothing for 300 s (`UND_ERR_BODY_TIMEOUT`); a monitor (`/monitor/heads` on a chain that bakes
 * nothing, `/monitor/protocols`) may be silent for hours. undici's `fetch` takes a non-standard
 * `dispatcher` in its init: this one hands each request on to whatever global dispatcher is in
 * place (the default agent, or one the application set, with its pool and proxy) with the body
 * timeout turned off for that request only. Other platforms ignore the unknown init member.
 * A client-side idle limit, when wanted, is `streamIdleTimeoutMs`.
 */

/** The key under which undici (Node's built-in copy and the npm package alike) keeps its global dispatcher. */
const GLOBAL_DISPATCHER = Symbol.for("undici.globalDispatcher.1");

interface Dispatcher {
  dispatch(options: Record<string, unknown>, handler: unknown): boolean;
}

/** A dispatcher that forwards to the global one with no body timeout; found when a request is made. */
export const noBodyTimeoutDispatcher: Dispatcher = Object.freeze({
  dispatch(options: Record<string, unknown>, handler: unknown): boolean {
    const global = (globalThis as Record<symbol, Dispatcher | undefined>)[GLOBAL_DISPATCHER];
    // undici installs its agent when `fetch` loads, before any dispatch: absent only if a
    // foreign `fetch` called this, which is a programming error worth naming.
    if (global === undefined) throw new TypeError("no undici global dispatcher to forward the stream request to");
    return global.dispatch({ ...options, bodyTimeout: 0 }, handler);
  },
});
