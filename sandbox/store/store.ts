/**
 * What the sandbox writes down so that a restart finds it again: blocks, mempool operations,
 * invalid blocks, injected protocols and network tables. Every write returns once it is
 * durable, so an answered request is never lost ({@link SqliteStore}); without a data
 * directory the {@link NullStore} keeps nothing.
 */
import type { JsonValue } from "@tezos-rpcgen/runtime";
import type { Operation } from "../../generated/shell/types.ts";
import type { InvalidBlock } from "../chain/chain-store.ts";

/**
 * A data directory that cannot be used: held by another sandbox, or holding a database that is
 * not consistent. `serve` exits 2 with its message.
 */
export class StoreError extends Error {
  override readonly name = "StoreError";
}

/** A block row: enough to rebuild a {@link StoredBlock}. */
export interface BlockRow {
  readonly chainId: string;
  readonly hash: string;
  readonly bytes: Uint8Array;
  readonly operations: readonly (readonly Operation[])[];
  readonly protocol: string;
  readonly nextProtocol: string;
  readonly receivedAt: number;
}

/** Everything a store gives back at start, in the order it was written. */
export interface PersistedState {
  readonly blocks: BlockRow[];
  readonly invalid: Array<{ chainId: string; record: InvalidBlock }>;
  readonly mempool: Array<{ chainId: string; hash: string; operation: Operation }>;
  readonly protocols: Array<{ hash: string; source: JsonValue }>;
  /** Small named values (identity, bootstrapped flag, network tables). */
  readonly values: Map<string, JsonValue>;
}

export interface NodeStore {
  load(): PersistedState;
  putBlock(row: BlockRow): void;
  putInvalid(chainId: string, record: InvalidBlock): void;
  deleteInvalid(chainId: string, hash: string): void;
  putOperation(chainId: string, hash: string, operation: Operation): void;
  deleteOperations(chainId: string, hashes: readonly string[]): void;
  putProtocol(hash: string, source: JsonValue): void;
  putValue(key: string, value: JsonValue): void;
  close(): void;
}

/** A store that keeps nothing (no `--data-dir`). */
export class NullStore implements NodeStore {
  load(): PersistedState {
    return { blocks: [], invalid: [], mempool: [], protocols: [], values: new Map() };
  }
  putBlock(): void {}
  putInvalid(): void {}
  deleteInvalid(): void {}
  putOperation(): void {}
  deleteOperations(): void {}
  putProtocol(): void {}
  putValue(): void {}
  close(): void {}
}
