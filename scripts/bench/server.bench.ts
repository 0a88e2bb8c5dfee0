/**
 * Server throughput: `createRpcServer` with the shell's route table against a bare `node:http`
 * server that answers the same bytes (prepared once), and, for context, against a bare server
 * that serialises the same value on each request, on `GET /health/ready` and
 * `GET /chains/main/blocks?length=100` (100 block hashes). Each server runs in its own child
 * process; load comes from autocannon in this process, on 127.0.0.1 only, with a fixed number of
 * connections and a bounded duration and request count. Rounds alternate bare and ours so that
 * other load on the machine weighs on both; the median requests per second of each side and
 * their ratio are printed (target: ours ≥ 0.8× bare), with each server's CPU time per request
 * (steadier than requests per second when other processes share the machine). On the list of
 * hashes, `JSON.stringify` of the 5.4 KB answer alone costs about what the bare server spends on
 * a whole request (Node 20), so the bare server that serialises per request is the bound for any
 * server that computes its answer; ours is compared with both.
 *
 * Run: npx tsx scripts/bench/server.bench.ts [seconds per round] [rounds] [connections]
 */
import { fork, type ChildProcess } from "node:child_process";
import { createServer } from "node:http";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";

const CHAIN_ID = "NetXdQprcVkpaWU";

/** 100 distinct valid block hashes (Base58Check of counters). */
async function blockHashes(): Promise<string[][]> {
  const { BASE58, encodeBase58Check } = await import("../../runtime/index.ts");
  const hashes: string[] = [];
  for (let i = 0; i < 100; i++) {
    const bytes = new Uint8Array(32);
    new DataView(bytes.buffer).setUint32(28, i + 1);
    hashes.push(encodeBase58Check(BASE58.block_hash, bytes));
  }
  return [hashes];
}

/** Child process: start one server and print its URL. */
async function serve(kind: string): Promise<void> {
  const blocks = await blockHashes();
  let url: string;
  if (kind === "bare" || kind === "bare-json") {
    const ready = Buffer.from(`${JSON.stringify({ ready: true })}\n`);
    const list = Buffer.from(`${JSON.stringify(blocks)}\n`);
    // `bare-json` serialises the value on each request, as any server computing its answer must.
    const perRequest = kind === "bare-json";
    const server = createServer((req, res) => {
      const health = req.url!.startsWith("/health/ready");
      const body = perRequest ? Buffer.from(`${JSON.stringify(health ? { ready: true } : [blocks[0]!.slice(0, 100)])}\n`) : health ? ready : list;
      res.writeHead(200, { "content-type": "application/json", "content-length": body.length });
      res.end(body);
    });
    server.keepAliveTimeout = 30_000;
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  } else {
    const { routeTable } = await import("../../generated/shell/routes.ts");
    const { createRpcServer } = await import("../../runtime/server/index.ts");
    const server = await createRpcServer({
      routes: routeTable,
      partialHandlers: true,
      maxConnections: 1000,
      handlers: {
        getHealthReady: () => ({ ready: true }),
        getChainsBlocks: ({ query }: { query: { length?: number } }) => [blocks[0]!.slice(0, query.length ?? 1)],
        getChainsChainId: () => CHAIN_ID,
      },
    });
    url = server.url;
  }
  // The parent asks for CPU time around each round: on a shared machine, server CPU time per
  // request is steadier than requests per second.
  process.on("message", () => process.send!({ cpu: process.cpuUsage() }));
  process.send!({ url });
}

/** CPU microseconds (user + system) a server child has used so far. */
function cpuOf(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    child.once("message", (m: { cpu: NodeJS.CpuUsage }) => resolve(m.cpu.user + m.cpu.system));
    child.send("cpu");
  });
}

interface Started {
  child: ChildProcess;
  url: string;
}

function start(kind: string): Promise<Started> {
  const child = fork(fileURLToPath(import.meta.url), ["--serve", kind], { execArgv: ["--import", "tsx"], stdio: "inherit" });
  return new Promise((resolve, reject) => {
    child.once("message", (m: { url: string }) => resolve({ child, url: m.url }));
    child.once("exit", (code) => reject(new Error(`${kind} server exited with ${code}`)));
  });
}

/** One load round: `seconds` long (autocannon's `amount` would override the duration; `maxOverallRequests` only caps the count). */
async function load(server: Started, path: string, seconds: number, connections: number): Promise<{ rps: number; cpuPerRequest: number; errors: number }> {
  const url = server.url + path;
  const before = await cpuOf(server.child);
  const result = await autocannon({ url, connections, duration: seconds, maxOverallRequests: 100_000 * seconds, pipelining: 1 });
  // Totals over the measured duration (the per-second averages are coarse on short rounds).
  const cpu = (await cpuOf(server.child)) - before;
  return { rps: result.requests.total / result.duration, cpuPerRequest: cpu / result.requests.total, errors: result.errors + result.non2xx };
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main(): Promise<void> {
  const seconds = Number(process.argv[2] ?? 4);
  const rounds = Number(process.argv[3] ?? 3);
  const connections = Number(process.argv[4] ?? 10);
  const bare = await start("bare");
  const bareJson = await start("bare-json");
  const ours = await start("ours");
  try {
    // Both must answer the same bytes before anything is timed.
    for (const path of ["/health/ready", "/chains/main/blocks?length=100"]) {
      const [a, b, c] = await Promise.all([bare.url, ours.url, bareJson.url].map((u) => fetch(u + path).then((r) => r.text())));
      if (a !== b || a !== c) throw new Error(`answers differ on ${path}`);
    }
    console.log(`node ${process.version}, ${connections} connections, ${rounds} rounds of ${seconds} s per side and path (medians of req/s)`);
    for (const path of ["/health/ready", "/chains/main/blocks?length=100"]) {
      await load(bare, path, 1, connections);
      await load(bareJson, path, 1, connections);
      await load(ours, path, 1, connections);
      const runs: Awaited<ReturnType<typeof load>>[][] = [[], [], []];
      for (let i = 0; i < rounds; i++) {
        runs[0]!.push(await load(bare, path, seconds, connections));
        runs[1]!.push(await load(bareJson, path, seconds, connections));
        runs[2]!.push(await load(ours, path, seconds, connections));
      }
      const rps = runs.map((r) => median(r.map((x) => x.rps))) as [number, number, number];
      const cpu = runs.map((r) => median(r.map((x) => x.cpuPerRequest))) as [number, number, number];
      const errors = runs.flat().reduce((n, r) => n + r.errors, 0);
      console.log(`GET ${path}${errors ? ` (${errors} errors)` : ""}`);
      console.log(`  req/s: bare ${rps[0].toFixed(0)}, ours ${rps[2].toFixed(0)}: ours/bare ${(rps[2] / rps[0]).toFixed(2)}× (target ≥ 0.8×); bare serialising per request ${rps[1].toFixed(0)}: ours/that ${(rps[2] / rps[1]).toFixed(2)}×`);
      console.log(`  server CPU per request: bare ${cpu[0].toFixed(1)} µs, bare serialising ${cpu[1].toFixed(1)} µs, ours ${cpu[2].toFixed(1)} µs: bare/ours ${(cpu[0] / cpu[2]).toFixed(2)}×, serialising/ours ${(cpu[1] / cpu[2]).toFixed(2)}×`);
    }
  } finally {
    for (const server of [bare, bareJson, ours]) server.child.kill();
  }
}

const serveAt = process.argv.indexOf("--serve");
if (serveAt >= 0) await serve(process.argv[serveAt + 1]!);
else await main();
