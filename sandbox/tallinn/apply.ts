/**
 * Validation and application of Tallinn manager operations on a {@link Ledger}, with Octez's
 * error ids, kinds and fields (tezos/tezos-mirror `src/proto_024_PtTALLiN/lib_protocol/`:
 * `validate.ml` and `validate_errors.ml` for what refuses an operation, `apply.ml`,
 * `contract_storage.ml`, `delegate_storage.ml`, `tez_repr.ml` for what fails one).
 *
 * Two stages, as in Octez:
 * - **validation** (the whole batch, on a copy): one source, consecutive counters, a reveal only
 *   first (a tz4 one with a valid proof of possession), the source's
 *   key revealed (or revealed by the batch), counters in sequence from the account's + 1,
 *   gas and storage limits within the per-operation maxima, every fee payable, then the
 *   signature. A failure refuses the operation: it is in no block, nothing changes.
 * - **application** (in a block, or simulated): fees are taken and counters incremented
 *   (validation did it), then each content applies in order; the first failure makes it
 *   `failed`, the later ones `skipped` and the earlier ones `backtracked` (their effects undone,
 *   the fees kept), as Octez's `apply_manager_contents_list`.
 *
 * The sandbox runs no scripts: there are no originated contracts, so a transaction to a `KT1…`
 * fails with Octez's `contract.non_existing_contract`. Gas is a fixed cost per kind
 * ({@link GAS_COST}), not Octez's gas model.
 */
import type { TraceError } from "../errors.ts";
import { COST_PER_BYTE, HARD_GAS_LIMIT_PER_OPERATION, HARD_STORAGE_LIMIT_PER_OPERATION, ORIGINATION_SIZE } from "./constants.ts";
import { publicKeyHashOf, verifyProofOfPossession, verifySignature, watermarked, signatureBytes } from "./keys.ts";
import type { Ledger } from "./ledger.ts";
import type { ManagerContent, SignedOperation } from "./forge.ts";

/** The prefix of protocol Tallinn's error ids. */
export const ERROR_PREFIX = "proto.024-PtTALLiN.";

/**
 * Milligas each kind consumes: the figures of Octez's T024 sample batch (a reveal with gas limit
 * 171, a transfer to an implicit account 2101), a delegation 1000.
 */
export const GAS_COST = { reveal: 171_000n, transaction: 2_101_000n, delegation: 1_000_000n } as const;

type Kind = "permanent" | "temporary" | "branch" | "outdated";
/** One error of Octez's JSON trace: `{kind, id, …fields}`. */
function error(kind: Kind, id: string, fields: Record<string, unknown> = {}): TraceError {
  return { kind, id: ERROR_PREFIX + id, ...fields } as TraceError;
}

/** An operation refused by validation, with Octez's trace. */
export class ValidationFailure extends Error {
  override name = "ValidationFailure";
  constructor(readonly trace: readonly TraceError[]) {
    super(trace.map((e) => String(e.id)).join(", "));
  }
  /** The mempool class its first error's kind gives (Octez's `classification_of_trace`). */
  get kind(): Kind {
    return (this.trace[0]?.kind as Kind | undefined) ?? "permanent";
  }
}

/** A balance update of a receipt (the T024 `balance_updates` items the sandbox produces). */
export type BalanceUpdate =
  | { kind: "contract"; contract: string; change: string; origin: "block" | "simulation" }
  | { kind: "accumulator"; category: "block fees"; change: string; origin: "block" | "simulation" }
  | { kind: "burned"; category: "storage fees"; change: string; origin: "block" | "simulation" };

/** `operation_result` of one content. */
export type OperationResult =
  | {
      status: "applied";
      balance_updates?: BalanceUpdate[];
      consumed_milligas: string;
      allocated_destination_contract?: true;
    }
  | { status: "failed"; errors: TraceError[] }
  | { status: "skipped" }
  | { status: "backtracked"; balance_updates?: BalanceUpdate[]; consumed_milligas: string; allocated_destination_contract?: true };

/**
 * A content with its receipt, as blocks and `preapply`/`run_operation` show it. Receipts leave
 * out what Octez's JSON leaves out at its default (data-encoding `dft`: an empty
 * `balance_updates`, `storage_size` and `paid_storage_size_diff` of "0",
 * `allocated_destination_contract: false`), so they read as a node's and as their binary form decodes.
 */
export type ContentWithMetadata = ManagerContent & { metadata: { balance_updates?: BalanceUpdate[]; operation_result: OperationResult } };

/** Where the balance updates happened: in a block, or in a simulation (`run_operation`). */
export type Origin = "block" | "simulation";

/** Octez's `check_sanity`: one source, consecutive counters, a reveal only first, tz4 proofs where due. */
function checkBatch(contents: readonly ManagerContent[]): string {
  const source = contents[0]!.source;
  contents.forEach((c, i) => {
    if (c.source !== source) throw new ValidationFailure([error("permanent", "validate.operation.inconsistent_sources", { first_source: source, unexpected_source: c.source })]);
    const previous = contents[i - 1];
    if (previous !== undefined && BigInt(c.counter) !== BigInt(previous.counter) + 1n)
      throw new ValidationFailure([error("permanent", "validate.operation.inconsistent_counters", { source, previous_counter: previous.counter, wrong_counter: c.counter })]);
    if (c.kind !== "reveal") return;
    if (i > 0) throw new ValidationFailure([error("permanent", "validate.operation.incorrect_reveal_position")]);
    const tz4 = c.public_key.startsWith("BLpk");
    // Octez's errors also carry a `kind` field (the key's role, `manager_pk` here) that would
    // collide with the error's own `kind` in one JSON object: left out.
    if (tz4 && c.proof === undefined) throw new ValidationFailure([error("permanent", "validate.operation.missing_bls_proof", { source, public_key: c.public_key })]);
    if (!tz4 && c.proof !== undefined) throw new ValidationFailure([error("permanent", "validate.operation.unused_bls_proof", { source, public_key: c.public_key })]);
    if (tz4 && !verifyProofOfPossession(c.public_key, signatureBytes(c.proof!)))
      throw new ValidationFailure([error("permanent", "validate.operation.incorrect_bls_proof", { public_key: c.public_key, proof: c.proof! })]);
  });
  return source;
}

/**
 * Validates a batch on `ledger` (which it changes: fees taken, counters incremented, as
 * Octez's validation leaves the context for application) and returns the fee receipts.
 * `checkSignature` false is `run_operation`/`simulate_operation`, which do not check it.
 */
export function validateManagerOperation(
  ledger: Ledger,
  operation: SignedOperation,
  signedBytes: Uint8Array,
  options: { checkSignature: boolean; origin: Origin },
): BalanceUpdate[][] {
  const { contents } = operation;
  const source = checkBatch(contents);
  const account = ledger.account(source);
  if (account === undefined) throw new ValidationFailure([error("branch", "implicit.empty_implicit_contract", { implicit: source })]);
  const first = contents[0]!;
  const publicKey = account.manager ?? (first.kind === "reveal" ? first.public_key : undefined);
  if (publicKey === undefined) throw new ValidationFailure([error("branch", "contract.unrevealed_key", { contract: source })]);
  let expected = account.counter + 1n;
  const fees: BalanceUpdate[][] = [];
  for (const c of contents) {
    const found = BigInt(c.counter);
    if (found < expected) throw new ValidationFailure([error("branch", "contract.counter_in_the_past", { contract: source, expected: String(expected), found: String(found) })]);
    if (found > expected) throw new ValidationFailure([error("temporary", "contract.counter_in_the_future", { contract: source, expected: String(expected), found: String(found) })]);
    expected += 1n;
    if (BigInt(c.gas_limit) > HARD_GAS_LIMIT_PER_OPERATION) throw new ValidationFailure([error("permanent", "gas_limit_too_high")]);
    if (BigInt(c.storage_limit) > HARD_STORAGE_LIMIT_PER_OPERATION) throw new ValidationFailure([error("permanent", "storage_limit_too_high")]);
    const fee = BigInt(c.fee);
    const balance = ledger.account(source)?.balance ?? 0n;
    if (balance < fee) throw new ValidationFailure(balanceTooLow(source, balance, fee));
    ledger.update(source, { balance: balance - fee });
    ledger.incrementCounter(source);
    fees.push(
      fee === 0n
        ? []
        : [
            { kind: "contract", contract: source, change: String(-fee), origin: options.origin },
            { kind: "accumulator", category: "block fees", change: String(fee), origin: options.origin },
          ],
    );
  }
  if (options.checkSignature && !verifySignature(publicKey, watermarked(signedBytes), signatureBytes(operation.signature)))
    throw new ValidationFailure([error("permanent", "operation.invalid_signature")]);
  return fees;
}

/**
 * Octez's trace for spending more than a balance (`contract_storage.ml`'s `spend_from_balance`:
 * `record_trace (Balance_too_low …) (balance -? amount)`): `balance_too_low` on top of the
 * underflow, outermost first as traces are written.
 */
function balanceTooLow(contract: string, balance: bigint, amount: bigint): TraceError[] {
  return [
    error("temporary", "contract.balance_too_low", { contract, balance: String(balance), amount: String(amount) }),
    error("temporary", "tez.subtraction_underflow", { amounts: [String(balance), String(amount)] }),
  ];
}

/** A content's application failed: its errors. */
class ApplyFailure extends Error {
  constructor(readonly errors: TraceError[]) {
    super(errors.map((e) => String(e.id)).join(", "));
  }
}

function checkGas(content: ManagerContent, cost: bigint): void {
  if (BigInt(content.gas_limit) * 1000n < cost) throw new ApplyFailure([error("temporary", "gas_exhausted.operation")]);
}

/** Applies one content on `ledger` (already past validation); its `operation_result` when applied. */
function applyContent(ledger: Ledger, c: ManagerContent, origin: Origin): OperationResult & { status: "applied" } {
  const cost = GAS_COST[c.kind];
  checkGas(c, cost);
  switch (c.kind) {
    case "reveal": {
      const account = ledger.account(c.source)!;
      if (account.manager !== undefined) throw new ApplyFailure([error("branch", "contract.previously_revealed_key", { contract: c.source })]);
      const hash = publicKeyHashOf(c.public_key);
      if (hash !== c.source) throw new ApplyFailure([error("permanent", "contract.manager.inconsistent_hash", { public_key: c.public_key, expected_hash: c.source, provided_hash: hash })]);
      ledger.update(c.source, { manager: c.public_key });
      return { status: "applied", consumed_milligas: String(cost) };
    }
    case "transaction": {
      const amount = BigInt(c.amount);
      if (c.destination.startsWith("KT1")) throw new ApplyFailure([error("temporary", "contract.non_existing_contract", { contract: c.destination })]);
      if (c.parameters !== undefined && c.parameters.entrypoint !== "default")
        throw new ApplyFailure([error("permanent", "michelson_v1.no_such_entrypoint", { entrypoint: c.parameters.entrypoint })]);
      if (amount === 0n) throw new ApplyFailure([error("branch", "contract.empty_transaction", { contract: c.destination })]);
      const balance = ledger.account(c.source)?.balance ?? 0n;
      if (balance < amount) throw new ApplyFailure(balanceTooLow(c.source, balance, amount));
      const updates: BalanceUpdate[] = [
        { kind: "contract", contract: c.source, change: String(-amount), origin },
        { kind: "contract", contract: c.destination, change: String(amount), origin },
      ];
      const allocated = ledger.account(c.destination) === undefined;
      ledger.update(c.source, { balance: balance - amount });
      ledger.update(c.destination, { balance: (ledger.account(c.destination)?.balance ?? 0n) + amount });
      if (allocated) {
        // A new implicit account: the source pays origination_size bytes of storage (Octez's
        // `Fees.burn_origination_fees`), within the operation's storage limit.
        if (BigInt(c.storage_limit) < BigInt(ORIGINATION_SIZE)) throw new ApplyFailure([error("temporary", "storage_exhausted.operation")]);
        const burn = BigInt(ORIGINATION_SIZE) * COST_PER_BYTE;
        const left = ledger.account(c.source)?.balance ?? 0n;
        if (left < burn) throw new ApplyFailure([error("temporary", "cannot_pay_storage_fee")]);
        ledger.update(c.source, { balance: left - burn });
        updates.push({ kind: "contract", contract: c.source, change: String(-burn), origin }, { kind: "burned", category: "storage fees", change: String(burn), origin });
      }
      return { status: "applied", balance_updates: updates, consumed_milligas: String(cost), ...(allocated ? { allocated_destination_contract: true as const } : {}) };
    }
    case "delegation": {
      const current = ledger.account(c.source)?.delegate;
      if (c.delegate === undefined) {
        if (ledger.isDelegate(c.source)) throw new ApplyFailure([error("temporary", "delegate.no_deletion", { delegate: c.source })]);
        if (current === undefined) throw new ApplyFailure([error("temporary", "delegate.unchanged")]);
        ledger.clearDelegate(c.source);
        return { status: "applied", consumed_milligas: String(cost) };
      }
      if (current === c.delegate) throw new ApplyFailure([error("temporary", "delegate.unchanged")]);
      // A registered delegate stays its own delegate (Octez's `Delegate.set`: `No_deletion`).
      if (ledger.isDelegate(c.source) && c.delegate !== c.source) throw new ApplyFailure([error("temporary", "delegate.no_deletion", { delegate: c.source })]);
      if (c.delegate === c.source) ledger.registerDelegate(c.source);
      else if (!ledger.isDelegate(c.delegate)) throw new ApplyFailure([error("permanent", "contract.manager.unregistered_delegate", { hash: c.delegate })]);
      ledger.update(c.source, { delegate: c.delegate });
      return { status: "applied", consumed_milligas: String(cost) };
    }
  }
}

/**
 * Applies a validated batch (fees already taken by {@link validateManagerOperation} on the same
 * `ledger`): the contents with their receipts. On a failure the ledger keeps only the fees and
 * counters, as Octez backtracks the applied contents.
 */
export function applyManagerOperation(ledger: Ledger, operation: SignedOperation, fees: BalanceUpdate[][], origin: Origin): ContentWithMetadata[] {
  const before = ledger.clone();
  const results: OperationResult[] = [];
  let failedAt = -1;
  for (const c of operation.contents) {
    if (failedAt >= 0) {
      results.push({ status: "skipped" });
      continue;
    }
    try {
      results.push(applyContent(ledger, c, origin));
    } catch (e) {
      if (!(e instanceof ApplyFailure)) throw e;
      failedAt = results.length;
      results.push({ status: "failed", errors: e.errors });
    }
  }
  if (failedAt >= 0) {
    ledger.restore(before);
    for (let i = 0; i < failedAt; i++) results[i] = { ...(results[i] as OperationResult & { status: "applied" }), status: "backtracked" };
  }
  return operation.contents.map((c, i) => {
    const paid = fees[i] ?? [];
    return { ...c, metadata: paid.length === 0 ? { operation_result: results[i]! } : { balance_updates: paid, operation_result: results[i]! } };
  });
}
