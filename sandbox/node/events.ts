/** The node's event topics, which feed the `/monitor` streams and the mempool monitor. */
import type { StoredBlock } from "../chain/block.ts";
import type { PendingOperation } from "./mempool.ts";
import { Topic } from "./topic.ts";

/** A block event with the chain it belongs to. */
export interface BlockEvent {
  readonly chainId: string;
  readonly block: StoredBlock;
}

export class NodeEvents {
  /** Blocks validated, before they are stored. */
  readonly validated = new Topic<BlockEvent>();
  /** Blocks stored, head or not. */
  readonly applied = new Topic<BlockEvent>();
  /** New heads. */
  readonly heads = new Topic<BlockEvent>();
  /** Protocols stored. */
  readonly protocols = new Topic<string>();
  /** Bootstrapped flag changes. */
  readonly bootstrapped = new Topic<boolean>();
  /** Heads of the main chain while the node bootstraps, then `"bootstrapped"`. */
  readonly bootstrapProgress = new Topic<BlockEvent | "bootstrapped">();
  /** Chains started or stopped (never, in the sandbox: it runs only its main chain). */
  readonly activeChains = new Topic<never>();
  /** Operations entering a chain's mempool. */
  readonly mempool = new Topic<{ chainId: string; operations: PendingOperation[] }>();

  close(): void {
    for (const t of [this.validated, this.applied, this.heads, this.protocols, this.bootstrapped, this.bootstrapProgress, this.activeChains, this.mempool]) t.close();
  }
}
