/**
 * How the shell computes block, operation and chain identifiers (data-encoding.md §12;
 * tezos/tezos-mirror `src/lib_crypto/blake2B.ml`, `src/lib_base/block_header.ml`,
 * `src/lib_base/operation.ml`, `src/lib_crypto/chain_id.ml`):
 *
 * - block hash = H(binary header: shell fields then protocol data, no length prefix);
 * - operation hash = H(binary operation: 32-byte branch then protocol bytes);
 * - operation list hash = Merkle root of the operation hashes of one validation pass;
 * - operation list list hash (the header's `operations_hash`) = Merkle root of the pass hashes;
 * - chain id = the first 4 bytes of H(genesis block hash bytes).
 *
 * H is BLAKE2b-256. Merkle rules: the empty list hashes to H(""); one element to its leaf
 * H(element); otherwise the leaves are padded to the next power of two with copies of the
 * last leaf and a complete binary tree of H(left ‖ right) nodes is built on them.
 */
import { decodeBase58Check, encodeBase58Check } from "../encodings/base58/check.ts";
import { BASE58 } from "../encodings/base58/prefixes.ts";
import { blake2b256 } from "./blake2b.ts";

/** A hash given either as Base58Check text or as its raw bytes. */
export type HashInput = string | Uint8Array;

/**
 * Merkle root of `elements` (each the raw bytes of one element, usually a 32-byte hash) with
 * Octez's rules: H("") for none, the leaf for one, else last-leaf padding to a power of two.
 */
export function merkleRoot(elements: readonly Uint8Array[]): Uint8Array {
  if (elements.length === 0) return blake2b256(new Uint8Array(0));
  let level = elements.map((e) => blake2b256(e));
  if (level.length === 1) return level[0]!;
  let width = 1;
  while (width < level.length) width *= 2;
  const last = level[level.length - 1]!;
  while (level.length < width) level.push(last);
  while (level.length > 1) {
    const next: Uint8Array[] = [];
    for (let i = 0; i < level.length; i += 2) next.push(blake2b256(level[i]!, level[i + 1]!));
    level = next;
  }
  return level[0]!;
}

function bytesOf(hash: HashInput, kind: (typeof BASE58)[keyof typeof BASE58]): Uint8Array {
  return typeof hash === "string" ? decodeBase58Check(kind, hash) : hash;
}

/** Block hash (`B…`) of a binary block header (shell header followed by protocol data). */
export function blockHash(headerBytes: Uint8Array): string {
  return encodeBase58Check(BASE58.block_hash, blake2b256(headerBytes));
}

/** Operation hash (`o…`) of a binary operation (branch followed by protocol bytes). */
export function operationHash(operationBytes: Uint8Array): string;
/** Operation hash (`o…`) of a branch (`B…` or 32 bytes) and the operation's protocol bytes. */
export function operationHash(branch: HashInput, protocolBytes: Uint8Array): string;
export function operationHash(first: HashInput, protocolBytes?: Uint8Array): string {
  const digest = protocolBytes === undefined ? blake2b256(first as Uint8Array) : blake2b256(bytesOf(first, BASE58.block_hash), protocolBytes);
  return encodeBase58Check(BASE58.operation_hash, digest);
}

/** Operation list hash (`Lo…`) of the operation hashes (`o…` or 32 bytes) of one validation pass. */
export function operationListHash(operationHashes: readonly HashInput[]): string {
  return encodeBase58Check(BASE58.operation_list_hash, merkleRoot(operationHashes.map((h) => bytesOf(h, BASE58.operation_hash))));
}

/** Operation list list hash (`LLo…`) of the per-pass list hashes (`Lo…` or 32 bytes). */
export function operationListListHash(listHashes: readonly HashInput[]): string {
  return encodeBase58Check(BASE58.operation_list_list_hash, merkleRoot(listHashes.map((h) => bytesOf(h, BASE58.operation_list_hash))));
}

/**
 * The header's `operations_hash` (`LLo…`) computed from the operation hashes of each
 * validation pass: one list hash per pass, then their list list hash.
 */
export function operationsHashOfPasses(passes: readonly (readonly HashInput[])[]): string {
  const passRoots = passes.map((pass) => merkleRoot(pass.map((h) => bytesOf(h, BASE58.operation_hash))));
  return encodeBase58Check(BASE58.operation_list_list_hash, merkleRoot(passRoots));
}

/** Chain id (`Net…`) of a chain whose genesis block hash is `genesis` (`B…` or 32 bytes). */
export function chainIdOfGenesis(genesis: HashInput): string {
  return encodeBase58Check(BASE58.chain_id, blake2b256(bytesOf(genesis, BASE58.block_hash)).subarray(0, 4));
}
