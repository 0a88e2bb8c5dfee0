/**
 * Tallinn manager operations on the sandbox ledger: fees, counters, reveals, transfers (new
 * accounts pay the storage burn), delegation, batches, and Octez's error traces when
 * validation refuses an operation or application fails it.
 */
import { describe, expect, it } from "vitest";
import { InMemorySigner } from "@taquito/signer";
import { ed25519 } from "@noble/curves/ed25519.js";
import bs58check from "bs58check";
import { bytesToHex, decodeBytes, encodeBytes, hexToBytes } from "@tezos-rpcgen/runtime";
import { decodeOperationDataAndMetadata, encodeOperationDataAndMetadata } from "../../../generated/tallinn/codecs.ts";
import { BOOTSTRAP_KEYS, DEFAULT_BOOTSTRAP_ACCOUNTS } from "../../../sandbox/tallinn/accounts.ts";
import { GAS_COST, ValidationFailure, applyManagerOperation, validateManagerOperation } from "../../../sandbox/tallinn/apply.ts";
import { forgeOperation, parseOperation, type ManagerContent, type ParsedOperation } from "../../../sandbox/tallinn/forge.ts";
import { Ledger } from "../../../sandbox/tallinn/ledger.ts";

const BRANCH = "BLockGenesisGenesisGenesisGenesisGenesisCCCCCeZiLHU";
const b1 = BOOTSTRAP_KEYS.bootstrap1;
const b2 = BOOTSTRAP_KEYS.bootstrap2;
const FRESH_SK = "edsk3RFgDiCt7tWB2oe96w1eRw72iYiiqZPLu9nnEY23MYRp2d8Kkx";

async function signed(contents: ManagerContent[], secretKey: string): Promise<ParsedOperation> {
  const forged = bytesToHex(forgeOperation({ branch: BRANCH, contents }));
  const { sbytes } = await new InMemorySigner(secretKey).sign(forged, new Uint8Array([3]));
  return parseOperation(hexToBytes(sbytes));
}

const manager = (source: string, counter: number, fee = 400) => ({ source, fee: String(fee), counter: String(counter), gas_limit: "10000", storage_limit: "300" });
const transfer = (source: string, counter: number, amount: string, destination: string, fee = 400): ManagerContent => ({ kind: "transaction", ...manager(source, counter, fee), amount, destination });

function run(ledger: Ledger, op: ParsedOperation) {
  const fees = validateManagerOperation(ledger, op.operation, op.signedBytes, { checkSignature: true, origin: "block" });
  return applyManagerOperation(ledger, op.operation, fees, "block");
}

function refusal(work: () => unknown): ValidationFailure {
  try {
    work();
  } catch (e) {
    if (e instanceof ValidationFailure) return e;
    throw e;
  }
  throw new Error("the operation was not refused");
}

describe("Tallinn manager operations", () => {
  it("a transfer moves the amount, takes the fee, increments the counter, with Octez's receipt", async () => {
    const ledger = Ledger.genesis(DEFAULT_BOOTSTRAP_ACCOUNTS);
    const [result] = run(ledger, await signed([transfer(b1.publicKeyHash, 1, "1000000", b2.publicKeyHash)], b1.secretKey));
    expect(result!.metadata).toEqual({
      balance_updates: [
        { kind: "contract", contract: b1.publicKeyHash, change: "-400", origin: "block" },
        { kind: "accumulator", category: "block fees", change: "400", origin: "block" },
      ],
      operation_result: {
        status: "applied",
        balance_updates: [
          { kind: "contract", contract: b1.publicKeyHash, change: "-1000000", origin: "block" },
          { kind: "contract", contract: b2.publicKeyHash, change: "1000000", origin: "block" },
        ],
        consumed_milligas: String(GAS_COST.transaction),
      },
    });
    expect(ledger.account(b1.publicKeyHash)).toMatchObject({ balance: 4_000_000_000_000n - 1_000_400n, counter: 1n });
    expect(ledger.account(b2.publicKeyHash)!.balance).toBe(4_000_001_000_000n);
    expect(ledger.globalCounter).toBe(1n);
  });

  it("a new implicit account is allocated: the source burns origination_size × cost_per_byte, and it must reveal before spending", async () => {
    const ledger = Ledger.genesis(DEFAULT_BOOTSTRAP_ACCOUNTS);
    const fresh = await new InMemorySigner(FRESH_SK);
    const freshPkh = await fresh.publicKeyHash();
    const [result] = run(ledger, await signed([transfer(b1.publicKeyHash, 1, "5000000", freshPkh)], b1.secretKey));
    expect(result!.metadata.operation_result).toMatchObject({ status: "applied", allocated_destination_contract: true });
    expect((result!.metadata.operation_result as { balance_updates: unknown[] }).balance_updates.slice(2)).toEqual([
      { kind: "contract", contract: b1.publicKeyHash, change: "-64250", origin: "block" },
      { kind: "burned", category: "storage fees", change: "64250", origin: "block" },
    ]);
    // New accounts start at the global counter (1 after the transfer).
    expect(ledger.account(freshPkh)).toEqual({ balance: 5_000_000n, counter: 1n });

    const unrevealed = await signed([transfer(freshPkh, 2, "1", b2.publicKeyHash)], FRESH_SK);
    expect(refusal(() => run(ledger.clone(), unrevealed)).trace).toEqual([{ kind: "branch", id: "proto.024-PtTALLiN.contract.unrevealed_key", contract: freshPkh }]);

    const publicKey = await fresh.publicKey();
    const batch = await signed([{ kind: "reveal", ...manager(freshPkh, 2, 300), public_key: publicKey }, transfer(freshPkh, 3, "1000", b2.publicKeyHash, 300)], FRESH_SK);
    expect(run(ledger, batch).map((c) => c.metadata.operation_result.status)).toEqual(["applied", "applied"]);
    expect(ledger.account(freshPkh)).toEqual({ balance: 5_000_000n - 600n - 1000n, counter: 3n, manager: publicKey });
  });

  it("counters: Octez's counter_in_the_past and counter_in_the_future with expected and found", async () => {
    const ledger = Ledger.genesis(DEFAULT_BOOTSTRAP_ACCOUNTS);
    const past = refusal(() => validateManagerOperation(ledger.clone(), { branch: BRANCH, contents: [transfer(b1.publicKeyHash, 0, "1", b2.publicKeyHash)], signature: "" }, new Uint8Array(), { checkSignature: false, origin: "block" }));
    expect(past.trace).toEqual([{ kind: "branch", id: "proto.024-PtTALLiN.contract.counter_in_the_past", contract: b1.publicKeyHash, expected: "1", found: "0" }]);
    const future = refusal(() => validateManagerOperation(ledger.clone(), { branch: BRANCH, contents: [transfer(b1.publicKeyHash, 5, "1", b2.publicKeyHash)], signature: "" }, new Uint8Array(), { checkSignature: false, origin: "block" }));
    expect(future.trace).toEqual([{ kind: "temporary", id: "proto.024-PtTALLiN.contract.counter_in_the_future", contract: b1.publicKeyHash, expected: "1", found: "5" }]);
  });

  it("batch sanity: consecutive counters, one source, a tz4 reveal needs its proof", async () => {
    const ledger = Ledger.genesis(DEFAULT_BOOTSTRAP_ACCOUNTS);
    const check = (contents: ManagerContent[]) => refusal(() => validateManagerOperation(ledger.clone(), { branch: BRANCH, contents, signature: "" }, new Uint8Array(), { checkSignature: false, origin: "block" })).trace;
    expect(check([transfer(b1.publicKeyHash, 1, "1", b2.publicKeyHash), transfer(b1.publicKeyHash, 3, "1", b2.publicKeyHash)])).toEqual([
      { kind: "permanent", id: "proto.024-PtTALLiN.validate.operation.inconsistent_counters", source: b1.publicKeyHash, previous_counter: "1", wrong_counter: "3" },
    ]);
    expect(check([transfer(b1.publicKeyHash, 1, "1", b2.publicKeyHash), transfer(b2.publicKeyHash, 2, "1", b1.publicKeyHash)])).toEqual([
      { kind: "permanent", id: "proto.024-PtTALLiN.validate.operation.inconsistent_sources", first_source: b1.publicKeyHash, unexpected_source: b2.publicKeyHash },
    ]);
    const tz4 = "tz4MvCEiLgK6vYRSkug9Nz64UNTbT4McNq8m";
    const blpk = "BLpk1oMu38Jfc6nAvxqudMyqr5BHWAaQXzAJkJqh6aPwn1vcRenuceokhfUC4v3oWq4TaXymK8V7";
    expect(check([{ kind: "reveal", ...manager(tz4, 1), public_key: blpk }])).toEqual([{ kind: "permanent", id: "proto.024-PtTALLiN.validate.operation.missing_bls_proof", source: tz4, public_key: blpk }]);
  });

  it("a signature by another key is Octez's invalid_signature; the ledger is unchanged", async () => {
    const ledger = Ledger.genesis(DEFAULT_BOOTSTRAP_ACCOUNTS);
    const forged = await signed([transfer(b1.publicKeyHash, 1, "1", b2.publicKeyHash)], b2.secretKey);
    const copy = ledger.clone();
    expect(refusal(() => run(copy, forged)).trace).toEqual([{ kind: "permanent", id: "proto.024-PtTALLiN.operation.invalid_signature" }]);
    expect(ledger.account(b1.publicKeyHash)).toMatchObject({ balance: 4_000_000_000_000n, counter: 0n });
  });

  it("an overdraft fails in application (fees kept, counter used) with contract.balance_too_low over tez.subtraction_underflow; a fee beyond the balance is refused", async () => {
    const ledger = Ledger.genesis(DEFAULT_BOOTSTRAP_ACCOUNTS);
    const [result] = run(ledger, await signed([transfer(b1.publicKeyHash, 1, "5000000000000", b2.publicKeyHash)], b1.secretKey));
    const balance = String(4_000_000_000_000n - 400n);
    expect(result!.metadata.operation_result).toEqual({
      status: "failed",
      errors: [
        { kind: "temporary", id: "proto.024-PtTALLiN.contract.balance_too_low", contract: b1.publicKeyHash, balance, amount: "5000000000000" },
        { kind: "temporary", id: "proto.024-PtTALLiN.tez.subtraction_underflow", amounts: [balance, "5000000000000"] },
      ],
    });
    expect(ledger.account(b1.publicKeyHash)).toMatchObject({ balance: BigInt(balance), counter: 1n });
    const tooDear = await signed([transfer(b1.publicKeyHash, 2, "1", b2.publicKeyHash, 5_000_000_000_000)], b1.secretKey);
    expect(refusal(() => run(ledger.clone(), tooDear)).trace.map((e) => e.id)).toEqual(["proto.024-PtTALLiN.contract.balance_too_low", "proto.024-PtTALLiN.tez.subtraction_underflow"]);
  });

  it("a failed content backtracks the applied ones before it and skips the rest", async () => {
    const ledger = Ledger.genesis(DEFAULT_BOOTSTRAP_ACCOUNTS);
    const batch = await signed(
      [transfer(b1.publicKeyHash, 1, "10", b2.publicKeyHash), transfer(b1.publicKeyHash, 2, "1", "KT1BEqzn5Wx8uJrZNvuS9DVHmLvG9td3fDLi"), transfer(b1.publicKeyHash, 3, "10", b2.publicKeyHash)],
      b1.secretKey,
    );
    const results = run(ledger, batch).map((c) => c.metadata.operation_result);
    expect(results.map((r) => r.status)).toEqual(["backtracked", "failed", "skipped"]);
    expect(results[1]).toEqual({ status: "failed", errors: [{ kind: "temporary", id: "proto.024-PtTALLiN.contract.non_existing_contract", contract: "KT1BEqzn5Wx8uJrZNvuS9DVHmLvG9td3fDLi" }] });
    expect(ledger.account(b1.publicKeyHash)).toMatchObject({ balance: 4_000_000_000_000n - 1200n, counter: 3n });
    expect(ledger.account(b2.publicKeyHash)!.balance).toBe(4_000_000_000_000n);
  });

  it("delegation: to a registered delegate, Octez's errors otherwise", async () => {
    const ledger = Ledger.genesis(DEFAULT_BOOTSTRAP_ACCOUNTS);
    const fresh = new InMemorySigner(FRESH_SK);
    const freshPkh = await fresh.publicKeyHash();
    run(ledger, await signed([transfer(b1.publicKeyHash, 1, "5000000", freshPkh)], b1.secretKey));
    const reveal = { kind: "reveal" as const, ...manager(freshPkh, 2, 300), public_key: await fresh.publicKey() };
    const NOT_A_DELEGATE = "tz1cckAZtxYwxAfwQuHnabTWfbp2ScWobxHH";
    const toUnregistered = await signed([reveal, { kind: "delegation", ...manager(freshPkh, 3, 300), delegate: NOT_A_DELEGATE }], FRESH_SK);
    const refused = run(ledger, toUnregistered).map((c) => c.metadata.operation_result);
    expect(refused).toEqual([
      { status: "backtracked", consumed_milligas: String(GAS_COST.reveal) },
      { status: "failed", errors: [{ kind: "permanent", id: "proto.024-PtTALLiN.contract.manager.unregistered_delegate", hash: NOT_A_DELEGATE }] },
    ]);
    expect(ledger.account(freshPkh)!.manager).toBeUndefined();
    // Self-delegation (after a reveal) registers the account as a delegate.
    const self = await signed([{ ...reveal, counter: "4" }, { kind: "delegation", ...manager(freshPkh, 5, 300), delegate: freshPkh }], FRESH_SK);
    expect(run(ledger, self).map((c) => c.metadata.operation_result.status)).toEqual(["applied", "applied"]);
    expect(ledger.isDelegate(freshPkh)).toBe(true);
    const again = await signed([{ kind: "delegation", ...manager(freshPkh, 6, 300), delegate: freshPkh }], FRESH_SK);
    expect(run(ledger, again)[0]!.metadata.operation_result).toEqual({ status: "failed", errors: [{ kind: "temporary", id: "proto.024-PtTALLiN.delegate.unchanged" }] });
    const toB3 = await signed([{ kind: "delegation", ...manager(b2.publicKeyHash, 1, 300), delegate: BOOTSTRAP_KEYS.bootstrap3.publicKeyHash }], b2.secretKey);
    // bootstrap2 is itself a registered delegate: it cannot delegate elsewhere.
    expect(run(ledger, toB3)[0]!.metadata.operation_result).toEqual({
      status: "failed",
      errors: [{ kind: "temporary", id: "proto.024-PtTALLiN.delegate.no_deletion", delegate: b2.publicKeyHash }],
    });
    // An account that is no delegate delegates to a registered one.
    const otherSk = bs58check.encode(Buffer.concat([Buffer.from("0d0f3a07", "hex"), Buffer.from(ed25519.utils.randomSecretKey())]));
    const other = new InMemorySigner(otherSk);
    const otherPkh = await other.publicKeyHash();
    run(ledger, await signed([transfer(b1.publicKeyHash, 2, "1000000", otherPkh)], b1.secretKey));
    const counter = Number(ledger.account(otherPkh)!.counter);
    const toB3Delegate = await signed(
      [
        { kind: "reveal", ...manager(otherPkh, counter + 1, 300), public_key: await other.publicKey() },
        { kind: "delegation", ...manager(otherPkh, counter + 2, 300), delegate: BOOTSTRAP_KEYS.bootstrap3.publicKeyHash },
      ],
      otherSk,
    );
    expect(run(ledger, toB3Delegate).map((c) => c.metadata.operation_result.status)).toEqual(["applied", "applied"]);
    expect(ledger.account(otherPkh)!.delegate).toBe(BOOTSTRAP_KEYS.bootstrap3.publicKeyHash);
  });

  it("receipts leave out what Octez's JSON leaves out at its default, and read as their binary form (024-PtTALLiN.operation.data_and_metadata) decodes", async () => {
    const ledger = Ledger.genesis(DEFAULT_BOOTSTRAP_ACCOUNTS);
    const fresh = new InMemorySigner(FRESH_SK);
    const freshPkh = await fresh.publicKeyHash();
    const codec = { decode: decodeOperationDataAndMetadata, encode: encodeOperationDataAndMetadata };
    const roundTrip = (op: ParsedOperation, receipts: unknown[]) => {
      const value = { contents: receipts, signature: op.operation.signature } as never;
      return decodeBytes(codec, encodeBytes(codec, value));
    };
    // A transfer allocating an account (allocated_destination_contract: true), then one that does not.
    const first = await signed([transfer(b1.publicKeyHash, 1, "5000000", freshPkh), transfer(b1.publicKeyHash, 2, "10", b2.publicKeyHash)], b1.secretKey);
    const transfers = run(ledger, first);
    expect(transfers[1]!.metadata.operation_result).not.toHaveProperty("allocated_destination_contract");
    expect(transfers[1]!.metadata.operation_result).not.toHaveProperty("storage_size");
    expect(transfers[1]!.metadata.operation_result).not.toHaveProperty("paid_storage_size_diff");
    expect(roundTrip(first, transfers)).toEqual({ contents: transfers, signature: first.operation.signature });
    // A reveal and a self-delegation without fees: no balance updates at all, in the metadata or the result.
    const counter = Number(ledger.account(freshPkh)!.counter);
    const free = await signed(
      [
        { kind: "reveal", ...manager(freshPkh, counter + 1, 0), public_key: await fresh.publicKey() },
        { kind: "delegation", ...manager(freshPkh, counter + 2, 0), delegate: freshPkh },
      ],
      FRESH_SK,
    );
    const delegation = run(ledger, free);
    expect(delegation.map((c) => c.metadata)).toEqual([
      { operation_result: { status: "applied", consumed_milligas: String(GAS_COST.reveal) } },
      { operation_result: { status: "applied", consumed_milligas: String(GAS_COST.delegation) } },
    ]);
    expect(roundTrip(free, delegation)).toEqual({ contents: delegation, signature: free.operation.signature });
  });
});
