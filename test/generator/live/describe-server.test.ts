/**
 * The test double `test/support/describe-server.ts` answers `/describe` as a node does
 * (octez-http.md §6, describe-format.md §1–3).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDescribeServer, type DescribeServer } from "../../support/describe-server.ts";
import { baseSnapshot, blockTree, mempoolTree } from "../drift/fixtures.ts";

let server: DescribeServer;
beforeAll(async () => {
  server = await startDescribeServer({ document: baseSnapshot() });
});
afterAll(async () => {
  await server.close();
});

async function get(path: string): Promise<{ status: number; body: string; type: string | null }> {
  const response = await fetch(server.url + path);
  return { status: response.status, body: await response.text(), type: response.headers.get("content-type") };
}

describe("describe-server", () => {
  it("GET /describe?recurse=yes: the root, dynamic directories as {dynamic}, one JSON line", async () => {
    const { status, body, type } = await get("/describe?recurse=yes");
    expect(status).toBe(200);
    expect(type).toBe("application/json");
    expect(body.endsWith("}\n")).toBe(true);
    expect(body.split("\n")).toHaveLength(2);
    expect(JSON.parse(body)).toEqual(baseSnapshot().root);
    expect(body).toContain('"mempool","tree":{"dynamic":null}');
  });

  it("recurse values: case-insensitive booleans, bare means true, others and duplicates are 400", async () => {
    for (const v of ["", "true", "T", "YES", "y"]) expect(JSON.parse((await get(`/describe/items?recurse=${v}`)).body), v).toHaveProperty("static.get_service");
    expect((await get("/describe/chains?recurse")).body).toContain("dynamic_dispatch");
    for (const v of ["false", "F", "no", "N"]) expect((await get(`/describe/chains?recurse=${v}`)).status, v).toBe(404);
    const bad = await get("/describe?recurse=maybe");
    expect([bad.status, bad.type]).toEqual([400, "text/plain"]);
    const twice = await get("/describe?recurse=yes&recurse=yes");
    expect(twice.status).toBe(400);
    expect(twice.body).toBe("Failed to parse the query string: Duplicate argument 'recurse' in query string.");
  });

  it("not recursive: the directory's own services, no subdirs; 404 when it has none", async () => {
    const items = JSON.parse((await get("/describe/items")).body);
    expect(Object.keys(items.static)).toEqual(["get_service", "post_service"]);
    expect((await get("/describe")).status).toBe(404);
  });

  it("paths walk suffixes and dynamic_dispatch arguments, and continue into expansions", async () => {
    expect(JSON.parse((await get("/describe/chains/main/mempool?recurse=yes")).body)).toEqual(mempoolTree());
    expect(JSON.parse((await get("/describe/chains/NetXdQprcVkpaWU/blocks/head~1?recurse=yes")).body)).toEqual(blockTree());
    const pending = JSON.parse((await get("/describe/chains/main/mempool/pending")).body);
    expect(pending.static.get_service.path).toEqual(["pending"]);
    expect((await get("//describe//items/")).status).toBe(200);
  });

  it("unknown paths: 404 with an empty body", async () => {
    for (const path of ["/describe/nope?recurse=yes", "/describe/items/deeper", "/describe/chains/main/mempool/nope", "/chains/main/blocks", "/describe/%E0%A4%A"]) {
      const { status, body } = await get(path);
      expect([status, body], path).toEqual([404, ""]);
    }
  });

  it("a dynamic directory without an expansion cannot be described: 404", async () => {
    const bare = await startDescribeServer({ document: baseSnapshot().root });
    try {
      expect((await fetch(bare.url + "/describe/chains/main/mempool?recurse=yes")).status).toBe(404);
      expect((await fetch(bare.url + "/describe?recurse=yes")).status).toBe(200);
    } finally {
      await bare.close();
    }
  });

  it("other methods: 405 with Allow", async () => {
    const response = await fetch(server.url + "/describe", { method: "POST", body: "{}" });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET");
  });

  it("records the requests it received", () => {
    expect(server.requests[0]).toBe("GET /describe?recurse=yes");
  });
});
