/**
 * Streamed answers (octez-http.md §2.4): one element per chunk in both media types, the
 * producer paced by the client's reading (back-pressure), and stopped when the client leaves.
 */
import { get, type IncomingMessage } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AnyRouteDescriptor, BinaryCodecTable, BodyCodec, BodyDescriptor, HandlerContext } from "../../../runtime/index.ts";
import { createRpcServer, type RpcServer } from "../../../runtime/server/index.ts";
import { raw } from "./support.ts";

const anything = Object.assign(() => true, { errors: null });
/** Elements are strings; in binary, their UTF-8 bytes. */
const text: BodyDescriptor<string> = { mediaTypes: ["application/json", "application/octet-stream"], validate: anything };
const textCodec: BodyCodec<string> = {
  encode: (w, v) => w.raw(Buffer.from(v, "utf8")),
  decode: (r) => Buffer.from(r.rest()).toString("utf8"),
};
const stream = (operation: string, name: string): AnyRouteDescriptor => ({
  operation,
  method: "GET",
  path: [{ kind: "static", name }],
  query: [{ name: "count", kind: "optional", type: "uint", valueType: "number" }],
  streaming: "always",
  output: text,
  error: text,
});
const routes = [stream("getCount", "count"), stream("getForever", "forever"), stream("getFailing", "failing"), stream("getWaiting", "waiting")];
const binary: BinaryCodecTable = Object.fromEntries(routes.map((r) => [r.operation, { output: textCodec, error: textCodec }]));

const ELEMENT = 32 * 1024;
const TOTAL = 1000;
/**
 * The most `getForever` ever produces (64 MB). Without back-pressure its loop would fill the
 * memory without end (a worker grew to 23 GB): bounded, the test fails on its assertion instead.
 */
const PRODUCED_AT_MOST = 2 * TOTAL;
let produced = 0;
let returned: () => void = () => {};
let aborted = false;
const errors: unknown[] = [];

const handlers = {
  async *getCount({ query }: { query: { count?: number } }) {
    for (let i = 0; i < (query.count ?? 3); i++) yield `element ${i}`;
  },
  async *getForever() {
    produced = 0;
    try {
      while (produced < PRODUCED_AT_MOST) {
        produced++;
        yield String(produced % 10).repeat(ELEMENT);
      }
    } finally {
      returned();
    }
  },
  async *getFailing() {
    yield "one";
    throw new Error("producer broke");
  },
  async *getWaiting(_request: unknown, { signal }: HandlerContext) {
    yield "first";
    // A monitor waiting for an event that never comes: only the signal ends it.
    await new Promise((resolve) => signal.addEventListener("abort", resolve));
    aborted = signal.aborted;
  },
};

let server: RpcServer;
beforeAll(async () => {
  server = await createRpcServer({ routes, handlers, binary, onError: (e) => errors.push(e) });
});
afterAll(() => server.close());

function open(path: string): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => get(`${server.url}${path}`, { agent: false }, resolve).on("error", reject));
}

describe("stream framing", () => {
  it("sends newline-delimited JSON, chunked", async () => {
    const a = await raw(`${server.url}/count?count=3`);
    expect(a.status).toBe(200);
    expect(a.headers["transfer-encoding"]).toBe("chunked");
    expect(a.headers["content-type"]).toBe("application/json");
    expect(a.text).toBe('"element 0"\n"element 1"\n"element 2"\n');
  });

  it("sends length-prefixed binary elements", async () => {
    const a = await raw(`${server.url}/count?count=2`, { headers: { accept: "application/octet-stream" } });
    expect(a.headers["content-type"]).toBe("application/octet-stream");
    const expected = Buffer.concat(["element 0", "element 1"].map((s) => Buffer.concat([Buffer.from([0, 0, 0, 9]), Buffer.from(s)])));
    expect(a.body.equals(expected)).toBe(true);
  });

  it("writes one element per chunk", async () => {
    const res = await open("/count?count=3");
    const chunks: string[] = [];
    for await (const chunk of res) chunks.push(String(chunk));
    // Chunk boundaries may merge on the way; each one must still hold whole elements.
    expect(chunks.join("")).toBe('"element 0"\n"element 1"\n"element 2"\n');
    expect(chunks.every((c) => c.endsWith("\n"))).toBe(true);
  });

  it("ends the stream cleanly when the producer fails, and reports the failure", async () => {
    errors.length = 0;
    const a = await raw(`${server.url}/failing`);
    expect(a.status).toBe(200);
    expect(a.text).toBe('"one"\n');
    expect(String(errors[0])).toMatch(/producer broke/);
  });
});

describe("back-pressure and clients that leave", () => {
  it("stops producing while the client does not read, and delivers everything once it does", async () => {
    const res = await open("/forever");
    res.pause();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const whilePaused = produced;
    // Socket buffers hold a few MB at most; 1000 elements are 32 MB.
    expect(whilePaused).toBeLessThan(TOTAL / 2);
    let bytes = 0;
    const done = new Promise<void>((resolve) => (returned = resolve));
    res.on("data", (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes >= TOTAL * (ELEMENT + 3)) res.destroy();
    });
    res.resume();
    await done;
    expect(bytes).toBeGreaterThanOrEqual(TOTAL * (ELEMENT + 3));
    expect(produced).toBeGreaterThan(whilePaused);
  });

  it("return()s the producer's iterator when the client leaves", async () => {
    const done = new Promise<void>((resolve) => (returned = resolve));
    const res = await open("/forever");
    await new Promise<void>((resolve) => res.once("data", () => resolve()));
    res.destroy();
    await done;
    expect(produced).toBeGreaterThan(0);
  });

  it("aborts the handler's signal when the client leaves a waiting stream", async () => {
    aborted = false;
    const res = await open("/waiting");
    await new Promise<void>((resolve) => res.once("data", () => resolve()));
    res.destroy();
    await expect.poll(() => aborted).toBe(true);
  });
});
