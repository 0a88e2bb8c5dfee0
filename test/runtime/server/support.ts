/**
 * Helpers for the server tests: a raw HTTP request over loopback (status, headers with repeated
 * lines kept, body bytes) and a few valid values of the shell interface.
 */
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";

export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  /** Header lines as sent, lower-cased names (repeated lines kept). */
  rawHeaders: [string, string][];
  body: Buffer;
  text: string;
}

export interface RawRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
}

/** One request on a fresh connection; resolves with the whole answer. */
export function raw(url: string, init: RawRequest = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: init.method ?? "GET", headers: init.headers ?? {}, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const body = Buffer.concat(chunks);
        const rawHeaders: [string, string][] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) rawHeaders.push([res.rawHeaders[i]!.toLowerCase(), res.rawHeaders[i + 1]!]);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, rawHeaders, body, text: body.toString("utf8") });
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    if (init.body !== undefined) req.end(init.body);
    else req.end();
  });
}

export const GENESIS = "BLockGenesisGenesisGenesisGenesisGenesisf79b5d1CoW2";
export const CHAIN_ID = "NetXdQprcVkpaWU";
