/**
 * Checks a block before it is stored, in the order Octez's validator makes them: the
 * operations must match the header's `operations_hash` (a temporary error: the block itself
 * may be fine), then the block must be valid on its predecessor (a permanent error: the block
 * is recorded as invalid). Error ids and fields follow tezos/tezos-mirror
 * `src/lib_shell_services/block_validator_errors.ml` (`validator.inconsistent_operations_hash`,
 * `validator.invalid_block` with the block errors `invalid_level`, `non_increasing_timestamp` (the sandbox protocol allows equal timestamps, so that blocks can come faster than one a second),
 * `non_increasing_fitness`, `unexpected_number_of_passes`, and the liveness errors
 * of `block_validation.ml`'s `check_liveness`: `outdated_operation` for an operation whose
 * branch is not a live block of the predecessor, `replayed_operation` for one already included
 * in a live block).
 */
import { compareFitness, operationsHashOfPasses, parseProtocolTimestamp, type JsonValue } from "@tezos-rpcgen/runtime";
import type { BlockHeader, Operation } from "../../generated/shell/types.ts";
import { hashOperation, type StoredBlock } from "../chain/block.ts";
import type { TraceError } from "../errors.ts";

export type Verdict =
  | { readonly ok: true; readonly operationHashes: string[][] }
  | { readonly ok: false; readonly permanent: boolean; readonly trace: TraceError[] };

/**
 * `validator.invalid_block`: the block's hash, then the block error as its own object
 * (`block_validator_errors.ml`: `obj2 (req "invalid_block") (req "error" block_error_encoding)`).
 */
function invalid(hash: string, error: string, fields: Record<string, JsonValue> = {}): Verdict {
  return { ok: false, permanent: true, trace: [{ kind: "permanent", id: "validator.invalid_block", invalid_block: hash, error: { error, ...fields } }] };
}

/** What the chain says about the operations' liveness on the predecessor. */
export interface Liveness {
  /** Live blocks of the predecessor (see `ChainStore.liveBlocks`). */
  readonly blocks: ReadonlySet<string>;
  /** Operations included in those blocks. */
  readonly operations: ReadonlySet<string>;
}

/** Checks `header` (hash `hash`) with its operations on top of `pred`. */
export function checkBlock(hash: string, header: BlockHeader, operations: readonly (readonly Operation[])[], pred: StoredBlock, live: Liveness): Verdict {
  const operationHashes = operations.map((pass) => pass.map(hashOperation));
  const found = operationsHashOfPasses(operationHashes);
  if (found !== header.operations_hash)
    return {
      ok: false,
      permanent: false,
      trace: [{ kind: "temporary", id: "validator.inconsistent_operations_hash", block: hash, expected: header.operations_hash, found }],
    };
  if (header.level !== pred.header.level + 1) return invalid(hash, "invalid_level", { expected: pred.header.level + 1, found: header.level });
  if (operations.length !== header.validation_pass)
    return invalid(hash, "unexpected_number_of_passes", { found: operations.length });
  const ts = parseProtocolTimestamp(header.timestamp) ?? 0n;
  const predTs = parseProtocolTimestamp(pred.header.timestamp) ?? 0n;
  if (ts < predTs) return invalid(hash, "non_increasing_timestamp");
  if (compareFitness(header.fitness, pred.header.fitness) <= 0) return invalid(hash, "non_increasing_fitness");
  for (let i = 0; i < operations.length; i++)
    for (let j = 0; j < operations[i]!.length; j++) {
      const operation = operationHashes[i]![j]!;
      const branch = operations[i]![j]!.branch;
      if (!live.blocks.has(branch)) return invalid(hash, "outdated_operation", { operation, originating_block: branch });
      if (live.operations.has(operation)) return invalid(hash, "replayed_operation", { operation });
    }
  return { ok: true, operationHashes };
}
