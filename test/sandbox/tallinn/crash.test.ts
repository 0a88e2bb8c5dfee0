/**
 * A Taquito transfer confirmed by a `tezos-rpcgen serve --data-dir` child is still there after
 * the child is killed with SIGKILL and a sandbox restarts on the same directory: its block,
 * the balances it moved and the sender's counter.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { TezosToolkit } from "@taquito/taquito";
import { InMemorySigner } from "@taquito/signer";
import { spawnSandbox } from "../../../sandbox/spawn.ts";
import { startSandbox } from "../../../sandbox/start.ts";
import { BOOTSTRAP_KEYS } from "../../../sandbox/tallinn/accounts.ts";

const b1 = BOOTSTRAP_KEYS.bootstrap1;
const b3 = BOOTSTRAP_KEYS.bootstrap3;

describe("a Tallinn sandbox killed with SIGKILL", () => {
  it("keeps a confirmed transfer: its block, the balances and the counter", async () => {
    const dir = mkdtempSync(join(tmpdir(), "sandbox-tallinn-kill-"));
    const served = await spawnSandbox(["--data-dir", dir, "--block-time", "1", "--net-addr", "127.0.0.1:0"]);
    try {
      const tk = new TezosToolkit(served.url);
      tk.setSignerProvider(new InMemorySigner(b1.secretKey));
      const op = await tk.contract.transfer({ to: b3.publicKeyHash, amount: 3 });
      const level = await op.confirmation(1, 30);
      const blockHash = await tk.rpc.getBlockHash({ block: String(level) });
      const balance1 = (await tk.tz.getBalance(b1.publicKeyHash)).toString();
      const balance3 = (await tk.tz.getBalance(b3.publicKeyHash)).toString();
      served.child.kill("SIGKILL");
      await new Promise((resolve) => served.child.once("exit", resolve));
      const restarted = await startSandbox({ dataDir: dir, netAddr: false });
      try {
        const again = new TezosToolkit(restarted.url);
        // The block that confirmed the transfer is there, with the operation.
        expect(restarted.node.mainChain.get(blockHash)?.operationHashes.flat()).toContain(op.hash);
        expect((await again.tz.getBalance(b1.publicKeyHash)).toString()).toBe(balance1);
        expect((await again.tz.getBalance(b3.publicKeyHash)).toString()).toBe(balance3);
        expect(balance3).toBe("4000003000000");
        expect(await again.rpc.getContract(b1.publicKeyHash)).toMatchObject({ counter: "1" });
      } finally {
        await restarted.stop();
      }
    } finally {
      if (served.child.exitCode === null && served.child.signalCode === null) served.child.kill("SIGKILL");
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
