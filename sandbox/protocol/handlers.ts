/**
 * The sandbox protocol's handlers for the block and mempool directories (the generated
 * `Handlers` of `sandbox/protocol/generated/`). The server gives them the prefix's arguments
 * (`chain_id`, `block_id`) in `path` along with their own.
 */
import { bytesToHex } from "@tezos-rpcgen/runtime";
import { parseBlockId, resolveBlockId } from "../chain/block-id.ts";
import { shellHeaderLength, shellHeader, type StoredBlock } from "../chain/block.ts";
import type { ChainStore } from "../chain/chain-store.ts";
import { notFound } from "../errors.ts";
import { headerOf } from "../handlers/views.ts";
import type { SandboxNode } from "../node/node.ts";
import type { Handlers as BlockHandlers } from "./generated/block/server.ts";
import type { Handlers as MempoolHandlers } from "./generated/mempool/server.ts";
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
    getChainsBlocksByBlockId(request) {
      const { chain, block } = locate(node, request);
      return { ...info(chain, block), header: headerOf(block), operations: block.operations.map((_, i) => pass(chain, block, i)) };
    },
    getChainsBlocksHash(request) {
      return locate(node, request).block.hash;
    },
    getChainsBlocksHeader(request) {
      const { chain, block } = locate(node, request);
      return { ...info(chain, block), ...headerOf(block) };
    },
    getChainsBlocksHeaderRaw(request) {
      return bytesToHex(locate(node, request).block.bytes);
    },
    getChainsBlocksHeaderShell(request) {
      const { block } = locate(node, request);
      return { ...shellHeader(headerOf(block)) };
    },
    getChainsBlocksHeaderProtocolData(request) {
      const { block } = locate(node, request);
      return { protocol: block.protocol, content: block.header.protocol_data };
    },
    getChainsBlocksHeaderProtocolDataRaw(request) {
      const { block } = locate(node, request);
      return bytesToHex(block.bytes.subarray(shellHeaderLength(block.header, block.bytes)));
    },
    getChainsBlocksOperationHashes(request) {
      return locate(node, request).block.operationHashes.map((p) => [...p]);
    },
    getChainsBlocksOperationHashesByListOffset(request) {
      const { block, path } = locate(node, request);
      return [...block.operationHashes[offset(path.list_offset, block.operationHashes.length, "validation pass")]!];
    },
    getChainsBlocksOperationHashesByListOffsetByOperationOffset(request) {
      const { block, path } = locate(node, request);
      const list = block.operationHashes[offset(path.list_offset, block.operationHashes.length, "validation pass")]!;
      return list[offset(path.operation_offset, list.length, "operation")]!;
    },
    getChainsBlocksOperations(request) {
      const { chain, block } = locate(node, request);
      return block.operations.map((_, i) => pass(chain, block, i));
    },
    getChainsBlocksOperationsByListOffset(request) {
      const { chain, block, path } = locate(node, request);
      return pass(chain, block, offset(path.list_offset, block.operations.length, "validation pass"));
    },
    getChainsBlocksOperationsByListOffsetByOperationOffset(request) {
      const { chain, block, path } = locate(node, request);
      const i = offset(path.list_offset, block.operations.length, "validation pass");
      return operation(chain, block, i, offset(path.operation_offset, block.operations[i]!.length, "operation"));
    },
    getChainsBlocksProtocols(request) {
      const { block } = locate(node, request);
      return { protocol: block.protocol, next_protocol: block.nextProtocol };
    },
    getChainsBlocksLiveBlocks(request) {
      const { chain, block } = locate(node, request);
      return chain
        .liveBlocks(block, MAX_OPERATIONS_TTL)
        .map((b) => b.hash)
        .sort();
    },
  };
}

export function mempoolHandlers(node: SandboxNode): MempoolHandlers {
  const chainOf = (request: unknown) => node.chain((request as { path: { chain_id: string } }).path.chain_id);
  return {
    getChainsMempoolPendingOperations(request) {
      const chain = chainOf(request);
      const validated = node.mempool(chain.chainId).list().map((p) => ({ hash: p.hash, ...p.operation }));
      return { validated, refused: [], outdated: [], branch_refused: [], branch_delayed: [], unprocessed: [] };
    },
    getChainsMempoolMonitorOperations(request, { signal }) {
      const chain = chainOf(request);
      const protocol = chain.head.nextProtocol;
      const updates = node.events.mempool.subscribe(signal);
      const current = node.mempool(chain.chainId).list();
      const view = (ops: typeof current) => ops.map((p) => ({ protocol, hash: p.hash, ...p.operation }));
      return (async function* () {
        yield view(current);
        for await (const e of updates) if (e.chainId === chain.chainId) yield view(e.operations);
      })();
    },
  };
}
