/**
 * The error a piece of work fails with, for tests that expect a failure of one type: the test
 * fails when the work succeeds, or when it fails with anything else (that error is rethrown).
 */

/** What `work` (a promise, or a function run here, which may also throw at once) rejects with: a `type`. */
export async function rejection<T>(work: Promise<unknown> | (() => unknown), type: abstract new (...args: never[]) => T): Promise<T> {
  try {
    await (typeof work === "function" ? work() : work);
  } catch (error) {
    if (error instanceof type) return error;
    throw error;
  }
  throw new Error(`expected a ${type.name}, but it succeeded`);
}
