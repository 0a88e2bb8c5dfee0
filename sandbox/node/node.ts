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
import { RpcServerError, genericFailure, notFound, short, traceFailure, type TraceError } from "../errors.ts";
import { P2p } from "../network/p2p.ts";
import { MANAGER_PASS, MAX_OPERATIONS_TTL, VALIDATION_PASSES, fitnessAt, protocolHash, type ProtocolSource } from "../protocol/protocol.ts";
import { SANDBOX_RULES, type ProtocolFactory, type ProtocolRules } from "../protocol/rules.ts";
import { NullStore, StoreError, type NodeStore } from "../store/store.ts";
import { NodeEvents, type InjectionFailure } from "./events.ts";
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
  /** How many values a stream's reader may fall behind before its stream is cut off. */
  readonly streamQueueLimit?: number;
  /** The protocol the chain runs after genesis (default: the minimal sandbox protocol). */
  readonly protocol?: ProtocolFactory;
}

/** Options of `POST /injection/operation` and the private injection routes. */
export interface InjectOperationOptions {
  readonly async?: boolean;
  readonly chain?: string;
  /** The private routes' `force`: no branch check, the operation is queued for classification. */
  readonly force?: boolean;
}

export interface InjectBlockOptions {
  readonly async?: boolean;
  readonly force?: boolean;
  readonly chain?: string;
}

export class SandboxNode {
  readonly config: NodeConfig;
  readonly network: Network;
  readonly events: NodeEvents;
  readonly startedAt: number;
  readonly p2p: P2p;
  /** Pending asynchronous validations (block validator) and injections (prevalidator). */
  readonly blockQueue = new WorkQueue();
  readonly operationQueue = new WorkQueue();
  private readonly store: NodeStore;
  private readonly chains = new Map<string, ChainStore>();
  private readonly mempools = new Map<string, Mempool>();
  private readonly protocolSources = new Map<string, ProtocolSource>();
  /** The protocol every block after genesis runs. */
  readonly protocol: ProtocolRules;
  private bootstrappedFlag: boolean;
  private loggingConfig: JsonValue;
  private readonly eventLog: EventLog;
  readonly now: () => number;
  private livenessCache: { block: StoredBlock; live: Liveness } | undefined;
  /** Chains whose prevalidator has a `leftover` request queued. */
  private readonly leftoverQueued = new Set<string>();

  constructor(options: NodeOptions) {
    this.config = options.config;
    this.events = new NodeEvents(options.streamQueueLimit);
    this.store = options.store ?? new NullStore();
    this.now = options.now ?? (() => Date.now() / 1000);
    this.startedAt = this.now();
    this.network = resolveNetwork(this.config.network);
    // The protocol finds blocks in the chain store, which starts from a genesis naming it.
    let main: ChainStore | undefined;
    this.protocol = (options.protocol ?? SANDBOX_RULES)((hash) => main?.get(hash));
    main = new ChainStore(this.network.chainId, genesisBlock(this.network, this.protocol.hash), this.config.shell.history_mode ?? "full");
    this.chains.set(main.chainId, main);
    this.mempools.set(main.chainId, this.newMempool(main.chainId));
    this.protocolSources.set(this.protocol.hash, this.protocol.source);
    const cv = this.config.shell.chain_validator;
    this.bootstrappedFlag = ("synchronisation_threshold" in cv ? cv.synchronisation_threshold : cv.bootstrap_threshold) === 0;
    const persisted = this.store.load();
    this.p2p = new P2p(this.config, this.store, persisted.values, this.now);
    for (const [i, row] of persisted.blocks.entries()) {
      const chain = this.chains.get(row.chainId);
      if (chain === undefined || chain.knows(row.hash)) continue;
      // Blocks were stored after their predecessor: one whose predecessor is missing means rows
      // were lost or edited, and a chain rebuilt from them would silently differ.
      let header: ReturnType<typeof parseHeader>;
      try {
        header = parseHeader(row.bytes);
      } catch (error) {
        throw new StoreError(`inconsistent database: stored block ${i + 1} (${row.hash}) does not parse (${(error as Error).message})`);
      }
      if (!chain.knows(header.predecessor)) throw new StoreError(`inconsistent database: stored block ${i + 1} (${row.hash}, level ${header.level}) has no stored predecessor (${header.predecessor})`);
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
    // As after a flush, the operations kept from the last run are classified again.
    for (const { chainId, hash, operation } of persisted.mempool) this.mempools.get(chainId)?.addUnprocessed(hash, operation);
    for (const chain of this.chains.values()) if (this.mempool(chain.chainId).pending().length > 0) this.queueLeftover(chain);
    for (const { hash, source } of persisted.protocols) this.protocolSources.set(hash, source as unknown as ProtocolSource);
    this.eventLog = new EventLog(this.events, this.now, (uri) => this.forgetSink(uri));
    this.loggingConfig = persisted.values.get("logging") ?? ((this.config["internal-events"] ?? { active_sinks: [] }) as JsonValue);
    // Lenient: a sink stored by an earlier run that can no longer be opened is dropped, not fatal.
    this.eventLog.configure(sinkUris(this.loggingConfig), true);
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

  private newMempool(chainId: string): Mempool {
    const onDiscard = (hash: string) => this.store.deleteOperations(chainId, [hash]);
    return new Mempool(this.config.shell.prevalidator.max_refused_operations, onDiscard, this.events.queueLimit, this.events.stopped);
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
    } else if (options.async) this.asyncInjectionFailed("protocol", hash, failure);
    else throw failure;
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
      void this.blockQueue.run(validation, view, true).catch((error: unknown) => this.asyncInjectionFailed("block", hash, error));
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
      nextProtocol: this.protocol.hash,
      receivedAt: this.now(),
    };
    const refused = this.protocol.apply(block);
    if (refused !== undefined) {
      // The protocol's trace inside the block error, as Octez's `Economic_protocol_error`.
      const errors = [{ kind: "permanent", id: "validator.invalid_block", invalid_block: hash, error: { error: "economic_protocol_error", trace: refused as JsonValue } }];
      this.store.putInvalid(chain.chainId, { hash, level: header.level, errors });
      chain.markInvalid({ hash, level: header.level, errors });
      throw traceFailure(errors, `block ${hash} is invalid`);
    }
    this.events.validated.publish({ chainId: chain.chainId, block });
    this.store.putBlock({ chainId: chain.chainId, hash, bytes, operations: block.operations, protocol: block.protocol, nextProtocol: block.nextProtocol, receivedAt: block.receivedAt });
    const oldHead = chain.head;
    const isHead = chain.add(block);
    this.events.applied.publish({ chainId: chain.chainId, block });
    if (isHead) {
      this.flushMempool(chain, oldHead, block);
      this.events.heads.publish({ chainId: chain.chainId, block });
      if (!this.bootstrappedFlag && chain === this.mainChain) this.events.bootstrapProgress.publish({ chainId: chain.chainId, block });
    }
  }

  /** Live blocks of `block` and the operations they include. */
  private liveness(chain: ChainStore, block: StoredBlock): Liveness {
    // Every injection asks about the head: the answer is kept until the block changes.
    if (this.livenessCache?.block === block) return this.livenessCache.live;
    const blocks = chain.liveBlocks(block, MAX_OPERATIONS_TTL);
    const live = { blocks: new Set(blocks.map((b) => b.hash)), operations: new Set(blocks.flatMap((b) => b.operationHashes.flat())) };
    this.livenessCache = { block, live };
    return live;
  }

  /**
   * Forgets an invalid block (`DELETE …/invalid_blocks/<hash>`). As Octez's
   * `Store.Block.unmark_invalid`, forgetting a block that is not recorded is no error.
   */
  unmarkInvalid(chain: ChainStore, hash: string): void {
    if (chain.unmarkInvalid(hash)) this.store.deleteInvalid(chain.chainId, hash);
  }

  /**
   * Makes a block on the head holding the mempool's validated operations (in the manager
   * pass), as a baker would, and stores it. Returns its hash.
   */
  produceBlock(chain: ChainStore = this.mainChain): string {
    const pred = chain.head;
    // Validated operations are live on the head (a flush drops the others), except forced ones
    // validated on a branch that is not: a block cannot hold those.
    const live = this.liveness(chain, pred);
    const pending = this.protocol.select(
      pred,
      this.mempool(chain.chainId)
        .validatedOperations()
        .filter((p) => live.blocks.has(p.operation.branch) && !live.operations.has(p.hash)),
    );
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
      protocol_data: this.protocol.protocolData(pred.header.level + 1, operationsHash),
    };
    const bytes = headerBytes(header);
    const hash = blockHash(bytes);
    this.validateAndStore(chain, hash, header, bytes, passes);
    return hash;
  }

  // ---- operations (the prevalidator) ----

  /**
   * `POST /injection/operation` and the private routes (tezos/tezos-mirror
   * `injection_directory.ml`, `validator.ml` and `prevalidator.ml`'s `on_inject`): the bytes
   * must be an operation (a 32-byte branch then its data; the HTTP layer answers 400 before
   * this); without a `chain` its branch must be a known block. The request then waits its turn
   * in the prevalidator's queue. An `async` injection answers the hash at once, before any of
   * these checks, as Octez's does; a failure after that leaves the operation in no mempool
   * class (Octez's prevalidator classifies an injected operation only when it is validated) and
   * is written to the event log as Octez's `injection_failure` warning. An operation the
   * mempool already has, or that a live block holds, is accepted again without effect; with
   * `force` it goes to `unprocessed`; otherwise its branch must be live and the protocol must
   * validate it, or the injection fails and the mempool is unchanged. Answers the BLAKE2b hash
   * of the bytes.
   */
  async injectOperation(hex: string, options: InjectOperationOptions = {}): Promise<string> {
    const bytes = isHex(hex) ? hexToBytes(hex) : new Uint8Array(0);
    const operation = parseOperation(bytes);
    if (operation === undefined) throw genericFailure("Can't parse the operation");
    const hash = operationHash(bytes);
    let chain: ChainStore;
    if (options.chain !== undefined) chain = this.chain(options.chain);
    else {
      const found = this.allChains().find((c) => c.knows(operation.branch));
      // Forced, an operation on an unknown branch goes to every chain's prevalidator (one here).
      if (found === undefined && !options.force) {
        const failure = genericFailure(`Unknown branch (${short(operation.branch)}), cannot inject the operation.`);
        // Octez checks the branch in the part of the injection an `async` request does not wait
        // for (`validator.ml`): the hash is answered, the failure logged, and the operation,
        // which no prevalidator takes, is in no mempool class.
        if (!options.async) throw failure;
        this.asyncInjectionFailed("operation", hash, failure);
        return hash;
      }
      chain = found ?? this.mainChain;
    }
    const view = { request: "inject", operation, force: options.force ?? false };
    const inject = () => this.onInject(chain, hash, operation, options.force ?? false);
    if (options.async) void this.operationQueue.run(inject, view, true).catch((error: unknown) => this.asyncInjectionFailed("operation", hash, error));
    else await this.operationQueue.run(inject, view);
    return hash;
  }

  /**
   * An `async` injection failed after its hash was answered: Octez's `wrap_async_rpc_result`
   * (`injection_directory.ml`) emits the `injection_failure` warning with the trace, prefixed
   * by `async_injection_failed`, and nothing else happens.
   */
  private asyncInjectionFailed(kind: InjectionFailure["kind"], hash: string, error: unknown): void {
    const trace = error instanceof RpcServerError && Array.isArray(error.trace) ? (error.trace as JsonValue[]) : [{ kind: "generic", error: String(error) }];
    this.events.injectionFailures.publish({ kind, hash, errors: [{ kind: "permanent", id: "async_injection_failed" }, ...trace] });
  }

  /** The prevalidator's `Inject` request. */
  private onInject(chain: ChainStore, hash: string, operation: Operation, force: boolean): void {
    const mempool = this.mempool(chain.chainId);
    const live = this.liveness(chain, chain.head);
    if (mempool.has(hash) || live.operations.has(hash)) return;
    if (force) {
      mempool.addUnprocessed(hash, operation);
      this.store.putOperation(chain.chainId, hash, operation);
      this.events.mempool.publish({ chainId: chain.chainId, operations: [{ hash, operation }] });
      this.classifyUnprocessed(chain);
      return;
    }
    if (!live.blocks.has(operation.branch))
      throw genericFailure(
        `Operation ${hash} is branched on either:\n - a block ${operation.branch} which is too old (${live.blocks.size} blocks in the past)\n - a predecessor block from an alternative branch which is now unknown`,
      );
    const verdict = this.protocol.judge(chain.head, { hash, operation }, mempool.validatedOperations());
    if (verdict.class !== "validated")
      throw genericFailure(`Error while validating injected operation ${hash}:\n${verdict.trace.map((e) => String(e.id)).join("\n")}`);
    this.store.putOperation(chain.chainId, hash, operation);
    mempool.classify({ hash, operation, class: "validated" });
    this.events.mempool.publish({ chainId: chain.chainId, operations: [{ hash, operation }] });
    this.classifyUnprocessed(chain);
  }

  /**
   * Classifies up to `operations_batch_size` unprocessed operations on the current head (Octez's
   * `handle_unprocessed`, run after each prevalidator request) and queues a `leftover` request
   * for the rest.
   */
  private classifyUnprocessed(chain: ChainStore): void {
    const mempool = this.mempool(chain.chainId);
    for (const { hash, operation } of mempool.nextUnprocessed(Math.max(1, this.config.shell.prevalidator.operations_batch_size))) {
      const verdict = this.protocol.judge(chain.head, { hash, operation }, mempool.validatedOperations());
      mempool.classify(verdict.class === "validated" ? { hash, operation, class: "validated" } : { hash, operation, class: verdict.class, error: verdict.trace });
    }
    if (mempool.pending().length > 0) this.queueLeftover(chain);
  }

  /** Queues a `leftover` request, for a later turn (until then the operations are unprocessed). */
  private queueLeftover(chain: ChainStore): void {
    if (this.leftoverQueued.has(chain.chainId)) return;
    this.leftoverQueued.add(chain.chainId);
    const leftover = () => {
      this.leftoverQueued.delete(chain.chainId);
      this.classifyUnprocessed(chain);
    };
    void this.operationQueue.run(leftover, { request: "leftover" }, true).catch(() => undefined);
  }

  /**
   * A new head (Octez's prevalidator `Flush` with `Classification.recycle_operations`): the
   * operations of blocks no longer on the head's branch come back, those the new branch holds
   * leave, validated and branch-delayed ones (and branch-refused ones on a branch switch) are
   * classified again, and those whose branch is no longer live are dropped.
   */
  private flushMempool(chain: ChainStore, oldHead: StoredBlock, newHead: StoredBlock): void {
    const mempool = this.mempool(chain.chainId);
    const branchSwitch = newHead.header.predecessor !== oldHead.hash;
    mempool.flush(branchSwitch);
    const { popped, pushed } = pathBetween(chain, oldHead, newHead);
    for (const block of popped)
      block.operations.forEach((pass, i) =>
        pass.forEach((operation, j) => {
          const hash = block.operationHashes[i]![j]!;
          if (mempool.addUnprocessed(hash, operation)) this.store.putOperation(chain.chainId, hash, operation);
        }),
      );
    const included = pushed.flatMap((b) => b.operationHashes.flat());
    const live = this.liveness(chain, newHead);
    const dead = mempool.pending().filter((p) => !live.blocks.has(p.operation.branch)).map((p) => p.hash);
    const removed = mempool.remove([...included, ...dead]);
    this.protocol.forget(removed);
    this.store.deleteOperations(chain.chainId, removed);
    this.classifyUnprocessed(chain);
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

  /** A dropped sink leaves the configuration (and the stored one), so a restart does not retry it. */
  private forgetSink(uri: string): void {
    this.loggingConfig = { active_sinks: sinkUris(this.loggingConfig).filter((u) => u !== uri) };
    this.store.putValue("logging", this.loggingConfig);
  }

  /** Ends the streams and closes the store. */
  close(): void {
    this.eventLog.close();
    this.events.close();
    this.p2p.close();
    this.store.close();
  }
}

/**
 * The blocks between two heads: `popped` from `from` down to their common ancestor (excluded),
 * `pushed` from there up to `to`. Blocks the history mode no longer serves end the walk.
 */
function pathBetween(chain: ChainStore, from: StoredBlock, to: StoredBlock): { popped: StoredBlock[]; pushed: StoredBlock[] } {
  const popped: StoredBlock[] = [];
  const pushed: StoredBlock[] = [];
  let a: StoredBlock | undefined = from;
  let b: StoredBlock | undefined = to;
  while (a !== undefined && b !== undefined && a.hash !== b.hash) {
    if (a.header.level >= b.header.level) {
      popped.push(a);
      a = chain.predecessor(a);
    } else {
      pushed.push(b);
      b = chain.predecessor(b);
    }
  }
  return { popped, pushed };
}
