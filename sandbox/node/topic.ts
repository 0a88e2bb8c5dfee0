/**
 * A broadcast channel of node events (Octez's `Lwt_watcher`): every subscriber gets every value
 * published after it subscribed, in order, as an `AsyncIterable` that ends when its signal
 * aborts (the client left) or when the topic closes (node stopping).
 *
 * Unlike `Lwt_watcher`, a subscriber's queue is bounded: publishing never waits for a reader,
 * so a subscriber that falls `limit` values behind is cut off (its stream yields what it had
 * queued, then ends) rather than slowing the node or growing without bound. Its client can
 * subscribe again (the head and mempool streams start with the current state).
 */

/** Values a subscriber may have queued before it is cut off, unless the topic says otherwise. */
export const DEFAULT_QUEUE_LIMIT = 4096;

export class Topic<T> {
  private readonly subscribers = new Set<Subscriber<T>>();
  private closed = false;
  /** Subscribers cut off for falling behind, since the topic was made. */
  overflowed = 0;

  /** `limit`: values a subscriber may have waiting before it is cut off (at least 1). */
  constructor(readonly limit: number = DEFAULT_QUEUE_LIMIT) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`stream queue limit must be a positive integer, got ${limit}`);
  }

  /** Number of live subscribers. */
  get size(): number {
    return this.subscribers.size;
  }

  publish(value: T): void {
    for (const s of this.subscribers)
      if (!s.push(value, this.limit)) {
        this.overflowed++;
        s.end();
      }
  }

  /** Ends every subscription. */
  close(): void {
    this.closed = true;
    for (const s of this.subscribers) s.end();
    this.subscribers.clear();
  }

  /**
   * Subscribes now (so that nothing published after this call is missed) and returns the
   * values, `first` ones before them. `until` ends the stream after the value it accepts.
   */
  subscribe(signal: AbortSignal, first: readonly T[] = [], until?: (value: T) => boolean): AsyncIterable<T> {
    const sub = new Subscriber<T>(first);
    if (this.closed || signal.aborted) sub.end();
    else {
      this.subscribers.add(sub);
      const onAbort = () => {
        this.subscribers.delete(sub);
        sub.end();
      };
      signal.addEventListener("abort", onAbort, { once: true });
      sub.onEnd = () => {
        this.subscribers.delete(sub);
        signal.removeEventListener("abort", onAbort);
      };
    }
    return { [Symbol.asyncIterator]: () => sub.iterator(until) };
  }
}

class Subscriber<T> {
  private readonly queue: T[];
  private waiting: ((r: IteratorResult<T>) => void) | undefined;
  private ended = false;
  onEnd: (() => void) | undefined;

  constructor(first: readonly T[]) {
    this.queue = [...first];
  }

  /** Hands `value` to a waiting reader or queues it; false when the queue is already full. */
  push(value: T, limit: number): boolean {
    if (this.ended) return true;
    const w = this.waiting;
    if (w) {
      this.waiting = undefined;
      w({ value, done: false });
    } else if (this.queue.length >= limit) return false;
    else this.queue.push(value);
    return true;
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.onEnd?.();
    const w = this.waiting;
    if (w && this.queue.length === 0) {
      this.waiting = undefined;
      w({ value: undefined, done: true });
    }
  }

  iterator(until?: (value: T) => boolean): AsyncIterator<T> {
    let finished = false;
    const finish = (): IteratorResult<T> => {
      finished = true;
      this.queue.length = 0;
      this.end();
      return { value: undefined, done: true };
    };
    return {
      next: () => {
        if (finished) return Promise.resolve({ value: undefined, done: true });
        if (this.queue.length > 0) {
          const value = this.queue.shift()!;
          if (until?.(value)) finished = true, this.end();
          return Promise.resolve({ value, done: false });
        }
        if (this.ended) return Promise.resolve(finish());
        return new Promise<IteratorResult<T>>((resolve) => {
          this.waiting = (r) => {
            if (!r.done && until?.(r.value)) finished = true, this.end();
            resolve(r);
          };
        });
      },
      return: () => Promise.resolve(finish()),
    };
  }
}
