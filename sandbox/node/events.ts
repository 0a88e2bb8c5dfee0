/** The node's event topics, which feed the `/monitor` streams and the mempool monitor. */
import type { JsonValue } from "@tezos-rpcgen/runtime";
import type { StoredBlock } from "../chain/block.ts";
import type { PendingOperation } from "./mempool.ts";
import { DEFAULT_QUEUE_LIMIT, Topic } from "./topic.ts";

/** A block event with the chain it belongs to. */
export interface BlockEvent {
  readonly chainId: string;
  readonly block: StoredBlock;
}

/** An `?async=true` injection that failed once the hash had been answered. */
export interface InjectionFailure {
  readonly kind: "block" | "operation" | "protocol";
  /** The operation's or block's hash (Octez's event leaves it out; the sandbox names it). */
  readonly hash: string;
  readonly errors: JsonValue;
}

export class NodeEvents {
  /** Blocks validated, before they are stored. */
  readonly validated: Topic<BlockEvent>;
  /** Blocks stored, head or not. */
  readonly applied: Topic<BlockEvent>;
  /** New heads. */
  readonly heads: Topic<BlockEvent>;
  /** Protocols stored. */
  readonly protocols: Topic<string>;
  /** Bootstrapped flag changes. */
  readonly bootstrapped: Topic<boolean>;
  /** Heads of the main chain while the node bootstraps, then `"bootstrapped"`. */
  readonly bootstrapProgress: Topic<BlockEvent | "bootstrapped">;
  /** Chains started or stopped (never, in the sandbox: it runs only its main chain). */
  readonly activeChains: Topic<never>;
  /** Operations accepted by a chain's mempool (injected). */
  readonly mempool: Topic<{ chainId: string; operations: PendingOperation[] }>;
  /**
   * Asynchronous injections that failed after their hash was answered (Octez's
   * `injection_failure` warning, `injection_directory.ml`): what was injected and the trace.
   */
  readonly injectionFailures: Topic<InjectionFailure>;

  /** `queueLimit`: how far a stream's reader may fall behind before it is cut off. */
  constructor(readonly queueLimit: number = DEFAULT_QUEUE_LIMIT) {
    this.validated = new Topic(queueLimit);
    this.applied = new Topic(queueLimit);
    this.heads = new Topic(queueLimit);
    this.protocols = new Topic(queueLimit);
    this.bootstrapped = new Topic(queueLimit);
    this.bootstrapProgress = new Topic(queueLimit);
    this.activeChains = new Topic(queueLimit);
    this.mempool = new Topic(queueLimit);
    this.injectionFailures = new Topic(queueLimit);
  }

  private readonly stopping = new AbortController();

  /** Aborted when the topics close (node stopping): other streams (the mempools') end with them. */
  get stopped(): AbortSignal {
    return this.stopping.signal;
  }

  close(): void {
    this.stopping.abort();
    for (const t of [this.validated, this.applied, this.heads, this.protocols, this.bootstrapped, this.bootstrapProgress, this.activeChains, this.mempool, this.injectionFailures]) t.close();
  }
}
