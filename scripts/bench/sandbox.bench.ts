/**
 * Sandbox node throughput: block injections per second with 10 `/monitor/heads` subscribers
 * connected, and heads delivered per second to each subscriber; then operation injections per
 * second (10 in flight). Each mode runs the node in its own process (`spawnSandbox`),
 * without and with `--data-dir` (SQLite, a synchronous commit per acknowledged write), and the
 * load from this process over loopback HTTP with the generated client.
 *
 *   node --import tsx scripts/bench/sandbox.bench.ts [--blocks N] [--ops N]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import * as shell from "../../generated/shell/client.ts";
import { HttpTransport } from "../../runtime/client/index.ts";
import { BASE58, blockHash, decodeBase58Check, formatProtocolTimestamp, operationsHashOfPasses } from "../../runtime/index.ts";
import { headerBytes } from "../../sandbox/chain/block.ts";
import { buildConfig } from "../../sandbox/config/config.ts";
import { SandboxNode } from "../../sandbox/node/node.ts";
import { fitnessAt } from "../../sandbox/protocol/protocol.ts";
import { spawnSandbox } from "../../sandbox/spawn.ts";
import { SqliteStore } from "../../sandbox/store/sqlite-store.ts";

const SUBSCRIBERS = 10;
const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(name);
  return i < 0 ? fallback : Number(process.argv[i + 1]);
};
const BLOCKS = arg("--blocks", 1000);
const OPS = arg("--ops", 2000);
const GENESIS = "BLockGenesisGenesisGenesisGenesisGenesisf79b5d1CoW2";
const EMPTY: never[][] = [[], [], [], []];
const OPERATIONS_HASH = operationsHashOfPasses([[], [], [], []]);

function serve(dataDir?: string) {
  return spawnSandbox(["--protocol", "sandbox", ...(dataDir ? ["--data-dir", dataDir] : [])]);
}

function blockData(level: number, predecessor: string): { data: string; hash: string } {
  const bytes = headerBytes({
    level,
    proto: 1,
    predecessor,
    timestamp: formatProtocolTimestamp(1_530_374_852n + BigInt(level)),
    validation_pass: 4,
    operations_hash: OPERATIONS_HASH,
    fitness: fitnessAt(level),
    context: "CoVDyf9y9gHfAkPWofBJffo4X4bWjmehH2LeVonDcCKKzyQYwqdk",
    protocol_data: "",
  });
  return { data: Buffer.from(bytes).toString("hex"), hash: blockHash(bytes) };
}

async function run(label: string, dataDir?: string) {
  const node = await serve(dataDir);
  const t = new HttpTransport({ baseUrl: node.url });
  const subscribers = Array.from({ length: SUBSCRIBERS }, () => {
    const controller = new AbortController();
    const it = shell.getMonitorHeadsByChainId(t, { path: { chain_id: "main" } }, { signal: controller.signal })[Symbol.asyncIterator]();
    return { controller, it, count: 0, first: 0, last: 0 };
  });
  for (const s of subscribers) await s.it.next(); // the current head: subscribed
  const reading = subscribers.map(async (s) => {
    while (s.count < BLOCKS) {
      const r = await s.it.next();
      if (r.done) return;
      if (s.count === 0) s.first = performance.now();
      s.count++;
      s.last = performance.now();
    }
  });
  let pred = GENESIS;
  const start = performance.now();
  for (let level = 1; level <= BLOCKS; level++) {
    const { data, hash } = blockData(level, pred);
    const answer = await shell.postInjectionBlock(t, { body: { data, operations: EMPTY } });
    if (answer !== hash) throw new Error(`hash mismatch at ${level}`);
    pred = hash;
  }
  const injectMs = performance.now() - start;
  await Promise.all(reading);
  const perSubscriber = subscribers.map((s) => (s.count * 1000) / (s.last - start));
  for (const s of subscribers) s.controller.abort();
  // Operations: 10 in flight, each a distinct operation on the head (a branch must be live).
  const branch = Buffer.from(decodeBase58Check(BASE58.block_hash, pred)).toString("hex");
  let next = 0;
  const opStart = performance.now();
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (next < OPS) {
        const i = next++;
        const bytes = Buffer.alloc(36);
        bytes.writeUInt32BE(i, 32);
        await shell.postInjectionOperation(t, { body: branch + Buffer.from(bytes).toString("hex").slice(64) });
      }
    }),
  );
  const opMs = performance.now() - opStart;
  await node.stop();
  const min = Math.min(...perSubscriber);
  const max = Math.max(...perSubscriber);
  console.log(
    `${("HTTP, " + label).padEnd(24)} blocks: ${((BLOCKS * 1000) / injectMs).toFixed(0).padStart(5)} injections/s (${BLOCKS} sequential, ${SUBSCRIBERS} head subscribers); ` +
      `heads/s per subscriber: min ${min.toFixed(0)}, max ${max.toFixed(0)}, all ${subscribers.every((s) => s.count === BLOCKS) ? "complete" : "INCOMPLETE"}; ` +
      `operations: ${((OPS * 1000) / opMs).toFixed(0)} injections/s (${OPS}, 10 in flight)`,
  );
}

/**
 * The same block load on the node itself (no HTTP), with 10 in-process head subscribers: what
 * the node costs, apart from the HTTP layer.
 */
async function inProcess(label: string, dataDir?: string) {
  const node = new SandboxNode({ config: buildConfig(undefined), ...(dataDir ? { store: new SqliteStore(dataDir) } : {}) });
  const controller = new AbortController();
  const counts = Array.from({ length: SUBSCRIBERS }, () => 0);
  const reading = counts.map(async (_, i) => {
    for await (const _e of node.events.heads.subscribe(controller.signal)) if (++counts[i]! === BLOCKS) return;
  });
  let pred = GENESIS;
  const start = performance.now();
  for (let level = 1; level <= BLOCKS; level++) {
    const { data } = blockData(level, pred);
    pred = await node.injectBlock(data, EMPTY);
  }
  await Promise.all(reading);
  const ms = performance.now() - start;
  controller.abort();
  node.close();
  console.log(`${label.padEnd(24)} blocks: ${((BLOCKS * 1000) / ms).toFixed(0).padStart(5)} injections/s, every subscriber got ${counts.every((c) => c === BLOCKS) ? "all" : "NOT all"} ${BLOCKS} heads`);
}

console.log(`sandbox bench on ${cpus().length} CPU(s) (${cpus()[0]?.model ?? "?"}), Node ${process.version}, load average ${loadavg()[0]!.toFixed(1)}`);
/** Runs `f` with a fresh temporary directory, removed afterwards. */
async function inTempDir(f: (dir: string) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "sandbox-bench-"));
  try {
    await f(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await inProcess("node only, in memory");
await inTempDir((dir) => inProcess("node only, SQLite", dir));
await run("in memory");
await inTempDir((dir) => run("--data-dir", dir));
