import { describe, expect, it } from "vitest";
import { ElementTooLargeError, HttpTransport, RpcError, TransportError, ValidationError, binaryBodies } from "../../../runtime/index.ts";
import { getMonitorBootstrapped, getNetworkPeersLog } from "../../../generated/shell/client.ts";
import { getMonitorBootstrappedRoute } from "../../../generated/shell/routes.ts";
import { binaryCodecs } from "../../../generated/shell/binary.ts";
import { standInsPerTest, writeInPieces, type StandInHandler } from "../../support/stand-in-node.ts";

const BLOCK = "BLockGenesisGenesisGenesisGenesisGenesisf79b5d1CoW2";
const elements = Array.from({ length: 8 }, (_, i) => ({ block: BLOCK, timestamp: new Date(Date.UTC(2018, 5, 30, 16, 7, 32 + i)).toISOString().replace(".000", "") }));
const binary = binaryBodies(binaryCodecs);
const ndjson = new TextEncoder().encode(elements.map((e) => `${JSON.stringify(e)}\n`).join(""));
const framed = Buffer.concat(elements.map((e) => binary.encodeBody(getMonitorBootstrappedRoute, "output", e)));

const node = standInsPerTest();

/** Answers with the stream in the asked media type, cut into pieces of `sizes`, then ends. */
function streaming(sizes: readonly number[]): StandInHandler {
  return async (req, res) => {
    const asBinary = req.headers.accept === "application/octet-stream";
    res.writeHead(200, { "content-type": asBinary ? "application/octet-stream" : "application/json" });
    await writeInPieces(res, asBinary ? framed : ndjson, sizes);
    res.end();
  };
}

async function collect<T>(values: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const value of values) out.push(value);
  return out;
}

/** A deterministic sequence of chunk sizes between 1 and 97. */
const randomSizes = Array.from({ length: 64 }, (_, i) => ((i * 7919 + 13) % 97) + 1);

describe("streams", () => {
  it("NDJSON re-chunked into 1-byte and random-sized chunks gives every element, then ends when the node ends", async () => {
    for (const sizes of [[1], randomSizes, [ndjson.length]]) {
      const n = await node(streaming(sizes));
      expect(await collect(getMonitorBootstrapped(new HttpTransport({ baseUrl: n.url })))).toEqual(elements);
    }
  });

  it("length-prefixed binary re-chunked the same way decodes to the same values", async () => {
    for (const sizes of [[1], randomSizes]) {
      const n = await node(streaming(sizes));
      const transport = new HttpTransport({ baseUrl: n.url, mediaType: "application/octet-stream", binary });
      expect(await collect(getMonitorBootstrapped(transport))).toEqual(elements);
      expect(n.requests[0]!.headers.accept).toBe("application/octet-stream");
    }
  });

  it("a flag-driven stream sends its flag", async () => {
    const n = await node(async (_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end();
    });
    // getNetworkPeersLog streams only with `monitor`; its stream function is generated separately.
    expect(await getNetworkPeersLog(new HttpTransport({ baseUrl: n.url, validate: false }), { path: { peer_id: "idx" } }).catch((e: Error) => e.name)).toBe("DecodeError");
    expect(n.requests[0]!.url).toBe("/network/peers/idx/log");
  });

  it("a slow consumer still gets every element in order", async () => {
    const n = await node(streaming([ndjson.length]));
    const out: unknown[] = [];
    for await (const value of getMonitorBootstrapped(new HttpTransport({ baseUrl: n.url }))) {
      out.push(value);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    expect(out).toEqual(elements);
  });

  /** A node that sends two elements, then keeps the stream open. */
  const endless: StandInHandler = (_req, res) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.write(`${JSON.stringify(elements[0])}\n`);
    res.write(`${JSON.stringify(elements[1])}\n`);
  };

  it("break releases the connection: the node sees the client leave", async () => {
    const n = await node(endless);
    for await (const value of getMonitorBootstrapped(new HttpTransport({ baseUrl: n.url }))) {
      expect(value).toEqual(elements[0]);
      break;
    }
    await n.requests[0]!.closed;
    expect(n.requests[0]!.abandoned).toBe(true);
  });

  it("aborting mid-stream ends the iteration quietly and releases the connection", async () => {
    const n = await node(endless);
    const controller = new AbortController();
    const out: unknown[] = [];
    for await (const value of getMonitorBootstrapped(new HttpTransport({ baseUrl: n.url }), { signal: controller.signal })) {
      out.push(value);
      if (out.length === 2) controller.abort();
    }
    expect(out).toEqual(elements.slice(0, 2));
    await n.requests[0]!.closed;
    expect(n.requests[0]!.abandoned).toBe(true);
  });

  it("a node closing the connection mid-stream gives the elements it sent, then an interrupted transport error", async () => {
    const n = await node(async (_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.write(`${JSON.stringify(elements[0])}\n{"block":`);
      await new Promise((resolve) => setTimeout(resolve, 5));
      res.destroy();
    });
    const out: unknown[] = [];
    let failure: unknown;
    try {
      for await (const value of getMonitorBootstrapped(new HttpTransport({ baseUrl: n.url }))) out.push(value);
    } catch (error) {
      failure = error;
    }
    expect(out).toEqual([elements[0]]);
    expect(failure).toBeInstanceOf(TransportError);
    expect((failure as TransportError).reason).toBe("interrupted");
  });

  it("a timeout bounds the wait for the stream's start, not the stream", async () => {
    const silent = await node(() => undefined);
    const error = await collect(getMonitorBootstrapped(new HttpTransport({ baseUrl: silent.url, timeoutMs: 30 }))).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransportError);
    expect((error as TransportError).reason).toBe("timeout");
    // The answer starts at once; its elements come later than the timeout.
    const slow = await node(async (_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.flushHeaders();
      for (const element of elements.slice(0, 2)) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        res.write(`${JSON.stringify(element)}\n`);
      }
      res.end();
    });
    expect(await collect(getMonitorBootstrapped(new HttpTransport({ baseUrl: slow.url, timeoutMs: 150 })))).toEqual(elements.slice(0, 2));
  });

  it("retries opening a stream when asked to, and never once it started", async () => {
    let attempts = 0;
    const n = await node(async (req, res) => {
      attempts++;
      if (attempts === 1) return res.writeHead(503).end();
      if (attempts === 2) return res.destroy(); // no answer at all
      if (attempts === 3) {
        // Started, then cut: not retried (a new stream would start over from the node's state).
        res.writeHead(200, { "content-type": "application/json" });
        res.write(ndjson.subarray(0, ndjson.indexOf(10) + 1));
        await new Promise((resolve) => setTimeout(resolve, 20));
        return res.destroy();
      }
      return streaming([50])(req, res);
    });
    const retrying = new HttpTransport({ baseUrl: n.url, retry: { retries: 3, delayMs: 1 } });
    const got: unknown[] = [];
    const error = await (async () => {
      try {
        for await (const value of getMonitorBootstrapped(retrying)) got.push(value);
      } catch (error) {
        return error;
      }
    })();
    expect(error).toBeInstanceOf(TransportError);
    expect((error as TransportError).reason).toBe("interrupted");
    expect(got).toEqual(elements.slice(0, 1));
    expect(attempts).toBe(3);
    // The next subscription opens at once and reads to the end.
    expect(await collect(getMonitorBootstrapped(retrying))).toEqual(elements);
    expect(attempts).toBe(4);
    // Without retries the first failure is final.
    attempts = 0;
    expect(((await collect(getMonitorBootstrapped(new HttpTransport({ baseUrl: n.url }))).catch((e: unknown) => e)) as RpcError).status).toBe(503);
  });

  it("caps one element's size, validates each element, and reports an error status before any element", async () => {
    const n = await node(async (req, res) => {
      if (req.url.includes("bootstrapped")) return streaming([ndjson.length])(req, res);
      res.writeHead(404).end();
    });
    await expect(collect(getMonitorBootstrapped(new HttpTransport({ baseUrl: n.url, maxElementBytes: 50 })))).rejects.toBeInstanceOf(ElementTooLargeError);
    const bad = await node(async (_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(`${JSON.stringify(elements[0])}\n{"block":1}\n`);
    });
    const seen: unknown[] = [];
    await expect(
      (async () => {
        for await (const value of getMonitorBootstrapped(new HttpTransport({ baseUrl: bad.url }))) seen.push(value);
      })(),
    ).rejects.toBeInstanceOf(ValidationError);
    expect(seen).toEqual([elements[0]]);
    const unknownRoute = { ...getMonitorBootstrappedRoute, path: [{ kind: "static", name: "nothing" }] as const };
    const error = await collect(new HttpTransport({ baseUrl: n.url }).stream(unknownRoute, { path: {}, query: {} })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RpcError);
    expect((error as RpcError).status).toBe(404);
  });

  /** A node that sends one element, stays silent for `ms`, then sends another and ends. */
  const silentFor =
    (ms: number): StandInHandler =>
    async (_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.write(`${JSON.stringify(elements[0])}\n`);
      await new Promise((resolve) => setTimeout(resolve, ms));
      res.end(`${JSON.stringify(elements[1])}\n`);
    };

  it("a silent stream ends with a timeout once it passes the idle limit asked for", async () => {
    const n = await node(silentFor(600));
    const got: unknown[] = [];
    const error = await (async () => {
      for await (const value of getMonitorBootstrapped(new HttpTransport({ baseUrl: n.url, streamIdleTimeoutMs: 100 }))) got.push(value);
    })().catch((e: unknown) => e);
    expect(got).toEqual([elements[0]]);
    expect(error).toBeInstanceOf(TransportError);
    expect((error as TransportError).reason).toBe("timeout");
    expect((error as Error).message).toContain("streamIdleTimeoutMs");
    await n.requests[0]!.closed;
    expect(n.requests[0]!.abandoned).toBe(true);
  });

  it("without an idle limit a stream outlives the platform's body timeout (undici's, shortened here to 100 ms)", async () => {
    const n = await node(silentFor(1_500)); // undici checks its timers about once a second
    const key = Symbol.for("undici.globalDispatcher.1");
    const globals = globalThis as unknown as Record<symbol, { constructor: new (options: object) => { close(): Promise<void> } }>;
    await fetch(n.url).then((r) => r.arrayBuffer()); // loads undici, which installs its agent
    const original = globals[key]!;
    const impatient = new original.constructor({ bodyTimeout: 100 });
    globals[key] = impatient as never;
    try {
      // The same agent ends a plain fetch of that body: the shortened limit is in force.
      const plain = await fetch(n.url).then((r) => r.text()).catch((e: { cause?: { code?: string } }) => e.cause?.code);
      expect(plain).toBe("UND_ERR_BODY_TIMEOUT");
      expect(await collect(getMonitorBootstrapped(new HttpTransport({ baseUrl: n.url })))).toEqual(elements.slice(0, 2));
    } finally {
      globals[key] = original as never;
      await impatient.close();
    }
  });
});
