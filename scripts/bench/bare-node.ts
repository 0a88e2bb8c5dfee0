/**
 * A bare `node:http` stand-in node for the client benchmarks, run in its own process so that it
 * does not share an event loop with the clients being measured. Every answer is built once at
 * start-up (binary with the generated encoders), so serving costs the same for every client:
 *
 * - `GET /chains/main/chain_id`: the chain id, JSON or binary by `Accept`;
 * - `GET /chains/main/blocks?length=…`: `HEADS` lists of `LENGTH` block hashes, JSON or binary;
 * - `GET /network/peers`: `PEERS` known peers, each with its connection, statistics, dates and
 *   the shell's full peer metadata (counters as the sandbox keeps them), JSON or binary.
 *
 * Prints `listening <url>` once ready; `GET /bytes` returns the bytes written on the socket of
 * the previous request (headers included), for the bytes-on-the-wire figure; `GET /connections`
 * the number of connections accepted so far (to show which clients reuse them).
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { binaryBodies, encodeBase58Check, BASE58 } from "../../runtime/index.ts";
import { binaryCodecs } from "../../generated/shell/binary.ts";
import { getChainsBlocksRoute, getChainsChainIdRoute, getNetworkPeersRoute } from "../../generated/shell/routes.ts";
import type { GetNetworkPeersOutput } from "../../generated/shell/types.ts";
import { emptyPeerMetadata } from "../../sandbox/network/pool.ts";

const HEADS = Number(process.env.HEADS ?? 10);
const LENGTH = Number(process.env.LENGTH ?? 2000);
const PEERS = Number(process.env.PEERS ?? 2000);
const binary = binaryBodies(binaryCodecs);

const chainId = "NetXdQprcVkpaWU";
const blocks = Array.from({ length: HEADS }, (_, h) =>
  Array.from({ length: LENGTH }, (_, i) => {
    const payload = new Uint8Array(32);
    new DataView(payload.buffer).setUint32(0, h * LENGTH + i);
    payload[31] = 7;
    return encodeBase58Check(BASE58.block_hash, payload);
  }),
);

const peers: GetNetworkPeersOutput = Array.from({ length: PEERS }, (_, i) => {
  const key = new Uint8Array(16);
  new DataView(key.buffer).setUint32(0, i);
  const at = { addr: `::ffff:10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`, port: 9732 };
  const when = new Date(Date.UTC(2026, 10, 26, 9, 0, i % 60)).toISOString().replace(".000Z", "Z");
  return [
    encodeBase58Check(BASE58.cryptobox_public_key_hash, key),
    {
      score: 0,
      trusted: i % 10 === 0,
      conn_metadata: { disable_mempool: false, private_node: false },
      peer_metadata: emptyPeerMetadata(),
      state: "running",
      reachable_at: at,
      stat: { total_sent: String(1_000_000 + i), total_recv: String(2_000_000 + i), current_inflow: 1200 + i, current_outflow: 800 + i },
      last_established_connection: [at, when],
      last_seen: [at, when],
    },
  ];
});

const answers = {
  chainId: { json: Buffer.from(`${JSON.stringify(chainId)}\n`), binary: Buffer.from(binary.encodeBody(getChainsChainIdRoute, "output", chainId)) },
  blocks: { json: Buffer.from(`${JSON.stringify(blocks)}\n`), binary: Buffer.from(binary.encodeBody(getChainsBlocksRoute, "output", blocks)) },
  peers: { json: Buffer.from(`${JSON.stringify(peers)}\n`), binary: Buffer.from(binary.encodeBody(getNetworkPeersRoute, "output", peers)) },
};

let lastBytes = 0;
let connections = 0;
const server = createServer((req, res) => {
  const url = req.url ?? "";
  if (url === "/bytes") return res.end(String(lastBytes));
  if (url === "/connections") return res.end(String(connections));
  const answer = url.startsWith("/chains/main/chain_id") ? answers.chainId : url.startsWith("/chains/main/blocks") ? answers.blocks : url.startsWith("/network/peers") ? answers.peers : undefined;
  if (!answer) return res.writeHead(404).end();
  const asBinary = req.headers.accept === "application/octet-stream";
  const body = asBinary ? answer.binary : answer.json;
  const before = req.socket.bytesWritten;
  res.writeHead(200, { "content-type": asBinary ? "application/octet-stream" : "application/json", "content-length": body.length });
  res.end(body, () => {
    lastBytes = req.socket.bytesWritten - before;
  });
});
server.on("connection", () => connections++);
server.keepAliveTimeout = 60_000;
server.listen(0, "127.0.0.1", () => {
  console.log(`listening http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
