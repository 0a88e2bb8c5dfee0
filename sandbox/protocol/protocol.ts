/**
 * The sandbox's own minimal protocol: what it needs to make and check blocks. It has no
 * context, accounts or signatures; it fixes the block and fitness shapes, the validation
 * passes and the cycle length used for the history-mode levels.
 *
 * Its hash is computed as Octez hashes any protocol (`Protocol.hash`: BLAKE2b-256 of the
 * binary protocol record, prefix `02aa`) from the source record below, so `GET /protocols`
 * and `/injection/protocol` treat it like any other protocol.
 */
import { BinaryWriter, blake2b256, encodeBase58Check, BASE58 } from "@tezos-rpcgen/runtime";
import { encodePostInjectionProtocolInput } from "../../generated/shell/codecs.ts";
import type { Fitness, PostInjectionProtocolInput } from "../../generated/shell/types.ts";

/** A protocol's source record (the body of `POST /injection/protocol`). */
export type ProtocolSource = PostInjectionProtocolInput;

/** Octez's protocol hash of a source record. */
export function protocolHash(source: ProtocolSource): string {
  const w = new BinaryWriter(256);
  encodePostInjectionProtocolInput(w, source);
  return encodeBase58Check(BASE58.protocol_hash, blake2b256(w.finish()));
}

/** The minimal protocol's source record (a description, not code: the sandbox runs it natively). */
export const SANDBOX_PROTOCOL_SOURCE: ProtocolSource = Object.freeze({
  expected_env_version: 13,
  components: [
    {
      name: "Sandbox_protocol",
      implementation:
        "(* tezos-rpcgen sandbox protocol: blocks carry opaque protocol data, fitness is [02; level; ; ffffffff; round 0], 4 validation passes, operations are opaque and valid on a live branch *)",
    },
  ],
});

/** Hash of the minimal protocol. */
export const SANDBOX_PROTOCOL = protocolHash(SANDBOX_PROTOCOL_SOURCE);

/** Validation passes of every block after genesis (as Tezos protocols: consensus, votes, anonymous, manager). */
export const VALIDATION_PASSES = 4;
/** The pass that produced blocks put mempool operations in. */
export const MANAGER_PASS = 3;
/** Blocks per cycle, for savepoint and caboose levels in `full` and `rolling` modes. */
export const BLOCKS_PER_CYCLE = 8;
/** Cycles kept below the checkpoint before `additional_cycles` (Tezos' consensus rights delay + 1). */
export const PRESERVED_CYCLES = 2;
/** Blocks from the branch within which an operation's branch must lie (`max_operations_ttl`). */
export const MAX_OPERATIONS_TTL = 120;

function hex32(n: number): string {
  return (n >>> 0).toString(16).padStart(8, "0");
}

/**
 * Fitness of a produced block: Tenderbake's shape (data-encoding.md §14) with rounds always 0,
 * so that it grows with the level.
 */
export function fitnessAt(level: number): Fitness {
  return ["02", hex32(level), "", "ffffffff", "00000000"];
}

/**
 * Checkpoint level for a head at `level`: Tenderbake finalises a block once two blocks are on
 * top of it, and the store moves the checkpoint to the last finalised block.
 */
export function checkpointLevel(headLevel: number): number {
  return Math.max(0, headLevel - 2);
}
