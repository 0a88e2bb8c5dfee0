/**
 * Live capture over real loopback HTTP against `test/support/describe-server.ts`.
 */
import { afterEach, describe, expect, it } from "vitest";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { captureSnapshot, LiveCaptureError, renderVersion, serializeSnapshot, type CaptureProgress } from "../../../generator/live/index.ts";
import { compareTrees, driftBetween, driftExitCode, formatDriftReport } from "../../../generator/drift/index.ts";
import { startDescribeServer, type DescribeServer } from "../../support/describe-server.ts";
import { baseSnapshot, clone, type Json } from "../drift/fixtures.ts";
import { rejection } from "../../support/rejection.ts";

const servers: DescribeServer[] = [];
async function serve(options: Parameters<typeof startDescribeServer>[0]): Promise<DescribeServer> {
  const server = await startDescribeServer(options);
  servers.push(server);
  return server;
}
afterEach(async () => {
  while (servers.length > 0) await servers.pop()?.close();
});

const VERSION = { version: { major: 20, minor: 3, additional_info: "release" }, network_version: { chain_name: "TEZOS_MAINNET", distributed_db_version: 2, p2p_version: 1 } };

const captureError = (promise: Promise<unknown>): Promise<LiveCaptureError> => rejection(promise, LiveCaptureError);

describe("captureSnapshot", () => {
  it("reproduces a served snapshot byte for byte, dynamic directories included", async () => {
    const original = baseSnapshot();
    const text = serializeSnapshot(original);
    const dir = mkdtempSync(join(tmpdir(), "rpcgen-live-"));
    const file = join(dir, "shell.json");
    writeFileSync(file, text);
    const server = await serve({ file, version: VERSION });
    const events: CaptureProgress[] = [];
    const captured = await captureSnapshot(server.url, { source: original.source, timeoutMs: 5000, onProgress: (e) => events.push(e) });
    expect(serializeSnapshot(captured.document)).toBe(readFileSync(file, "utf8"));
    expect(server.requests).toEqual([
      "GET /describe?recurse=yes",
      "GET /describe/chains/main/blocks/head?recurse=yes",
      "GET /describe/chains/main/mempool?recurse=yes",
    ]);
    expect(captured.tree.services).toHaveLength(9);
    expect(captured.tree.dynamicDirectories).toEqual([]);
    expect(captured.skipped).toEqual([]);
    expect(events.map((e) => e.kind)).toEqual(["request", "request", "request", "done"]);
    expect(events[3]).toEqual({ kind: "done", services: 9, expansions: 2 });
  });

  it("records the URL, the capture time and the node version; captured_at can be fixed or left out", async () => {
    const server = await serve({ document: baseSnapshot(), version: VERSION });
    const fixed = await captureSnapshot(server.url, { capturedAt: "2026-11-25T23:00:00Z" });
    expect(Object.keys(fixed.document)).toEqual(["format", "source", "root", "expansions"]);
    expect(fixed.document.source).toEqual({ url: server.url, captured_at: "2026-11-25T23:00:00Z", node_version: "20.3" });
    const now = await captureSnapshot(server.url, { nodeVersion: false });
    expect(now.document.source?.captured_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(now.document.source?.node_version).toBeUndefined();
    const bare = await captureSnapshot(server.url, { capturedAt: null, source: null });
    expect("source" in bare.document).toBe(false);
    expect(bare.document.expansions?.map((e) => e.prefix)).toEqual([
      ["chains", "main", "blocks", "head"],
      ["chains", "main", "mempool"],
    ]);
  });

  it("uses the chain and block asked for; the server matches expansions by route", async () => {
    const server = await serve({ document: baseSnapshot() });
    const captured = await captureSnapshot(server.url, { chain: "NetXdQprcVkpaWU", block: "head~2", source: null });
    expect(server.requests.slice(1)).toEqual([
      "GET /describe/chains/NetXdQprcVkpaWU/blocks/head~2?recurse=yes",
      "GET /describe/chains/NetXdQprcVkpaWU/mempool?recurse=yes",
    ]);
    expect(captured.document.expansions?.[0]?.prefix).toEqual(["chains", "NetXdQprcVkpaWU", "blocks", "head~2"]);
  });

  it("a node without /version still gives a snapshot (no node_version)", async () => {
    const server = await serve({ document: baseSnapshot() });
    const captured = await captureSnapshot(server.url, { capturedAt: null });
    expect(captured.document.source).toEqual({ url: server.url });
  });

  it("401 and 403: a typed ACL error with the loopback / --allow-all-rpc hint, no retry", async () => {
    for (const status of [401, 403] as const) {
      const server = await serve({ document: baseSnapshot(), status });
      const error = await captureError(captureSnapshot(server.url, { retries: 3, retryDelayMs: 1 }));
      expect(error.reason).toBe("acl");
      expect(error.status).toBe(status);
      expect(error.url).toBe(`${server.url}/describe?recurse=yes`);
      expect(error.message).toContain(`HTTP ${status}`);
      expect(error.message).toContain("ACL does not allow /describe");
      expect(error.message).toContain("loopback");
      expect(error.message).toContain("--allow-all-rpc");
      expect(server.requests).toHaveLength(1);
    }
  });

  it("a node that never answers: a timeout error after the deadline, not retried", async () => {
    const server = await serve({ hang: true });
    const started = Date.now();
    const error = await captureError(captureSnapshot(server.url, { timeoutMs: 200, retries: 3, retryDelayMs: 1 }));
    expect(error.reason).toBe("timeout");
    expect(error.message).toContain("within 200 ms");
    expect(Date.now() - started).toBeLessThan(5000);
    expect(server.requests).toHaveLength(1);
  });

  it("retries on 503 with backoff, then succeeds", async () => {
    const server = await serve({ document: baseSnapshot(), failFirst: 2 });
    const events: CaptureProgress[] = [];
    const captured = await captureSnapshot(server.url, { retries: 2, retryDelayMs: 5, source: null, onProgress: (e) => events.push(e) });
    expect(server.requests.slice(0, 3)).toEqual(["GET /describe?recurse=yes", "GET /describe?recurse=yes", "GET /describe?recurse=yes"]);
    expect(events.filter((e) => e.kind === "retry").map((e) => (e.kind === "retry" ? [e.attempt, e.delayMs] : []))).toEqual([
      [1, 5],
      [2, 10],
    ]);
    expect(captured.tree.services).toHaveLength(9);
  });

  it("gives up after the retries with the last HTTP status", async () => {
    const server = await serve({ document: baseSnapshot(), failFirst: 10 });
    const error = await captureError(captureSnapshot(server.url, { retries: 1, retryDelayMs: 1 }));
    expect(error.reason).toBe("http");
    expect(error.status).toBe(503);
    expect(server.requests).toHaveLength(2);
  });

  it("network errors are retried, then reported", async () => {
    const server = await startDescribeServer({ document: baseSnapshot() });
    await server.close();
    const retries: number[] = [];
    const error = await captureError(captureSnapshot(server.url, { retries: 2, retryDelayMs: 1, onProgress: (e) => e.kind === "retry" && retries.push(e.attempt) }));
    expect(error.reason).toBe("network");
    expect(error.message).toContain("ECONNREFUSED");
    expect(retries).toEqual([1, 2]);
  });

  it("404 on a dynamic directory: skipped (kept as {dynamic}), or an error with strictExpansions", async () => {
    const document = baseSnapshot();
    document.expansions.pop();
    const server = await serve({ document });
    const captured = await captureSnapshot(server.url, { source: null });
    expect(captured.skipped).toEqual([{ route: "/chains/<chain_id>/mempool", reason: "the node answered 404 at /describe/chains/main/mempool" }]);
    expect(captured.document.expansions).toHaveLength(1);
    expect(captured.tree.dynamicDirectories).toHaveLength(1);
    const error = await captureError(captureSnapshot(server.url, { strictExpansions: true }));
    expect(error.reason).toBe("not-found");
    expect(error.status).toBe(404);
    expect(error.url).toBe(`${server.url}/describe/chains/main/mempool?recurse=yes`);
  });

  it("a root that is not there: 404 is an error", async () => {
    const error = await captureError(captureSnapshot("http://127.0.0.1:9", { fetch: async () => new Response("", { status: 404 }) }));
    expect(error.reason).toBe("not-found");
    expect(error.message).toContain("answered 404");
  });

  it("expand: false captures the root alone; answer is the root as received", async () => {
    const document = baseSnapshot();
    const server = await serve({ document });
    const captured = await captureSnapshot(server.url, { expand: false, source: null });
    expect(server.requests).toEqual(["GET /describe?recurse=yes"]);
    expect(captured.answer).toEqual(document.root);
    expect(captured.document.expansions).toEqual([]);
    expect(captured.tree.dynamicDirectories).toHaveLength(2);
  });

  it("an answer that is not JSON, or not a describe tree", async () => {
    const html = await captureError(captureSnapshot("http://127.0.0.1:9", { fetch: async () => new Response("<html>hello</html>", { status: 200 }) }));
    expect(html.reason).toBe("not-json");
    expect(html.message).toContain("did not answer JSON");
    const other = await captureError(captureSnapshot("http://127.0.0.1:9", { fetch: async () => new Response('{"hello":1}', { status: 200 }) }));
    expect(other.reason).toBe("invalid-describe");
  });

  it("dynamic directories whose arguments have no value are left unexpanded and reported", async () => {
    const document = baseSnapshot();
    const root = document.root as Json;
    root.static.subdirs.suffixes.push({ name: "rollups", tree: { static: { subdirs: { dynamic_dispatch: { arg: { id: "single", name: "rollup_address" }, tree: { dynamic: null } } } } } });
    const server = await serve({ document });
    const captured = await captureSnapshot(server.url, { source: null });
    expect(captured.skipped).toEqual([{ route: "/rollups/<rollup_address>", reason: "no value for the path argument <rollup_address>" }]);
    expect(captured.tree.dynamicDirectories.map((d) => d.route.length)).toEqual([2]);
    const withValue = await captureSnapshot(server.url, { source: null, arguments: { rollup_address: "sr1" } });
    expect(server.requests).toContain("GET /describe/rollups/sr1?recurse=yes");
    expect(withValue.skipped).toEqual([{ route: "/rollups/<rollup_address>", reason: "the node answered 404 at /describe/rollups/sr1" }]);
  });

  it("renders Octez versions", () => {
    expect(renderVersion(VERSION)).toBe("20.3");
    expect(renderVersion({ version: { major: 21, minor: 0, additional_info: { rc: 1 } } })).toBe("21.0~rc1");
    expect(renderVersion({ version: { major: 20, minor: 1, additional_info: "dev" } })).toBe("20.1+dev");
    expect(renderVersion({ nope: true })).toBeUndefined();
  });
});

describe("drift against a live server", () => {
  it("a snapshot file against a server serving it: no drift, exit 0", async () => {
    const dir = mkdtempSync(join(tmpdir(), "rpcgen-drift-"));
    const file = join(dir, "snapshot.json");
    writeFileSync(file, serializeSnapshot(baseSnapshot()));
    const server = await serve({ file });
    const report = await driftBetween(file, server.url);
    expect(report.status).toBe("compared");
    if (report.status !== "compared") return;
    expect(report.changes).toEqual([]);
    expect(report.notCompared).toEqual([]);
    expect(driftExitCode(report, "any")).toBe(0);
  });

  it("serving a changed snapshot gives the same report as comparing the files", async () => {
    const dir = mkdtempSync(join(tmpdir(), "rpcgen-drift-"));
    const oldFile = join(dir, "old.json");
    const newFile = join(dir, "new.json");
    const changed = clone(baseSnapshot());
    changed.expansions[1].tree.static.subdirs.suffixes.pop();
    writeFileSync(oldFile, serializeSnapshot(baseSnapshot()));
    writeFileSync(newFile, serializeSnapshot(changed));
    const server = await serve({ file: newFile });
    const live = await driftBetween(oldFile, server.url);
    const files = await driftBetween(oldFile, newFile);
    if (live.status !== "compared" || files.status !== "compared") throw new Error("not compared");
    expect(live.changes).toEqual(files.changes);
    expect(live.changes.map((c) => `${c.severity} ${c.kind} ${c.route}`)).toEqual(["breaking route-removed /chains/<chain_id>/mempool/pending"]);
    expect(driftExitCode(live, "breaking")).toBe(1);
  });

  it("a refusing or hanging server, or a missing file: could not compare, exit 2, clear message", async () => {
    const refusing = await serve({ status: 401 });
    const hanging = await serve({ hang: true });
    const dir = mkdtempSync(join(tmpdir(), "rpcgen-drift-"));
    const file = join(dir, "snapshot.json");
    writeFileSync(file, serializeSnapshot(baseSnapshot()));
    const refused = await driftBetween(file, refusing.url);
    expect(refused.status).toBe("failed");
    expect(driftExitCode(refused, "none")).toBe(2);
    expect(formatDriftReport(refused, "text")).toContain("ACL does not allow /describe");
    const timedOut = await driftBetween(file, hanging.url, { capture: { timeoutMs: 150 } });
    expect(driftExitCode(timedOut, "breaking")).toBe(2);
    expect(timedOut.status === "failed" && timedOut.message).toContain("within 150 ms");
    const missing = await driftBetween(join(dir, "nope.json"), file);
    expect(missing.status === "failed" && missing.side).toBe(`OLD ${join(dir, "nope.json")}`);
    expect(driftExitCode(missing)).toBe(2);
  });
});

const SPEC_SNAPSHOTS = fileURLToPath(new URL("../../../spec/snapshots/", import.meta.url));

describe("the committed shell snapshots, when present", () => {
  for (const name of ["shell.json", "shell-legacy.json"]) {
    it.skipIf(!existsSync(SPEC_SNAPSHOTS + name))(`capturing spec/snapshots/${name} served over HTTP reproduces the file`, async () => {
      const text = readFileSync(SPEC_SNAPSHOTS + name, "utf8");
      const document = JSON.parse(text) as Json;
      const server = await serve({ document });
      const captured = await captureSnapshot(server.url, { source: document.source ?? null, timeoutMs: 20_000 });
      if ("format" in document) {
        expect(serializeSnapshot(captured.document)).toBe(text);
      } else {
        // A bare root answer: the server cannot describe the dynamic directories (no
        // expansion), they stay `{"dynamic": …}`, and the root answer is the file.
        expect(captured.skipped.map((s) => s.route)).toEqual(["/chains/<chain_id>/blocks/<block_id>", "/chains/<chain_id>/mempool"]);
        expect(serializeSnapshot(captured.answer)).toBe(text);
      }
      expect(compareTrees(captured.tree, captured.tree, { reconcile: false }).changes).toEqual([]);
    });

    it.skipIf(!existsSync(SPEC_SNAPSHOTS + name))(`drift spec/snapshots/${name} against a server serving it: no drift`, async () => {
      const server = await serve({ file: SPEC_SNAPSHOTS + name });
      const report = await driftBetween(SPEC_SNAPSHOTS + name, server.url, { capture: { timeoutMs: 20_000 } });
      expect(report.status === "compared" && report.changes).toEqual([]);
      expect(driftExitCode(report, "any")).toBe(0);
    });
  }

  it.skipIf(!existsSync(SPEC_SNAPSHOTS + "shell.json") || !existsSync(SPEC_SNAPSHOTS + "shell-legacy.json"))(
    "serving the legacy snapshot gives the same report as comparing the files",
    async () => {
      const server = await serve({ file: SPEC_SNAPSHOTS + "shell-legacy.json" });
      const live = await driftBetween(server.url, SPEC_SNAPSHOTS + "shell.json", { capture: { timeoutMs: 20_000 } });
      const files = await driftBetween(SPEC_SNAPSHOTS + "shell-legacy.json", SPEC_SNAPSHOTS + "shell.json");
      if (live.status !== "compared" || files.status !== "compared") throw new Error("not compared");
      expect(live.changes).toEqual(files.changes);
      expect(live.summary).toEqual(files.summary);
      expect(live.summary.breaking).toBeGreaterThan(0);
    },
  );
});
