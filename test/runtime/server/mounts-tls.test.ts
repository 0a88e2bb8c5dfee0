/**
 * Interfaces mounted under a dynamic directory (a protocol's block routes under
 * `/chains/<chain_id>/blocks/<block_id>`), and HTTPS with a certificate made by the test.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { request } from "node:https";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routeTable } from "../../../generated/shell/routes.ts";
import type { Handlers } from "../../../generated/shell/server.ts";
import type { AnyRouteDescriptor, BodyDescriptor } from "../../../runtime/index.ts";
import { createRpcServer, type RpcServer } from "../../../runtime/server/index.ts";
import { CHAIN_ID, GENESIS, raw } from "./support.ts";

const tree = JSON.parse(readFileSync(new URL("../../../spec/snapshots/shell.json", import.meta.url), "utf8")) as unknown;

const json: BodyDescriptor<unknown> = { mediaTypes: ["application/json"], validate: Object.assign(() => true, { errors: null }) };
/** A protocol-like interface: `GET <block>/hash` and `GET <block>/context/contracts/<contract_id>/balance`. */
const blockRoutes: AnyRouteDescriptor[] = [
  { operation: "getHash", method: "GET", path: [{ kind: "static", name: "hash" }], query: [], streaming: "never", output: json, error: json },
  {
    operation: "getBalance",
    method: "GET",
    path: [
      { kind: "static", name: "context" },
      { kind: "static", name: "contracts" },
      { kind: "arg", name: "contract_id", key: "contract_id", multiple: false },
      { kind: "static", name: "balance" },
    ],
    query: [],
    streaming: "never",
    output: json,
    error: json,
  },
];
/** The `hash` service as an OpenAPI-born tree gives it: a JSON schema, no binary schema. */
const hashService = { meth: "GET", path: [], query: [], output: { json_schema: { type: "string" } } };
const blockTree = { static: { subdirs: { suffixes: [{ name: "hash", tree: { static: { get_service: hashService } } }] } } };
/** What a node answers for it: describe's "no binary form" (a union with no case) beside the JSON schema. */
const hashAnswered = { ...hashService, output: { ...hashService.output, binary_schema: { toplevel: { tag_size: "Uint8", kind: { kind: "Dynamic" }, cases: [] }, fields: [] } } };
const blockHandlers = {
  getHash: ({ path }: { path: Record<string, string> }) => ({ ...path }),
  getBalance: ({ path }: { path: Record<string, string> }) => ({ ...path }),
};
const shell: Partial<Handlers> = { getChainsChainId: () => CHAIN_ID, getChainsBlocks: () => [[GENESIS]] };

describe("mounted interfaces", () => {
  let server: RpcServer;
  beforeAll(async () => {
    server = await createRpcServer({
      routes: routeTable,
      handlers: shell as Handlers,
      partialHandlers: true,
      describe: tree,
      mounts: [{ prefix: "/chains/{chain_id}/blocks/{block_id}", routes: blockRoutes, handlers: blockHandlers, describe: blockTree }],
    });
  });
  afterAll(() => server.close());

  it("routes under the prefix and gives the prefix's arguments to the handler", async () => {
    const a = await raw(`${server.url}/chains/main/blocks/head~2/hash`);
    expect(JSON.parse(a.text)).toEqual({ chain_id: "main", block_id: "head~2" });
    const b = await raw(`${server.url}/chains/${CHAIN_ID}/blocks/${GENESIS}/context/contracts/tz1abc/balance`);
    expect(JSON.parse(b.text)).toEqual({ chain_id: CHAIN_ID, block_id: GENESIS, contract_id: "tz1abc" });
    // The root interface's routes beside the mount still answer.
    expect((await raw(`${server.url}/chains/main/blocks`)).status).toBe(200);
  });

  it("refuses a block id that does not parse with the node's 400", async () => {
    const a = await raw(`${server.url}/chains/main/blocks/tip/hash`);
    expect(a.status).toBe(400);
    expect(a.text).toBe('Failed to parsed an argument in path. After "chains/main/blocks/tip", the value "Cannot parse block identifier." is not acceptable for type "block_id"');
  });

  it("describes the mount at a concrete prefix, a body without binary schema as having no binary form; the root keeps the dynamic node", async () => {
    const a = await raw(`${server.url}/describe/chains/main/blocks/head?recurse=yes`);
    expect(JSON.parse(a.text)).toEqual({ static: { subdirs: { suffixes: [{ name: "hash", tree: { static: { get_service: hashAnswered } } }] } } });
    const hash = await raw(`${server.url}/describe/chains/main/blocks/head/hash`);
    expect(JSON.parse(hash.text)).toEqual({ static: { get_service: hashAnswered } });
    expect(blockTree.static.subdirs.suffixes[0]!.tree.static.get_service.output).toEqual({ json_schema: { type: "string" } }); // the caller's tree is left as it was
    const root = await raw(`${server.url}/describe?recurse=yes`);
    expect(root.text).toContain('"dynamic":null');
    expect((await raw(`${server.url}/describe/chains/main/mempool?recurse=yes`)).status).toBe(404);
  });
});

describe("TLS", () => {
  let dir: string;
  let cert: string;
  let server: RpcServer;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "rpc-tls-"));
    execFileSync(
      "openssl",
      ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", join(dir, "key.pem"), "-out", join(dir, "cert.pem")],
      { stdio: "ignore" },
    );
    cert = readFileSync(join(dir, "cert.pem"), "utf8");
    server = await createRpcServer({ routes: routeTable, handlers: shell as Handlers, partialHandlers: true, tls: { cert, key: readFileSync(join(dir, "key.pem"), "utf8") } });
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("speaks HTTPS with the given certificate", async () => {
    expect(server.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const answer = await new Promise<string>((resolve, reject) => {
      request(`${server.url}/chains/main/chain_id`, { ca: cert, agent: false }, (res) => {
        let body = "";
        res.on("data", (c) => (body += c));
        res.on("end", () => resolve(`${res.statusCode} ${body}`));
      })
        .on("error", reject)
        .end();
    });
    expect(answer).toBe(`200 "${CHAIN_ID}"\n`);
  });

  it("is refused by a client that does not trust the certificate", async () => {
    const failure = await new Promise<string>((resolve) => {
      request(`${server.url}/chains/main/chain_id`, { agent: false }, () => resolve("connected"))
        .on("error", (e: NodeJS.ErrnoException) => resolve(e.code ?? "error"))
        .end();
    });
    expect(failure).toMatch(/SELF_SIGNED|UNABLE_TO_VERIFY|CERT/);
  });
});
