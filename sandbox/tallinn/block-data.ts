/**
 * The protocol part of Tallinn block headers (T024 `block_header.alpha.signed_contents`, as
 * Octez's T024 `block_header` vector lays it out): payload hash (32 bytes), payload round
 * (int32), proof-of-work nonce (8 bytes), optional seed nonce hash, the per-block votes byte
 * (liquidity baking toggle: 0 on, 1 off, 2 pass) and a 64-byte signature.
 *
 * The sandbox has no bakers: its blocks carry round 0, a zero nonce, no seed nonce hash, a
 * `pass` vote and an all-zero signature; the payload hash is BLAKE2b-256 of the operations
 * hash and the level, so that it differs from block to block.
 */
import { BASE58, BinaryReader, BinaryWriter, blake2b256, bytesToHex, decodeBase58Check, encodeBase58Check, hexToBytes } from "@tezos-rpcgen/runtime";

const VOTES = ["on", "off", "pass"] as const;

/** The JSON fields of a Tallinn header's protocol data. */
export interface TallinnProtocolData {
  payload_hash: string;
  payload_round: number;
  proof_of_work_nonce: string;
  seed_nonce_hash?: string;
  liquidity_baking_toggle_vote: (typeof VOTES)[number];
  signature: string;
}

/** The protocol data (hex) of a block the sandbox makes at `level` with these operations. */
export function producedProtocolData(level: number, operationsHash: string): string {
  const w = new BinaryWriter(112);
  const levelBytes = new Uint8Array(4);
  new DataView(levelBytes.buffer).setInt32(0, level);
  w.raw(blake2b256(decodeBase58Check(BASE58.operation_list_list_hash, operationsHash), levelBytes));
  w.int32(0);
  w.zeros(8);
  w.uint8(0); // no seed nonce hash
  w.uint8(2); // pass
  w.zeros(64);
  return bytesToHex(w.finish());
}

/** The JSON fields of a Tallinn header's protocol data, or undefined when the bytes are not one. */
export function parseProtocolData(hex: string): TallinnProtocolData | undefined {
  try {
    const r = new BinaryReader(hexToBytes(hex));
    const payload_hash = encodeBase58Check(BASE58.block_payload_hash, r.raw(32, "a payload hash"));
    const payload_round = r.int32();
    const proof_of_work_nonce = bytesToHex(r.raw(8, "a proof-of-work nonce"));
    const seed_nonce_hash = r.uint8() === 0 ? undefined : encodeBase58Check(BASE58.nonce_hash, r.raw(32, "a seed nonce hash"));
    const vote = VOTES[r.uint8() & 3];
    const signature = encodeBase58Check(BASE58.generic_signature, r.raw(64, "a signature"));
    if (vote === undefined || r.remaining() !== 0) return undefined;
    return { payload_hash, payload_round, proof_of_work_nonce, ...(seed_nonce_hash ? { seed_nonce_hash } : {}), liquidity_baking_toggle_vote: vote, signature };
  } catch {
    return undefined;
  }
}
