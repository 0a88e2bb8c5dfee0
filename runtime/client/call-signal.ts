/**
 * One attempt's abort signal: aborts when the caller's signal does or when the timeout passes,
 * and remembers which, so that the failure can say "timeout" or "aborted".
 */

export interface CallSignal {
  /** The signal to give `fetch`; absent when there is neither a caller's signal nor a timeout. */
  readonly signal: AbortSignal | undefined;
  /** Why the signal aborted, once it has. */
  readonly reason: "timeout" | "aborted" | undefined;
  /** Stops the timer (the answer's headers, or all of it, came). */
  clearTimeout(): void;
  /** Stops listening to the caller's signal and the timer. */
  dispose(): void;
}

/** The signal of a call with neither a caller's signal nor a timeout: nothing to allocate per call. */
const NO_SIGNAL: CallSignal = Object.freeze({ signal: undefined, reason: undefined, clearTimeout() {}, dispose() {} });

export function callSignal(caller: AbortSignal | undefined, timeoutMs: number | undefined): CallSignal {
  // Without a timeout the caller's signal (if any) is given to `fetch` as is: a controller and
  // listeners per call cost a measurable share of a loopback round trip.
  if (timeoutMs === undefined || timeoutMs <= 0) {
    if (caller === undefined) return NO_SIGNAL;
    return {
      signal: caller,
      get reason() {
        return caller?.aborted ? "aborted" : undefined;
      },
      clearTimeout() {},
      dispose() {},
    };
  }
  const controller = new AbortController();
  let reason: "timeout" | "aborted" | undefined;
  const abort = (why: "timeout" | "aborted") => {
    if (reason !== undefined) return;
    reason = why;
    controller.abort();
  };
  const onCallerAbort = () => abort("aborted");
  if (caller?.aborted) abort("aborted");
  else caller?.addEventListener("abort", onCallerAbort, { once: true });
  let timer = reason === undefined ? setTimeout(() => abort("timeout"), timeoutMs) : undefined;
  const clear = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  return {
    signal: controller.signal,
    get reason() {
      return reason;
    },
    clearTimeout: clear,
    dispose() {
      clear();
      caller?.removeEventListener("abort", onCallerAbort);
    },
  };
}

/** Waits `ms`, or less when `signal` aborts (then resolves too; the caller checks the signal). */
export function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", done, { once: true });
  });
}
