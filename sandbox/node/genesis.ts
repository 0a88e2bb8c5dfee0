/**
 * The genesis block of a network. Its hash is the configured constant (not the hash of its
 * header) and its predecessor is itself (data-encoding.md §12). Its header is the one a
 * sandbox node answers (`shared/reference/codec-vectors-shell.json`: level 0, proto 0, the
 * empty operations hash, empty fitness); the context hash of that recording is used for the
 * `sandbox` network, and a hash derived from the genesis block for the others.
 */
import { blake2b256, decodeBase58Check, encodeBase58Check, formatProtocolTimestamp, operationsHashOfPasses, parseProtocolTimestamp, BASE58 } from "@tezos-rpcgen/runtime";
import type { BlockHeader } from "../../generated/shell/types.ts";
import { headerBytes, type StoredBlock } from "../chain/block.ts";
import type { Network } from "../chain/networks.ts";

const SANDBOX_GENESIS_CONTEXT = "46eda4bd10fa370d99881852b74be8a0e2f407afb9d4722fefffcfbe76878a66";

function contextOf(network: Network): string {
  const raw =
    network.alias === "sandbox"
      ? Uint8Array.from(Buffer.from(SANDBOX_GENESIS_CONTEXT, "hex"))
      : blake2b256(decodeBase58Check(BASE58.block_hash, network.genesis.block), new TextEncoder().encode("context"));
  return encodeBase58Check(BASE58.context_hash, raw);
}

/** The genesis block of `network`, whose successor runs `nextProtocol`. */
export function genesisBlock(network: Network, nextProtocol: string): StoredBlock {
  const header: BlockHeader = {
    level: 0,
    proto: 0,
    predecessor: network.genesis.block,
    timestamp: formatProtocolTimestamp(parseProtocolTimestamp(network.genesis.timestamp) ?? 0n),
    validation_pass: 0,
    operations_hash: operationsHashOfPasses([]),
    fitness: [],
    context: contextOf(network),
    protocol_data: "",
  };
  return {
    hash: network.genesis.block,
    header,
    bytes: headerBytes(header),
    operations: [],
    operationHashes: [],
    protocol: network.genesis.protocol,
    nextProtocol,
    receivedAt: 0,
  };
}
