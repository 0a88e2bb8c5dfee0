/**
 * One chain's blocks: every stored block by hash, the head (the block of highest fitness, the
 * first one stored among equals), the hashes of the head's branch by level, the invalid
 * blocks, and the checkpoint, savepoint and caboose that follow from the history mode.
 */
import { compareFitness, type JsonValue } from "@tezos-rpcgen/runtime";
import type { HistoryMode } from "../../generated/shell/types.ts";
import { BLOCKS_PER_CYCLE, PRESERVED_CYCLES, checkpointLevel } from "../protocol/protocol.ts";
import type { StoredBlock } from "./block.ts";

/** What the node remembers of a block it found invalid. */
export interface InvalidBlock {
  readonly hash: string;
  readonly level: number;
  readonly errors: JsonValue;
}

/** A level record (`levels/*`). */
export interface LevelRecord {
  readonly block_hash: string;
  readonly level: number;
}

/** The history mode's kind and `additional_cycles` (1 when not given, as Octez's default). */
export function historyModeParts(mode: HistoryMode): { kind: "archive" | "full" | "rolling"; additionalCycles: number } {
  if (typeof mode === "string") return { kind: mode, additionalCycles: 1 };
  if ("full" in mode) return { kind: "full", additionalCycles: mode.full.additional_cycles };
  return { kind: "rolling", additionalCycles: mode.rolling.additional_cycles };
}

export class ChainStore {
  private readonly blocks = new Map<string, StoredBlock>();
  private readonly invalid = new Map<string, InvalidBlock>();
  /** `branch[level]` is the hash of the head's ancestor at that level. */
  private branch: string[] = [];
  private headBlock: StoredBlock;
  private checkpointRecord: LevelRecord;

  constructor(
    readonly chainId: string,
    readonly genesis: StoredBlock,
    readonly historyMode: HistoryMode,
  ) {
    this.blocks.set(genesis.hash, genesis);
    this.branch[genesis.header.level] = genesis.hash;
    this.headBlock = genesis;
    this.checkpointRecord = { block_hash: genesis.hash, level: genesis.header.level };
  }

  get head(): StoredBlock {
    return this.headBlock;
  }

  /** Number of stored blocks (genesis included). */
  get size(): number {
    return this.blocks.size;
  }

  /** A stored block that the history mode still serves. */
  get(hash: string): StoredBlock | undefined {
    const block = this.blocks.get(hash);
    if (block === undefined) return undefined;
    if (block !== this.genesis && block.header.level < this.caboose().level) return undefined;
    return block;
  }

  /** True when the block is stored, served or pruned. */
  knows(hash: string): boolean {
    return this.blocks.has(hash);
  }

  /** The head's ancestor (or the head) at `level`, if served. */
  atLevel(level: number): StoredBlock | undefined {
    if (!Number.isInteger(level) || level < 0 || level >= this.branch.length) return undefined;
    const hash = this.branch[level];
    return hash === undefined ? undefined : this.get(hash);
  }

  /** True when the block is the head or one of its ancestors. */
  onHeadBranch(block: StoredBlock): boolean {
    return this.branch[block.header.level] === block.hash;
  }

  /** The block `n` levels below `block` (its `n`-th ancestor), if served. */
  ancestor(block: StoredBlock, n: number): StoredBlock | undefined {
    if (this.onHeadBranch(block)) return this.atLevel(block.header.level - n);
    let current: StoredBlock | undefined = block;
    for (let i = 0; i < n && current !== undefined; i++) {
      if (current === this.genesis) return undefined;
      current = this.get(current.header.predecessor);
    }
    return current;
  }

  /** The direct predecessor, or `undefined` for genesis and pruned blocks. */
  predecessor(block: StoredBlock): StoredBlock | undefined {
    return block === this.genesis ? undefined : this.get(block.header.predecessor);
  }

  /**
   * The blocks an operation on top of `block` may have as branch: `block` and its ancestors,
   * `ttl` levels down at most (Octez's live blocks, `max_operations_ttl`), newest first.
   */
  liveBlocks(block: StoredBlock, ttl: number): StoredBlock[] {
    const live: StoredBlock[] = [];
    for (let b: StoredBlock | undefined = block; b !== undefined && live.length <= ttl; b = this.predecessor(b)) live.push(b);
    return live;
  }

  /**
   * Stores a valid block; returns true when it became the head (strictly greater fitness than
   * the current head, as Octez's chain validator decides).
   */
  add(block: StoredBlock): boolean {
    this.blocks.set(block.hash, block);
    this.invalid.delete(block.hash);
    if (compareFitness(block.header.fitness, this.headBlock.header.fitness) <= 0) return false;
    this.setHead(block);
    return true;
  }

  private setHead(block: StoredBlock): void {
    // Walk down from the new head to the first ancestor already on the branch (the fork point).
    const fresh: StoredBlock[] = [];
    let current: StoredBlock | undefined = block;
    while (current !== undefined && this.branch[current.header.level] !== current.hash) {
      fresh.push(current);
      current = current === this.genesis ? undefined : this.blocks.get(current.header.predecessor);
    }
    const forkLevel = current?.header.level ?? -1;
    this.branch.length = forkLevel + 1;
    for (let i = fresh.length - 1; i >= 0; i--) this.branch[fresh[i]!.header.level] = fresh[i]!.hash;
    this.headBlock = block;
    const target = checkpointLevel(block.header.level);
    if (target > this.checkpointRecord.level) this.checkpointRecord = { block_hash: this.branch[target]!, level: target };
  }

  checkpoint(): LevelRecord {
    return this.checkpointRecord;
  }

  /** First level whose block keeps its metadata: the start of the cycle `PRESERVED_CYCLES + additional_cycles` below the checkpoint's. */
  savepoint(): LevelRecord {
    const { kind, additionalCycles } = historyModeParts(this.historyMode);
    if (kind === "archive") return this.levelRecord(this.genesis.header.level);
    const cycle = Math.floor(this.checkpointRecord.level / BLOCKS_PER_CYCLE) - (PRESERVED_CYCLES + additionalCycles);
    return this.levelRecord(Math.max(this.genesis.header.level, cycle * BLOCKS_PER_CYCLE));
  }

  /** Lowest level still stored: genesis except in rolling mode, where it is the savepoint. */
  caboose(): LevelRecord {
    const { kind } = historyModeParts(this.historyMode);
    return kind === "rolling" ? this.savepoint() : this.levelRecord(this.genesis.header.level);
  }

  private levelRecord(level: number): LevelRecord {
    return { block_hash: this.branch[level] ?? this.genesis.hash, level };
  }

  // ---- invalid blocks ----

  markInvalid(record: InvalidBlock): void {
    this.invalid.set(record.hash, record);
  }

  invalidBlock(hash: string): InvalidBlock | undefined {
    return this.invalid.get(hash);
  }

  /** Invalid blocks in hash order (Octez lists a map keyed by hash). */
  invalidBlocks(): InvalidBlock[] {
    return [...this.invalid.values()].sort((a, b) => (a.hash < b.hash ? -1 : a.hash > b.hash ? 1 : 0));
  }

  /** Forgets an invalid block; false when it was not recorded. */
  unmarkInvalid(hash: string): boolean {
    return this.invalid.delete(hash);
  }
}
