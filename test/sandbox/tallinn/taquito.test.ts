/**
 * Taquito against `startSandbox()`: a transfer from bootstrap1 confirmed in a produced block
 * with the balances moved, a fresh account's first transfer revealing its key, and an
 * overdraft and a bad signature refused with Octez's error ids.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TezosToolkit } from "@taquito/taquito";
import { InMemorySigner } from "@taquito/signer";
import { PrefixV2, b58Encode } from "@taquito/utils";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { p256 } from "@noble/curves/nist.js";
import { bls12_381 } from "@noble/curves/bls12-381.js";
import { ed25519 } from "@noble/curves/ed25519.js";
import bs58check from "bs58check";
import { startSandbox, type RunningSandbox } from "../../../sandbox/start.ts";
import { BOOTSTRAP_KEYS } from "../../../sandbox/tallinn/accounts.ts";

const b1 = BOOTSTRAP_KEYS.bootstrap1;
const b2 = BOOTSTRAP_KEYS.bootstrap2;
const FRESH_SK = "edsk3RFgDiCt7tWB2oe96w1eRw72iYiiqZPLu9nnEY23MYRp2d8Kkx";
let sandbox: RunningSandbox;
const failures: unknown[] = [];

beforeAll(async () => {
  // One block a second, as Octez's sandbox constants say: Taquito polls every 700 ms at least
  // and watches from the first head it sees, so faster blocks can include an operation before
  // that first look, and its confirmation never comes.
  sandbox = await startSandbox({ blockTime: 1, netAddr: false, onError: (e) => failures.push(e) });
});
afterAll(async () => {
  await sandbox?.stop();
});

function toolkit(signer: ConstructorParameters<typeof InMemorySigner>[0] | InMemorySigner | WrongKeySigner): TezosToolkit {
  const tk = new TezosToolkit(sandbox.url);
  tk.setSignerProvider(typeof signer === "string" ? new InMemorySigner(signer) : signer);
  return tk;
}

/** Claims bootstrap1's key but signs with bootstrap2's. */
class WrongKeySigner {
  private readonly real = new InMemorySigner(b2.secretKey);
  async publicKeyHash() {
    return b1.publicKeyHash;
  }
  async publicKey() {
    return b1.publicKey;
  }
  async secretKey() {
    return undefined;
  }
  sign(bytes: string, watermark?: Uint8Array) {
    return this.real.sign(bytes, watermark);
  }
}

/** The error ids of an Octez trace Taquito reports (`errors` of its operation errors, or the HTTP body). */
async function errorIds(work: () => Promise<unknown>): Promise<string[]> {
  try {
    await work();
  } catch (e) {
    const err = e as { errors?: Array<{ id: string }>; body?: string };
    if (err.errors !== undefined) return err.errors.map((x) => x.id);
    if (typeof err.body === "string") return (JSON.parse(err.body) as Array<{ id: string }>).map((x) => x.id);
    throw e;
  }
  throw new Error("the operation succeeded");
}

describe("Taquito against the sandbox", () => {
  it("transfers 1 tez from bootstrap1 to bootstrap2, confirmed; balances move by the amount and the fee", async () => {
    const tk = toolkit(b1.secretKey);
    const before1 = await tk.tz.getBalance(b1.publicKeyHash);
    const before2 = await tk.tz.getBalance(b2.publicKeyHash);
    const op = await tk.contract.transfer({ to: b2.publicKeyHash, amount: 1 });
    await op.confirmation(1, 30);
    const after1 = await tk.tz.getBalance(b1.publicKeyHash);
    const after2 = await tk.tz.getBalance(b2.publicKeyHash);
    expect(after2.minus(before2).toString()).toBe("1000000");
    expect(op.fee).toBeGreaterThan(0);
    expect(before1.minus(after1).toString()).toBe(String(1_000_000 + op.fee));
    expect(op.status).toBe("applied");
    // The block holds the operation with its receipt: the fee, then the transfer.
    const operations = (await (await fetch(`${sandbox.url}/chains/main/blocks/${op.includedInBlock}/operations/3`)).json()) as Array<{ hash: string; contents: Array<{ kind: string; metadata: unknown }> }>;
    const included = operations.find((o) => o.hash === op.hash)!;
    expect(included.contents.map((c) => c.kind)).toEqual(["transaction"]);
    expect(included.contents[0]!.metadata).toEqual({
      balance_updates: [
        { kind: "contract", contract: b1.publicKeyHash, change: String(-op.fee), origin: "block" },
        { kind: "accumulator", category: "block fees", change: String(op.fee), origin: "block" },
      ],
      operation_result: {
        status: "applied",
        balance_updates: [
          { kind: "contract", contract: b1.publicKeyHash, change: "-1000000", origin: "block" },
          { kind: "contract", contract: b2.publicKeyHash, change: "1000000", origin: "block" },
        ],
        consumed_milligas: "2101000",
      },
    });
  }, 60_000);

  it("a fresh account's first transfer reveals its key first", async () => {
    const fresh = new InMemorySigner(FRESH_SK);
    const freshPkh = await fresh.publicKeyHash();
    const funding = await toolkit(b1.secretKey).contract.transfer({ to: freshPkh, amount: 10 });
    await funding.confirmation(1, 30);
    const tk = toolkit(fresh);
    expect(await tk.rpc.getManagerKey(freshPkh)).toBeNull();
    const op = await tk.contract.transfer({ to: b2.publicKeyHash, amount: 2 });
    await op.confirmation(1, 30);
    expect(op.results.map((r) => r.kind)).toEqual(["reveal", "transaction"]);
    expect(await tk.rpc.getManagerKey(freshPkh)).toBe(await fresh.publicKey());
    const spent = 10_000_000 - (await tk.tz.getBalance(freshPkh)).toNumber();
    expect(spent - 2_000_000).toBe(op.results.reduce((n, r) => n + Number((r as { fee?: string }).fee ?? 0), 0));
  }, 60_000);

  it("a fresh account delegates to bootstrap3 (revealing first); an unregistered delegate is Octez's error", async () => {
    const signer = new InMemorySigner(bs58check.encode(Buffer.concat([Buffer.from("0d0f3a07", "hex"), Buffer.from(ed25519.utils.randomSecretKey())])));
    const pkh = await signer.publicKeyHash();
    await (await toolkit(b1.secretKey).contract.transfer({ to: pkh, amount: 3 })).confirmation(1, 30);
    const tk = toolkit(signer);
    const op = await tk.contract.setDelegate({ source: pkh, delegate: BOOTSTRAP_KEYS.bootstrap3.publicKeyHash });
    await op.confirmation(1, 30);
    expect(op.results.map((r) => r.kind)).toEqual(["reveal", "delegation"]);
    expect(await tk.tz.getDelegate(pkh)).toBe(BOOTSTRAP_KEYS.bootstrap3.publicKeyHash);
    expect(await errorIds(() => tk.contract.setDelegate({ source: pkh, delegate: "tz1cckAZtxYwxAfwQuHnabTWfbp2ScWobxHH" }))).toEqual(["proto.024-PtTALLiN.contract.manager.unregistered_delegate"]);
  }, 60_000);

  it("an overdraft and a bad signature fail with Octez's error ids", async () => {
    expect(await errorIds(() => toolkit(b1.secretKey).contract.transfer({ to: b2.publicKeyHash, amount: 10_000_000 }))).toContain("proto.024-PtTALLiN.contract.balance_too_low");
    expect(await errorIds(() => toolkit(new WrongKeySigner()).contract.transfer({ to: b2.publicKeyHash, amount: 1 }))).toEqual(["proto.024-PtTALLiN.operation.invalid_signature"]);
    expect(failures).toEqual([]);
  }, 60_000);
});

describe("Taquito signers of the four curves", () => {
  it("tz2, tz3 and tz4 accounts reveal and transfer; their signatures are checked", async () => {
    // Secret keys made here: Secp256k1 and P256 scalars, and a BLS12-381 scalar stored
    // little-endian as Tezos' `BLsk…` keys are.
    const keys = [
      b58Encode(secp256k1.utils.randomSecretKey(), PrefixV2.Secp256k1SecretKey),
      b58Encode(p256.utils.randomSecretKey(), PrefixV2.P256SecretKey),
      b58Encode(bls12_381.utils.randomSecretKey().slice().reverse(), PrefixV2.BLS12_381SecretKey),
    ];
    const signers = keys.map((k) => new InMemorySigner(k));
    const pkhs = await Promise.all(signers.map((s) => s.publicKeyHash()));
    expect(pkhs.map((p) => p.slice(0, 3))).toEqual(["tz2", "tz3", "tz4"]);
    // Funded by three bootstrap accounts at once (one operation per manager per block).
    const funders = [BOOTSTRAP_KEYS.bootstrap3, BOOTSTRAP_KEYS.bootstrap4, BOOTSTRAP_KEYS.bootstrap5];
    const funding = await Promise.all(funders.map((f, i) => toolkit(f.secretKey).contract.transfer({ to: pkhs[i]!, amount: 5 })));
    await Promise.all(funding.map((op) => op.confirmation(1, 30)));
    const sent = await Promise.all(signers.map((s) => toolkit(s).contract.transfer({ to: b2.publicKeyHash, amount: 1 })));
    await Promise.all(sent.map((op) => op.confirmation(1, 30)));
    for (const [i, s] of signers.entries()) {
      expect(await toolkit(s).rpc.getManagerKey(pkhs[i]!)).toBe(await s.publicKey());
      expect(sent[i]!.status).toBe("applied");
    }
    expect(failures).toEqual([]);
  }, 90_000);
});
