/**
 * Protocol Tallinn's state along a chain: the ledger after each block and the receipts of its
 * operations, computed from the blocks themselves (the genesis ledger, then each block's
 * operations applied in order). Nothing else is stored: after a restart, the blocks the store
 * gives back rebuild the same ledgers and receipts, so an acknowledged transfer survives a
 * `kill -9` exactly as its block does.
 */
import type { Operation } from "../../generated/shell/types.ts";
import { operationBytes, type StoredBlock } from "../chain/block.ts";
import type { TraceError } from "../errors.ts";
import type { BootstrapAccount } from "./accounts.ts";
import { applyManagerOperation, validateManagerOperation, ValidationFailure, ERROR_PREFIX, type ContentWithMetadata, type Origin } from "./apply.ts";
import { parseOperation, type ParsedOperation } from "./forge.ts";
import { Ledger } from "./ledger.ts";

/** An operation of a block with its receipts (`…/operations` items, less the block-level fields). */
export interface AppliedOperation {
  readonly hash: string;
  readonly branch: string;
  readonly contents: ContentWithMetadata[];
  readonly signature: string;
}

/** What a block did: the ledger after it and its manager operations' receipts. */
export interface BlockState {
  readonly ledger: Ledger;
  readonly operations: readonly AppliedOperation[];
}

/** Parses a shell operation as a Tallinn manager operation, or the trace refusing it. */
export function parseShellOperation(op: Operation): ParsedOperation {
  try {
    return parseOperation(operationBytes(op));
  } catch (e) {
    throw new ValidationFailure([{ kind: "permanent", id: `${ERROR_PREFIX}operation.parse_error`, message: e instanceof Error ? e.message : String(e) } as TraceError]);
  }
}

export class TallinnState {
  private readonly states = new Map<string, BlockState>();
  private readonly genesisLedger: Ledger;
  /** Source of each parsed mempool operation, by hash (for the one-operation-per-manager rule). */
  private readonly sources = new Map<string, string>();

  constructor(
    accounts: readonly BootstrapAccount[],
    /** A block by hash, to walk back to a block whose state is known. */
    private readonly blockOf: (hash: string) => StoredBlock | undefined,
  ) {
    this.genesisLedger = Ledger.genesis(accounts);
  }

  /**
   * The state after `block`, computed (and kept) by applying the blocks since the last known
   * one. A block before the protocol (genesis) has the bootstrap ledger and no receipts.
   */
  stateAt(block: StoredBlock): BlockState {
    const known = this.states.get(block.hash);
    if (known !== undefined) return known;
    const path: StoredBlock[] = [];
    let at: StoredBlock | undefined = block;
    while (at !== undefined && !this.states.has(at.hash)) {
      if (at.header.predecessor === at.hash || at.header.level === 0) break;
      path.push(at);
      at = this.blockOf(at.header.predecessor);
    }
    let state: BlockState = at !== undefined && this.states.has(at.hash) ? this.states.get(at.hash)! : { ledger: this.genesisLedger, operations: [] };
    if (at !== undefined && !this.states.has(at.hash)) this.states.set(at.hash, state);
    for (const b of path.reverse()) {
      state = this.applyBlock(state.ledger, b);
      this.states.set(b.hash, state);
    }
    return state;
  }

  /**
   * Applies `block`'s manager operations on `before`: each validated (signature included) then
   * applied, in order. A refused operation makes the block invalid: the trace is thrown as a
   * {@link ValidationFailure}.
   */
  applyBlock(before: Ledger, block: StoredBlock): BlockState {
    const ledger = before.clone();
    const operations: AppliedOperation[] = [];
    block.operations.forEach((pass, i) =>
      pass.forEach((op, j) => {
        const parsed = parseShellOperation(op);
        const fees = validateManagerOperation(ledger, parsed.operation, parsed.signedBytes, { checkSignature: true, origin: "block" });
        const contents = applyManagerOperation(ledger, parsed.operation, fees, "block");
        operations.push({ hash: block.operationHashes[i]![j]!, branch: parsed.operation.branch, contents, signature: parsed.operation.signature });
      }),
    );
    return { ledger, operations };
  }

  /** Records a block's state once the node accepts it (so that it is not computed twice). */
  accept(block: StoredBlock, state: BlockState): void {
    this.states.set(block.hash, state);
  }

  /** Validates a mempool operation on the head's ledger, with Octez's one-manager-operation-per-source rule. */
  judge(head: StoredBlock, hash: string, op: Operation, validated: readonly { hash: string; operation: Operation }[]): void {
    const parsed = parseShellOperation(op);
    const source = parsed.operation.contents[0]!.source;
    for (const other of validated) {
      if (other.hash === hash) continue;
      if (this.sourceOf(other.hash, other.operation) === source)
        throw new ValidationFailure([{ kind: "temporary", id: `${ERROR_PREFIX}validate.operation.manager_restriction`, source, conflict: { existing: other.hash, new_operation: hash } } as TraceError]);
    }
    validateManagerOperation(this.stateAt(head).ledger.clone(), parsed.operation, parsed.signedBytes, { checkSignature: true, origin: "block" });
    this.sources.set(hash, source);
  }

  private sourceOf(hash: string, op: Operation): string | undefined {
    let source = this.sources.get(hash);
    if (source === undefined) {
      try {
        source = parseShellOperation(op).operation.contents[0]!.source;
        this.sources.set(hash, source);
      } catch {
        return undefined;
      }
    }
    return source;
  }

  /** Forgets the sources of operations that left the mempool. */
  forget(hashes: Iterable<string>): void {
    for (const h of hashes) this.sources.delete(h);
  }

  /** The operations of `candidates` that a block on `pred` can hold, in order (each checked on the previous ones' result). */
  select<T extends { operation: Operation }>(pred: StoredBlock, candidates: readonly T[]): T[] {
    const ledger = this.stateAt(pred).ledger.clone();
    return candidates.filter(({ operation }) => {
      const attempt = ledger.clone();
      try {
        const parsed = parseShellOperation(operation);
        const fees = validateManagerOperation(attempt, parsed.operation, parsed.signedBytes, { checkSignature: true, origin: "block" });
        applyManagerOperation(attempt, parsed.operation, fees, "block");
      } catch (e) {
        if (e instanceof ValidationFailure) return false;
        throw e;
      }
      ledger.restore(attempt);
      return true;
    });
  }

  /**
   * `run_operation` / `simulate_operation` / `preapply`: the operation validated and applied on
   * a copy of `block`'s ledger; `checkSignature` is false for the simulations (Octez does not
   * check signatures there). The ledger is left unchanged.
   */
  simulate(block: StoredBlock, parsed: ParsedOperation, options: { checkSignature: boolean; origin: Origin }): ContentWithMetadata[] {
    const ledger = this.stateAt(block).ledger.clone();
    const fees = validateManagerOperation(ledger, parsed.operation, parsed.signedBytes, options);
    return applyManagerOperation(ledger, parsed.operation, fees, options.origin);
  }
}
