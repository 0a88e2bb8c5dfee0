/**
 * Clients that try to keep others out (issue 21): stream subscribers that never read, headers
 * trickled a byte at a time. Every wait is bounded: a server that lets them hold their slots
 * fails these tests instead of hanging them.
 */
import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AnyRouteDescriptor, BodyDescriptor } from "../../../runtime/index.ts";
import { createRpcServer, type RpcServer } from "../../../runtime/server/index.ts";
import { raw } from "./support.ts";

const anything = Object.assign(() => true, { errors: null });
const text: BodyDescriptor<string> = { mediaTypes: ["application/json"], validate: anything };
const routes: AnyRouteDescriptor[] = [
  { operation: "getForever", method: "GET", path: [{ kind: "static", name: "forever" }], query: [], streaming: "always", output: text, error: text },
  { operation: "getPing", method: "GET", path: [{ kind: "static", name: "ping" }], query: [], streaming: "never", output: text, error: text },
];
const ELEMENT = "x".repeat(64 * 1024);
const handlers = {
  async *getForever() {
    for (;;) yield ELEMENT;
  },
  getPing: () => "pong",
};

/** Resolves with the value, or `undefined` once `ms` have passed. */
function within<T>(ms: number, promise: Promise<T>): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([promise, new Promise<undefined>((r) => (timer = setTimeout(() => r(undefined), ms)))]).finally(() => clearTimeout(timer));
}

function opened(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => resolve(socket));
    socket.once("error", reject);
  });
}

const closed = (socket: Socket) => new Promise<void>((resolve) => (socket.destroyed ? resolve() : socket.once("close", () => resolve())));

describe("connection slots", () => {
  let server: RpcServer;
  let port: number;
  beforeAll(async () => {
    server = await createRpcServer({ routes, handlers, streamStallTimeout: 300, headersTimeout: 300 });
    port = Number(new URL(server.url).port);
  });
  afterAll(() => server.close());

  it("100 subscribers that never read lose their slots, and a probe is answered", async () => {
    const subscribers: Socket[] = [];
    try {
      for (let i = 0; i < 100; i++) {
        const socket = await opened(port);
        socket.on("error", () => {});
        socket.pause(); // never reads: its buffers fill, then the server's writes wait
        socket.write("GET /forever HTTP/1.1\r\nHost: x\r\n\r\n");
        subscribers.push(socket);
      }
      // The probe retries (a refused connection is reset at once) for at most 15 s.
      let answer: string | undefined;
      const deadline = Date.now() + 15_000;
      while (answer === undefined && Date.now() < deadline) {
        answer = await raw(`${server.url}/ping`).then((a) => a.text, () => undefined);
        if (answer === undefined) await new Promise((r) => setTimeout(r, 100));
      }
      expect(answer).toBe('"pong"\n');
      // Every subscriber was cut on the server's side (their sockets are paused, so they may not see it).
      const connections = () => new Promise<number>((resolve) => server.servers[0]!.getConnections((_, n) => resolve(n)));
      for (let i = 0; i < 100 && (await connections()) > 0; i++) await new Promise((r) => setTimeout(r, 100));
      expect(await connections()).toBe(0);
    } finally {
      for (const s of subscribers) s.destroy();
    }
  }, 40_000);

  it("cuts a client trickling its headers, with 408", async () => {
    const socket = await opened(port);
    let received = "";
    socket.on("data", (d: Buffer) => (received += d.toString()));
    socket.write("GET /ping HTTP/1.1\r\n");
    const trickle = setInterval(() => socket.writable && socket.write("X"), 50);
    try {
      expect(await within(5000, closed(socket).then(() => true))).toBe(true);
      expect(received).toMatch(/^HTTP\/1\.1 408/);
    } finally {
      clearInterval(trickle);
      socket.destroy();
    }
  });
});
