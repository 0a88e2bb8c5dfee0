/**
 * A chain's mempool as Octez's prevalidator keeps it (tezos/tezos-mirror
 * `src/lib_shell/prevalidator_classification.ml` and `prevalidator_pending_operations.ml`):
 * operations waiting to be classified (`unprocessed`), then filed in exactly one class:
 * `validated` (unbounded), or `refused`, `outdated`, `branch_refused`, `branch_delayed` with
 * their error trace, each of these four holding at most `limit` operations (the oldest is
 * dropped when a class is full; Octez's `max_refused_operations`).
 *
 * Each classification is published on the mempool's {@link Topic}; a flush (new head) closes
 * that topic and opens a new one, as Octez's prevalidator shuts its operation stream down on
 * every flush, which ends the `monitor_operations` streams.
 */
import type { Operation } from "../../generated/shell/types.ts";
import type { TraceError } from "../errors.ts";
import type { Classification, ErrorClass } from "../protocol/operations.ts";
import { Topic } from "./topic.ts";

export interface PendingOperation {
  readonly hash: string;
  readonly operation: Operation;
}

/** An operation with its class (and its error trace when the class is an error class). */
export interface ClassifiedOperation extends PendingOperation {
  readonly class: Classification;
  readonly error?: readonly TraceError[];
}

export const ERROR_CLASSES: readonly ErrorClass[] = ["refused", "outdated", "branch_refused", "branch_delayed"];

export class Mempool {
  private readonly unprocessed = new Map<string, Operation>();
  private readonly validated = new Map<string, Operation>();
  private readonly errors: Record<ErrorClass, Map<string, ClassifiedOperation>> = {
    refused: new Map(),
    outdated: new Map(),
    branch_refused: new Map(),
    branch_delayed: new Map(),
  };
  private topic: Topic<ClassifiedOperation>;

  /**
   * `limit`: operations each error class keeps; `onDiscard`: told of operations that leave
   * the mempool because their class was full; `queueLimit`: the streams' queue bound;
   * `stopped`: aborted when the node stops, which ends the streams for good.
   */
  constructor(
    readonly limit = 1000,
    private readonly onDiscard: (hash: string) => void = () => undefined,
    private readonly queueLimit?: number,
    private readonly stopped?: AbortSignal,
  ) {
    this.topic = new Topic(queueLimit);
    stopped?.addEventListener("abort", () => this.topic.close(), { once: true });
  }

  /** True when the operation is unprocessed or classified. */
  has(hash: string): boolean {
    return this.unprocessed.has(hash) || this.validated.has(hash) || ERROR_CLASSES.some((c) => this.errors[c].has(hash));
  }

  /** Queues an operation for classification; false when the mempool already has it. */
  addUnprocessed(hash: string, operation: Operation): boolean {
    if (this.has(hash)) return false;
    this.unprocessed.set(hash, operation);
    return true;
  }

  /** Files an operation (taken out of `unprocessed`) in its class and publishes it. */
  classify(op: ClassifiedOperation): void {
    this.unprocessed.delete(op.hash);
    if (op.class === "validated") this.validated.set(op.hash, op.operation);
    else {
      const map = this.errors[op.class];
      map.set(op.hash, op);
      if (map.size > this.limit) {
        const oldest = map.keys().next().value!;
        map.delete(oldest);
        this.onDiscard(oldest);
      }
    }
    this.topic.publish(op);
  }

  /** Removes operations from every class; returns those that were there. */
  remove(hashes: Iterable<string>): string[] {
    const removed: string[] = [];
    for (const h of hashes)
      if (this.unprocessed.delete(h) || this.validated.delete(h) || ERROR_CLASSES.some((c) => this.errors[c].delete(h))) removed.push(h);
    return removed;
  }

  /**
   * A new head (Octez's `flush`): `validated` and `branch_delayed` operations, and
   * `branch_refused` ones on a branch switch, go back to `unprocessed` to be classified again
   * on the new head; `refused` and `outdated` stay. The operation streams end.
   */
  flush(branchSwitch: boolean): void {
    const back = [...this.validated, ...[...this.errors.branch_delayed.values()].map((o) => [o.hash, o.operation] as const)];
    if (branchSwitch) back.push(...[...this.errors.branch_refused.values()].map((o) => [o.hash, o.operation] as const));
    this.validated.clear();
    this.errors.branch_delayed.clear();
    if (branchSwitch) this.errors.branch_refused.clear();
    for (const [hash, operation] of back) this.unprocessed.set(hash, operation);
    this.topic.close();
    this.topic = new Topic(this.queueLimit);
    if (this.stopped?.aborted) this.topic.close();
  }

  /** The operations waiting for classification, oldest first. */
  pending(): PendingOperation[] {
    return [...this.unprocessed].map(([hash, operation]) => ({ hash, operation }));
  }

  /** Up to `n` unprocessed operations, oldest first. */
  nextUnprocessed(n: number): PendingOperation[] {
    const out: PendingOperation[] = [];
    for (const [hash, operation] of this.unprocessed) {
      if (out.length >= n) break;
      out.push({ hash, operation });
    }
    return out;
  }

  /** The validated operations, in classification order. */
  validatedOperations(): PendingOperation[] {
    return [...this.validated].map(([hash, operation]) => ({ hash, operation }));
  }

  /** The operations of one error class, oldest first. */
  errorClass(c: ErrorClass): ClassifiedOperation[] {
    return [...this.errors[c].values()];
  }

  /** Every operation the mempool holds, unprocessed or classified. */
  list(): PendingOperation[] {
    return [...this.validatedOperations(), ...this.pending(), ...ERROR_CLASSES.flatMap((c) => this.errorClass(c))].map(({ hash, operation }) => ({ hash, operation }));
  }

  /** Subscribes to the classifications until the next flush (or until the client leaves). */
  subscribe(signal: AbortSignal): AsyncIterable<ClassifiedOperation> {
    return this.topic.subscribe(signal);
  }

  /** Number of operations held, unprocessed or classified. */
  get size(): number {
    return this.unprocessed.size + this.validated.size + ERROR_CLASSES.reduce((n, c) => n + this.errors[c].size, 0);
  }
}
