/**
 * The attacks of issue 21 replayed against a sandbox served by `tezos-rpcgen serve` in a child
 * process on loopback (with a data directory), while a legitimate client injects operations and
 * blocks throughout: bodies nobody wants, trickled headers, subscribers that never read, bodies
 * over the cap, garbage bodies and paths, logging sinks that cannot be written, asynchronous
 * injections on unknown branches, binary `/describe`, foreign CORS origins and garbage on the
 * peer-to-peer socket. Bounded in count, concurrency and time; every socket has a deadline.
 *
 * The report counts each attack's outcome and the problems: the node exiting (a crash), a
 * legitimate request failing or not answered within 10 s, and an acknowledged operation or
 * block missing from the node, before or after a restart on the same data directory.
 * `scripts/fuzz/server.fuzz.ts` runs it from the command line; `test/fuzz/server.fuzz.test.ts`
 * runs a slice.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnSandbox, type SpawnedSandbox } from "../../sandbox/spawn.ts";
import { frame } from "../../sandbox/network/wire.ts";
import { headerBytes } from "../../sandbox/chain/block.ts";
import { fitnessAt } from "../../sandbox/protocol/protocol.ts";
import type { BlockHeader } from "../../generated/shell/types.ts";
import { BASE58, decodeBase58Check, formatProtocolTimestamp, operationsHashOfPasses } from "@tezos-rpcgen/runtime";

export interface ServerFuzzOptions {
  /** Attacks to make in all. */
  readonly attacks: number;
  /** Attacks running at once (each holds one or two connections). */
  readonly concurrency?: number;
  readonly seed?: number;
}

export interface ServerFuzzReport {
  /** `attack: outcome` → how many times. */
  readonly counts: ReadonlyMap<string, number>;
  /** Crashes, lost acknowledgements, legitimate requests not served: empty when all held. */
  readonly problems: readonly string[];
  readonly acknowledged: { readonly operations: number; readonly blocks: number };
  readonly seconds: number;
}

/** The sandbox genesis block (its default network), the branch of the client's operations. */
const GENESIS = "BLockGenesisGenesisGenesisGenesisGenesisf79b5d1CoW2";
/** The 32 bytes behind the sandbox genesis hash, the branch prefix of an operation's bytes. */
const GENESIS_BYTES = Buffer.from(decodeBase58Check(BASE58.block_hash, GENESIS)).toString("hex");

/** One call with a deadline: `undefined` when it failed or was not answered in time. */
async function call(url: string, init: RequestInit & { timeout?: number } = {}): Promise<{ status: number; text: string } | undefined> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(init.timeout ?? 10_000) });
    return { status: response.status, text: await response.text() };
  } catch {
    return undefined;
  }
}

/** A raw connection that writes `script`, then ends (or is ended) within `ms`; resolves with what the node did. */
function rawConnection(port: number, ms: number, script: (s: Socket) => void | (() => void)): Promise<string> {
  return new Promise((resolve) => {
    const s = connect({ host: "127.0.0.1", port });
    let received = "";
    let stop: void | (() => void);
    const timer = setTimeout(() => finish("still open, closed by the fuzzer"), ms);
    const finish = (outcome: string) => {
      clearTimeout(timer);
      if (typeof stop === "function") stop();
      s.destroy();
      resolve(outcome);
    };
    s.on("data", (d: Buffer) => (received += d.toString("latin1")));
    s.on("error", () => undefined);
    s.on("close", () => finish(received.startsWith("HTTP/1.1 ") ? `closed by the node after ${received.slice(9, 12)}` : received.length > 0 ? "closed by the node after an answer" : "closed by the node"));
    s.on("connect", () => (stop = script(s)));
  });
}

export async function fuzzServer(options: ServerFuzzOptions): Promise<ServerFuzzReport> {
  let seed = (options.seed ?? 21) >>> 0 || 1;
  /** xorshift32: the same seed gives the same attacks. */
  const random = () => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return (seed >>> 0) / 2 ** 32;
  };
  const int = (n: number) => Math.floor(random() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!;
  const started = performance.now();
  const dir = mkdtempSync(join(tmpdir(), "server-fuzz-"));
  const dataDir = join(dir, "node");
  const fifo = join(dir, "fifo");
  execFileSync("mkfifo", [fifo]);
  mkdirSync(join(dir, "a-directory"));
  const problems: string[] = [];
  const counts = new Map<string, number>();
  const count = (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);

  let node: SpawnedSandbox = await spawnSandbox(["--data-dir", dataDir, "--cors-origin", "http://dapp.example", "--protocol", "sandbox"]);
  let crashed = false;
  node.child.once("exit", (code, signal) => {
    if (!stopping) {
      crashed = true;
      problems.push(`the node exited (${code ?? signal}) during the attacks`);
    }
  });
  let stopping = false;
  const { url } = node;
  const port = Number(new URL(url).port);
  const config = JSON.parse((await call(`${url}/config`))!.text) as { p2p?: { "listen-addr"?: string } };
  const p2pPort = Number(config.p2p?.["listen-addr"]?.split(":").at(-1));

  // The legitimate client: operations and, each second, an empty block on the head, until the attacks end.
  const ackedOps: string[] = [];
  const ackedBlocks: string[] = [];
  let attacking = true;
  const client = (async () => {
    let level = 0;
    let head = GENESIS;
    let lastBlock = Date.now();
    for (let i = 0; attacking && !crashed; i++) {
      const body = JSON.stringify(GENESIS_BYTES + "f0" + i.toString(16).padStart(8, "0"));
      const answer = await call(`${url}/injection/operation`, { method: "POST", body, headers: { "content-type": "application/json" } });
      if (answer?.status !== 200) problems.push(`legitimate injection ${i} not served (${answer ? `${answer.status} ${answer.text.slice(0, 80)}` : "no answer"})`);
      else ackedOps.push(JSON.parse(answer.text) as string);
      // A block a second at most: their timestamps follow the clock (the node refuses a block
      // more than 15 s in the future).
      if (Date.now() - lastBlock >= 1000) {
        lastBlock = Date.now();
        const header = await call(`${url}/chains/main/blocks/${head}/header`);
        const forged = header && (await blockOn(url, head, level, header.text));
        if (typeof forged !== "string") problems.push(`legitimate block ${level + 1} not served (${forged?.status} ${forged?.text.slice(0, 120)})`);
        else {
          ackedBlocks.push(forged);
          head = forged;
          level++;
        }
      }
    }
  })();

  const big = Buffer.alloc(64 * 1024, 0x61);
  const chunk = Buffer.concat([Buffer.from(big.length.toString(16) + "\r\n"), big, Buffer.from("\r\n")]);
  const endless = (head: string) => (s: Socket) => {
    s.write(head);
    const pump = setInterval(() => s.writable && s.write(chunk), 2);
    return () => clearInterval(pump);
  };
  const sinks = [join(dir, "missing", "events.log"), join(dir, "a-directory"), fifo, "/dev/full", join(dir, "events.log")];
  const attacks: Record<string, () => Promise<string>> = {
    "endless chunked body on a GET": () => rawConnection(port, 3000, endless("GET /chains/main/chain_id HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")),
    "endless chunked body on a refused POST": () => rawConnection(port, 3000, endless("POST /injection/operation HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\n")),
    "chunked body over the cap": () => rawConnection(port, 5000, endless("POST /injection/operation HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n")),
    "a gigabyte announced": () => rawConnection(port, 3000, (s) => void s.write("POST /injection/operation HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1073741824\r\n\r\n\"00")),
    "trickled headers": () =>
      rawConnection(port, 1000, (s) => {
        s.write("GET /chains/main/chain_id HTTP/1.1\r\n");
        const trickle = setInterval(() => s.writable && s.write("X"), 100);
        return () => clearInterval(trickle);
      }),
    "subscriber that never reads": () =>
      rawConnection(port, 1500, (s) => {
        s.pause();
        s.write("GET /monitor/heads/main HTTP/1.1\r\nHost: x\r\n\r\n");
      }),
    "garbage JSON body": async () => {
      const body = pick(['{"a":', "[".repeat(10_000), '"zz"', '"' + "00".repeat(10) + '"', "\u0000\u00ff"]);
      const answer = await call(`${url}/injection/operation`, { method: "POST", body, headers: { "content-type": "application/json" }, timeout: 5000 });
      return answer ? `answered ${answer.status}` : "no answer";
    },
    "garbage path or method": async () => {
      const target = pick(["/%zz", "/chains/%ff%fe/blocks", "/describe/../../etc/passwd", "/chains/main/blocks/head~99999999999999999999", "/" + "a/".repeat(2000)]);
      const answer = await call(url + target, { method: pick(["GET", "POST", "PATCH", "DELETE"]), timeout: 5000 });
      return answer ? `answered ${answer.status}` : "no answer";
    },
    "sink that cannot be written": async () => {
      const answer = await call(`${url}/config/logging`, { method: "PUT", body: JSON.stringify({ active_sinks: [`file-descriptor-path://${pick(sinks)}`] }), headers: { "content-type": "application/json" }, timeout: 5000 });
      return answer ? `answered ${answer.status}` : "no answer";
    },
    "async injection on an unknown branch": async () => {
      const body = JSON.stringify(`${GENESIS_BYTES.replace(/^../, "00")}${int(1 << 30).toString(16).padStart(8, "0")}`);
      const answer = await call(`${url}/injection/operation?async=true`, { method: "POST", body, headers: { "content-type": "application/json" }, timeout: 5000 });
      return answer ? `answered ${answer.status}` : "no answer";
    },
    "binary describe": async () => {
      const answer = await call(`${url}/describe?recurse=yes`, { headers: { accept: "application/octet-stream" }, timeout: 5000 });
      return answer ? `answered ${answer.status}` : "no answer";
    },
    "foreign CORS origin": async () => {
      const answer = await call(`${url}/chains/main/chain_id`, { headers: { origin: "http://evil.example" }, timeout: 5000 });
      return answer ? `answered ${answer.status}` : "no answer";
    },
    "garbage on the p2p socket": () =>
      rawConnection(p2pPort, 3000, (s) => void s.write(pick([Buffer.from("GET / HTTP/1.1\r\n\r\n"), Buffer.from([0, 0, 0x10, 0x01]), frame({ kind: "ack" }), Buffer.alloc(64, 0xff)]))),
  };

  const names = Object.keys(attacks);
  let next = 0;
  const lanes = Array.from({ length: options.concurrency ?? 6 }, async () => {
    while (next < options.attacks && !crashed) {
      next++;
      const name = pick(names);
      count(`${name}: ${await attacks[name]!()}`);
    }
  });
  await Promise.all(lanes);
  attacking = false;
  await client;

  // Every acknowledgement holds, now and after a restart on the same directory.
  const check = async (where: string, base: string) => {
    const pending = await call(`${base}/chains/main/mempool/pending_operations`);
    const listed = new Set(pending ? [...pending.text.matchAll(/"hash":"(o[1-9A-Za-z]+)"/g)].map((m) => m[1]) : []);
    const lostOps = ackedOps.filter((h) => !listed.has(h));
    if (lostOps.length > 0) problems.push(`${lostOps.length} acknowledged operations missing ${where} (first ${lostOps[0]})`);
    for (const hash of ackedBlocks) if ((await call(`${base}/chains/main/blocks/${hash}/hash`))?.status !== 200) problems.push(`acknowledged block ${hash} missing ${where}`);
  };
  if (!crashed) await check("from the running node", url);
  stopping = true;
  await node.stop();
  if (!crashed) {
    node = await spawnSandbox(["--data-dir", dataDir, "--protocol", "sandbox"]);
    await check("after a restart", node.url);
    await node.stop();
  }
  rmSync(dir, { recursive: true, force: true });
  return { counts, problems, acknowledged: { operations: ackedOps.length, blocks: ackedBlocks.length }, seconds: (performance.now() - started) / 1000 };
}

/**
 * Injects an empty block on `head` (at `level`), written with the sandbox's own header encoder:
 * level + 1, a timestamp after the head's, a rising fitness. Resolves with its hash, or
 * the failed answer (or `undefined`) when not served.
 */
async function blockOn(url: string, head: string, level: number, headHeaderJson: string): Promise<string | { status: number; text: string } | undefined> {
  const pred = JSON.parse(headHeaderJson) as { timestamp: string; context: string };
  const timestamp = Math.max(Math.floor(Date.parse(pred.timestamp) / 1000) + 1, Math.floor(Date.now() / 1000));
  const header: BlockHeader = {
    level: level + 1,
    proto: 1,
    predecessor: head,
    timestamp: formatProtocolTimestamp(BigInt(timestamp)),
    validation_pass: 4,
    operations_hash: operationsHashOfPasses([[], [], [], []]),
    fitness: fitnessAt(level + 1),
    context: pred.context,
    protocol_data: "",
  };
  const data = Buffer.from(headerBytes(header)).toString("hex");
  const answer = await call(`${url}/injection/block`, { method: "POST", body: JSON.stringify({ data, operations: [[], [], [], []] }), headers: { "content-type": "application/json" } });
  return answer?.status === 200 ? (JSON.parse(answer.text) as string) : answer;
}
