/**
 * Protocol Tallinn's block and mempool services (the generated `Handlers` of
 * `generated/tallinn/`), on the chain's {@link TallinnState}: what a wallet or Taquito uses to
 * read accounts and constants, forge, simulate, preapply and follow operations, with Octez's
 * answers (tezos/tezos-mirror `src/proto_024_PtTALLiN/lib_plugin/` and `lib_protocol/
 * contract_services.ml`, `helpers_services.ml`). The routes of the interface the sandbox does
 * not model answer {@link notModelled}'s typed error naming the route.
 *
 * The block's own routes (`/`, `/header`, `/header/protocol_data`, `/metadata`, `/operations…`)
 * are typed for Tallinn blocks (`tezos-rpcgen assemble` rebuilds them from `block_services.ml`
 * and the registered encodings). Octez answers a block through its own protocol's directory, so
 * a block of another protocol (the genesis block) is answered in that protocol's shape, which
 * the Tallinn interface does not type ({@link ofAnotherProtocol}; the server's output validation
 * leaves those answers unchecked, `block-protocol.ts`).
 */
import { bytesToHex, type AnyRouteDescriptor, type JsonValue } from "@tezos-rpcgen/runtime";
import { RpcServerError } from "@tezos-rpcgen/runtime/server";
import type { Handlers } from "../../generated/tallinn/server.ts";
import { parseBlockId, resolveBlockId } from "../chain/block-id.ts";
import type { StoredBlock } from "../chain/block.ts";
import type { ChainStore } from "../chain/chain-store.ts";
import { notFound, traceFailure, type TraceError } from "../errors.ts";
import { headerOf } from "../handlers/views.ts";
import type { SandboxNode } from "../node/node.ts";
import type { ErrorClass } from "../protocol/operations.ts";
import { MAX_OPERATIONS_TTL, BLOCKS_PER_CYCLE } from "../protocol/protocol.ts";
import { blockHandlers as shellLevelBlockHandlers, mempoolHandlers as opaqueMempoolHandlers } from "../protocol/handlers.ts";
import { ValidationFailure } from "./apply.ts";
import { parseShellOperation, type AppliedOperation, type TallinnState } from "./chain-state.ts";
import { SANDBOX_CONSTANTS } from "./constants.ts";
import { forgeOperation, managerContents, type ManagerContent, type SignedOperation } from "./forge.ts";
import { parseProtocolData } from "./block-data.ts";
import { TALLINN_PROTOCOL } from "./rules.ts";

interface BlockPath {
  chain_id: string;
  block_id: string;
  contract_id?: string;
  list_offset?: string;
  operation_offset?: string;
}

/** Octez's `blocks_per_commitment` in the sandbox constants. */
const BLOCKS_PER_COMMITMENT = SANDBOX_CONSTANTS.blocks_per_commitment;

/** The block a request's path names (404 as Octez when there is none). */
function locate(node: SandboxNode, request: { path: BlockPath }): { chain: ChainStore; block: StoredBlock; path: BlockPath } {
  const path = request.path;
  const chain = node.chain(path.chain_id);
  const id = parseBlockId(path.block_id);
  const block = id === undefined ? undefined : resolveBlockId(chain, id);
  if (block === undefined) throw notFound(`block ${path.block_id}`);
  return { chain, block, path };
}

/** A validation failure as Octez's RPCs answer it: 500 with the protocol's trace. */
function failing<T>(work: () => T): T {
  try {
    return work();
  } catch (e) {
    if (e instanceof ValidationFailure) throw traceFailure(e.trace, e.message);
    throw e;
  }
}

/** Runs `work`, a failure to forge or read an operation becoming Octez's parse error trace. */
function parsing<T>(work: () => T): T {
  return failing(() => {
    try {
      return work();
    } catch (e) {
      throw new ValidationFailure([{ kind: "permanent", id: "proto.024-PtTALLiN.operation.parse_error", message: e instanceof Error ? e.message : String(e) } as TraceError]);
    }
  });
}

/** A body's operation read as Tallinn manager contents (refused with Octez's parse error otherwise). */
function asSigned(op: { branch: string; contents: readonly unknown[]; signature?: string }): { operation: SignedOperation; signedBytes: Uint8Array } {
  const signedBytes = parsing(() => forgeOperation({ branch: op.branch, contents: op.contents }));
  const contents = parsing(() => managerContents(op));
  return { operation: { branch: op.branch, contents, signature: op.signature ?? "" }, signedBytes };
}

/** `…/helpers/current_level` at `level` (Octez's `Level_repr` with the sandbox's 8-block cycles). */
export function levelInfo(level: number) {
  const position = Math.max(0, level - 1);
  const cyclePosition = position % BLOCKS_PER_CYCLE;
  return {
    level,
    level_position: position,
    cycle: Math.floor(position / BLOCKS_PER_CYCLE),
    cycle_position: cyclePosition,
    expected_commitment: cyclePosition % BLOCKS_PER_COMMITMENT === BLOCKS_PER_COMMITMENT - 1,
  };
}

/** The answer of a route the sandbox does not model: a typed error naming it (never a silent 404). */
export function notModelled(route: string): RpcServerError {
  return traceFailure([{ kind: "permanent", id: "sandbox.rpc.not_modelled", route }], `the sandbox does not model ${route}`);
}

/**
 * Every handler of `routes` missing from `implemented`: each fails with {@link notModelled}.
 * Made from the route table, so the next protocol's routes get theirs without code.
 */
export function withNotModelled<H extends object>(routes: readonly AnyRouteDescriptor[], implemented: Partial<H>): H {
  const out: Record<string, unknown> = { ...implemented };
  for (const route of routes) {
    if (out[route.operation] !== undefined) continue;
    const name = `${route.method} ${route.path.map((s) => (s.kind === "static" ? s.name : `<${s.name}>`)).join("/").replace(/^/, "/")}`;
    out[route.operation] = () => {
      throw notModelled(name);
    };
  }
  return out as H;
}

/**
 * An answer about a block of another protocol (the genesis block): Octez answers it through that
 * protocol's directory, in shapes the Tallinn interface does not type, so it is cast.
 */
function ofAnotherProtocol<T>(value: unknown): T {
  return value as T;
}

function offset(text: string | undefined, length: number, what: string): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0 || n >= length) throw notFound(`${what} ${text}`);
  return n;
}

export function tallinnHandlers(node: SandboxNode, state: TallinnState): Partial<Handlers> {
  // The shell-level parts of a block (hash, raw and shell header, operation hashes, live
  // blocks) are the same whatever the protocol: the minimal protocol's handlers serve them.
  const shellLevel = shellLevelBlockHandlers(node);
  const opaqueMempool = opaqueMempoolHandlers(node);
  const ledgerAt = (request: { path: BlockPath }) => state.stateAt(locate(node, request).block).ledger;
  const implicit = (request: { path: BlockPath }) => {
    const id = request.path.contract_id!;
    // No originated contract exists: the sandbox originates none.
    if (!/^tz[1-4]/.test(id)) throw notFound(`contract ${id}`);
    return { id, account: ledgerAt(request).account(id) };
  };
  const applied = (chain: ChainStore, op: AppliedOperation) => ({
    protocol: TALLINN_PROTOCOL,
    chain_id: chain.chainId,
    hash: op.hash,
    branch: op.branch,
    contents: op.contents,
    signature: op.signature,
  });
  const passes = (chain: ChainStore, block: StoredBlock) => {
    const receipts = new Map(state.stateAt(block).operations.map((op) => [op.hash, op]));
    return block.operationHashes.map((pass) => pass.map((hash) => applied(chain, receipts.get(hash)!)));
  };
  const metadata = (block: StoredBlock) => ({
    protocol: TALLINN_PROTOCOL,
    next_protocol: TALLINN_PROTOCOL,
    test_chain_status: { status: "not_running" as const },
    max_operations_ttl: MAX_OPERATIONS_TTL,
    max_operation_data_length: SANDBOX_CONSTANTS.max_operation_data_length,
    max_block_header_length: 289,
    max_operation_list_length: [{ max_size: 4194304, max_op: 2048 }, { max_size: 32768 }, { max_size: 135168, max_op: 132 }, { max_size: 524288 }],
    // The protocol's part, an open object in the interface (Octez registers no encoding of it).
    level_info: levelInfo(block.header.level),
    balance_updates: [],
  });
  const simulated = (request: { path: BlockPath; body: { operation: { branch: string; contents: readonly unknown[]; signature?: string } } }) => {
    const { block } = locate(node, request);
    const parsed = asSigned(request.body.operation);
    const contents = failing(() => state.simulate(block, parsed, { checkSignature: false, origin: "block" }));
    return { contents, signature: parsed.operation.signature };
  };
  /**
   * A Tallinn block's header fields and protocol data, or undefined for a block of another
   * protocol (the genesis block), whose protocol data is not Tallinn's.
   */
  const tallinnHeader = (block: StoredBlock) => {
    const { protocol_data, ...shell } = headerOf(block);
    const data = block.protocol === TALLINN_PROTOCOL ? parseProtocolData(protocol_data) : undefined;
    return data === undefined ? undefined : { shell, data };
  };
  /** An operation's Tallinn contents and signature, or no contents when its data is not a Tallinn manager operation. */
  const contentsOf = (op: { branch: string; data: string }): { contents: readonly ManagerContent[]; signature?: string } => {
    try {
      const parsed = parseShellOperation(op).operation;
      return { contents: parsed.contents, signature: parsed.signature };
    } catch {
      return { contents: [] };
    }
  };
  return {
    getBlockHash: shellLevel.getBlockHash,
    getBlockHeaderRaw: shellLevel.getBlockHeaderRaw,
    getBlockHeaderShell: shellLevel.getBlockHeaderShell as never,
    getBlockHeaderProtocolDataRaw: shellLevel.getBlockHeaderProtocolDataRaw,
    getBlockOperationHashes: shellLevel.getBlockOperationHashes,
    getBlockOperationHashByListOffset: shellLevel.getBlockOperationHashByListOffset,
    getBlockOperationHashByListOffsetByOperationOffset: shellLevel.getBlockOperationHashByListOffsetByOperationOffset,
    getBlockLiveBlocks: shellLevel.getBlockLiveBlocks,
    monitorOperations(request, context) {
      // The opaque stream's elements ({hash, protocol, branch, data, error?}) with the data read as Tallinn contents.
      const opaque = opaqueMempool.monitorOperations(request as never, context) as AsyncIterable<Array<{ hash: string; protocol: string; branch: string; data: string; error?: JsonValue }>>;
      return (async function* () {
        for await (const batch of opaque)
          yield batch.map(({ data, ...rest }) => ({ ...rest, ...contentsOf({ branch: rest.branch, data }) }));
      })() as never;
    },
    getBlock(request) {
      const { chain, block } = locate(node, request);
      const header = tallinnHeader(block);
      if (header === undefined) return ofAnotherProtocol({ protocol: block.protocol, chain_id: chain.chainId, hash: block.hash, header: headerOf(block), operations: block.operations.map(() => []) });
      return { protocol: TALLINN_PROTOCOL, chain_id: chain.chainId, hash: block.hash, header: { ...header.shell, ...header.data }, metadata: metadata(block), operations: passes(chain, block) };
    },
    getBlockHeader(request) {
      const { chain, block } = locate(node, request);
      const header = tallinnHeader(block);
      if (header === undefined) return ofAnotherProtocol({ protocol: block.protocol, chain_id: chain.chainId, hash: block.hash, ...headerOf(block) });
      return { protocol: TALLINN_PROTOCOL, chain_id: chain.chainId, hash: block.hash, ...header.shell, ...header.data };
    },
    getBlockHeaderProtocolData(request) {
      const { block } = locate(node, request);
      const header = tallinnHeader(block);
      if (header === undefined) return ofAnotherProtocol({ protocol: block.protocol, protocol_data: headerOf(block).protocol_data });
      return { protocol: TALLINN_PROTOCOL, ...header.data };
    },
    getBlockMetadata(request) {
      const { block } = locate(node, request);
      if (block.protocol !== TALLINN_PROTOCOL) return ofAnotherProtocol({ ...metadata(block), protocol: block.protocol, next_protocol: block.nextProtocol });
      return metadata(block);
    },
    getBlockOperations(request) {
      const { chain, block } = locate(node, request);
      return passes(chain, block);
    },
    getBlockOperationByListOffset(request) {
      const { chain, block, path } = locate(node, request);
      return passes(chain, block)[offset(path.list_offset, block.operations.length, "validation pass")]!;
    },
    getBlockOperationByListOffsetByOperationOffset(request) {
      const { chain, block, path } = locate(node, request);
      const pass = passes(chain, block)[offset(path.list_offset, block.operations.length, "validation pass")]!;
      return pass[offset(path.operation_offset, pass.length, "operation")]!;
    },
    getBlockProtocols(request) {
      const { block } = locate(node, request);
      return { protocol: block.protocol, next_protocol: block.nextProtocol };
    },
    getConstants(request) {
      locate(node, request);
      return SANDBOX_CONSTANTS as never;
    },
    getCurrentLevel(request) {
      const { block } = locate(node, request);
      return levelInfo(block.header.level + Number(request.query?.offset ?? 0));
    },
    getContracts(request) {
      return ledgerAt(request).keyHashes();
    },
    getContract(request) {
      const { account } = implicit(request);
      if (account === undefined) return { balance: "0" };
      return { balance: String(account.balance), ...(account.delegate ? { delegate: account.delegate } : {}), counter: String(account.counter), revealed: account.manager !== undefined };
    },
    getContractBalance(request) {
      return String(implicit(request).account?.balance ?? 0n);
    },
    getContractSpendable(request) {
      return String(implicit(request).account?.balance ?? 0n);
    },
    getContractFullBalance(request) {
      return String(implicit(request).account?.balance ?? 0n);
    },
    getContractCounter(request) {
      const { id, account } = implicit(request);
      if (account === undefined) throw notFound(`counter of ${id}`);
      return String(account.counter);
    },
    getContractManagerKey(request) {
      return implicit(request).account?.manager ?? null;
    },
    getContractDelegate(request) {
      const { id, account } = implicit(request);
      if (account?.delegate === undefined) throw notFound(`delegate of ${id}`);
      return account.delegate;
    },
    getContractScript(request) {
      // Implicit accounts have no script: Octez answers 404.
      throw notFound(`script of ${implicit(request).id}`);
    },
    forgeOperations(request) {
      locate(node, request);
      // Any kind the generated encoder has a layout for, as Octez forges what it does not apply.
      return bytesToHex(parsing(() => forgeOperation(request.body as never)));
    },
    parseOperations(request) {
      const { block } = locate(node, request);
      const body = request.body as { operations: Array<{ branch: string; data: string }>; check_signature?: boolean };
      return body.operations.map((op) => {
        const parsed = failing(() => parseShellOperation({ branch: op.branch, data: op.data }));
        if (body.check_signature) failing(() => state.simulate(block, parsed, { checkSignature: true, origin: "block" }));
        return { branch: parsed.operation.branch, contents: parsed.operation.contents, signature: parsed.operation.signature };
      }) as never;
    },
    runOperation(request) {
      return simulated(request as never) as never;
    },
    simulateOperation(request) {
      return simulated(request as never) as never;
    },
    preapplyOperations(request) {
      const { block } = locate(node, request);
      return (request.body as Array<{ branch: string; contents: unknown[]; signature?: string }>).map((op) => {
        const parsed = asSigned(op);
        return { contents: failing(() => state.simulate(block, parsed, { checkSignature: true, origin: "block" })), signature: parsed.operation.signature };
      }) as never;
    },
    getPendingOperations(request) {
      const chain = node.chain(request.path.chain_id);
      const q = request.query;
      const mempool = node.mempool(chain.chainId);
      const protocol = chain.head.nextProtocol;
      const view = (p: { hash: string; operation: { branch: string; data: string } }) => ({ hash: p.hash, branch: p.operation.branch, ...contentsOf(p.operation) });
      // Query flags arrive as text (Octez's OpenAPI types every parameter as a string).
      const off = (flag: unknown) => flag === false || flag === "false";
      const errors = (c: ErrorClass) => (off(q?.[c]) ? [] : mempool.errorClass(c).map((p) => ({ ...view(p), protocol, error: (p.error ?? []) as JsonValue })));
      return {
        validated: off(q?.validated) ? [] : mempool.validatedOperations().map(view),
        refused: errors("refused"),
        outdated: errors("outdated"),
        branch_refused: errors("branch_refused"),
        branch_delayed: errors("branch_delayed"),
        unprocessed: mempool.pending().map((p) => ({ ...view(p), protocol })),
      } as never;
    },
  };
}

