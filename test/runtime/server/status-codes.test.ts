/**
 * Every status the server produces, over real loopback HTTP, with Octez's bodies and headers
 * (octez-http.md §1.4, §3, §6, §7), and the order in which the checks decide.
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routeTable } from "../../../generated/shell/routes.ts";
import { binaryCodecs } from "../../../generated/shell/binary.ts";
import type { Handlers } from "../../../generated/shell/server.ts";
import { createRpcServer, RpcServerError, notFound, type RpcServer } from "../../../runtime/server/index.ts";
import { frameBinary } from "../../../runtime/http/framing.ts";
import { CHAIN_ID, GENESIS, raw } from "./support.ts";

const tree = JSON.parse(readFileSync(new URL("../../../spec/snapshots/shell.json", import.meta.url), "utf8")) as unknown;

/** Every call a handler received, to prove malformed input never reaches one. */
const calls: string[] = [];
let bootstrapped = false;

const handlers: Partial<Handlers> = {
  getChainsChainId: ({ path }) => (calls.push(`chain_id ${path.chain_id}`), CHAIN_ID),
  getChainsBlocks: ({ query }) => (calls.push(`blocks ${JSON.stringify(query)}`), [[GENESIS]]),
  getHealthReady: () => ({ ready: true }),
  patchChainsByChainId: ({ body }) => {
    calls.push(`patch ${JSON.stringify(body)}`);
    bootstrapped = body.bootstrapped;
    return {};
  },
  postInjectionOperation: ({ body }) => {
    calls.push(`inject ${body}`);
    throw new RpcServerError(409, [{ kind: "temporary", id: "node.injection.operation_already_known", hash: "oo" }]);
  },
  getChainsInvalidBlocksByBlockHash: () => {
    throw notFound();
  },
  deleteChainsInvalidBlocksByBlockHash: () => ({}),
  getChainsCheckpoint: () => {
    throw new Error("disk on fire");
  },
  // An output its own type refuses: the server must not send it.
  getChainsIsBootstrapped: () => ({ bootstrapped: "yes" }) as never,
};

let server: RpcServer;
const errors: unknown[] = [];

beforeAll(async () => {
  server = await createRpcServer({
    routes: routeTable,
    handlers: handlers as Handlers,
    partialHandlers: true,
    binary: binaryCodecs,
    describe: tree,
    maxBodyBytes: 1024,
    validateOutput: true,
    onError: (error) => errors.push(error),
  });
});
afterAll(() => server.close());

describe("successful answers", () => {
  it("answers JSON by default: minified, a newline, Content-Length", async () => {
    const a = await raw(`${server.url}/chains/main/chain_id`);
    expect(a.status).toBe(200);
    expect(a.headers["content-type"]).toBe("application/json");
    expect(a.text).toBe(`"${CHAIN_ID}"\n`);
    expect(a.headers["content-length"]).toBe(String(a.body.length));
  });

  it("answers binary with the 4-byte length prefix when asked", async () => {
    const a = await raw(`${server.url}/chains/main/chain_id`, { headers: { accept: "application/octet-stream" } });
    expect(a.status).toBe(200);
    expect(a.headers["content-type"]).toBe("application/octet-stream");
    expect([...a.body]).toEqual([0, 0, 0, 4, 0x7a, 0x06, 0xa7, 0x70]);
  });

  it("resolves Accept by q values, */* giving the default type", async () => {
    const q = await raw(`${server.url}/health/ready`, { headers: { accept: "application/json;q=0.5, application/octet-stream" } });
    expect(q.headers["content-type"]).toBe("application/octet-stream");
    const any = await raw(`${server.url}/health/ready`, { headers: { accept: "*/*" } });
    expect(any.headers["content-type"]).toBe("application/json");
  });

  it("hands typed query arguments and bodies to the handler", async () => {
    calls.length = 0;
    const blocks = await raw(`${server.url}/chains/main/blocks?length=2&head=${GENESIS}&head=${GENESIS}&unknown=1`);
    expect(blocks.status).toBe(200);
    expect(calls).toEqual([`blocks {"length":2,"head":["${GENESIS}","${GENESIS}"]}`]);
    const patch = await raw(`${server.url}/chains/main`, { method: "PATCH", headers: { "content-type": "application/octet-stream" }, body: frameBinary(Uint8Array.of(0xff)) });
    expect(patch.status).toBe(200);
    expect(patch.text).toBe("{}\n");
    expect(bootstrapped).toBe(true);
  });

  it("ignores repeated and trailing slashes", async () => {
    const a = await raw(`${server.url}//chains///main/chain_id/`);
    expect(a.status).toBe(200);
  });
});

describe("errors produced by the server", () => {
  it("400 with the node's text for a path argument that does not parse", async () => {
    const a = await raw(`${server.url}/chains/nowhere/chain_id`);
    expect(a.status).toBe(400);
    expect(a.headers["content-type"]).toBe("text/plain");
    expect(a.text).toBe('Failed to parsed an argument in path. After "chains/nowhere", the value "Cannot parse chain identifier." is not acceptable for type "chain_id"');
  });

  it("400 for a bad query value, and for a single argument given twice", async () => {
    const bad = await raw(`${server.url}/chains/main/blocks?length=-1`);
    expect(bad.status).toBe(400);
    expect(bad.text).toMatch(/^Failed to parse the query string: Failed to parse argument 'length' \("-1"\): /);
    const hash = await raw(`${server.url}/chains/main/blocks?head=Bnope`);
    expect(hash.status).toBe(400);
    expect(hash.text).toMatch(/^Failed to parse the query string: Failed to parse argument 'head' \("Bnope"\): /);
    const twice = await raw(`${server.url}/chains/main/blocks?length=1&length=2`);
    expect(twice.status).toBe(400);
    expect(twice.text).toBe("Failed to parse the query string: Duplicate argument 'length' in query string.");
  });

  it("400 for bodies that do not parse: JSON text, JSON schema, binary framing, binary payload", async () => {
    const send = (body: string | Uint8Array, type: string) => raw(`${server.url}/chains/main`, { method: "PATCH", headers: { "content-type": type }, body });
    const text = await send("{bootstrapped", "application/json");
    expect(text.status).toBe(400);
    expect(text.text).toMatch(/^Failed to parse the request body: /);
    const schema = await send('{"bootstrapped": 1}', "application/json");
    expect(schema.text).toBe("Failed to parse the request body: at /bootstrapped: must be boolean");
    const unframed = await send(Uint8Array.of(0xff), "application/octet-stream");
    expect(unframed.status).toBe(400);
    expect(unframed.text).toMatch(/^Failed to parse the request body: a binary body starts with a 4-byte length prefix/);
    const trailing = await send(Uint8Array.of(0, 0, 0, 1, 0xff, 0), "application/octet-stream");
    expect(trailing.text).toMatch(/more bytes follow/);
    const payload = await send(frameBinary(new Uint8Array(0)), "application/octet-stream");
    expect(payload.status).toBe(400);
    expect(payload.text).toMatch(/^Failed to parse the request body: .*1 byte/);
  });

  it("413 for a body over the cap", async () => {
    const a = await raw(`${server.url}/injection/operation`, { method: "POST", headers: { "content-type": "application/json" }, body: `"${"00".repeat(1000)}"` });
    expect(a.status).toBe(413);
  });

  it("404 empty for an unknown path and for a directory without services", async () => {
    for (const path of ["/nothing/here", "/chains/main", "/chains/main/chain_id/more"]) {
      const a = await raw(`${server.url}${path}`);
      expect(a.status, path).toBe(path === "/chains/main" ? 405 : 404);
      expect(a.body.length).toBe(0);
    }
  });

  it("405 with one Allow line per method", async () => {
    const a = await raw(`${server.url}/chains/main/chain_id`, { method: "DELETE" });
    expect(a.status).toBe(405);
    expect(a.rawHeaders.filter(([n]) => n === "allow").map(([, v]) => v)).toEqual(["GET"]);
    const b = await raw(`${server.url}/chains/main/invalid_blocks/${GENESIS}`, { method: "POST" });
    expect(b.rawHeaders.filter(([n]) => n === "allow").map(([, v]) => v)).toEqual(["GET", "DELETE"]);
  });

  it("406 listing the server's types, without Content-Type", async () => {
    const a = await raw(`${server.url}/chains/main/chain_id`, { headers: { accept: "text/html" } });
    expect(a.status).toBe(406);
    expect(a.text).toBe("application/json, application/octet-stream");
    expect(a.headers["content-type"]).toBeUndefined();
  });

  it("speaks JSON only without binary codecs: 406 for a binary Accept, 415 for a binary body", async () => {
    const json = await createRpcServer({ routes: routeTable, handlers: handlers as Handlers, partialHandlers: true });
    try {
      const a = await raw(`${json.url}/chains/main/chain_id`, { headers: { accept: "application/octet-stream" } });
      expect(a.status).toBe(406);
      expect(a.text).toBe("application/json");
      const b = await raw(`${json.url}/chains/main`, { method: "PATCH", headers: { "content-type": "application/octet-stream" }, body: frameBinary(Uint8Array.of(0xff)) });
      expect(b.status).toBe(415);
    } finally {
      await json.close();
    }
  });

  it("415 for an unknown Content-Type, parameters included, even on GET", async () => {
    for (const type of ["text/plain", "application/json; charset=utf-8", "Application/JSON"]) {
      const a = await raw(`${server.url}/chains/main/chain_id`, { headers: { "content-type": type } });
      expect(a.status, type).toBe(415);
      expect(a.body.length).toBe(0);
    }
  });

  it("501 for HEAD and unknown methods", async () => {
    expect((await raw(`${server.url}/chains/main/chain_id`, { method: "HEAD" })).status).toBe(501);
    expect((await raw(`${server.url}/chains/main/chain_id`, { method: "TRACE" })).status).toBe(501);
  });

  it("never calls a handler for malformed input", async () => {
    calls.length = 0;
    await raw(`${server.url}/chains/main/blocks?length=x`);
    await raw(`${server.url}/chains/x/blocks`);
    await raw(`${server.url}/chains/main`, { method: "PATCH", headers: { "content-type": "application/json" }, body: "[]" });
    await raw(`${server.url}/injection/operation`, { method: "POST", headers: { "content-type": "application/json" }, body: '"not hex"' });
    expect(calls).toEqual([]);
    expect(bootstrapped).toBe(true);
  });
});

describe("errors from handlers", () => {
  it("sends the handler's status and trace in JSON", async () => {
    const a = await raw(`${server.url}/injection/operation`, { method: "POST", headers: { "content-type": "application/json" }, body: '"00aa"' });
    expect(a.status).toBe(409);
    expect(a.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(a.text)).toEqual([{ kind: "temporary", id: "node.injection.operation_already_known", hash: "oo" }]);
  });

  it("sends the trace in binary when binary was negotiated", async () => {
    const a = await raw(`${server.url}/injection/operation`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/octet-stream" },
      body: '"00aa"',
    });
    expect(a.status).toBe(409);
    expect(a.headers["content-type"]).toBe("application/octet-stream");
    expect(a.body.readUInt32BE(0)).toBe(a.body.length - 4);
    expect(a.body.readUInt32BE(4)).toBe(a.body.length - 8);
  });

  it("404 empty for a handler's not-found without trace", async () => {
    const a = await raw(`${server.url}/chains/main/invalid_blocks/${GENESIS}`);
    expect(a.status).toBe(404);
    expect(a.body.length).toBe(0);
  });

  it("500 with a generic trace for an exception, and for an output its type refuses", async () => {
    errors.length = 0;
    const a = await raw(`${server.url}/chains/main/checkpoint`);
    expect(a.status).toBe(500);
    expect(JSON.parse(a.text)).toEqual([{ kind: "generic", error: "Error: disk on fire" }]);
    const b = await raw(`${server.url}/chains/main/is_bootstrapped`);
    expect(b.status).toBe(500);
    expect(JSON.parse(b.text)[0].error).toMatch(/getChainsIsBootstrapped returned a value that does not match its output type/);
    expect(errors).toHaveLength(2);
  });
});

describe("/describe", () => {
  it("serves the tree, a sub-directory, and only a directory's own services without recurse", async () => {
    const root = await raw(`${server.url}/describe?recurse=yes`);
    expect(JSON.parse(root.text)).toEqual(tree);
    const chain = await raw(`${server.url}/describe/chains/main/chain_id`);
    expect(chain.status).toBe(200);
    const node = JSON.parse(chain.text) as { static: Record<string, unknown> };
    expect(Object.keys(node.static)).toEqual(["get_service"]);
    const bare = await raw(`${server.url}/describe/chains/main?recurse`);
    expect(JSON.parse(bare.text).static.subdirs).toBeDefined();
  });

  it("404 for unknown paths, unparsable arguments, directories without services, dynamic ones", async () => {
    for (const path of ["/describe/nothing", "/describe/chains/nowhere/chain_id", "/describe/chains", "/describe/chains/main/blocks/head?recurse=yes"]) {
      const a = await raw(`${server.url}${path}`);
      expect(a.status, path).toBe(404);
      expect(a.body.length).toBe(0);
    }
  });

  it("400 for a bad or repeated recurse, 405 for another method", async () => {
    expect((await raw(`${server.url}/describe?recurse=maybe`)).status).toBe(400);
    const twice = await raw(`${server.url}/describe?recurse=yes&recurse=no`);
    expect(twice.text).toBe("Failed to parse the query string: Duplicate argument 'recurse' in query string.");
    expect((await raw(`${server.url}/describe`, { method: "POST" })).status).toBe(405);
  });
});
