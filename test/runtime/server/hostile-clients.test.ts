/**
 * Clients that try to keep others out (issue 21): stream subscribers that never read, headers
 * trickled a byte at a time, endless bodies nobody asked for; and the body cap on chunked
 * bodies, at its default. Every wait is bounded: a server that lets them hold their slots
 * fails these tests instead of hanging them.
 */
import { request } from "node:http";
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
  { operation: "postLength", method: "POST", path: [{ kind: "static", name: "length" }], query: [], streaming: "never", input: text, output: text, error: text },
];
const ELEMENT = "x".repeat(64 * 1024);
const handlers = {
  async *getForever() {
    for (;;) yield ELEMENT;
  },
  getPing: () => "pong",
  postLength: ({ body }: { body: string }) => String(body.length),
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

/** Sends `head` then chunks of `chunk` until the socket closes; resolves with what was received, or `undefined` if still open after `ms`. */
async function endlessBody(port: number, head: string, ms: number): Promise<string | undefined> {
  const socket = await opened(port);
  let received = "";
  socket.on("data", (d: Buffer) => (received += d.toString()));
  socket.on("error", () => {});
  socket.write(head);
  const piece = Buffer.alloc(16 * 1024, 0x61);
  const chunk = Buffer.concat([Buffer.from(piece.length.toString(16) + "\r\n"), piece, Buffer.from("\r\n")]);
  const pump = setInterval(() => socket.writable && socket.write(chunk), 5);
  try {
    return await within(ms, closed(socket).then(() => received));
  } finally {
    clearInterval(pump);
    socket.destroy();
  }
}

describe("bodies nobody wants", () => {
  let server: RpcServer;
  let port: number;
  beforeAll(async () => {
    server = await createRpcServer({ routes, handlers });
    port = Number(new URL(server.url).port);
  });
  afterAll(() => server.close());

  it("answers a GET carrying an endless chunked body, then closes instead of reading it", async () => {
    const received = await endlessBody(port, "GET /ping HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n", 5000);
    expect(received).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(received).toMatch(/\r\nConnection: close\r\n/i);
    expect(received).toContain('"pong"');
  });

  it("closes a refused request (415) instead of reading its endless body", async () => {
    const received = await endlessBody(port, "POST /length HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\n", 5000);
    expect(received).toMatch(/^HTTP\/1\.1 415 /);
  });

  it("keeps the connection of a request whose body was read", async () => {
    const socket = await opened(port);
    let received = "";
    socket.on("data", (d: Buffer) => (received += d.toString()));
    const request = (body: string) => `POST /length HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`;
    try {
      // Two requests on one connection: the first answer left it open.
      socket.write(request('"abc"'));
      socket.write(request('"abcd"'));
      for (let i = 0; i < 100 && !received.includes('"4"'); i++) await new Promise((r) => setTimeout(r, 20));
      expect(received.match(/HTTP\/1\.1 200 OK/g)?.length).toBe(2);
      expect(received).not.toMatch(/Connection: close/i);
    } finally {
      socket.destroy();
    }
  });

  it("caps chunked bodies (no Content-Length) at 8 MiB by default: 413 above, accepted at the cap", async () => {
    const MiB = 1024 * 1024;
    const chunked = (size: number) => {
      const payload = Buffer.alloc(size, 0x61);
      payload[0] = payload[size - 2] = 0x22; // "aaa…a"\n
      payload[size - 1] = 0x0a;
      return new Promise<{ status: number; text: string }>((resolve, reject) => {
        const req = request(`${server.url}/length`, { method: "POST", agent: false, headers: { "content-type": "application/json", "transfer-encoding": "chunked" } }, (res) => {
          let text = "";
          res.on("data", (d: Buffer) => (text += d.toString()));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
        });
        req.on("error", reject);
        for (let at = 0; at < size; at += MiB) req.write(payload.subarray(at, Math.min(size, at + MiB)));
        req.end();
      });
    };
    expect(await chunked(8 * MiB)).toEqual({ status: 200, text: `"${8 * MiB - 3}"\n` });
    const over = await chunked(8 * MiB + 1);
    expect(over.status).toBe(413);
    expect(over.text).toContain("request body larger than 8388608 bytes");
  }, 30_000);
});
