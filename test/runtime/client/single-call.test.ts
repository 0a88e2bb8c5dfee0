import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import type { GetChainsChainIdError } from "../../../generated/shell/types.ts";
import { BaseUrlError, DecodeError, PathError, ElementTooLargeError, isRpcError, HttpTransport, MediaTypeError, RpcError, TransportError, ValidationError, binaryBodies, frameBinary, type AnyRouteDescriptor } from "../../../runtime/index.ts";
import { getChainsBlocks, getChainsChainId, getNetworkPeers, getNetworkPeersLog, postInjectionOperation } from "../../../generated/shell/client.ts";
import { getChainsChainIdRoute } from "../../../generated/shell/routes.ts";
import { binaryCodecs } from "../../../generated/shell/binary.ts";
import { closedPort, standInsPerTest, writeInPieces, type StandInHandler } from "../../support/stand-in-node.ts";
import { rejection } from "../../support/rejection.ts";

const CHAIN_ID = "NetXdQprcVkpaWU";
const CHAIN_ID_BYTES = Uint8Array.from([0x7a, 0x06, 0xa7, 0x70]);
const BLOCK = "BLockGenesisGenesisGenesisGenesisGenesisf79b5d1CoW2";

const node = standInsPerTest();

function json(value: unknown, status = 200) {
  return (_req: unknown, res: import("node:http").ServerResponse) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(`${JSON.stringify(value)}\n`);
  };
}

describe("single answers", () => {
  it("calls a JSON route: Accept is the bare type, no Content-Type without a body, prefix and extra headers kept", async () => {
    const n = await node(json(CHAIN_ID));
    const transport = new HttpTransport({ baseUrl: `${n.url}/tezos/rpc/`, headers: { "x-api-key": "k" } });
    expect(await getChainsChainId(transport, { path: { chain_id: "main" } })).toBe(CHAIN_ID);
    const [request] = n.requests;
    expect(request!.url).toBe("/tezos/rpc/chains/main/chain_id");
    expect(request!.headers.accept).toBe("application/json");
    expect(request!.headers["content-type"]).toBeUndefined();
    expect(request!.headers["x-api-key"]).toBe("k");
  });

  it("writes query arguments by kind and percent-encodes path arguments", async () => {
    const n = await node(json([[BLOCK]]));
    const transport = new HttpTransport({ baseUrl: n.url });
    expect(await getChainsBlocks(transport, { path: { chain_id: "a/b" }, query: { length: 1, head: [BLOCK, BLOCK] } })).toEqual([[BLOCK]]);
    expect(n.requests[0]!.url).toBe(`/chains/a%2Fb/blocks?length=1&head=${BLOCK}&head=${BLOCK}`);
    await getNetworkPeersLog(transport, { path: { peer_id: "idtest" } }).catch(() => undefined);
    expect(n.requests[1]!.url).toBe("/network/peers/idtest/log");
  });

  it("reads a chunked answer cut into tiny pieces to its end", async () => {
    const value = Array.from({ length: 50 }, () => [BLOCK]);
    const n = await node(async (_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      await writeInPieces(res, new TextEncoder().encode(`${JSON.stringify(value)}\n`), [1, 7, 3, 400]);
      res.end();
    });
    expect(await getChainsBlocks(new HttpTransport({ baseUrl: n.url }), { path: { chain_id: "main" } })).toEqual(value);
  });

  it("speaks binary per client or per call: length-prefixed bodies both ways", async () => {
    const n = await node((req, res) => {
      res.writeHead(200, { "content-type": req.headers.accept === "application/octet-stream" ? "application/octet-stream" : "application/json" });
      res.end(req.headers.accept === "application/octet-stream" ? frameBinary(CHAIN_ID_BYTES) : `"${CHAIN_ID}"\n`);
    });
    const binaryClient = new HttpTransport({ baseUrl: n.url, mediaType: "application/octet-stream", binary: binaryBodies(binaryCodecs) });
    expect(await getChainsChainId(binaryClient, { path: { chain_id: "main" } })).toBe(CHAIN_ID);
    expect(n.requests[0]!.headers.accept).toBe("application/octet-stream");
    expect(await getChainsChainId(binaryClient, { path: { chain_id: "main" } }, { mediaType: "application/json" })).toBe(CHAIN_ID);
    expect(n.requests[1]!.headers.accept).toBe("application/json");
    const jsonClient = new HttpTransport({ baseUrl: n.url, binary: binaryBodies(binaryCodecs) });
    expect(await getChainsChainId(jsonClient, { path: { chain_id: "main" } }, { mediaType: "application/octet-stream" })).toBe(CHAIN_ID);
  });

  it("sends bodies with a bare Content-Type: JSON text, or a framed binary payload", async () => {
    const n = await node((req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(`"onhJn6T1vDHVqF6x8e3QJmj7KKtEdfzPkA4YXYJDoTbC1PkETuG"\n`);
    });
    const transport = new HttpTransport({ baseUrl: n.url, binary: binaryBodies(binaryCodecs) });
    await postInjectionOperation(transport, { body: "00ff", query: { async: true } });
    await postInjectionOperation(transport, { body: "00ff" }, { mediaType: "application/octet-stream" });
    const [asJson, asBinary] = n.requests;
    expect(asJson!.url).toBe("/injection/operation?async=true");
    expect(asJson!.headers["content-type"]).toBe("application/json");
    expect(asJson!.body.toString()).toBe('"00ff"');
    expect(asBinary!.headers["content-type"]).toBe("application/octet-stream");
    // Bytes of the input are length-prefixed by the encoding, then framed by the transport.
    expect(asBinary!.body.toString("hex")).toBe("00000006000000020" + "0ff");
  });

  it("validates JSON answers by default and can be told not to", async () => {
    const n = await node(json(12));
    const error = await rejection(getChainsChainId(new HttpTransport({ baseUrl: n.url }), { path: { chain_id: "main" } }), ValidationError);
    expect(error.message).toContain("output of getChainsChainId does not match its schema");
    expect(await getChainsChainId(new HttpTransport({ baseUrl: n.url, validate: false }), { path: { chain_id: "main" } })).toBe(12);
  });

  it("fails with the codec's DecodeError on text that is not JSON or bytes that do not decode", async () => {
    const n = await node((req, res) => {
      const binary = req.headers.accept === "application/octet-stream";
      res.writeHead(200, { "content-type": req.headers.accept! });
      res.end(binary ? frameBinary(Uint8Array.of(1, 2)) : '{"oops"\n');
    });
    await rejection(getChainsChainId(new HttpTransport({ baseUrl: n.url }), { path: { chain_id: "main" } }), DecodeError);
    const binaryClient = new HttpTransport({ baseUrl: n.url, mediaType: "application/octet-stream", binary: binaryBodies(binaryCodecs) });
    await rejection(getChainsChainId(binaryClient, { path: { chain_id: "main" } }), DecodeError);
  });

  it("caps the size of an answer, with or without Content-Length", async () => {
    const big = `"${"x".repeat(5000)}"\n`;
    const n = await node(async (req, res) => {
      if (req.url.endsWith("/chain_id")) return json("x".repeat(5000))(req, res);
      res.writeHead(200, { "content-type": "application/json" });
      await writeInPieces(res, new TextEncoder().encode(big), [1000]);
      res.end();
    });
    const transport = new HttpTransport({ baseUrl: n.url, maxAnswerBytes: 1000, validate: false });
    const declared = await rejection(getChainsChainId(transport, { path: { chain_id: "main" } }), ElementTooLargeError);
    expect(declared.message).toBe("answer is larger than the cap of 1000 bytes (5003 bytes read so far)");
    const chunked = await rejection(getChainsBlocks(transport, { path: { chain_id: "main" } }), ElementTooLargeError);
    expect(chunked.size).toBeGreaterThan(1000);
  });

  it("a route whose request is all optional takes the options in it too: getNetworkPeers(node, { signal }) aborts", async () => {
    // Answers the `disconnected` filter at once, anything else never.
    const n = await node((req, res) => (req.url.includes("filter=disconnected") ? json([])(req, res) : undefined));
    const transport = new HttpTransport({ baseUrl: n.url });
    const controller = new AbortController();
    const call = getNetworkPeers(transport, { signal: controller.signal });
    controller.abort();
    expect((await rejection(call, TransportError)).reason).toBe("aborted");
    expect((await rejection(getNetworkPeers(transport, { timeoutMs: 30 }), TransportError)).reason).toBe("timeout");
    // Query and options together; options given third still win.
    expect(await getNetworkPeers(transport, { query: { filter: ["disconnected"] }, timeoutMs: 1 }, { timeoutMs: 10_000 })).toEqual([]);
    expect(n.requests.map((r) => r.url)).toContain("/network/peers?filter=disconnected");
  });

  it("in a browser page, a failed call to another origin hints at CORS", async () => {
    const refused: typeof fetch = () => Promise.reject(new TypeError("Failed to fetch"));
    const page = globalThis as { location?: unknown };
    page.location = { origin: "http://app.example", href: "http://app.example/" };
    try {
      const other = await rejection(getChainsChainId(new HttpTransport({ baseUrl: "http://node.example:8732", fetch: refused }), { path: { chain_id: "main" } }), TransportError);
      expect(other.reason).toBe("unreachable");
      expect(other.message).toContain("a refusal by CORS");
      expect(other.message).toContain("--cors-origin http://app.example");
      const same = await rejection(getChainsChainId(new HttpTransport({ baseUrl: "http://app.example/rpc", fetch: refused }), { path: { chain_id: "main" } }), TransportError);
      expect(same.message).not.toContain("CORS");
    } finally {
      delete page.location;
    }
  });

  it("a path argument . or .. cannot change the route under a base path: refused before any request", async () => {
    const n = await node(json("NetXdQprcVkpaWU"));
    const transport = new HttpTransport({ baseUrl: `${n.url}/base` });
    for (const chain_id of ["..", "."]) {
      const error = await rejection(getChainsChainId(transport, { path: { chain_id } }), PathError);
      expect(error.problem).toBe("dot-segment");
      expect(error.where).toBe("chain_id");
    }
    expect(n.requests).toEqual([]);
    expect(await getChainsChainId(transport, { path: { chain_id: "main" } })).toBe("NetXdQprcVkpaWU");
    expect(n.requests.map((r) => r.url)).toEqual(["/base/chains/main/chain_id"]);
  });

  it("caps the decoded bytes of a compressed answer as they stream, by default at 64 MiB", async () => {
    // Spaces then "main": valid JSON whatever its length, so only the cap can refuse it.
    const inflating = (size: number) => gzipSync(Buffer.concat([Buffer.alloc(size - 6, 0x20), Buffer.from('"main"')]));
    const small = inflating(1 << 20); // about 1 KiB compressed, 1 MiB decoded
    const big = inflating(64 * 1024 * 1024 + 1);
    const n = await node(async (req, res) => {
      const body = req.url.includes("big") ? big : small;
      res.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip", "content-length": body.length });
      res.end(body);
    });
    const capped = await rejection(getChainsChainId(new HttpTransport({ baseUrl: n.url, maxAnswerBytes: 64 * 1024, validate: false }), { path: { chain_id: "main" } }), ElementTooLargeError);
    expect(capped.limit).toBe(64 * 1024);
    // Stopped near the cap, not after reading the whole megabyte.
    expect(capped.size).toBeLessThan(1 << 20);
    // The same answer under a cap it fits decodes.
    expect(await getChainsChainId(new HttpTransport({ baseUrl: n.url, validate: false }), { path: { chain_id: "main" } })).toBe("main");
    const byDefault = await rejection(getChainsChainId(new HttpTransport({ baseUrl: n.url, validate: false }), { path: { chain_id: "big" } }), ElementTooLargeError);
    expect(byDefault.limit).toBe(64 * 1024 * 1024);
  });
});

describe("error answers", () => {
  const trace = [{ kind: "temporary", id: "proto.alpha.contract.counter_in_the_future", contract: "tz1", expected: "1", found: "5" }];

  it("an error trace is parsed and typed", async () => {
    const n = await node(json(trace, 500));
    const error = await rejection(getChainsChainId(new HttpTransport({ baseUrl: n.url }), { path: { chain_id: "main" } }), RpcError);
    expect(error.status).toBe(500);
    expect(error.method).toBe("GET");
    expect(error.url).toBe(`${n.url}/chains/main/chain_id`);
    expect(error.trace).toEqual(trace);
    expect(error.text).toBeUndefined();
    expect(error.message).toContain("answered 500: temporary proto.alpha.contract.counter_in_the_future");
    if (!isRpcError(error, getChainsChainIdRoute)) throw new Error("expected an RpcError");
    const typed: GetChainsChainIdError | undefined = error.trace;
    expect(typed).toEqual(trace);
  });

  it("a binary error trace is decoded with the route's error codec", async () => {
    const binary = binaryBodies(binaryCodecs);
    const n = await node((_req, res) => {
      res.writeHead(500, { "content-type": "application/octet-stream" });
      res.end(binary.encodeBody(getChainsChainIdRoute, "error", trace));
    });
    const client = new HttpTransport({ baseUrl: n.url, mediaType: "application/octet-stream", binary });
    const error = await rejection(getChainsChainId(client, { path: { chain_id: "main" } }), RpcError);
    expect([error.status, error.trace, error.text]).toEqual([500, trace, undefined]);
    // Without binary codecs the body is kept as a description, not lost.
    const jsonClient = new HttpTransport({ baseUrl: n.url });
    expect((await rejection(getChainsChainId(jsonClient, { path: { chain_id: "main" } }), RpcError)).text).toMatch(/^binary error body of \d+ bytes that does not decode/);
  });

  it("a plain-text message is kept as text; empty 404 and 405 carry nothing but the status (and Allow)", async () => {
    const n = await node((req, res) => {
      if (req.url.includes("bad")) {
        res.writeHead(400, { "content-type": "text/plain" });
        return res.end("Failed to parse the query string: Duplicate argument 'length' in query string.");
      }
      if (req.url.includes("missing")) return res.writeHead(404).end();
      if (req.url.includes("empty-trace")) return json([], 500)(req, res);
      // Two Allow lines, as resto writes one per method.
      res.setHeader("allow", ["GET", "PUT"]);
      res.writeHead(405).end();
    });
    const transport = new HttpTransport({ baseUrl: n.url });
    const bad = await rejection(getChainsChainId(transport, { path: { chain_id: "bad" } }), RpcError);
    expect([bad.status, bad.text, bad.trace]).toEqual([400, "Failed to parse the query string: Duplicate argument 'length' in query string.", undefined]);
    const missing = await rejection(getChainsChainId(transport, { path: { chain_id: "missing" } }), RpcError);
    expect([missing.status, missing.text, missing.trace, missing.allow]).toEqual([404, undefined, undefined, undefined]);
    const notAllowed = await rejection(getChainsChainId(transport, { path: { chain_id: "x" } }), RpcError);
    expect([notAllowed.status, notAllowed.allow]).toEqual([405, ["GET", "PUT"]]);
    const emptyTrace = await rejection(getChainsChainId(transport, { path: { chain_id: "empty-trace" } }), RpcError);
    expect([emptyTrace.trace, emptyTrace.text]).toEqual([undefined, "[]\n"]);
  });

  it("an unreachable node, a timeout and an abort are distinct transport errors", async () => {
    const nowhere = await closedPort();
    const unreachable = await rejection(getChainsChainId(new HttpTransport({ baseUrl: nowhere }), { path: { chain_id: "main" } }), TransportError);
    expect(unreachable.reason).toBe("unreachable");
    expect(unreachable.message).toContain("ECONNREFUSED");

    const n = await node(() => undefined); // never answers
    const timeout = await rejection(getChainsChainId(new HttpTransport({ baseUrl: n.url, timeoutMs: 30 }), { path: { chain_id: "main" } }), TransportError);
    expect(timeout.reason).toBe("timeout");
    const perCall = await rejection(getChainsChainId(new HttpTransport({ baseUrl: n.url }), { path: { chain_id: "main" } }, { timeoutMs: 30 }), TransportError);
    expect(perCall.reason).toBe("timeout");

    const controller = new AbortController();
    const pending = getChainsChainId(new HttpTransport({ baseUrl: n.url }), { path: { chain_id: "main" } }, { signal: controller.signal });
    setTimeout(() => controller.abort(), 10);
    expect((await rejection(pending, TransportError)).reason).toBe("aborted");
    expect((await rejection(getChainsChainId(new HttpTransport({ baseUrl: n.url }), { path: { chain_id: "main" } }, { signal: AbortSignal.abort() }), TransportError)).reason).toBe("aborted");
  });

  it("a connection cut in the middle of an answer is an interrupted transport error", async () => {
    const n = await node((_req, res) => {
      res.writeHead(200, { "content-type": "application/json", "content-length": "100" });
      res.write('"NetX');
      setTimeout(() => res.destroy(), 5);
    });
    expect((await rejection(getChainsChainId(new HttpTransport({ baseUrl: n.url }), { path: { chain_id: "main" } }), TransportError)).reason).toBe("interrupted");
  });
});

describe("retries", () => {
  it("retries GETs on 503 when asked to, and only then", async () => {
    let count = 0;
    const n = await node((req, res) => {
      if (++count <= 2) return res.writeHead(503).end();
      json(req.method === "POST" ? "onhJn6T1vDHVqF6x8e3QJmj7KKtEdfzPkA4YXYJDoTbC1PkETuG" : CHAIN_ID)(req, res);
    });
    const retrying = new HttpTransport({ baseUrl: n.url, retry: { retries: 2, delayMs: 1 } });
    expect(await getChainsChainId(retrying, { path: { chain_id: "main" } })).toBe(CHAIN_ID);
    expect(n.requests.length).toBe(3);

    count = 0;
    const once = await rejection(getChainsChainId(new HttpTransport({ baseUrl: n.url }), { path: { chain_id: "main" } }), RpcError);
    expect(once.status).toBe(503);
    expect(n.requests.length).toBe(4);

    count = 0;
    await rejection(postInjectionOperation(retrying, { body: "00" }), RpcError);
    expect(n.requests.length).toBe(5);
  });

  it("retries a GET that got no answer, through the fetch the client was given", async () => {
    const n = await node(json(CHAIN_ID));
    let attempts = 0;
    const flaky: typeof fetch = (input, init) => (++attempts === 1 ? Promise.reject(new TypeError("fetch failed", { cause: { code: "ECONNRESET" } })) : fetch(input, init));
    expect(await getChainsChainId(new HttpTransport({ baseUrl: n.url, fetch: flaky, retry: { retries: 1, delayMs: 1 } }), { path: { chain_id: "main" } })).toBe(CHAIN_ID);
    expect([attempts, n.requests.length]).toEqual([2, 1]);
    attempts = 0;
    const error = await rejection(getChainsChainId(new HttpTransport({ baseUrl: n.url, fetch: flaky }), { path: { chain_id: "main" } }), TransportError);
    expect([error.reason, error.message.includes("ECONNRESET")]).toEqual(["unreachable", true]);
  });

  it("gives up after the last retry and does not retry other statuses", async () => {
    const n = await node((_req, res) => res.writeHead(503).end());
    const retrying = new HttpTransport({ baseUrl: n.url, retry: { retries: 1, delayMs: 1 } });
    expect((await rejection(getChainsChainId(retrying, { path: { chain_id: "main" } }), RpcError)).status).toBe(503);
    expect(n.requests.length).toBe(2);
    const other = await node((_req, res) => res.writeHead(404).end());
    await rejection(getChainsChainId(new HttpTransport({ baseUrl: other.url, retry: { retries: 3, delayMs: 1 } }), { path: { chain_id: "main" } }), RpcError);
    expect(other.requests.length).toBe(1);
  });
});

describe("base URL", () => {
  it("resolves a relative base URL against the page's address, as in a browser", async () => {
    const n = await node(json(CHAIN_ID));
    const global = globalThis as { location?: unknown };
    global.location = { href: `${n.url}/app/index.html` };
    let transport: HttpTransport;
    try {
      transport = new HttpTransport({ baseUrl: "/rpc" });
    } finally {
      delete global.location;
    }
    expect(await getChainsChainId(transport, { path: { chain_id: "main" } })).toBe(CHAIN_ID);
    expect(n.requests[0]!.url).toBe("/rpc/chains/main/chain_id");
  });

  it("refuses a relative base URL where there is no page address, and a query string, with a BaseUrlError", () => {
    expect((globalThis as { location?: unknown }).location).toBeUndefined();
    const relative = (() => {
      try {
        new HttpTransport({ baseUrl: "/rpc" });
      } catch (error) {
        return error;
      }
    })();
    expect(relative).toBeInstanceOf(BaseUrlError);
    expect((relative as BaseUrlError).baseUrl).toBe("/rpc");
    expect((relative as Error).message).toMatch(/relative.*globalThis\.location/);
    expect(() => new HttpTransport({ baseUrl: "http://localhost:8732/?a=1" })).toThrow(BaseUrlError);
    expect(() => new HttpTransport({ baseUrl: "ftp://localhost/" })).toThrow(/scheme/);
  });
});

describe("media type choice", () => {
  const jsonOnly: AnyRouteDescriptor = {
    ...getChainsChainIdRoute,
    output: { mediaTypes: ["application/json"], validate: getChainsChainIdRoute.output.validate, jsonOnly: "a free JSON value" },
  };

  it("refuses binary without codecs or for a JSON-only route; a client default falls back to JSON", async () => {
    const n = await node(json(CHAIN_ID));
    expect(() => new HttpTransport({ baseUrl: n.url, mediaType: "application/octet-stream" })).toThrow(MediaTypeError);
    await rejection(getChainsChainId(new HttpTransport({ baseUrl: n.url }), { path: { chain_id: "main" } }, { mediaType: "application/octet-stream" }), MediaTypeError);
    const binaryClient = new HttpTransport({ baseUrl: n.url, mediaType: "application/octet-stream", binary: binaryBodies(binaryCodecs) });
    const error = await rejection(binaryClient.call(jsonOnly, { path: { chain_id: "main" }, query: {}, mediaType: "application/octet-stream" }), MediaTypeError);
    expect(error.message).toContain("a free JSON value");
    expect(await binaryClient.call(jsonOnly, { path: { chain_id: "main" }, query: {} })).toBe(CHAIN_ID);
    expect(n.requests.at(-1)!.headers.accept).toBe("application/json");
  });

  it("refuses binary bodies without a codec table, naming what is missing (plain JavaScript callers)", () => {
    expect(() => (binaryBodies as (table?: unknown) => unknown)()).toThrow(/binaryCodecs/);
  });
});
