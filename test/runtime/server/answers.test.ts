/**
 * Handler answers other than a plain value (octez-http.md §5, resto's answer type): chunked
 * values, 201 with and without `Location`, 204, and every error status with and without a
 * trace, over loopback, read raw and through the client.
 */
import { connect } from "node:net";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routeTable, getChainsBlocksRoute, postInjectionOperationRoute } from "../../../generated/shell/routes.ts";
import { binaryCodecs } from "../../../generated/shell/binary.ts";
import type { Handlers } from "../../../generated/shell/server.ts";
import { BASE58, ElementTooLargeError, HttpTransport, RpcError, binaryBodies, encodeBase58Check } from "../../../runtime/index.ts";
import { RpcAnswer, answer, createRpcServer, type RpcServer } from "../../../runtime/server/index.ts";
import { GENESIS, raw } from "./support.ts";

const OPERATION_HASH = "oneev3QMfQJd2fEM3zQPdFwwPY1aohkxffttrK8Qrswemnh2nML";
const TRACE = [{ kind: "temporary", id: "node.injection.test", detail: "x" }];

/** 20 lists of 50 distinct block hashes: about 53 KB of JSON. */
const BIG = Array.from({ length: 20 }, (_, h) =>
  Array.from({ length: 50 }, (_, i) => {
    const payload = new Uint8Array(32);
    new DataView(payload.buffer).setUint32(0, h * 50 + i);
    return encodeBase58Check(BASE58.block_hash, payload);
  }),
);

/** What the handlers answer next (set by each test). */
let reply: () => unknown = () => OPERATION_HASH;
const handlers: Partial<Handlers> = {
  postInjectionOperation: () => reply() as string,
  getChainsBlocks: () => reply() as string[][],
};

let server: RpcServer;
const codecs = binaryBodies(binaryCodecs);
const json = () => new HttpTransport({ baseUrl: server.url });
const binary = () => new HttpTransport({ baseUrl: server.url, mediaType: "application/octet-stream", binary: codecs });

beforeAll(async () => {
  server = await createRpcServer({ routes: routeTable, handlers: handlers as Handlers, partialHandlers: true, binary: binaryCodecs, validateOutput: true });
});
afterAll(() => server.close());

const inject = (accept = "application/json") =>
  raw(`${server.url}/injection/operation`, { method: "POST", headers: { "content-type": "application/json", accept }, body: '"00"' });

/** The chunk sizes and the content of a chunked answer, read from the socket itself. */
function chunksOf(path: string, accept: string): Promise<{ head: string; sizes: number[]; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const { port } = new URL(server.url);
    const socket = connect(Number(port), "127.0.0.1", () => socket.end(`GET ${path} HTTP/1.1\r\nHost: x\r\nAccept: ${accept}\r\nConnection: close\r\n\r\n`));
    const parts: Buffer[] = [];
    socket.on("data", (d: Buffer) => parts.push(d));
    socket.on("error", reject);
    socket.on("close", () => {
      const all = Buffer.concat(parts);
      const split = all.indexOf("\r\n\r\n");
      const sizes: number[] = [];
      const body: Buffer[] = [];
      let at = split + 4;
      for (;;) {
        const eol = all.indexOf("\r\n", at);
        const size = parseInt(all.subarray(at, eol).toString("latin1"), 16);
        if (size === 0) break;
        sizes.push(size);
        body.push(all.subarray(eol + 2, eol + 2 + size));
        at = eol + 2 + size + 2;
      }
      resolve({ head: all.subarray(0, split).toString("latin1").toLowerCase(), sizes, body: Buffer.concat(body) });
    });
  });
}

describe("201 and 204", () => {
  it("answers 201 with an empty body, a Location when given, and no Content-Type", async () => {
    reply = () => answer.created("/chains/main/mempool/pending_operations");
    const a = await inject();
    expect([a.status, a.body.length, a.headers.location, a.headers["content-type"]]).toEqual([201, 0, "/chains/main/mempool/pending_operations", undefined]);
    reply = () => answer.created();
    const b = await inject();
    expect([b.status, b.body.length, "location" in b.headers]).toEqual([201, 0, false]);
  });

  it("answers 204 with no body and no Content-Length", async () => {
    reply = () => answer.noContent();
    const a = await inject();
    expect([a.status, a.body.length, a.headers["content-length"], a.headers["content-type"]]).toEqual([204, 0, undefined, undefined]);
  });

  it("an async handler may answer them too; the client reads both as no value", async () => {
    for (const make of [() => answer.created("/x"), () => answer.noContent()]) {
      reply = async () => make();
      await expect(json().call(postInjectionOperationRoute, { path: {}, query: {}, body: "00" })).resolves.toBeUndefined();
      await expect(binary().call(postInjectionOperationRoute, { path: {}, query: {}, body: "00" })).resolves.toBeUndefined();
    }
  });

  it("the client reads a 201 that carries a body as the route's value", async () => {
    const standIn: Server = createServer((_req, res) => {
      res.writeHead(201, { "content-type": "application/json", location: "/x" }).end(`"${OPERATION_HASH}"\n`);
    });
    await new Promise<void>((resolve) => standIn.listen(0, "127.0.0.1", resolve));
    try {
      const transport = new HttpTransport({ baseUrl: `http://127.0.0.1:${(standIn.address() as AddressInfo).port}` });
      expect(await transport.call(postInjectionOperationRoute, { path: {}, query: {}, body: "00" })).toBe(OPERATION_HASH);
    } finally {
      await new Promise((resolve) => standIn.close(resolve));
    }
  });
});

describe("error statuses", () => {
  const helpers = [
    [401, answer.unauthorized],
    [403, answer.forbidden],
    [404, answer.notFound],
    [409, answer.conflict],
    [410, answer.gone],
    [500, answer.error],
  ] as const;

  it.each(helpers)("%i: the trace in the negotiated type, thrown or returned", async (status, make) => {
    reply = () => {
      throw make(TRACE);
    };
    const a = await inject();
    expect([a.status, a.headers["content-type"], a.text]).toEqual([status, "application/json", `${JSON.stringify(TRACE)}\n`]);
    reply = () => make(TRACE);
    for (const transport of [json(), binary()]) {
      const error = await transport.call(postInjectionOperationRoute, { path: {}, query: {}, body: "00" }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RpcError);
      expect([(error as RpcError).status, (error as RpcError).trace]).toEqual([status, TRACE]);
    }
  });

  it.each(helpers)("%i without a trace: an empty body, typed as the answer would have been", async (status, make) => {
    reply = () => make();
    const a = await inject("application/octet-stream");
    expect([a.status, a.headers["content-type"], a.body.length]).toEqual([status, "application/octet-stream", 0]);
    const error = await json().call(postInjectionOperationRoute, { path: {}, query: {}, body: "00" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RpcError);
    expect([(error as RpcError).status, (error as RpcError).trace, (error as RpcError).text]).toEqual([status, undefined, undefined]);
  });
});

describe("chunked single answers", () => {
  const text = `${JSON.stringify(BIG)}\n`;

  it("sends JSON in chunks of 4,096 bytes, no Content-Length, the value and its newline", async () => {
    reply = () => answer.chunked(BIG);
    const { head, sizes, body } = await chunksOf("/chains/main/blocks", "application/json");
    expect(head).toMatch(/^http\/1\.1 200/);
    expect(head).toContain("transfer-encoding: chunked");
    expect(head).not.toContain("content-length");
    expect(body.toString("utf8")).toBe(text);
    expect(sizes.length).toBe(Math.ceil(text.length / 4096));
    expect(sizes.slice(0, -1).every((s) => s === 4096)).toBe(true);
  });

  it("sends binary as one chunk holding the framed value", async () => {
    reply = () => answer.chunked(BIG);
    const { sizes, body } = await chunksOf("/chains/main/blocks", "application/octet-stream");
    expect(sizes).toEqual([body.length]);
    expect(codecs.decodeBody(getChainsBlocksRoute, "output", body)).toEqual(BIG);
  });

  it("the client reads it to the end, in both media types", async () => {
    reply = () => answer.chunked(BIG);
    expect(await json().call(getChainsBlocksRoute, { path: { chain_id: "main" }, query: {} })).toEqual(BIG);
    expect(await binary().call(getChainsBlocksRoute, { path: { chain_id: "main" }, query: {} })).toEqual(BIG);
  });

  it("the client's size cap applies across chunks", async () => {
    reply = async () => answer.chunked(BIG);
    // Larger than a chunk, smaller than the answer: passed only once several chunks are in.
    const capped = new HttpTransport({ baseUrl: server.url, maxAnswerBytes: 3 * 4096 });
    const error = await capped.call(getChainsBlocksRoute, { path: { chain_id: "main" }, query: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ElementTooLargeError);
    expect((error as ElementTooLargeError).limit).toBe(3 * 4096);
    const roomy = new HttpTransport({ baseUrl: server.url, maxAnswerBytes: text.length });
    expect(await roomy.call(getChainsBlocksRoute, { path: { chain_id: "main" }, query: {} })).toEqual(BIG);
  });

  it("checks a chunked value like any other: one its type refuses is a 500, not sent", async () => {
    reply = () => answer.chunked([[GENESIS, "not a hash"]]);
    const a = await raw(`${server.url}/chains/main/blocks`);
    expect(a.status).toBe(500);
    expect(a.headers["transfer-encoding"]).toBeUndefined();
  });
});

describe("typing", () => {
  it("lets handlers of the generated interface return the helpers without a cast", async () => {
    const typed: Partial<Handlers> = {
      getChainsChainId: () => answer.chunked("NetXdQprcVkpaWU"),
      postInjectionOperation: async () => answer.created(),
      getHealthReady: () => answer.noContent(),
    };
    const request = { path: { chain_id: "main" } } as never;
    const context = {} as never;
    expect(typed.getChainsChainId!(request, context)).toBeInstanceOf(RpcAnswer);
    expect(await typed.postInjectionOperation!(request, context)).toBeInstanceOf(RpcAnswer);
    expect(typed.getHealthReady!(request, context)).toBeInstanceOf(RpcAnswer);
  });
});
