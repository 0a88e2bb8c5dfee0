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

  /**
   * Queues `work`; the promise settles with its outcome. With `later`, the request is listed
   * at once but starts no earlier than the next turn of the event loop (after the answers
   * being written), as a request pushed without waiting for it.
   */
  run<T>(work: () => T, view: unknown = {}, later = false): Promise<T> {
    const request: WorkRequest = { pushed: this.now(), view };
    this.pending.push(request);
    const start = later ? this.tail.then(() => new Promise<void>((r) => setImmediate(r))) : this.tail;
    const result = start.then(() => {
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

  /** Resolves once no request is pending or running (requests queued meanwhile included). */
  async idle(): Promise<void> {
    while (this.pending.length > 0 || this.current !== undefined) await this.tail;
  }
}
