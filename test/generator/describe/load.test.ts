/**
 * Loading describe trees from files and from a node over real loopback HTTP (a tiny node:http
 * server started here): 200, 401/403 (ACL refusal), 404, 500, timeout, refused connection,
 * invalid JSON, and snapshot capture.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DescribeLoadError,
  describeUrl,
  loadDescribeSource,
  loadServiceTree,
  readDescribeTree,
} from "../../../generator/describe/index.ts";
import { hasReference, itWithReference, readReferenceText, referenceDir } from "../../support/reference.ts";
import { syntheticTree } from "./fixtures.ts";
import { DUMPS, MEMPOOL_ROUTE, routeTable } from "./helpers.ts";

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

let server: Server;
let base = "";
const requests: Array<{ url: string; accept: string | undefined }> = [];
const routes = new Map<string, Handler>();

const send = (status: number, body: string, type = "application/json"): Handler => (_req, res) => {
  res.writeHead(status, { "content-type": type });
  res.end(body);
};

beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push({ url: req.url ?? "", accept: req.headers.accept });
    const prefix = (req.url ?? "").split("/")[1] ?? "";
    const handler = routes.get(prefix) ?? send(404, "");
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Each test talks to its own first path segment: `${base}/<name>` is the node's root.
  const granada = hasReference(DUMPS.granada) ? readReferenceText(DUMPS.granada) : "{}";
  routes.set("ok", (req, res) => {
    if (req.url === "/ok/describe?recurse=yes") send(200, granada)(req, res);
    else if (req.url === "/ok/describe/chains/main/mempool?recurse=yes") send(200, granada)(req, res);
    else send(404, "")(req, res);
  });
  routes.set("acl401", send(401, "Unauthorized", "text/plain"));
  routes.set("acl403", send(403, "Forbidden", "text/plain"));
  routes.set("missing", send(404, ""));
  routes.set("broken", send(500, "Internal error: out of memory\n", "text/plain"));
  routes.set("notjson", send(200, "<html>not a node</html>", "text/html"));
  routes.set("silent", () => {
    /* never answers */
  });
  routes.set("slowbody", (_req, res) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.write('{"static":'); // …and never finishes
  });
  routes.set("node", (req, res) => {
    const url = req.url ?? "";
    if (url === "/node/describe?recurse=yes") return send(200, JSON.stringify(syntheticTree()))(req, res);
    if (url === "/node/describe/chains/main/mempool?recurse=yes") return send(200, granada)(req, res);
    if (url === "/node/version") {
      return send(200, JSON.stringify({ version: { major: 20, minor: 3, additional_info: "release" }, network_version: {}, commit_info: {} }))(req, res);
    }
    send(404, "")(req, res);
  });
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function loadError(source: string, options = {}): Promise<DescribeLoadError> {
  try {
    await loadDescribeSource(source, options);
  } catch (error) {
    expect(error).toBeInstanceOf(DescribeLoadError);
    return error as DescribeLoadError;
  }
  throw new Error("no error was thrown");
}

describe("loadDescribeSource over HTTP", () => {
  itWithReference(DUMPS.granada)("200: fetches <url>/describe?recurse=yes and accepts the raw served bytes", async () => {
    const loaded = await loadDescribeSource(`${base}/ok/`);
    expect(loaded.kind).toBe("url");
    expect(loaded.url).toBe(`${base}/ok/describe?recurse=yes`);
    expect(loaded.text).toBe(readReferenceText(DUMPS.granada));
    expect(loaded.text.endsWith("\n")).toBe(true);
    expect(requests.at(-1)).toEqual({ url: "/ok/describe?recurse=yes", accept: "application/json" });
    expect(readDescribeTree(loaded.json).services).toHaveLength(8);
  });

  itWithReference(DUMPS.granada)("describes a concrete prefix, then reads it at its route", async () => {
    const tree = await loadServiceTree(`${base}/ok`, { load: { prefix: ["chains", "main", "mempool"] }, read: { prefix: MEMPOOL_ROUTE } });
    expect(tree.loaded.url).toBe(`${base}/ok/describe/chains/main/mempool?recurse=yes`);
    expect(routeTable(tree)[0]).toBe("POST /chains/<chain_id>/mempool/ban_operation");
  });

  it("401 and 403: the node's ACL refuses /describe", async () => {
    for (const [path, status] of [["acl401", 401], ["acl403", 403]] as const) {
      const error = await loadError(`${base}/${path}`);
      expect(error.status).toBe(status);
      expect(error.source).toBe(`${base}/${path}`);
      expect(error.message).toMatch(new RegExp(`refused access \\(HTTP ${status}`));
      expect(error.message).toMatch(/ACL/);
    }
  });

  it("404: no such path", async () => {
    const error = await loadError(`${base}/missing`);
    expect(error.status).toBe(404);
    expect(error.problem).toMatch(/^not found \(HTTP 404\)/);
  });

  it("other statuses carry the start of the body", async () => {
    const error = await loadError(`${base}/broken`);
    expect(error.status).toBe(500);
    expect(error.problem).toBe("HTTP 500 Internal Server Error: Internal error: out of memory");
  });

  it("times out when the node does not answer, or stops in the middle of the body", async () => {
    for (const path of ["silent", "slowbody"]) {
      const started = Date.now();
      const error = await loadError(`${base}/${path}`, { timeoutMs: 150 });
      expect(error.problem).toBe(`no complete answer from ${base}/${path}/describe?recurse=yes within 150 ms`);
      expect(Date.now() - started).toBeLessThan(5000);
    }
  });

  it("reports a refused connection and a non-JSON answer", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const refused = await loadError(`http://127.0.0.1:${port}`);
    expect(refused.problem).toMatch(/request to .* failed \(ECONNREFUSED\)/);
    const html = await loadError(`${base}/notjson`);
    expect(html.problem).toMatch(/^not valid JSON/);
  });

  it("builds describe URLs", () => {
    expect(describeUrl("http://n:8732/")).toBe("http://n:8732/describe?recurse=yes");
    expect(describeUrl("http://n:8732", ["chains", "main", "blocks", "head~1"])).toBe("http://n:8732/describe/chains/main/blocks/head~1?recurse=yes");
    expect(describeUrl("http://n", ["a b"])).toBe("http://n/describe/a%20b?recurse=yes");
  });
});

describe("loadDescribeSource from files", () => {
  itWithReference(DUMPS.granada)("reads a saved answer byte-for-byte", async () => {
    const loaded = await loadDescribeSource(referenceDir + DUMPS.granada);
    expect(loaded.kind).toBe("file");
    expect(loaded.text).toBe(readReferenceText(DUMPS.granada));
    expect(readDescribeTree(loaded.json, { prefix: MEMPOOL_ROUTE }).services).toHaveLength(8);
  });

  it("reads a snapshot file, with or without a byte-order mark", async () => {
    const dir = await mkdtemp(join(tmpdir(), "rpcgen-describe-"));
    try {
      const file = join(dir, "snapshot.json");
      await writeFile(file, "\uFEFF" + JSON.stringify({ format: "tezos-rpcgen-snapshot/1", root: syntheticTree() }, null, 2) + "\n");
      const tree = await loadServiceTree(file);
      expect(tree.loaded.kind).toBe("file");
      expect(routeTable(tree)).toContain("GET /types");
      const missing = await loadError(join(dir, "nope.json"));
      expect(missing.problem).toBe("no such file");
      expect((await loadError(dir)).problem).toBe("is a directory");
      await writeFile(file, "{");
      expect((await loadError(file)).problem).toMatch(/^not valid JSON/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
