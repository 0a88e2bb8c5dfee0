/**
 * A worker's request queue (Octez's `Worker` module): requests run one at a time in arrival
 * order; the pending and current requests are what `/workers/*` report.
 */
export interface WorkRequest {
  readonly pushed: number;
  /** What the request is about, in the worker's request encoding. */
  readonly view: unknown;
  treated?: number;
}

export class WorkQueue {
  private tail: Promise<unknown> = Promise.resolve();
  readonly pending: WorkRequest[] = [];
  current: WorkRequest | undefined;

  constructor(private readonly now: () => number = () => Date.now() / 1000) {}

  /** Queues `work`; the promise settles with its outcome. */
  run<T>(work: () => T, view: unknown = {}): Promise<T> {
    const request: WorkRequest = { pushed: this.now(), view };
    this.pending.push(request);
    const result = this.tail.then(() => {
      this.pending.splice(this.pending.indexOf(request), 1);
      request.treated = this.now();
      this.current = request;
      try {
        return work();
      } finally {
        this.current = undefined;
      }
    });
    this.tail = result.catch(() => undefined);
    return result;
  }
}
