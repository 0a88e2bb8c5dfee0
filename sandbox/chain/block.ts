/**
 * A block as the sandbox keeps it: its header (JSON form and bytes), its operations by
 * validation pass with their hashes, and the protocols it runs. Hashes follow
 * data-encoding.md §12: block hash = BLAKE2b of the header bytes, operation hash = BLAKE2b of
 * branch ‖ data.
 */
import { BinaryReader, BinaryWriter, bytesToHex, decodeBase58Check, encodeBase58Check, hexToBytes, BASE58, operationHash } from "@tezos-rpcgen/runtime";
import { decodeBlockHeader, encodeBlockHeader } from "../../generated/shell/codecs.ts";
import type { BlockHeader, Operation } from "../../generated/shell/types.ts";

/** A stored block. Objects are never mutated once stored. */
export interface StoredBlock {
  readonly hash: string;
  readonly header: BlockHeader;
  /** The binary header: shell fields then protocol data. */
  readonly bytes: Uint8Array;
  readonly operations: readonly (readonly Operation[])[];
  readonly operationHashes: readonly (readonly string[])[];
  /** The protocol that validated the block (the predecessor's `next_protocol`). */
  readonly protocol: string;
  /** The protocol of the block's successors. */
  readonly nextProtocol: string;
  /** Local arrival time, seconds since the epoch (not part of the block). */
  readonly receivedAt: number;
}

/** Binary header of a JSON header. */
export function headerBytes(header: BlockHeader): Uint8Array {
  const w = new BinaryWriter(256);
  encodeBlockHeader(w, header);
  return w.finish();
}

/** JSON header of binary header bytes; throws the codec's error when they do not parse. */
export function parseHeader(bytes: Uint8Array): BlockHeader {
  const r = new BinaryReader(bytes);
  const header = decodeBlockHeader(r);
  r.expectEnd();
  return header;
}

/** Byte length of the shell part of a header (everything before `protocol_data`). */
export function shellHeaderLength(header: BlockHeader, bytes: Uint8Array): number {
  return bytes.length - header.protocol_data.length / 2;
}

/** The shell part of a header (the header without `protocol_data`). */
export function shellHeader(header: BlockHeader): Omit<BlockHeader, "protocol_data"> {
  const { protocol_data: _, ...shell } = header;
  return shell;
}

/** Operation hash of a JSON operation. */
export function hashOperation(op: Operation): string {
  return operationHash(op.branch, hexToBytes(op.data));
}

/** Binary form of an operation: 32-byte branch then its data. */
export function operationBytes(op: Operation): Uint8Array {
  const branch = decodeBase58Check(BASE58.block_hash, op.branch);
  const data = hexToBytes(op.data);
  const out = new Uint8Array(branch.length + data.length);
  out.set(branch, 0);
  out.set(data, branch.length);
  return out;
}

/** JSON operation of binary operation bytes, or `undefined` when shorter than a branch. */
export function parseOperation(bytes: Uint8Array): Operation | undefined {
  if (bytes.length < 32) return undefined;
  return { branch: encodeBase58Check(BASE58.block_hash, bytes.subarray(0, 32)), data: bytesToHex(bytes.subarray(32)) };
}
