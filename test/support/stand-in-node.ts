/**
 * A stand-in node for client tests: a bare `node:http` server on 127.0.0.1 (port 0) whose
 * answers the test writes by hand, so each test controls status, headers, chunking and timing.
 * Records the requests it got (method, URL, headers, body) and whether each connection closed
 * before its answer finished.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { afterEach } from "vitest";
import { listenOnLoopback } from "./loopback.ts";

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: Buffer;
  /** Resolves when the client went away (or the answer ended). */
  closed: Promise<void>;
  /** True once the client closed before the answer ended. */
  readonly abandoned: boolean;
}

export interface StandIn {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export type StandInHandler = (request: RecordedRequest, response: ServerResponse) => unknown;

export async function startStandIn(handler: StandInHandler): Promise<StandIn> {
  const requests: RecordedRequest[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    let abandoned = false;
    const closed = new Promise<void>((resolve) =>
      res.on("close", () => {
        abandoned = !res.writableFinished;
        resolve();
      }),
    );
    const recorded: RecordedRequest = {
      method: req.method ?? "",
      url: req.url ?? "",
      headers: req.headers,
      body: Buffer.concat(chunks),
      closed,
      get abandoned() {
        return abandoned;
      },
    };
    requests.push(recorded);
    try {
      await handler(recorded, res);
    } catch {
      res.destroy();
    }
  });
  return { ...(await listenOnLoopback(server)), requests };
}

/**
 * For a test file: a function starting stand-ins, each closed after the test that started it.
 */
export function standInsPerTest(): (handler: StandInHandler) => Promise<StandIn> {
  const open: StandIn[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((standIn) => standIn.close()));
  });
  return async (handler) => {
    const standIn = await startStandIn(handler);
    open.push(standIn);
    return standIn;
  };
}

/** Writes `body` as a chunked answer cut into pieces of the given sizes (cycled), letting each piece go out on its own. */
export async function writeInPieces(response: ServerResponse, body: Uint8Array, sizes: readonly number[]): Promise<void> {
  let at = 0;
  for (let i = 0; at < body.length; i++) {
    const size = Math.max(1, sizes[i % sizes.length]!);
    response.write(body.subarray(at, at + size));
    at += size;
    // A macrotask between pieces, so that they leave as separate writes (and chunks).
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** A port on 127.0.0.1 where nothing listens (a server is opened and closed on it). */
export async function closedPort(): Promise<string> {
  const standIn = await startStandIn((_req, res) => res.end());
  await standIn.close();
  return standIn.url;
}
