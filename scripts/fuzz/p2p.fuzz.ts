/**
 * Hostile peers against a sandbox's peer-to-peer socket: sandbox A, connected to sandbox B,
 * receives connections that send random bytes, frames with random or absurd lengths, broken
 * handshakes, and, after a correct handshake under a fresh identity, malformed messages. The
 * greylist is cleared before each attempt so that every one reaches the parsers.
 *
 * Prints the count per attack and outcome; exits 1 when a connection is not closed within
 * 3 s (A's authentication timeout is 1 s), when an exception escapes, or when A stops
 * answering or loses its connection with B.
 *
 * Run: nice npx tsx scripts/fuzz/p2p.fuzz.ts [connections] [seed]
 */
import { connect, type Socket } from "node:net";
import { startSandbox } from "../../sandbox/index.ts";
import { authenticate } from "../../sandbox/network/handshake.ts";
import { newIdentity } from "../../sandbox/network/identity.ts";
import { Meter } from "../../sandbox/network/meter.ts";
import { FramedSocket } from "../../sandbox/network/socket.ts";
import { MAGIC, frame } from "../../sandbox/network/wire.ts";

const total = Number(process.argv[2] ?? 500);
let seed = Number(process.argv[3] ?? 12) >>> 0 || 1;
/** xorshift32: the same seed gives the same attacks. */
function random(): number {
  seed ^= seed << 13;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  return (seed >>> 0) / 2 ** 32;
}
const int = (n: number) => Math.floor(random() * n);
const bytes = (n: number) => Buffer.from(Array.from({ length: n }, () => int(256)));
const hex = (n: number) => bytes(n).toString("hex");
const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!;

let escaped = 0;
process.on("uncaughtException", (error) => {
  escaped++;
  console.error("uncaught:", error);
});

const a = await startSandbox({ protocol: "sandbox", config: { p2p: { limits: { "authentication-timeout": 1 } } } });
const aPoint = a.node.config.p2p["listen-addr"] as string;
const b = await startSandbox({ protocol: "sandbox", peers: [aPoint] });
const port = Number(aPoint.split(":")[1]);
const version = { chain_name: a.node.network.chainName, distributed_db_version: 2, p2p_version: 1 };
const metadata = { disable_mempool: false, private_node: false };

const randomJson = (): unknown => pick([() => int(1e6), () => hex(int(40)), () => null, () => [randomJson()], () => ({ [hex(2)]: randomJson() }), () => true])();
const garbageMessages = [
  () => bytes(1 + int(300)),
  () => frame({ kind: "head", chain_id: a.node.network.chainId, block: { data: hex(int(200)), operations: [] } }),
  () => frame({ kind: "block", chain_id: a.node.network.chainId, block: { data: hex(80), operations: [[{ branch: hex(4), data: "zz" }]] } } as never),
  () => frame({ kind: "get_block", chain_id: a.node.network.chainId, hash: hex(16) }),
  () => frame({ kind: "hello" } as never),
  () => Buffer.concat([Buffer.from([0, 0, 1, 0]), Buffer.from(JSON.stringify(randomJson()).padEnd(256).slice(0, 256))]),
];
const attacks: Record<string, (s: Socket) => void | Promise<void>> = {
  "random bytes": (s) => void s.write(bytes(1 + int(512))),
  "absurd frame length": (s) => void s.write(Buffer.concat([Buffer.from([int(256), int(256), int(256), int(256)]), bytes(int(64))])),
  "random JSON frame": (s) => void s.write(frame(randomJson() as never)),
  "hello then garbage": (s) => {
    s.write(frame({ kind: "hello", magic: pick([MAGIC, "x"]), public_key: hex(32), nonce: hex(24), port: pick([null, 1 + int(65535)]), version, metadata }));
    s.write(pick(garbageMessages)());
  },
  silence: () => undefined,
  "garbage after a real handshake": async (s) => {
    const fs = new FramedSocket(s, new Meter());
    await authenticate(fs, { identity: newIdentity(), port: undefined, version, metadata }, 2000);
    fs.send({ kind: "ack" });
    await fs.next(2000, "ack");
    for (let i = 0; i < 1 + int(5); i++) s.write(pick(garbageMessages)());
    // Messages that parse but name nothing known leave the connection running: end it here.
    setTimeout(() => ((s as Socket & { byFuzzer?: boolean }).byFuzzer = true, s.destroy()), 1500);
  },
};

const counts = new Map<string, number>();
const problems: string[] = [];
const names = Object.keys(attacks);
const started = performance.now();
for (let i = 0; i < total; i++) {
  a.node.p2p.clearGreylist();
  const name = pick(names);
  const outcome = await new Promise<string>((resolve) => {
    const s = connect({ host: "127.0.0.1", port });
    let received = 0;
    const timer = setTimeout(() => (s.destroy(), resolve("HANG")), 3000);
    s.on("data", (d: Buffer) => (received += d.length));
    s.on("error", () => undefined);
    s.on("close", () => {
      clearTimeout(timer);
      resolve((s as Socket & { byFuzzer?: boolean }).byFuzzer ? "still running, closed by the fuzzer" : received === 0 ? "closed before answering" : "closed by the node");
    });
    s.on("connect", () => void Promise.resolve(attacks[name]!(s)).catch(() => s.destroy()));
  });
  const key = `${name}: ${outcome}`;
  counts.set(key, (counts.get(key) ?? 0) + 1);
  if (outcome === "HANG") problems.push(`attempt ${i} (${name}) was not closed`);
}
const elapsed = (performance.now() - started) / 1000;

const self = await (await fetch(`${a.url}/network/self`)).json();
const connections = (await (await fetch(`${a.url}/network/connections`)).json()) as Array<{ peer_id: string }>;
if (self !== a.node.p2p.self) problems.push("A no longer answers /network/self");
if (!connections.some((c) => c.peer_id === b.node.p2p.self)) problems.push("A lost its connection with B");
if (escaped > 0) problems.push(`${escaped} exceptions escaped`);
await b.stop();
await a.stop();

for (const [key, n] of [...counts].sort()) console.log(`${String(n).padStart(6)}  ${key}`);
console.log(`${total} connections in ${elapsed.toFixed(1)} s; ${problems.length} problems`);
for (const p of problems.slice(0, 20)) console.log(`  ${p}`);
process.exit(problems.length > 0 ? 1 : 0);
