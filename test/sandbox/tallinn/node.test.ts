/**
 * The node running protocol Tallinn: blocks after genesis name PtTALLiN, the mempool judges
 * signed manager operations on the head's ledger (Octez's classes from the error kinds, one
 * operation per manager), produced blocks apply them, and a restart on the same store
 * rebuilds the same balances from the blocks.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { InMemorySigner } from "@taquito/signer";
import { bytesToHex } from "@tezos-rpcgen/runtime";
import { buildConfig } from "../../../sandbox/config/config.ts";
import { SandboxNode } from "../../../sandbox/node/node.ts";
import { SqliteStore } from "../../../sandbox/store/sqlite-store.ts";
import type { NodeStore } from "../../../sandbox/store/store.ts";
import { BOOTSTRAP_KEYS } from "../../../sandbox/tallinn/accounts.ts";
import { forgeOperation, type ManagerContent } from "../../../sandbox/tallinn/forge.ts";
import { TALLINN_PROTOCOL, isTallinn, tallinnRules } from "../../../sandbox/tallinn/rules.ts";
import { parseProtocolData } from "../../../sandbox/tallinn/block-data.ts";

const b1 = BOOTSTRAP_KEYS.bootstrap1;
const b2 = BOOTSTRAP_KEYS.bootstrap2;
const cleanup: Array<() => void> = [];
afterEach(() => cleanup.splice(0).forEach((f) => f()));

function newNode(store?: NodeStore): SandboxNode {
  const node = new SandboxNode({ config: buildConfig({}), protocol: tallinnRules(), ...(store ? { store } : {}) });
  cleanup.push(() => node.close());
  return node;
}

/** A signed operation's hex (branch and all), as `injection/operation` takes it. */
async function signedHex(node: SandboxNode, contents: ManagerContent[], secretKey: string): Promise<string> {
  const branch = node.mainChain.head.hash;
  const { sbytes } = await new InMemorySigner(secretKey).sign(bytesToHex(forgeOperation({ branch, contents })), new Uint8Array([3]));
  return sbytes;
}
const transfer = (source: string, counter: number, amount: string, destination: string): ManagerContent => ({
  kind: "transaction",
  source,
  fee: "500",
  counter: String(counter),
  gas_limit: "2200",
  storage_limit: "0",
  amount,
  destination,
});

function balance(node: SandboxNode, pkh: string): bigint | undefined {
  const rules = node.protocol;
  if (!isTallinn(rules)) throw new Error("not Tallinn");
  return rules.state.stateAt(node.mainChain.head).ledger.account(pkh)?.balance;
}

describe("a node running Tallinn", () => {
  it("injects, produces and applies a transfer; its blocks run PtTALLiN", async () => {
    const node = newNode();
    expect(node.mainChain.head.nextProtocol).toBe(TALLINN_PROTOCOL);
    const hash = await node.injectOperation(await signedHex(node, [transfer(b1.publicKeyHash, 1, "1000000", b2.publicKeyHash)], b1.secretKey));
    expect(node.mempool(node.mainChain.chainId).validatedOperations().map((o) => o.hash)).toEqual([hash]);
    node.produceBlock();
    const head = node.mainChain.head;
    expect([head.protocol, head.nextProtocol, head.operationHashes[3]]).toEqual([TALLINN_PROTOCOL, TALLINN_PROTOCOL, [hash]]);
    expect(parseProtocolData(head.header.protocol_data)).toMatchObject({ payload_round: 0, liquidity_baking_toggle_vote: "pass" });
    expect(balance(node, b1.publicKeyHash)).toBe(4_000_000_000_000n - 1_000_500n);
    expect(balance(node, b2.publicKeyHash)).toBe(4_000_001_000_000n);
  });

  it("refuses a bad signature and a second operation of the same manager, with Octez's ids; the mempool keeps one", async () => {
    const node = newNode();
    await expect(node.injectOperation(await signedHex(node, [transfer(b1.publicKeyHash, 1, "1", b2.publicKeyHash)], b2.secretKey))).rejects.toThrow(/proto\.024-PtTALLiN\.operation\.invalid_signature/);
    await node.injectOperation(await signedHex(node, [transfer(b1.publicKeyHash, 1, "1", b2.publicKeyHash)], b1.secretKey));
    await expect(node.injectOperation(await signedHex(node, [transfer(b1.publicKeyHash, 2, "2", b2.publicKeyHash)], b1.secretKey))).rejects.toThrow(
      /proto\.024-PtTALLiN\.validate\.operation\.manager_restriction/,
    );
    expect(node.mempool(node.mainChain.chainId).validatedOperations()).toHaveLength(1);
  });

  it("rebuilds the ledger from the stored blocks after a restart", async () => {
    const dir = mkdtempSync(join(tmpdir(), "sandbox-tallinn-"));
    cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
    const first = newNode(new SqliteStore(dir));
    await first.injectOperation(await signedHex(first, [transfer(b1.publicKeyHash, 1, "7000000", b2.publicKeyHash)], b1.secretKey));
    first.produceBlock();
    first.produceBlock();
    const expected = balance(first, b2.publicKeyHash);
    first.close();
    const second = newNode(new SqliteStore(dir));
    expect(second.mainChain.head.header.level).toBe(2);
    expect(balance(second, b2.publicKeyHash)).toBe(expected);
    expect(expected).toBe(4_000_007_000_000n);
    // The counter continues from the stored blocks: counter 1 is in the past now.
    await expect(second.injectOperation(await signedHex(second, [transfer(b1.publicKeyHash, 1, "1", b2.publicKeyHash)], b1.secretKey))).rejects.toThrow(/counter_in_the_past/);
  });
});
