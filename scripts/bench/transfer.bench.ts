/**
 * Taquito transfers against the sandbox running Tallinn: transfers confirmed per second with 10
 * in flight and `--block-time 1` (the node in its own process, `spawnSandbox`; each of 10
 * funded accounts sends `--rounds` transfers one after the other, each awaited to its
 * confirmation), and the time from `startSandbox()` to the first confirmed transfer (in this
 * process, `blockTime: 1`).
 *
 * The baseline is the protocol's ceiling in the same setting: a manager may have one operation
 * per block (Octez's one-manager-operation-per-block rule), so 10 senders confirm at most 10
 * transfers per block, 10/s at one block a second; the ratio says how close the sandbox and
 * Taquito get to it. The first-transfer time is compared with one block time.
 *
 *   npx tsx scripts/bench/transfer.bench.ts [--rounds N]
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import bs58check from "bs58check";
import { ed25519 } from "@noble/curves/ed25519.js";
import { TezosToolkit } from "@taquito/taquito";
import { InMemorySigner } from "@taquito/signer";
import { BASE58, encodeBase58Check } from "../../runtime/index.ts";
import { spawnSandbox } from "../../sandbox/spawn.ts";
import { startSandbox } from "../../sandbox/start.ts";
import { BOOTSTRAP_KEYS } from "../../sandbox/tallinn/accounts.ts";

const IN_FLIGHT = 10;
const BLOCK_TIME = 1;
const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(name);
  return i < 0 ? fallback : Number(process.argv[i + 1]);
};
const ROUNDS = arg("--rounds", 3);

/** A fresh Ed25519 account: its `edsk…` secret key (32-byte seed, Octez's prefix 0d0f3a07) and `edpk…`. */
function freshAccount(): { secretKey: string; publicKey: string } {
  const seed = ed25519.utils.randomSecretKey();
  return {
    secretKey: bs58check.encode(Buffer.concat([Buffer.from("0d0f3a07", "hex"), Buffer.from(seed)])),
    publicKey: encodeBase58Check(BASE58.ed25519_public_key, ed25519.getPublicKey(seed)),
  };
}

function toolkit(url: string, secretKey: string): TezosToolkit {
  const tk = new TezosToolkit(url);
  tk.setSignerProvider(new InMemorySigner(secretKey));
  return tk;
}

async function throughput(): Promise<void> {
  const senders = Array.from({ length: IN_FLIGHT }, freshAccount);
  const dir = mkdtempSync(join(tmpdir(), "transfer-bench-"));
  const parameters = join(dir, "parameters.json");
  writeFileSync(parameters, JSON.stringify({ bootstrap_accounts: [...senders.map((s) => [s.publicKey, "1000000000000"]), [BOOTSTRAP_KEYS.bootstrap1.publicKey, "1000000000000"]] }));
  const served = await spawnSandbox(["--block-time", String(BLOCK_TIME), "--protocol-parameters", parameters, "--net-addr", "127.0.0.1:0"]);
  try {
    const to = BOOTSTRAP_KEYS.bootstrap1.publicKeyHash;
    const started = performance.now();
    let confirmed = 0;
    await Promise.all(
      senders.map(async (s) => {
        const tk = toolkit(served.url, s.secretKey);
        for (let i = 0; i < ROUNDS; i++) {
          const op = await tk.contract.transfer({ to, amount: 1 });
          await op.confirmation(1, 30);
          confirmed++;
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const rate = confirmed / seconds;
    const ceiling = IN_FLIGHT / BLOCK_TIME;
    console.log(`transfers confirmed: ${confirmed} in ${seconds.toFixed(1)} s = ${rate.toFixed(2)}/s (${IN_FLIGHT} in flight, --block-time ${BLOCK_TIME})`);
    console.log(`  ceiling (one operation per manager per block): ${ceiling.toFixed(2)}/s; ratio ${(rate / ceiling).toFixed(2)}`);
  } finally {
    await served.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function firstTransfer(): Promise<void> {
  const started = performance.now();
  const sandbox = await startSandbox({ blockTime: BLOCK_TIME, netAddr: false });
  const listening = performance.now();
  try {
    const op = await toolkit(sandbox.url, BOOTSTRAP_KEYS.bootstrap1.secretKey).contract.transfer({ to: BOOTSTRAP_KEYS.bootstrap2.publicKeyHash, amount: 1 });
    await op.confirmation(1, 30);
    const total = (performance.now() - started) / 1000;
    console.log(`startSandbox() to the first confirmed transfer: ${total.toFixed(2)} s (start ${((listening - started) / 1000).toFixed(2)} s); ratio to one block time ${(total / BLOCK_TIME).toFixed(2)}`);
  } finally {
    await sandbox.stop();
  }
}

await firstTransfer();
await throughput();
