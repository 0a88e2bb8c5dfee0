/**
 * The sandbox node's state and its transitions: chains and their block stores, mempools,
 * protocols, the bootstrapped flag, block and operation injection, block production, and the
 * events the monitor streams read. Handlers (`sandbox/handlers/`) translate RPCs into calls on
 * this class; the store (`sandbox/store/`) makes each acknowledged change durable.
 */
import {
  blockHash,
  formatProtocolTimestamp,
  hexToBytes,
  isHex,
  operationHash,
  operationsHashOfPasses,
  parseProtocolTimestamp,
  blake2b256,
  decodeBase58Check,
  encodeBase58Check,
  compareFitness,
  BASE58,
  type JsonValue,
} from "@tezos-rpcgen/runtime";
import type { BlockHeader, Operation } from "../../generated/shell/types.ts";
import { hashOperation, headerBytes, parseHeader, parseOperation, type StoredBlock } from "../chain/block.ts";
import { ChainStore } from "../chain/chain-store.ts";
import { resolveNetwork, type Network } from "../chain/networks.ts";
import type { NodeConfig } from "../config/config.ts";
import { genericFailure, notFound, short, traceFailure, type TraceError } from "../errors.ts";
import { P2p } from "../network/p2p.ts";
import { MANAGER_PASS, MAX_OPERATIONS_TTL, SANDBOX_PROTOCOL, SANDBOX_PROTOCOL_SOURCE, VALIDATION_PASSES, fitnessAt, protocolHash, type ProtocolSource } from "../protocol/protocol.ts";
import { NullStore, type NodeStore } from "../store/store.ts";
import { NodeEvents } from "./events.ts";
import { EventLog, sinkUris } from "./event-log.ts";
import { genesisBlock } from "./genesis.ts";
import { Mempool } from "./mempool.ts";
import { checkBlock, type Liveness } from "./validation.ts";
import { WorkQueue } from "./work-queue.ts";

/** How far ahead of the local clock a block may be (Octez's `Clock_drift`, 15 s by default). */
const MAX_CLOCK_DRIFT_S = 15;

export interface NodeOptions {
  readonly config: NodeConfig;
  readonly store?: NodeStore;
  /** Clock in seconds since the epoch (tests may fix it). */
  readonly now?: () => number;
}

export interface InjectBlockOptions {
  readonly async?: boolean;
  readonly force?: boolean;
  readonly chain?: string;
}

export class SandboxNode {
  readonly config: NodeConfig;
  readonly network: Network;
  readonly events = new NodeEvents();
  readonly startedAt: number;
  readonly p2p: P2p;
  /** Pending asynchronous validations (block validator) and injections (prevalidator). */
  readonly blockQueue = new WorkQueue();
  readonly operationQueue = new WorkQueue();
  private readonly store: NodeStore;
  private readonly chains = new Map<string, ChainStore>();
  private readonly mempools = new Map<string, Mempool>();
  private readonly protocolSources = new Map<string, ProtocolSource>();
  private bootstrappedFlag: boolean;
  private loggingConfig: JsonValue;
  private readonly eventLog: EventLog;
  readonly now: () => number;

  constructor(options: NodeOptions) {
    this.config = options.config;
    this.store = options.store ?? new NullStore();
    this.now = options.now ?? (() => Date.now() / 1000);
    this.startedAt = this.now();
    this.network = resolveNetwork(this.config.network);
    const main = new ChainStore(this.network.chainId, genesisBlock(this.network), this.config.shell.history_mode ?? "full");
    this.chains.set(main.chainId, main);
    this.mempools.set(main.chainId, new Mempool());
    this.protocolSources.set(SANDBOX_PROTOCOL, SANDBOX_PROTOCOL_SOURCE);
    const cv = this.config.shell.chain_validator;
    this.bootstrappedFlag = ("synchronisation_threshold" in cv ? cv.synchronisation_threshold : cv.bootstrap_threshold) === 0;
    const persisted = this.store.load();
    this.p2p = new P2p(this.config, this.store, persisted.values, this.now);
    for (const row of persisted.blocks) {
      const chain = this.chains.get(row.chainId);
      if (chain === undefined || chain.knows(row.hash)) continue;
      const header = parseHeader(row.bytes);
      chain.add({
        hash: row.hash,
        header,
        bytes: row.bytes,
        operations: row.operations,
        operationHashes: row.operations.map((pass) => pass.map(hashOperation)),
        protocol: row.protocol,
        nextProtocol: row.nextProtocol,
        receivedAt: row.receivedAt,
      });
    }
    for (const { chainId, record } of persisted.invalid) this.chains.get(chainId)?.markInvalid(record);
    for (const { chainId, hash, operation } of persisted.mempool) this.mempools.get(chainId)?.add(hash, operation);
    for (const { hash, source } of persisted.protocols) this.protocolSources.set(hash, source as unknown as ProtocolSource);
    this.eventLog = new EventLog(this.events, this.now);
    this.loggingConfig = persisted.values.get("logging") ?? ((this.config["internal-events"] ?? { active_sinks: [] }) as JsonValue);
    this.eventLog.configure(sinkUris(this.loggingConfig));
    const flag = persisted.values.get("bootstrapped");
    if (typeof flag === "boolean") this.bootstrappedFlag = flag;
  }

  // ---- chains ----

  get mainChain(): ChainStore {
    return this.chains.get(this.network.chainId)!;
  }

  /** All chains (only the main chain: the sandbox runs no test chain). */
  allChains(): ChainStore[] {
    return [...this.chains.values()];
  }

  /** The chain a path or query names: `main`, a chain id, or `test` (none here: 404 as Octez). */
  chain(id: string): ChainStore {
    if (id === "main") return this.mainChain;
    const chain = this.chains.get(id);
    if (chain === undefined) throw notFound(`chain ${id}`);
    return chain;
  }

  mempool(chainId: string): Mempool {
    return this.mempools.get(chainId)!;
  }

  // ---- bootstrapped flag ----

  get bootstrapped(): boolean {
    return this.bootstrappedFlag;
  }

  setBootstrapped(value: boolean): void {
    this.store.putValue("bootstrapped", value);
    const changed = value !== this.bootstrappedFlag;
    this.bootstrappedFlag = value;
    if (changed) this.events.bootstrapped.publish(value);
    if (changed && value) this.events.bootstrapProgress.publish("bootstrapped");
  }

  /**
   * `unsynced` while not bootstrapped; once bootstrapped, `synced` when the head is recent
   * (within the chain validator's `latency`) or when no peer is required
   * (`synchronisation_threshold` 0), else `stuck`.
   */
  syncState(chain: ChainStore): "synced" | "unsynced" | "stuck" {
    if (!this.bootstrappedFlag) return "unsynced";
    const cv = this.config.shell.chain_validator;
    if (!("latency" in cv) || cv.synchronisation_threshold === 0) return "synced";
    const ts = Number(parseProtocolTimestamp(chain.head.header.timestamp) ?? 0n);
    return ts >= this.now() - cv.latency ? "synced" : "stuck";
  }

  // ---- protocols ----

  protocols(): string[] {
    return [...this.protocolSources.keys()];
  }

  protocolSource(hash: string): ProtocolSource | undefined {
    return this.protocolSources.get(hash);
  }

  /**
   * `POST /injection/protocol` (Octez `injection_directory.ml`): the hash of the binary record
   * is the answer; storing a known protocol fails ("Previously registered protocol"). The
   * sandbox cannot compile OCaml sources: any record with components "compiles".
   */
  injectProtocol(source: ProtocolSource, options: { async?: boolean } = {}): string {
    const hash = protocolHash(source);
    const failure =
      source.components.length === 0
        ? genericFailure(`Compilation failed (${short(hash)})`)
        : this.protocolSources.has(hash)
          ? genericFailure(`Previously registered protocol (${short(hash)})`)
          : undefined;
    if (failure === undefined) {
      this.store.putProtocol(hash, source as unknown as JsonValue);
      this.protocolSources.set(hash, source);
      this.events.protocols.publish(hash);
    } else if (!options.async) throw failure;
    return hash;
  }

  // ---- blocks ----

  /**
   * `POST /injection/block`, as tezos/tezos-mirror `src/lib_shell/validator.ml`
   * (`validate_block`) and the chain validator's `assert_fitness_increases` do it.
   */
  async injectBlock(dataHex: string, operations: readonly (readonly Operation[])[], options: InjectBlockOptions = {}): Promise<string> {
    let bytes: Uint8Array;
    let header: BlockHeader;
    try {
      bytes = hexToBytes(dataHex);
      header = parseHeader(bytes);
    } catch {
      throw genericFailure("Cannot parse block header.");
    }
    const hash = blockHash(bytes);
    const ts = Number(parseProtocolTimestamp(header.timestamp) ?? 0n);
    if (ts > this.now() + MAX_CLOCK_DRIFT_S) throw genericFailure("Block in the future.");
    let chain: ChainStore;
    if (options.chain === undefined) {
      const found = this.allChains().find((c) => c.knows(header.predecessor));
      if (found === undefined) throw genericFailure(`Unknown predecessor (${short(header.predecessor)}), cannot inject the block.`);
      chain = found;
    } else {
      chain = this.chain(options.chain);
      if (!options.force && !chain.knows(header.predecessor)) throw genericFailure(`Unknown predecessor (${short(header.predecessor)}), cannot inject the block.`);
    }
    if (!options.force && compareFitness(header.fitness, chain.head.header.fitness) <= 0) throw genericFailure("Fitness too low");
    const validation = () => this.validateAndStore(chain, hash, header, bytes, operations);
    const view = { block: hash, chain_id: chain.chainId };
    if (options.async) {
      // Validation starts after the answer is written (a later turn of the event loop).
      setImmediate(() => void this.blockQueue.run(validation, view).catch(() => undefined));
      return hash;
    }
    await this.blockQueue.run(validation, view);
    return hash;
  }

  /** Validates a block on its predecessor and stores it; records it as invalid when it is. */
  private validateAndStore(chain: ChainStore, hash: string, header: BlockHeader, bytes: Uint8Array, operations: readonly (readonly Operation[])[]): void {
    const known = chain.invalidBlock(hash);
    if (known !== undefined) throw traceFailure(known.errors as TraceError[], `block ${hash} is known invalid`);
    if (chain.knows(hash)) return;
    const pred = chain.get(header.predecessor);
    if (pred === undefined) throw genericFailure(`Unknown predecessor (${short(header.predecessor)}), cannot inject the block.`);
    const verdict = checkBlock(hash, header, operations, pred, this.liveness(chain, pred));
    if (!verdict.ok) {
      if (verdict.permanent) {
        const record = { hash, level: header.level, errors: verdict.trace as JsonValue };
        this.store.putInvalid(chain.chainId, record);
        chain.markInvalid(record);
      }
      throw traceFailure(verdict.trace, `block ${hash} is invalid`);
    }
    const block: StoredBlock = {
      hash,
      header,
      bytes,
      operations: operations.map((pass) => [...pass]),
      operationHashes: verdict.operationHashes,
      protocol: pred.nextProtocol,
      nextProtocol: SANDBOX_PROTOCOL,
      receivedAt: this.now(),
    };
    this.events.validated.publish({ chainId: chain.chainId, block });
    this.store.putBlock({ chainId: chain.chainId, hash, bytes, operations: block.operations, protocol: block.protocol, nextProtocol: block.nextProtocol, receivedAt: block.receivedAt });
    const isHead = chain.add(block);
    const included = block.operationHashes.flat();
    const removed = this.mempool(chain.chainId).remove(included);
    this.store.deleteOperations(chain.chainId, removed);
    this.events.applied.publish({ chainId: chain.chainId, block });
    if (isHead) {
      this.events.heads.publish({ chainId: chain.chainId, block });
      if (!this.bootstrappedFlag && chain === this.mainChain) this.events.bootstrapProgress.publish({ chainId: chain.chainId, block });
    }
  }

  /** Live blocks of `block` and the operations they include. */
  private liveness(chain: ChainStore, block: StoredBlock): Liveness {
    const live = chain.liveBlocks(block, MAX_OPERATIONS_TTL);
    return { blocks: new Set(live.map((b) => b.hash)), operations: new Set(live.flatMap((b) => b.operationHashes.flat())) };
  }

  /**
   * Forgets an invalid block (`DELETE …/invalid_blocks/<hash>`). As Octez's
   * `Store.Block.unmark_invalid`, forgetting a block that is not recorded is no error.
   */
  unmarkInvalid(chain: ChainStore, hash: string): void {
    if (chain.unmarkInvalid(hash)) this.store.deleteInvalid(chain.chainId, hash);
  }

  /**
   * Makes a block on the head holding the mempool's operations (in the manager pass), as a
   * baker would, and stores it. Returns its hash.
   */
  produceBlock(chain: ChainStore = this.mainChain): string {
    const pred = chain.head;
    // Operations whose branch is no longer live, or that a live block already holds, cannot go
    // in: they leave the mempool (Octez's prevalidator classifies them outdated).
    const live = this.liveness(chain, pred);
    const all = this.mempool(chain.chainId).list();
    const pending = all.filter((p) => live.blocks.has(p.operation.branch) && !live.operations.has(p.hash));
    if (pending.length !== all.length) {
      const dropped = this.mempool(chain.chainId).remove(all.filter((p) => !pending.includes(p)).map((p) => p.hash));
      this.store.deleteOperations(chain.chainId, dropped);
    }
    const passes: Operation[][] = Array.from({ length: VALIDATION_PASSES }, () => []);
    passes[MANAGER_PASS] = pending.map((p) => p.operation);
    const predTs = Number(parseProtocolTimestamp(pred.header.timestamp) ?? 0n);
    const timestamp = Math.max(Math.floor(this.now()), predTs + 1);
    const operationsHash = operationsHashOfPasses(passes.map((pass) => pass.map(hashOperation)));
    const context = encodeBase58Check(
      BASE58.context_hash,
      blake2b256(decodeBase58Check(BASE58.context_hash, pred.header.context), decodeBase58Check(BASE58.operation_list_list_hash, operationsHash)),
    );
    const header: BlockHeader = {
      level: pred.header.level + 1,
      proto: 1,
      predecessor: pred.hash,
      timestamp: formatProtocolTimestamp(BigInt(timestamp)),
      validation_pass: VALIDATION_PASSES,
      operations_hash: operationsHash,
      fitness: fitnessAt(pred.header.level + 1),
      context,
      protocol_data: "",
    };
    const bytes = headerBytes(header);
    const hash = blockHash(bytes);
    this.validateAndStore(chain, hash, header, bytes, passes);
    return hash;
  }

  // ---- operations ----

  /**
   * `POST /injection/operation` (Octez `injection_directory.ml` and `validator.ml`,
   * `inject_operation`): the bytes must be an operation (a 32-byte branch then its data), its
   * branch a block of the chain; the answer is the BLAKE2b hash of the bytes.
   */
  async injectOperation(hex: string, options: { async?: boolean; chain?: string } = {}): Promise<string> {
    const bytes = isHex(hex) ? hexToBytes(hex) : new Uint8Array(0);
    // Octez hashes the bytes before parsing them, and answers an `async` injection at once.
    const hash = operationHash(bytes);
    const inject = () => {
      const operation = parseOperation(bytes);
      if (operation === undefined) throw genericFailure("Can't parse the operation");
      const chain = options.chain === undefined ? this.allChains().find((c) => c.knows(operation.branch)) : this.chain(options.chain);
      if (chain === undefined || !chain.knows(operation.branch)) throw genericFailure(`Unknown branch (${short(operation.branch)}), cannot inject the operation.`);
      const mempool = this.mempool(chain.chainId);
      if (!mempool.add(hash, operation)) return;
      this.store.putOperation(chain.chainId, hash, operation);
      this.events.mempool.publish({ chainId: chain.chainId, operations: [{ hash, operation }] });
    };
    const parsed = parseOperation(bytes);
    const view = { request: "inject", operation: parsed ?? { branch: "", data: "" }, force: false };
    if (options.async) setImmediate(() => void this.operationQueue.run(inject, view).catch(() => undefined));
    else await this.operationQueue.run(inject, view);
    return hash;
  }

  // ---- logging ----

  get logging(): JsonValue {
    return this.loggingConfig;
  }

  /** `PUT /config/logging`: the sinks are checked, then used from now on, then stored. */
  setLogging(value: JsonValue): void {
    this.eventLog.configure(sinkUris(value));
    this.loggingConfig = value;
    this.store.putValue("logging", value);
  }

  /** Ends the streams and closes the store. */
  close(): void {
    this.eventLog.close();
    this.events.close();
    this.p2p.close();
    this.store.close();
  }
}
