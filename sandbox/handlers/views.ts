/** JSON views of stored blocks shared by the shell handlers and the sandbox protocol's services. */
import type { BlockHeader, GetMonitorAppliedBlocksOutput, GetMonitorHeadsByChainIdOutput } from "../../generated/shell/types.ts";
import type { StoredBlock } from "../chain/block.ts";

/** A block's header (a fresh copy, so that answers never share the stored objects). */
export function headerOf(block: StoredBlock): BlockHeader {
  return { ...block.header, fitness: [...block.header.fitness] };
}

/** An item of `/monitor/heads/<chain_id>`: the hash and the header's fields in one object. */
export function monitoredHead(block: StoredBlock): GetMonitorHeadsByChainIdOutput {
  return { hash: block.hash, ...headerOf(block) };
}

/** An item of `/monitor/applied_blocks` and `/monitor/validated_blocks`. */
export function monitoredBlock(chainId: string, block: StoredBlock): GetMonitorAppliedBlocksOutput {
  return { chain_id: chainId, hash: block.hash, header: headerOf(block), operations: block.operations.map((pass) => pass.map((op) => ({ ...op }))) };
}
