/**
 * Base58Check checksums in JSON validation: a client checks the shape of Base58 text by default
 * (no Base58 decoding or SHA-256 in its bundle) and checksums when told to; the server always
 * tests the checksums of request bodies, so a bad one is a 400 before any handler runs.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routeTable } from "../../../generated/shell/routes.ts";
import type { Handlers } from "../../../generated/shell/server.ts";
import { getChainsBlocks, postInjectionBlock } from "../../../generated/shell/client.ts";
import { BASE58_CHECKSUMS, HttpTransport, RpcError, ValidationError } from "../../../runtime/index.ts";
import { createRpcServer, type RpcServer } from "../../../runtime/server/index.ts";

const BLOCK = "BLockGenesisGenesisGenesisGenesisGenesisf79b5d1CoW2";
/** The same text with its last character changed: right shape, wrong checksum. */
const BAD_CHECKSUM = `${BLOCK.slice(0, -1)}3`;

const injected: unknown[] = [];
let server: RpcServer;
beforeAll(async () => {
  const handlers: Partial<Handlers> = {
    getChainsBlocks: () => [[BAD_CHECKSUM]],
    postInjectionBlock: ({ body }) => (injected.push(body), BLOCK),
  };
  server = await createRpcServer({ routes: routeTable, handlers: handlers as Handlers, partialHandlers: true });
});
afterAll(() => server.close());

describe("Base58Check checksums in JSON validation", () => {
  it("the server refuses a request body with a bad checksum (400) before its handler, and takes a good one", async () => {
    const client = new HttpTransport({ baseUrl: server.url });
    const body = (branch: string) => ({ data: "00", operations: [[{ branch, data: "00" }]] });
    const error = await postInjectionBlock(client, { body: body(BAD_CHECKSUM) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RpcError);
    expect((error as RpcError).status).toBe(400);
    expect((error as RpcError).text).toMatch(/^Failed to parse the request body: at \/operations\/0\/0\/branch: must be a block hash/);
    expect(injected).toEqual([]);
    expect(await postInjectionBlock(client, { body: body(BLOCK) })).toBe(BLOCK);
    expect(injected).toEqual([body(BLOCK)]);
  });

  it("a client checks the shape by default and checksums when told to", async () => {
    expect(await getChainsBlocks(new HttpTransport({ baseUrl: server.url }), { path: { chain_id: "main" } })).toEqual([[BAD_CHECKSUM]]);
    const strict = new HttpTransport({ baseUrl: server.url, validation: BASE58_CHECKSUMS });
    const error = await getChainsBlocks(strict, { path: { chain_id: "main" } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).errors[0]).toMatchObject({ instancePath: "/0/0", keyword: "tezosBase58" });
  });
});
