/**
 * The HTTP client against `@taquito/rpc` 24.2.0's `RpcClient`, and binary against JSON.
 *
 * 1. Calls per second of `getChainId` against the same bare `node:http` server (bare-node.ts,
 *    its own process), sequential and 10 in flight, rounds interleaved. HTTP stacks:
 *    - ours: the platform `fetch` (Node's undici), keep-alive (undici's default pool);
 *    - Taquito as shipped: in Node its `HttpBackend` uses node-fetch 2.x with an `http.Agent`
 *      whose keep-alive is off, so a new connection per request;
 *    - Taquito on our stack: the same `HttpBackend` loaded afresh with `window` defined, so that
 *      it takes the platform `fetch` (undici; its `keepalive: false` request flag does not stop
 *      undici from reusing connections): the same-stack comparison.
 *    The bench counts the connections each side opens (server-side) to show the policies, then
 *    runs the same-stack pair alone in short ABBA rounds (the median of per-pair ratios, the
 *    steadiest figure on a shared machine).
 * 2. Bundle size (esbuild, minified, gzip -9) of an app calling one JSON route against one
 *    calling Taquito's `RpcClient.getChainId`, both for the browser, with the modules of interest
 *    (Base58, SHA-256, binary codecs) each bundle holds, read from esbuild's metafile.
 * 3. The clients' own JavaScript cost per call, on a `fetch` that answers at once (no network).
 * 4. Two large answers (`/chains/main/blocks?length=…`: HEADS × LENGTH block hashes, and
 *    `/network/peers`: PEERS peers with their metadata) in binary and in JSON: bytes on the wire
 *    and end-to-end time through the client.
 *
 * `npx tsx scripts/bench/client.bench.ts [round ms] [rounds]` (defaults 1000 and 9). Nothing asserts on timings.
 */
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { RpcClient } from "@taquito/rpc";
import { HttpTransport, binaryBodies } from "../../runtime/index.ts";
import { getChainsBlocks, getChainsChainId, getNetworkPeers } from "../../generated/shell/client.ts";
import { binaryCodecs } from "../../generated/shell/binary.ts";
import { bundleSize as appBundleSize } from "./app-bundle.ts";

const roundMs = Number(process.argv[2] ?? 1000);
const ROUNDS = Number(process.argv[3] ?? 9);

/** Starts bare-node.ts in a child process; resolves with its URL. */
function startServer(): Promise<{ url: string; stop: () => void }> {
  const child = spawn(process.execPath, ["--import", "tsx", fileURLToPath(new URL("./bare-node.ts", import.meta.url))], { stdio: ["ignore", "pipe", "inherit"], env: { ...process.env } });
  return new Promise((resolve, reject) => {
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (text: string) => {
      const match = /listening (\S+)/.exec(text);
      if (match) resolve({ url: match[1]!, stop: () => child.kill() });
    });
    child.on("exit", (code) => reject(new Error(`bare-node exited with ${code}`)));
  });
}

/**
 * Taquito's HttpBackend loaded as in a browser: it then uses the platform fetch (or `fetchImpl`,
 * put in `globalThis.fetch` while it loads). The module chooses its fetch when it loads, and
 * `@taquito/rpc` has already loaded it (the Node way), so a fresh copy is loaded with `window`
 * defined, then the cached one is put back.
 */
function taquitoBackendOnPlatformFetch(fetchImpl?: typeof fetch): unknown {
  const require = createRequire(import.meta.url);
  const path = require.resolve("@taquito/http-utils");
  const cached = require.cache[path];
  delete require.cache[path];
  const global = globalThis as { window?: unknown };
  global.window = {};
  const platformFetch = globalThis.fetch;
  if (fetchImpl) globalThis.fetch = fetchImpl;
  try {
    const utils = require(path) as { HttpBackend: new () => unknown };
    return new utils.HttpBackend();
  } finally {
    globalThis.fetch = platformFetch;
    delete global.window;
    if (cached) require.cache[path] = cached;
  }
}

/**
 * Calls `call` for `ms` milliseconds with `inFlight` loops at once; returns calls per second and
 * this process's CPU time per call (the client's own cost: the server runs in another process),
 * which other processes' load on the machine disturbs less than the rate.
 */
async function rate(call: () => Promise<unknown>, ms: number, inFlight: number): Promise<{ perSecond: number; cpuMicros: number }> {
  let count = 0;
  const end = performance.now() + ms;
  const start = performance.now();
  const cpu = process.cpuUsage();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (performance.now() < end) {
        await call();
        count++;
      }
    }),
  );
  const used = process.cpuUsage(cpu);
  return { perSecond: (count * 1000) / (performance.now() - start), cpuMicros: (used.user + used.system) / count };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

async function throughput(url: string): Promise<void> {
  const ours = new HttpTransport({ baseUrl: url });
  const oursNoValidation = new HttpTransport({ baseUrl: url, validate: false });
  const taquito = new RpcClient(url);
  const taquitoSameStack = new RpcClient(url, "main", taquitoBackendOnPlatformFetch() as never);
  const sides = {
    "ours (fetch/undici, keep-alive, validating)": () => getChainsChainId(ours, { path: { chain_id: "main" } }),
    "ours, validation off": () => getChainsChainId(oursNoValidation, { path: { chain_id: "main" } }),
    "Taquito as shipped (node-fetch, connection per request)": () => taquito.getChainId(),
    "Taquito on platform fetch (undici, keep-alive)": () => taquitoSameStack.getChainId(),
  };
  const connections = async () => Number(await (await fetch(`${url}/connections`)).text());
  console.log("\nConnections opened by 100 sequential calls (server-side count, ±1 for the counting request):");
  for (const [name, call] of Object.entries(sides)) {
    const before = await connections();
    for (let i = 0; i < 100; i++) await call();
    console.log(`  ${name.padEnd(58)} ${String((await connections()) - before).padStart(4)}`);
  }
  for (const inFlight of [1, 10]) {
    const rates = new Map<string, number[]>(Object.keys(sides).map((k) => [k, []]));
    const cpus = new Map<string, number[]>(Object.keys(sides).map((k) => [k, []]));
    for (const call of Object.values(sides)) for (let i = 0; i < 50; i++) await call(); // warm-up
    const entries = Object.entries(sides);
    for (let r = 0; r < ROUNDS; r++) {
      // A different side starts each round, so that no side always follows the same one.
      for (let k = 0; k < entries.length; k++) {
        const [name, call] = entries[(k + r) % entries.length]!;
        const measured = await rate(call, roundMs, inFlight);
        rates.get(name)!.push(measured.perSecond);
        cpus.get(name)!.push(measured.cpuMicros);
      }
    }
    // Ratios are taken round by round (the sides of one round ran within seconds of each other,
    // under the same load from other processes), then their median: steadier than a ratio of medians.
    console.log(`\ngetChainId, ${inFlight === 1 ? "sequential" : `${inFlight} in flight`} (${ROUNDS} rounds of ${roundMs} ms, interleaved; medians, ratios per round with their range):`);
    const oursName = "ours (fetch/undici, keep-alive, validating)";
    const perRound = (values: number[], ratio: (mine: number, theirs: number) => number, of: Map<string, number[]>) => values.map((v, r) => ratio(of.get(oursName)![r]!, v));
    const shown = (ratios: number[]) => `${median(ratios).toFixed(2)}× [${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}]`;
    for (const [name, values] of rates) {
      const rateRatios = perRound(values, (mine, theirs) => mine / theirs, rates);
      const cpuRatios = perRound(cpus.get(name)!, (mine, theirs) => theirs / mine, cpus);
      console.log(`  ${name.padEnd(58)} ${median(values).toFixed(0).padStart(6)} calls/s (ours/this ${shown(rateRatios)})   client CPU ${median(cpus.get(name)!).toFixed(0).padStart(5)} µs/call (this/ours ${shown(cpuRatios)})`);
    }
  }
}

/**
 * The same-stack comparison on its own: ours (validating) against Taquito on the platform
 * fetch, in short rounds ordered ABBA so that each pair ran within a second under the same load;
 * the median of the pairs' ratios, with its quartiles.
 */
async function pairedSameStack(url: string): Promise<void> {
  const ours = new HttpTransport({ baseUrl: url });
  const taquito = new RpcClient(url, "main", taquitoBackendOnPlatformFetch() as never);
  const a = () => getChainsChainId(ours, { path: { chain_id: "main" } });
  const b = () => taquito.getChainId();
  const ms = Math.max(100, roundMs / 2);
  const pairs = 2 * ROUNDS;
  for (const inFlight of [1, 10]) {
    for (const call of [a, b]) for (let i = 0; i < 50; i++) await call();
    const rateRatios: number[] = [];
    const cpuRatios: number[] = [];
    for (let p = 0; p < pairs; p++) {
      const [first, second] = p % 2 === 0 ? [a, b] : [b, a];
      const x = await rate(first, ms, inFlight);
      const y = await rate(second, ms, inFlight);
      const [mine, theirs] = p % 2 === 0 ? [x, y] : [y, x];
      rateRatios.push(mine.perSecond / theirs.perSecond);
      cpuRatios.push(theirs.cpuMicros / mine.cpuMicros);
    }
    const q = (values: number[], at: number) => [...values].sort((m, n) => m - n)[Math.floor((values.length - 1) * at)]!;
    const shown = (values: number[]) => `${median(values).toFixed(2)}× (quartiles ${q(values, 0.25).toFixed(2)}–${q(values, 0.75).toFixed(2)})`;
    console.log(`  ${(inFlight === 1 ? "sequential" : `${inFlight} in flight`).padEnd(12)} calls/s ours/Taquito ${shown(rateRatios)}   client CPU Taquito/ours ${shown(cpuRatios)}`);
  }
}

/** Modules whose presence in a bundle the bench reports: Base58 decoding and SHA-256 (Base58Check), binary codecs. */
const WATCHED_MODULES: Readonly<Record<string, RegExp>> = {
  "Base58": /runtime\/encodings\/base58\/(base58|check|prefixes)\.ts$/,
  "SHA-256": /runtime\/encodings\/base58\/sha256\.ts$/,
  "binary codecs": /(generated\/shell\/(codecs|binary)\.ts|runtime\/codec\/(reader|writer)\.ts)$/,
};

/**
 * The clients' own JavaScript cost per call, the network taken out: both on a `fetch` that
 * answers at once with a ready `Response` (the chain id, as the bare server sends it), in one
 * process, CPU time per call. The floor is that `fetch` and `Response.json()` alone. Less noisy
 * than the loopback figures, and it says where a difference between the clients comes from.
 */
async function clientCost(): Promise<void> {
  const body = new TextEncoder().encode('"NetXdQprcVkpaWU"\n');
  const ready = (async () => new Response(body, { status: 200, headers: { "content-type": "application/json", "content-length": String(body.length) } })) as typeof fetch;
  const ours = new HttpTransport({ baseUrl: "http://localhost:8732", fetch: ready });
  const oursNoValidation = new HttpTransport({ baseUrl: "http://localhost:8732", fetch: ready, validate: false });
  const taquito = new RpcClient("http://localhost:8732", "main", taquitoBackendOnPlatformFetch(ready) as never);
  const sides: Record<string, () => Promise<unknown>> = {
    "floor: fetch + Response.json() alone": async () => (await ready("http://localhost:8732/chains/main/chain_id")).json(),
    "ours, validating": () => getChainsChainId(ours, { path: { chain_id: "main" } }),
    "ours, validation off": () => getChainsChainId(oursNoValidation, { path: { chain_id: "main" } }),
    "Taquito RpcClient.getChainId": () => taquito.getChainId(),
  };
  const calls = 20_000;
  const cpus = new Map<string, number[]>(Object.keys(sides).map((k) => [k, []]));
  for (const call of Object.values(sides)) for (let i = 0; i < 3000; i++) await call();
  for (let r = 0; r < 7; r++) {
    for (const [name, call] of Object.entries(sides)) {
      const cpu = process.cpuUsage();
      for (let i = 0; i < calls; i++) await call();
      const used = process.cpuUsage(cpu);
      cpus.get(name)!.push((used.user + used.system) / calls);
    }
  }
  const floor = median(cpus.get("floor: fetch + Response.json() alone")!);
  console.log(`\nClient JavaScript per call on a fetch that answers at once (CPU, median of 7 rounds of ${calls} calls):`);
  for (const [name, values] of cpus) {
    const cpu = median(values);
    console.log(`  ${name.padEnd(58)} ${cpu.toFixed(1).padStart(6)} µs/call   above the floor ${(cpu - floor).toFixed(1).padStart(5)} µs`);
  }
}

/** A bundle's size and which of the watched modules it holds. */
async function bundleSize(contents: string): Promise<{ raw: number; gzip: number; watched: string[] }> {
  const { raw, gzip, inputs } = await appBundleSize(contents);
  const watched = Object.entries(WATCHED_MODULES).filter(([, pattern]) => inputs.some((path) => pattern.test(path))).map(([name]) => name);
  return { raw, gzip, watched };
}

async function bundles(): Promise<void> {
  const oursApp = 'import { HttpTransport } from "./runtime/index.ts"; import { getChainsChainId } from "./generated/shell/client.ts"; getChainsChainId(new HttpTransport({ baseUrl: "http://localhost:8732" }), { path: { chain_id: "main" } }).then(console.log);';
  const taquitoApp = 'import { RpcClient } from "@taquito/rpc"; new RpcClient("http://localhost:8732").getChainId().then(console.log);';
  const binaryApp = 'import { HttpTransport, binaryBodies } from "./runtime/index.ts"; import { getChainsChainId } from "./generated/shell/client.ts"; import { binaryCodecs } from "./generated/shell/binary.ts"; getChainsChainId(new HttpTransport({ baseUrl: "http://localhost:8732", mediaType: "application/octet-stream", binary: binaryBodies(binaryCodecs) }), { path: { chain_id: "main" } }).then(console.log);';
  const checksumApp = 'import { HttpTransport, BASE58_CHECKSUMS } from "./runtime/index.ts"; import { getChainsChainId } from "./generated/shell/client.ts"; getChainsChainId(new HttpTransport({ baseUrl: "http://localhost:8732", validation: BASE58_CHECKSUMS }), { path: { chain_id: "main" } }).then(console.log);';
  const ours = await bundleSize(oursApp);
  const taquito = await bundleSize(taquitoApp);
  const oursBinary = await bundleSize(binaryApp);
  const oursChecksums = await bundleSize(checksumApp);
  console.log("\nBundle of an app calling one JSON route (esbuild --minify, platform browser, gzip -9; modules from esbuild's metafile):");
  const line = (name: string, size: { raw: number; gzip: number; watched: string[] }) =>
    console.log(`  ${name.padEnd(66)} ${(size.raw / 1024).toFixed(1).padStart(6)} KiB min ${(size.gzip / 1024).toFixed(1).padStart(5)} KiB gzip   ours/this ${(ours.gzip / size.gzip).toFixed(2)}×   ${name.startsWith("ours") ? `holds: ${size.watched.join(", ") || "none of Base58, SHA-256, binary codecs"}` : ""}`);
  line("ours: HttpTransport + getChainsChainId (JSON, validating)", ours);
  line("Taquito: RpcClient.getChainId", taquito);
  line("ours, same call in binary (binaryBodies(binaryCodecs))", oursBinary);
  line("ours, JSON with checksums (validation: BASE58_CHECKSUMS)", oursChecksums);
}

async function largeAnswer(url: string, title: string, call: (transport: HttpTransport) => Promise<unknown>): Promise<void> {
  const json = new HttpTransport({ baseUrl: url });
  const jsonNoValidation = new HttpTransport({ baseUrl: url, validate: false });
  const binary = new HttpTransport({ baseUrl: url, mediaType: "application/octet-stream", binary: binaryBodies(binaryCodecs) });
  const wire = async (transport: HttpTransport) => {
    await call(transport);
    return Number(await (await fetch(`${url}/bytes`)).text());
  };
  const sides = { "binary": binary, "JSON, validating": json, "JSON, validation off": jsonNoValidation };
  const bytes = new Map<string, number>();
  for (const [name, transport] of Object.entries(sides)) bytes.set(name, await wire(transport));
  const times = new Map<string, number[]>(Object.keys(sides).map((k) => [k, []]));
  for (const transport of Object.values(sides)) for (let i = 0; i < 3; i++) await call(transport);
  for (let r = 0; r < 7; r++) {
    for (const [name, transport] of Object.entries(sides)) {
      const start = performance.now();
      await call(transport);
      times.get(name)!.push(performance.now() - start);
    }
  }
  console.log(`\nLarge answer: ${title}, median of 7 interleaved calls:`);
  const binaryTime = median(times.get("binary")!);
  for (const name of Object.keys(sides)) {
    console.log(
      `  ${name.padEnd(22)} ${(bytes.get(name)! / 1024).toFixed(0).padStart(6)} KiB on the wire (${(bytes.get(name)! / bytes.get("binary")!).toFixed(2)}× binary)   ${median(times.get(name)!).toFixed(1).padStart(6)} ms end to end (${(median(times.get(name)!) / binaryTime).toFixed(2)}× binary)`,
    );
  }
}

const server = await startServer();
try {
  console.log(`Node ${process.version}, ${(await import("node:os")).cpus().length} cores (shared); server: bare node:http in a child process`);
  await bundles();
  await clientCost();
  const blocks = (transport: HttpTransport) => getChainsBlocks(transport, { path: { chain_id: "main" }, query: { length: 1 } });
  const lists = (await blocks(new HttpTransport({ baseUrl: server.url }))) as string[][];
  await largeAnswer(server.url, `GET /chains/main/blocks (${lists.length} lists × ${lists[0]!.length} block hashes)`, blocks);
  const peers = (transport: HttpTransport) => getNetworkPeers(transport, {});
  const known = await peers(new HttpTransport({ baseUrl: server.url }));
  await largeAnswer(server.url, `GET /network/peers (${known.length} peers with their metadata)`, peers);
  await throughput(server.url);
  console.log(`\nSame stack, paired: ours (validating) against Taquito on the platform fetch (undici, keep-alive), ${2 * ROUNDS} ABBA pairs of ${Math.max(100, roundMs / 2)} ms rounds:`);
  await pairedSameStack(server.url);
} finally {
  server.stop();
}
