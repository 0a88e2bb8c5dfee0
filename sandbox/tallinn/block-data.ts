/**
 * The protocol part of Tallinn block headers, through the generated codec of Octez's registered
 * encoding `024-PtTALLiN.block_header.protocol_data` (payload hash, payload round,
 * proof-of-work nonce, optional seed nonce hash, the liquidity baking vote, the signature).
 *
 * The sandbox has no bakers: its blocks carry round 0, a zero nonce, no seed nonce hash, a
 * `pass` vote and an all-zero signature; the payload hash is BLAKE2b-256 of the operations
 * hash and the level, so that it differs from block to block.
 */
import { BASE58, BinaryReader, BinaryWriter, blake2b256, bytesToHex, decodeBase58Check, encodeBase58Check, hexToBytes } from "@tezos-rpcgen/runtime";
import { decodeBlockHeaderProtocolData, encodeBlockHeaderProtocolData } from "../../generated/tallinn/codecs.ts";
import type { BlockHeaderProtocolData } from "../../generated/tallinn/types.ts";
import { ZERO_SIGNATURE } from "./forge.ts";

/** The JSON fields of a Tallinn header's protocol data (Octez's `block_header.protocol_data`). */
export type TallinnProtocolData = BlockHeaderProtocolData;


/** The protocol data (hex) of a block the sandbox makes at `level` with these operations. */
export function producedProtocolData(level: number, operationsHash: string): string {
  const levelBytes = new Uint8Array(4);
  new DataView(levelBytes.buffer).setInt32(0, level);
  const payloadHash = blake2b256(decodeBase58Check(BASE58.operation_list_list_hash, operationsHash), levelBytes);
  const w = new BinaryWriter(112);
  encodeBlockHeaderProtocolData(w, {
    payload_hash: encodeBase58Check(BASE58.block_payload_hash, payloadHash),
    payload_round: 0,
    proof_of_work_nonce: "0000000000000000",
    liquidity_baking_toggle_vote: "pass",
    signature: ZERO_SIGNATURE,
  });
  return bytesToHex(w.finish());
}

/** The JSON fields of a Tallinn header's protocol data, or undefined when the bytes are not one. */
export function parseProtocolData(hex: string): TallinnProtocolData | undefined {
  try {
    const r = new BinaryReader(hexToBytes(hex));
    const data = decodeBlockHeaderProtocolData(r);
    return r.remaining() === 0 ? data : undefined;
  } catch {
    return undefined;
  }
}
