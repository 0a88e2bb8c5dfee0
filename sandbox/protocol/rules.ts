/**
 * What the node leaves to the protocol its blocks run (Octez's `Protocol_plugin` and
 * `Proto.Mempool`): its hash, the mempool's verdict on an operation, which validated
 * operations a new block can hold, and the application of a block. Two implementations: the
 * minimal sandbox protocol ({@link SANDBOX_RULES}: opaque operations, judged by their
 * directive bytes) and protocol Tallinn (`sandbox/tallinn/rules.ts`: accounts, signatures,
 * manager operations).
 */
import type { Operation } from "../../generated/shell/types.ts";
import type { StoredBlock } from "../chain/block.ts";
import type { TraceError } from "../errors.ts";
import { judgeOperation, type Verdict } from "./operations.ts";
import { SANDBOX_PROTOCOL, SANDBOX_PROTOCOL_SOURCE, type ProtocolSource } from "./protocol.ts";

/** A mempool operation and its hash. */
export interface HashedOperation {
  readonly hash: string;
  readonly operation: Operation;
}

export interface ProtocolRules {
  /** The protocol of every block after genesis (`next_protocol` of genesis). */
  readonly hash: string;
  /** Its source record, listed by `/protocols` (a description: the sandbox runs it natively). */
  readonly source: ProtocolSource;
  /** The verdict on a mempool operation for a block on `head`, given the validated ones. */
  judge(head: StoredBlock, op: HashedOperation, validated: readonly HashedOperation[]): Verdict;
  /** Of the validated operations, those a block on `pred` can hold together, in order. */
  select<T extends HashedOperation>(pred: StoredBlock, candidates: readonly T[]): T[];
  /** Applies a block on its predecessor: the trace when the protocol refuses it. */
  apply(block: StoredBlock): readonly TraceError[] | undefined;
  /** Operations that left the mempool (for caches). */
  forget(hashes: readonly string[]): void;
  /** The protocol data (hex) of a block the node makes at `level` with these operations. */
  protocolData(level: number, operationsHash: string): string;
}

/** Builds the rules of a node, given how to find its blocks by hash. */
export type ProtocolFactory = (blockOf: (hash: string) => StoredBlock | undefined) => ProtocolRules;

/** The minimal sandbox protocol: operations judged by their directive bytes (`operations.ts`), blocks always applied. */
export const SANDBOX_RULES: ProtocolFactory = () => ({
  hash: SANDBOX_PROTOCOL,
  source: SANDBOX_PROTOCOL_SOURCE,
  judge: (head, { operation }) => judgeOperation(operation, head.header.level + 1),
  select: (_pred, candidates) => [...candidates],
  apply: () => undefined,
  forget: () => undefined,
  // The minimal protocol's blocks carry no protocol data.
  protocolData: () => "",
});
