/**
 * A bare `node:http` stand-in node for the client benchmarks, run in its own process so that it
 * does not share an event loop with the clients being measured. Every answer is built once at
 * start-up (binary with the generated encoders), so serving costs the same for every client:
 *
 * - `GET /chains/main/chain_id`: the chain id, JSON or binary by `Accept`;
 * - `GET /chains/main/blocks?length=…`: `HEADS` lists of `LENGTH` block hashes, JSON or binary.
 *
 * Prints `listening <url>` once ready; `GET /bytes` returns the bytes written on the socket of
 * the previous request (headers included), for the bytes-on-the-wire figure; `GET /connections`
 * the number of connections accepted so far (to show which clients reuse them).
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { binaryBodies, encodeBase58Check, BASE58 } from "../../runtime/index.ts";
import { binaryCodecs } from "../../generated/shell/binary.ts";
import { getChainsBlocksRoute, getChainsChainIdRoute } from "../../generated/shell/routes.ts";

const HEADS = Number(process.env.HEADS ?? 10);
const LENGTH = Number(process.env.LENGTH ?? 2000);
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

const answers = {
  chainId: { json: Buffer.from(`${JSON.stringify(chainId)}\n`), binary: Buffer.from(binary.encodeBody(getChainsChainIdRoute, "output", chainId)) },
  blocks: { json: Buffer.from(`${JSON.stringify(blocks)}\n`), binary: Buffer.from(binary.encodeBody(getChainsBlocksRoute, "output", blocks)) },
};

let lastBytes = 0;
let connections = 0;
const server = createServer((req, res) => {
  const url = req.url ?? "";
  if (url === "/bytes") return res.end(String(lastBytes));
  if (url === "/connections") return res.end(String(connections));
  const answer = url.startsWith("/chains/main/chain_id") ? answers.chainId : url.startsWith("/chains/main/blocks") ? answers.blocks : undefined;
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
