/**
 * The validators' worker thread, seen from the caller's thread: one thread, started on first
 * use (or ahead of need) and kept while generations follow each other, which compiles the
 * validators modules (validators-compile.ts) of the sessions it is given. A session is begun
 * with the body schemas, as soon as they are known, and finished with the validator requests;
 * the thread works on the session in between.
 */

import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import type { ValidatorRequest } from "./validators-compile.ts";

/** Raised when the worker thread is gone or lost the session: the caller then compiles on its own thread. */
export class WorkerUnavailable extends Error {}

/** A validators module begun on the worker thread. */
export interface ThreadSession {
  /** The module's code, or a rejection: the compile error's message, or {@link WorkerUnavailable}. */
  finish(requests: readonly ValidatorRequest[]): Promise<string>;
}

/** Messages to the worker thread (validators-worker.ts). */
export type ToWorker = { kind: "begin"; session: number; bodies: string } | { kind: "finish"; session: number; validators: readonly ValidatorRequest[] };
/** Answers of the worker thread, one per `finish`. */
export type FromWorker = { session: number; js: string } | { session: number; error: string } | { session: number; lost: true };

/** How long an idle worker waits for the next session (generation runs back to back, e.g. `generate` for each snapshot). */
const IDLE_MS = 3000;

let sharedThread: ValidatorsThread | undefined;

/** The worker thread, started if need be; `undefined` with a single core or when it cannot start. */
export function validatorsThread(): ValidatorsThread | undefined {
  if (sharedThread === undefined && availableParallelism() > 1) {
    try {
      sharedThread = new ValidatorsThread();
    } catch {
      return undefined;
    }
  }
  return sharedThread;
}

/** The worker thread of validators-worker.js and the sessions it has not finished yet. */
class ValidatorsThread {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve: (js: string) => void; reject: (error: Error) => void }>();
  private nextSession = 0;
  private idleTimer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor() {
    // ajv allocates briskly (about 100 MB for the shell's validators): a larger young
    // generation spares the thread a third of its collections, and those left copy less
    // (measured with --trace-gc: 2.4 → 1.9 scavenges per module going from 64 to 128 MB).
    this.worker = new Worker(new URL("./validators-worker.js", import.meta.url), { resourceLimits: { maxYoungGenerationSizeMb: 128 } });
    this.worker.unref();
    this.worker.on("message", (message: FromWorker) => this.receive(message));
    this.worker.on("error", () => this.stop());
    this.worker.on("exit", () => this.stop());
    this.idleAfterwards();
  }

  /** Hands the thread distinct body schemas (as one JSON array text) to prepare and compile what they share. */
  begin(bodies: string): ThreadSession {
    const session = this.nextSession++;
    this.post({ kind: "begin", session, bodies });
    // A session begun is about to be finished: the thread stays up meanwhile.
    this.idleAfterwards();
    return { finish: (validators) => this.finish(session, validators) };
  }

  private finish(session: number, validators: readonly ValidatorRequest[]): Promise<string> {
    if (this.stopped) return Promise.reject(new WorkerUnavailable());
    clearTimeout(this.idleTimer);
    if (this.pending.size === 0) this.worker.ref();
    return new Promise((resolve, reject) => {
      this.pending.set(session, { resolve, reject });
      this.post({ kind: "finish", session, validators });
    });
  }

  private post(message: ToWorker): void {
    this.worker.postMessage(message);
  }

  private receive(message: FromWorker): void {
    const entry = this.pending.get(message.session);
    if (entry === undefined) return;
    this.pending.delete(message.session);
    if ("js" in message) entry.resolve(message.js);
    else if ("error" in message) entry.reject(new Error(message.error));
    else entry.reject(new WorkerUnavailable());
    if (this.pending.size === 0) {
      this.worker.unref();
      this.idleAfterwards();
    }
  }

  /** Ends the thread after {@link IDLE_MS} without news (a thread started ahead of need included). */
  private idleAfterwards(): void {
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => void this.worker.terminate(), IDLE_MS).unref();
  }

  /** Forgets this thread; its unfinished sessions are compiled on the caller's thread. */
  private stop(): void {
    this.stopped = true;
    if (sharedThread === this) sharedThread = undefined;
    clearTimeout(this.idleTimer);
    for (const { reject } of this.pending.values()) reject(new WorkerUnavailable());
    this.pending.clear();
  }
}
