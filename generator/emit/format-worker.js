// The worker thread of format.ts's `formatConcurrently`. Plain JavaScript, so that it starts
// the same way under node, tsx and vitest.
//
// It receives batches `{ batch, claims, jobs: [{ code, options }] }`. Both threads claim jobs
// through `claims` (an Int32Array on shared memory, one slot per job: 0 free, 1 this worker,
// 2 the main thread); the worker takes them from the first, the main thread from the last.
// For each job it claims it answers `{ batch, index, formatted }` (or `{ batch, index, error }`),
// and `{ batch, done: true }` once it has gone through the batch.
import { parentPort } from "node:worker_threads";
import { format } from "prettier";

if (parentPort === null) throw new Error("format-worker.js runs as a worker thread");
const port = parentPort;

port.on("message", async ({ batch, claims, jobs }) => {
  const slots = new Int32Array(claims);
  for (let index = 0; index < jobs.length; index++) {
    if (Atomics.compareExchange(slots, index, 0, 1) !== 0) continue;
    const { code, options } = jobs[index];
    try {
      port.postMessage({ batch, index, formatted: await format(code, options) });
    } catch (error) {
      port.postMessage({ batch, index, error: error instanceof Error ? error.message : String(error) });
    }
  }
  port.postMessage({ batch, done: true });
});
