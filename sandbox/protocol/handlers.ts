/**
 * The sandbox protocol's handlers for the block and mempool directories (the generated
 * `Handlers` of `sandbox/protocol/generated/`). The server gives them the prefix's arguments
 * (`chain_id`, `block_id`) in `path` along with their own.
 */
import { bytesToHex, type JsonValue } from "@tezos-rpcgen/runtime";
import { parseBlockId, resolveBlockId } from "../chain/block-id.ts";
import { shellHeaderLength, shellHeader, type StoredBlock } from "../chain/block.ts";
import type { ChainStore } from "../chain/chain-store.ts";
import { notFound } from "../errors.ts";
import { headerOf } from "../handlers/views.ts";
import type { SandboxNode } from "../node/node.ts";
import type { Handlers as BlockHandlers } from "./generated/block/server.ts";
import type { Handlers as MempoolHandlers } from "./generated/mempool/server.ts";
import type { GetPendingOperationsRequest } from "./generated/mempool/types.ts";
import type { ClassifiedOperation, PendingOperation } from "../node/mempool.ts";
import { validationPassOf, type Classification, type ErrorClass } from "./operations.ts";
import { MAX_OPERATIONS_TTL } from "./protocol.ts";

interface BlockPath {
  chain_id: string;
  block_id: string;
  list_offset?: string;
  operation_offset?: string;
}

function locate(node: SandboxNode, request: unknown): { chain: ChainStore; block: StoredBlock; path: BlockPath } {
  const path = (request as { path: BlockPath }).path;
  const chain = node.chain(path.chain_id);
  const id = parseBlockId(path.block_id);
  const block = id === undefined ? undefined : resolveBlockId(chain, id);
  if (block === undefined) throw notFound(`block ${path.block_id}`);
  return { chain, block, path };
}

function offset(text: string | undefined, length: number, what: string): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0 || n >= length) throw notFound(`${what} ${text}`);
  return n;
}

export function blockHandlers(node: SandboxNode): BlockHandlers {
  const info = (chain: ChainStore, block: StoredBlock) => ({ protocol: block.protocol, chain_id: chain.chainId, hash: block.hash });
  const operation = (chain: ChainStore, block: StoredBlock, pass: number, index: number) => ({
    protocol: block.protocol,
    chain_id: chain.chainId,
    hash: block.operationHashes[pass]![index]!,
    ...block.operations[pass]![index]!,
  });
  const pass = (chain: ChainStore, block: StoredBlock, i: number) => block.operations[i]!.map((_, j) => operation(chain, block, i, j));
  return {
    getBlock(request) {
      const { chain, block } = locate(node, request);
      return { ...info(chain, block), header: headerOf(block), operations: block.operations.map((_, i) => pass(chain, block, i)) };
    },
    getBlockHash(request) {
      return locate(node, request).block.hash;
    },
    getBlockHeader(request) {
      const { chain, block } = locate(node, request);
      return { ...info(chain, block), ...headerOf(block) };
    },
    getBlockHeaderRaw(request) {
      return bytesToHex(locate(node, request).block.bytes);
    },
    getBlockHeaderShell(request) {
      const { block } = locate(node, request);
      return { ...shellHeader(headerOf(block)) };
    },
    getBlockHeaderProtocolData(request) {
      const { block } = locate(node, request);
      return { protocol: block.protocol, content: block.header.protocol_data };
    },
    getBlockHeaderProtocolDataRaw(request) {
      const { block } = locate(node, request);
      return bytesToHex(block.bytes.subarray(shellHeaderLength(block.header, block.bytes)));
    },
    getBlockOperationHashes(request) {
      return locate(node, request).block.operationHashes.map((p) => [...p]);
    },
    getBlockOperationHashByListOffset(request) {
      const { block, path } = locate(node, request);
      return [...block.operationHashes[offset(path.list_offset, block.operationHashes.length, "validation pass")]!];
    },
    getBlockOperationHashByListOffsetByOperationOffset(request) {
      const { block, path } = locate(node, request);
      const list = block.operationHashes[offset(path.list_offset, block.operationHashes.length, "validation pass")]!;
      return list[offset(path.operation_offset, list.length, "operation")]!;
    },
    getBlockOperations(request) {
      const { chain, block } = locate(node, request);
      return block.operations.map((_, i) => pass(chain, block, i));
    },
    getBlockOperationByListOffset(request) {
      const { chain, block, path } = locate(node, request);
      return pass(chain, block, offset(path.list_offset, block.operations.length, "validation pass"));
    },
    getBlockOperationByListOffsetByOperationOffset(request) {
      const { chain, block, path } = locate(node, request);
      const i = offset(path.list_offset, block.operations.length, "validation pass");
      return operation(chain, block, i, offset(path.operation_offset, block.operations[i]!.length, "operation"));
    },
    getBlockProtocols(request) {
      const { block } = locate(node, request);
      return { protocol: block.protocol, next_protocol: block.nextProtocol };
    },
    getBlockLiveBlocks(request) {
      const { chain, block } = locate(node, request);
      return chain
        .liveBlocks(block, MAX_OPERATIONS_TTL)
        .map((b) => b.hash)
        .sort();
    },
  };
}

/** The class flags and validation-pass filter of the mempool queries. */
type MempoolQuery = GetPendingOperationsRequest["query"];

/**
 * The mempool directory, as Octez's prevalidator serves it (tezos/tezos-mirror
 * `src/lib_shell/prevalidator.ml`, `build_rpc_directory`): `pending_operations` lists each
 * selected class (all by default) and the unprocessed operations; `monitor_operations` sends
 * the selected classes' operations (validated and branch_delayed by default), then one element
 * per newly classified operation of those classes, and ends at the next flush (new head).
 * Both keep only the operations of the given validation passes, when given.
 */
export function mempoolHandlers(node: SandboxNode): MempoolHandlers {
  const chainOf = (request: unknown) => node.chain((request as { path: { chain_id: string } }).path.chain_id);
  const inPasses = (q: MempoolQuery | undefined) => (p: PendingOperation) => !q?.validation_pass?.length || q.validation_pass.includes(validationPassOf(p.operation));
  const next = (protocol: string, p: PendingOperation) => ({ hash: p.hash, protocol, ...p.operation });
  const withError = (protocol: string, p: ClassifiedOperation) => ({ ...next(protocol, p), ...(p.error ? { error: p.error as JsonValue } : {}) });
  return {
    getPendingOperations(request) {
      const chain = chainOf(request);
      const q = (request as { query?: MempoolQuery }).query;
      const mempool = node.mempool(chain.chainId);
      const protocol = chain.head.nextProtocol;
      const keep = inPasses(q);
      const errors = (c: ErrorClass) => (q?.[c] === false ? [] : mempool.errorClass(c).filter(keep).map((p) => ({ ...next(protocol, p), error: (p.error ?? []) as JsonValue })));
      return {
        validated: q?.validated === false ? [] : mempool.validatedOperations().filter(keep).map((p) => ({ hash: p.hash, ...p.operation })),
        refused: errors("refused"),
        outdated: errors("outdated"),
        branch_refused: errors("branch_refused"),
        branch_delayed: errors("branch_delayed"),
        unprocessed: mempool.pending().filter(keep).map((p) => next(protocol, p)),
      };
    },
    monitorOperations(request, { signal }) {
      const chain = chainOf(request);
      const q = (request as { query?: MempoolQuery }).query;
      const wanted = { validated: true, refused: false, outdated: false, branch_refused: false, branch_delayed: true, ...definedOnly(q) };
      const protocol = chain.head.nextProtocol;
      const keep = inPasses(q);
      const mempool = node.mempool(chain.chainId);
      // Subscribed before the current operations are read: nothing classified in between is lost.
      const updates = mempool.subscribe(signal);
      const classified = (c: Classification) => (c === "validated" ? mempool.validatedOperations().map((p) => ({ ...p, class: c })) : mempool.errorClass(c));
      // Octez's order: validated, refused, branch_refused, outdated, branch_delayed.
      const order: Classification[] = ["validated", "refused", "branch_refused", "outdated", "branch_delayed"];
      const current = order.filter((c) => wanted[c]).flatMap(classified).filter(keep);
      return (async function* () {
        yield current.map((p) => withError(protocol, p));
        for await (const p of updates) if (wanted[p.class] && keep(p)) yield [withError(protocol, p)];
      })();
    },
  };
}

/** The query's flags that were given (absent ones keep their defaults). */
function definedOnly(q: MempoolQuery | undefined): Partial<Record<Classification, boolean>> {
  const out: Partial<Record<Classification, boolean>> = {};
  for (const c of ["validated", "refused", "outdated", "branch_refused", "branch_delayed"] as const) if (q?.[c] !== undefined) out[c] = q[c];
  return out;
}
