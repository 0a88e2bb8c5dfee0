/**
 * ACL per listening address (octez-http.md §9), CORS (§10), the connection cap, and where these
 * checks sit in the order of checks (§1.4).
 */
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routeTable } from "../../../generated/shell/routes.ts";
import type { Handlers } from "../../../generated/shell/server.ts";
import { createRpcServer, compileAcl, defaultAclFor, parseMatcher, SECURE_POLICY, RpcServerSetupError, type RpcServer } from "../../../runtime/server/index.ts";
import { operationHash } from "../../../runtime/hashing/identifiers.ts";
import { CHAIN_ID, GENESIS, raw } from "./support.ts";
import { nonLoopbackAddress } from "../../support/loopback.ts";

const handlers: Partial<Handlers> = {
  getChainsChainId: () => CHAIN_ID,
  getChainsBlocks: () => [[GENESIS]],
  getHealthReady: () => ({ ready: true }),
  postInjectionOperation: () => operationHash(new Uint8Array(40)),
  // eslint-disable-next-line require-yield
  async *getMonitorHeadsByChainId() {
    return;
  },
};

describe("ACL matchers", () => {
  it("match a method and a path with * and a final **", () => {
    const acl = compileAcl({ whitelist: ["GET /chains/*/blocks", "/monitor/**", "POST /a%2Ab/*"] });
    expect(acl.allows("GET", ["chains", "main", "blocks"])).toBe(true);
    expect(acl.allows("POST", ["chains", "main", "blocks"])).toBe(false);
    expect(acl.allows("GET", ["chains", "main", "blocks", "head"])).toBe(false);
    expect(acl.allows("DELETE", ["monitor"])).toBe(true);
    expect(acl.allows("GET", ["monitor", "heads", "main"])).toBe(true);
    expect(acl.allows("POST", ["a*b", "x"])).toBe(true);
    const black = compileAcl({ blacklist: ["GET /chains/*/chain_id"] });
    expect(black.allows("GET", ["chains", "main", "chain_id"])).toBe(false);
    expect(black.allows("GET", ["version"])).toBe(true);
  });

  it("refuse malformed matchers at start-up", () => {
    expect(() => parseMatcher("GET chains")).toThrow(RpcServerSetupError);
    expect(() => parseMatcher("/a/**/b")).toThrow(/only allowed last/);
  });

  it("default to allow-all on loopback and to the secure policy elsewhere", () => {
    expect(defaultAclFor("127.0.0.1")).toBe("allow-all");
    expect(defaultAclFor("::1")).toBe("allow-all");
    expect(defaultAclFor("localhost")).toBe("allow-all");
    expect(defaultAclFor("0.0.0.0")).toBe(SECURE_POLICY);
    expect(defaultAclFor("192.168.1.2")).toBe(SECURE_POLICY);
    const secure = compileAcl(SECURE_POLICY);
    expect(secure.allows("GET", ["chains", "main", "blocks", "head", "context", "contracts", "tz1x", "balance"])).toBe(true);
    expect(secure.allows("GET", ["describe"])).toBe(false);
    expect(secure.allows("GET", ["health", "ready"])).toBe(false);
    expect(secure.allows("POST", ["injection", "block"])).toBe(false);
  });
});

describe("listeners with their own ACL", () => {
  let server: RpcServer;
  beforeAll(async () => {
    server = await createRpcServer({
      routes: routeTable,
      handlers: handlers as Handlers,
      partialHandlers: true,
      describe: { static: {} },
      listen: [{ host: "127.0.0.1" }, { host: "127.0.0.1", acl: SECURE_POLICY }],
    });
  });
  afterAll(() => server.close());

  it("allows everything on the loopback default and only the secure list on the other", async () => {
    const [open, secure] = server.urls as [string, string];
    expect((await raw(`${open}/health/ready`)).status).toBe(200);
    const denied = await raw(`${secure}/health/ready`);
    expect(denied.status).toBe(401);
    expect(denied.body.length).toBe(0);
    expect((await raw(`${secure}/describe`)).status).toBe(401);
    expect((await raw(`${secure}/chains/main/chain_id`)).status).toBe(200);
    const injected = await raw(`${secure}/injection/operation`, { method: "POST", headers: { "content-type": "application/json" }, body: '"00"' });
    expect(injected.status).toBe(200);
  });

  it("decides after routing and query parsing: 404 and 400 win over 401", async () => {
    const secure = server.urls[1]!;
    expect((await raw(`${secure}/no/such/path`)).status).toBe(404);
    expect((await raw(`${secure}/monitor/heads/nowhere`)).status).toBe(400);
    expect((await raw(`${secure}/chains/main/chain_id`, { method: "POST" })).status).toBe(405);
    expect((await raw(`${secure}/health/ready`, { headers: { accept: "text/html" } })).status).toBe(406);
    expect((await raw(`${secure}/monitor/heads/main?protocol=nope`)).status).toBe(400);
    expect((await raw(`${secure}/monitor/heads/main?unknown=1`)).status).toBe(401);
  });
});

describe("a listener on a non-loopback address, end to end", () => {
  const address = nonLoopbackAddress();
  // A machine with loopback only has no such address to listen on: nothing to test there.
  it.skipIf(address === undefined)("gets the secure policy by default: 401 outside its whitelist, 200 inside", async () => {
    const server = await createRpcServer({ routes: routeTable, handlers: handlers as Handlers, partialHandlers: true, describe: { static: {} }, host: address! });
    try {
      expect(server.url).toContain(address!);
      expect((await raw(`${server.url}/health/ready`)).status).toBe(401);
      expect((await raw(`${server.url}/describe`)).status).toBe(401);
      expect((await raw(`${server.url}/chains/main/chain_id`)).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

describe("CORS", () => {
  let server: RpcServer;
  beforeAll(async () => {
    server = await createRpcServer({
      routes: routeTable,
      handlers: handlers as Handlers,
      partialHandlers: true,
      cors: { origins: ["http://dapp.example", "127.0.0.1"], headers: ["X-Custom"] },
    });
  });
  afterAll(() => server.close());

  it("403 with the resto header when Origin matches no allowed origin, whatever Host says", async () => {
    const a = await raw(`${server.url}/chains/main/chain_id`, { headers: { host: "127.0.0.1", origin: "http://evil.example" } });
    expect(a.status).toBe(403);
    expect(a.headers["x-ocaml-resto-cors-error"]).toBe("invalid origin");
    expect(a.body.length).toBe(0);
    // A browser page on an allowed origin calls with its own Host: resto's Host check refused it.
    expect((await raw(`${server.url}/chains/main/chain_id`, { headers: { host: "localhost:8732", origin: "http://dapp.example" } })).status).toBe(200);
    // Without Origin the request is not a browser's cross-origin call.
    expect((await raw(`${server.url}/chains/main/chain_id`, { headers: { host: "evil.example" } })).status).toBe(200);
  });

  it("sends Access-Control-Allow-Origin for a matching Origin", async () => {
    const a = await raw(`${server.url}/chains/main/chain_id`, { headers: { host: "127.0.0.1", origin: "http://dapp.example" } });
    expect(a.status).toBe(200);
    expect(a.headers["access-control-allow-origin"]).toBe("http://dapp.example");
    const other = await raw(`${server.url}/chains/main/chain_id`, { headers: { host: "127.0.0.1", origin: "http://other.example" } });
    expect(other.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("answers preflights with the path's methods and the configured headers, not subject to the host check", async () => {
    const a = await raw(`${server.url}/injection/operation`, { method: "OPTIONS", headers: { host: "evil.example", origin: "http://dapp.example", "access-control-request-method": "POST" } });
    expect(a.status).toBe(200);
    expect(a.headers["access-control-allow-methods"]).toBe("POST");
    expect(a.headers["access-control-allow-headers"]).toBe("X-Custom, Content-Type");
    expect(a.headers["access-control-allow-origin"]).toBe("http://dapp.example");
    expect((await raw(`${server.url}/nothing`, { method: "OPTIONS" })).status).toBe(404);
    expect((await raw(`${server.url}/injection/operation`, { method: "OPTIONS", headers: { "access-control-request-method": "GET" } })).status).toBe(405);
  });

  it("does nothing without origins", async () => {
    const plain = await createRpcServer({ routes: routeTable, handlers: handlers as Handlers, partialHandlers: true });
    try {
      const a = await raw(`${plain.url}/chains/main/chain_id`, { headers: { host: "evil.example", origin: "http://dapp.example" } });
      expect(a.status).toBe(200);
      expect(Object.keys(a.headers).filter((h) => h.startsWith("access-control"))).toEqual([]);
    } finally {
      await plain.close();
    }
  });
});

describe("connection cap", () => {
  it("closes connections beyond maxConnections", async () => {
    const server = await createRpcServer({ routes: routeTable, handlers: handlers as Handlers, partialHandlers: true, maxConnections: 1 });
    const port = Number(new URL(server.url).port);
    try {
      const first = connect(port, "127.0.0.1");
      await new Promise((resolve) => first.once("connect", resolve));
      // Wait until the server counts the first connection before opening the second.
      await new Promise((resolve) => setImmediate(resolve));
      const second = connect(port, "127.0.0.1");
      const closed = await new Promise<boolean>((resolve) => {
        second.once("close", () => resolve(true));
        second.once("data", () => resolve(false));
        second.write("GET /health/ready HTTP/1.1\r\nHost: x\r\n\r\n");
      });
      expect(closed).toBe(true);
      first.destroy();
    } finally {
      await server.close();
    }
  });

  it("refuses to start when a route has no handler, naming it", async () => {
    await expect(createRpcServer({ routes: routeTable, handlers: handlers as Handlers })).rejects.toThrow(/no handler for .*getNetworkConnections/);
  });
});
