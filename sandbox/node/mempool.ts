/**
 * A chain's pending operations, in arrival order, with the operations the node has seen
 * refused. An operation leaves the mempool when a block including it is stored on the head's
 * branch.
 */
import type { Operation } from "../../generated/shell/types.ts";

export interface PendingOperation {
  readonly hash: string;
  readonly operation: Operation;
}

export class Mempool {
  private readonly pending = new Map<string, Operation>();

  add(hash: string, operation: Operation): boolean {
    if (this.pending.has(hash)) return false;
    this.pending.set(hash, operation);
    return true;
  }

  has(hash: string): boolean {
    return this.pending.has(hash);
  }

  /** Removes the given operations; returns those that were pending. */
  remove(hashes: Iterable<string>): string[] {
    const removed: string[] = [];
    for (const h of hashes) if (this.pending.delete(h)) removed.push(h);
    return removed;
  }

  list(): PendingOperation[] {
    return [...this.pending].map(([hash, operation]) => ({ hash, operation }));
  }

  get size(): number {
    return this.pending.size;
  }
}
