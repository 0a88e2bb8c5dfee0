/**
 * A real third-party client against the server: `@taquito/rpc`'s `RpcClient` calls the shell
 * routes it knows (`getChainId`, `injectOperation`), a block route served by a mounted
 * interface (`getBlockHash`), and reads an error trace, over loopback HTTP.
 */
import { RpcClient } from "@taquito/rpc";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routeTable } from "../../../generated/shell/routes.ts";
import type { Handlers } from "../../../generated/shell/server.ts";
import type { AnyRouteDescriptor } from "../../../runtime/index.ts";
import { operationHash } from "../../../runtime/hashing/identifiers.ts";
import { createRpcServer, RpcServerError, type RpcServer } from "../../../runtime/server/index.ts";
import { CHAIN_ID, GENESIS } from "./support.ts";

const injected: string[] = [];
const handlers: Partial<Handlers> = {
  getChainsChainId: ({ path }) => (path.chain_id === "main" ? CHAIN_ID : "NetXH12Aer3be93"),
  postInjectionOperation: ({ body }) => {
    if (body === "ff") throw new RpcServerError(500, [{ kind: "permanent", id: "node.injection.invalid_operation", hash: "x" }]);
    injected.push(body);
    return operationHash(Buffer.from(body, "hex"));
  },
};

const anything = Object.assign(() => true, { errors: null });
const hashRoute: AnyRouteDescriptor = {
  operation: "getHash",
  method: "GET",
  path: [{ kind: "static", name: "hash" }],
  query: [],
  streaming: "never",
  output: { mediaTypes: ["application/json"], validate: anything },
  error: { mediaTypes: ["application/json"], validate: anything },
};

/** Taquito's `HttpResponseError` (from `@taquito/http-utils`, not a direct dependency here). */
type HttpResponseError = Error & { status: number; body: string };

let server: RpcServer;
beforeAll(async () => {
  server = await createRpcServer({
    routes: routeTable,
    handlers: handlers as Handlers,
    partialHandlers: true,
    mounts: [{ prefix: "/chains/{chain_id}/blocks/{block_id}", routes: [hashRoute], handlers: { getHash: () => GENESIS } }],
  });
});
afterAll(() => server.close());

describe("@taquito/rpc RpcClient", () => {
  it("reads the chain id", async () => {
    expect(await new RpcClient(server.url).getChainId()).toBe(CHAIN_ID);
    expect(await new RpcClient(`${server.url}/`, "test").getChainId()).toBe("NetXH12Aer3be93");
  });

  it("injects an operation and gets its hash", async () => {
    const bytes = "a".repeat(64) + "6c00";
    const hash = await new RpcClient(server.url).injectOperation(bytes);
    expect(hash).toBe(operationHash(Buffer.from(bytes, "hex")));
    expect(injected).toEqual([bytes]);
  });

  it("reads a block hash from a mounted interface", async () => {
    expect(await new RpcClient(server.url).getBlockHash({ block: "head~1" })).toBe(GENESIS);
  });

  it("gets the status and trace of an error", async () => {
    const error = await new RpcClient(server.url).injectOperation("ff").catch((e: unknown) => e);
    expect((error as Error).name).toBe("HttpResponseError");
    expect((error as HttpResponseError).status).toBe(500);
    expect(JSON.parse((error as HttpResponseError).body)).toEqual([{ kind: "permanent", id: "node.injection.invalid_operation", hash: "x" }]);
  });

  it("gets the node's 400 for a malformed body, which never reaches the handler", async () => {
    const error = await new RpcClient(server.url).injectOperation("not hex").catch((e: unknown) => e);
    expect((error as HttpResponseError).status).toBe(400);
    expect((error as HttpResponseError).body).toMatch(/^Failed to parse the request body: /);
    expect(injected).toHaveLength(1);
  });
});
