/**
 * `drift` and `snapshot` at the command-line level, over real loopback HTTP against
 * `startDescribeServer` (a node's `/describe` answered from a snapshot): the command line run
 * in-process (`runCli`, what the bin runs) for the exit codes, the printed messages and the
 * files written, `runDrift`/`runSnapshot` (the functions the commands' actions call) for the
 * rest. `bin.test.ts` runs the real bin.
 *
 * The legacy → current report is pinned in `__snapshots__/drift-shell-legacy-shell.txt`, and
 * each difference of the Versioning section of `shared/spec/shell-rpc-interface.md` is also
 * asserted on its own.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startDescribeServer, type DescribeServer } from "../../support/describe-server.ts";
import { itWithReference, readReference } from "../../support/reference.ts";
import { runDrift, type DriftOptions } from "../../../generator/cli/commands/drift.ts";
import { runSnapshot, type SnapshotOptions } from "../../../generator/cli/commands/snapshot.ts";
import { serializeSnapshot, type SnapshotDocument } from "../../../generator/live/index.ts";
import type { DriftChange, DriftReport } from "../../../generator/drift/index.ts";
import { exitCodeOf, repoRoot, runInProcess, shellSnapshot, type RunResult } from "./support.ts";

const legacySnapshot = `${repoRoot}spec/snapshots/shell-legacy.json`;
const MEMPOOL_DUMP = "describe-mempool-ithaca-2022-06-09.json";
const files = mkdtempSync(join(tmpdir(), "tezos-rpcgen-drift-snapshot-"));

// The command's own defaults, with a shorter deadline.
const DRIFT_DEFAULTS: DriftOptions = { format: "text", failOn: "breaking", chain: "main", block: "head", timeout: 10_000, retries: 2 };
const drift = (oldSource: string, newSource: string, options: Partial<DriftOptions> = {}) => runDrift(oldSource, newSource, { ...DRIFT_DEFAULTS, ...options });
const SNAPSHOT_DEFAULTS: Omit<SnapshotOptions, "node"> = { chain: "main", block: "head", timeout: 10_000, retries: 2, expand: true };

let current: DescribeServer;
let legacy: DescribeServer;
let refusing: DescribeServer;
let forbidding: DescribeServer;
let hanging: DescribeServer;

beforeAll(async () => {
  current = await startDescribeServer({ file: shellSnapshot });
  legacy = await startDescribeServer({ file: legacySnapshot });
  refusing = await startDescribeServer({ status: 401 });
  forbidding = await startDescribeServer({ status: 403 });
  hanging = await startDescribeServer({ hang: true });
});

afterAll(async () => {
  await Promise.all([current, legacy, refusing, forbidding, hanging].map((server) => server.close()));
});

/** No stack trace: one `tezos-rpcgen: …` line, no `    at …` frames. */
function expectOneLineFailure(result: RunResult): void {
  expect(result.stdout).toBe("");
  expect(result.stderr).toMatch(/^tezos-rpcgen: /);
  expect(result.stderr).not.toMatch(/\n\s+at /);
  expect(result.stderr.trimEnd().split("\n")).toHaveLength(1);
}

/** The report without its first line (which names OLD and NEW). */
const body = (report: string) => report.slice(report.indexOf("\n") + 1);

describe("drift against a node (the command line)", () => {
  it("a snapshot and a node serving it: exit 0, no drift", async () => {
    const result = await runInProcess(["drift", "spec/snapshots/shell.json", current.url]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(`drift spec/snapshots/shell.json → ${current.url}: no drift\n  OLD: 67 services; NEW: 67 services\n`);
    expect(current.requests).toContain("GET /describe?recurse=yes");
  });

  it("a node serving the legacy snapshot gives the same report as the legacy file, exit 1; the file report is pinned", async () => {
    const [fromFile, fromNode] = await Promise.all([
      runInProcess(["drift", "spec/snapshots/shell-legacy.json", "spec/snapshots/shell.json"]),
      runInProcess(["drift", legacy.url, "spec/snapshots/shell.json"]),
    ]);
    expect(fromFile.code).toBe(1);
    expect(fromNode.code).toBe(1);
    expect(fromFile.stderr).toBe("");
    expect(fromNode.stderr).toBe("");
    expect(fromFile.stdout.split("\n")[0]).toBe("drift spec/snapshots/shell-legacy.json → spec/snapshots/shell.json: 146 changes: 84 breaking, 62 compatible");
    expect(fromNode.stdout.split("\n")[0]).toBe(`drift ${legacy.url} → spec/snapshots/shell.json: 146 changes: 84 breaking, 62 compatible`);
    expect(body(fromNode.stdout)).toBe(body(fromFile.stdout));
    expect(fromNode.stdout.replace(legacy.url, "spec/snapshots/shell-legacy.json")).toBe(fromFile.stdout);
    await expect(fromFile.stdout).toMatchFileSnapshot("__snapshots__/drift-shell-legacy-shell.txt");
  });

  it("a node refusing /describe (401): exit 2, the ACL explained, no stack trace", async () => {
    const result = await runInProcess(["drift", refusing.url, "spec/snapshots/shell.json", "--retries", "0"]);
    expect(result.code).toBe(2);
    expectOneLineFailure(result);
    expect(result.stderr).toContain(`could not compare (OLD ${refusing.url})`);
    expect(result.stderr).toMatch(/the node refused \/describe with HTTP 401: its RPC ACL does not allow \/describe/);
    expect(result.stderr).toMatch(/--allow-all-rpc/);
  });

  it("a node that never answers, --timeout 300: exit 2 and a timeout message, no stack trace", async () => {
    const started = Date.now();
    const result = await runInProcess(["drift", "spec/snapshots/shell.json", hanging.url, "--timeout", "300"]);
    expect(result.code).toBe(2);
    expectOneLineFailure(result);
    expect(result.stderr).toContain(`could not compare (NEW ${hanging.url})`);
    expect(result.stderr).toContain(`no complete answer from ${hanging.url}/describe?recurse=yes within 300 ms`);
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it("the stack trace only with --debug", async () => {
    const result = await runInProcess(["--debug", "drift", refusing.url, "spec/snapshots/shell.json"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/HTTP 401/);
    expect(result.stderr).toMatch(/\n\s+at /);
  });
});

describe("drift formats and --fail-on (in-process)", () => {
  it("--fail-on none: the same report, exit 0; --fail-on any with no drift: exit 0", async () => {
    const strict = await drift(legacy.url, shellSnapshot);
    const lenient = await drift(legacy.url, shellSnapshot, { failOn: "none" });
    expect(strict.exitCode).toBe(1);
    expect(lenient.exitCode).toBe(0);
    expect(lenient.output).toBe(strict.output);
    expect(await drift(shellSnapshot, current.url, { failOn: "any" })).toEqual({ output: expect.stringMatching(/: no drift\n/), exitCode: 0 });
  });

  it("a compatible-only drift (a route added): exit 0 with --fail-on breaking, 1 with --fail-on any", async () => {
    // OLD: the current layout without /health, served by a node; NEW: the file.
    const tree = JSON.parse(readFileSync(shellSnapshot, "utf8")) as { static: { subdirs: { suffixes: Array<{ name: string }> } } };
    tree.static.subdirs.suffixes = tree.static.subdirs.suffixes.filter((s) => s.name !== "health");
    const older = await startDescribeServer({ document: tree });
    try {
      const breaking = await drift(older.url, shellSnapshot);
      expect(breaking.output).toContain(": 1 change: 0 breaking, 1 compatible\n");
      expect(breaking.output).toContain("/health/ready\n  compatible  route added (GET)\n");
      expect(breaking.exitCode).toBe(0);
      expect((await drift(older.url, shellSnapshot, { failOn: "any" })).exitCode).toBe(1);
      expect((await drift(older.url, shellSnapshot, { failOn: "none" })).exitCode).toBe(0);
    } finally {
      await older.close();
    }
  });

  it("--format json parses into the report, the same from the node and from the file", async () => {
    const fromNode = await drift(legacy.url, shellSnapshot, { format: "json" });
    const fromFile = await drift(legacySnapshot, shellSnapshot, { format: "json" });
    expect(fromNode.exitCode).toBe(1);
    const nodeReport = JSON.parse(fromNode.output) as DriftReport;
    const fileReport = JSON.parse(fromFile.output) as DriftReport;
    expect(nodeReport.summary).toEqual({ total: 146, breaking: 84, compatible: 62 });
    expect(nodeReport.changes).toEqual(fileReport.changes);
    expect(nodeReport.old.label).toBe(legacy.url);
  });

  it("--format markdown renders a heading, the summary and the changes", async () => {
    const { output, exitCode } = await drift(legacy.url, shellSnapshot, { format: "markdown" });
    expect(exitCode).toBe(1);
    expect(output).toMatch(/^## Drift: /);
    expect(output).toContain("**84 breaking**, 62 compatible (146 changes).");
    expect(output).toContain("| services | 63 | 67 |");
    expect(output).toMatch(/\/monitor\/valid\\?_blocks/);
    expect(output).not.toContain("\n  BREAKING");
  });

  it("an unknown --format or --fail-on is exit 2", async () => {
    expect((await exitCodeOf(() => drift(legacySnapshot, shellSnapshot, { format: "yaml" }))).code).toBe(2);
    expect((await exitCodeOf(() => drift(legacySnapshot, shellSnapshot, { failOn: "some" }))).code).toBe(2);
  });

  it("a node answering 403 is exit 2 with the ACL message", async () => {
    const failure = await exitCodeOf(() => drift(shellSnapshot, forbidding.url));
    expect(failure.code).toBe(2);
    expect(failure.message).toMatch(/the node refused \/describe with HTTP 403: its RPC ACL/);
  });
});

describe("drift shell-legacy → shell: every difference of the Versioning section", () => {
  let changes: DriftChange[] = [];
  let text = "";
  beforeAll(async () => {
    changes = (JSON.parse((await drift(legacySnapshot, shellSnapshot, { format: "json" })).output) as DriftReport).changes;
    text = (await drift(legacy.url, shellSnapshot)).output;
  });
  const find = (predicate: (c: DriftChange) => boolean) => changes.filter(predicate);
  const routeChange = (route: string, kind: "route-added" | "route-removed") => find((c) => c.route === route && c.kind === kind);

  it("/monitor/valid_blocks (removed) replaced by /monitor/applied_blocks and /monitor/validated_blocks (added)", () => {
    expect(routeChange("/monitor/valid_blocks", "route-removed")).toMatchObject([{ severity: "breaking", message: "route removed (GET)" }]);
    expect(routeChange("/monitor/applied_blocks", "route-added")).toMatchObject([{ severity: "compatible", message: "route added (GET)" }]);
    expect(routeChange("/monitor/validated_blocks", "route-added")).toMatchObject([{ severity: "compatible", message: "route added (GET)" }]);
    expect(text).toMatch(/^\/monitor\/valid_blocks\n  BREAKING    route removed \(GET\)$/m);
  });

  it("GET /network/greylist/clear (removed) replaced by DELETE /network/greylist and the ips and peers listings", () => {
    expect(routeChange("/network/greylist/clear", "route-removed")).toMatchObject([{ severity: "breaking", message: "route removed (GET)" }]);
    expect(routeChange("/network/greylist", "route-added")).toMatchObject([{ severity: "compatible", message: "route added (DELETE)" }]);
    expect(routeChange("/network/greylist/ips", "route-added")).toMatchObject([{ message: "route added (GET)" }]);
    expect(routeChange("/network/greylist/peers", "route-added")).toMatchObject([{ message: "route added (GET)" }]);
  });

  it("ban, unban, trust, untrust: separate GET paths of peers and points, removed; PATCH added instead", () => {
    for (const parent of ["/network/peers/<peer_id>", "/network/points/<point>"]) {
      for (const action of ["ban", "unban", "trust", "untrust"]) {
        expect(routeChange(`${parent}/${action}`, "route-removed"), `${parent}/${action}`).toMatchObject([{ severity: "breaking", message: "route removed (GET)" }]);
      }
      expect(find((c) => c.route === parent && c.kind === "method-added" && c.method === "PATCH")).toHaveLength(1);
    }
  });

  it("/network/version and /network/versions removed", () => {
    expect(routeChange("/network/version", "route-removed")).toMatchObject([{ severity: "breaking", message: "route removed (GET)" }]);
    expect(routeChange("/network/versions", "route-removed")).toMatchObject([{ severity: "breaking", message: "route removed (GET)" }]);
  });

  it("the other routes that do not exist in the earlier layout are added", () => {
    const added = find((c) => c.kind === "route-added").map((c) => c.route);
    for (const route of [
      "/chains/<chain_id>/levels/caboose",
      "/chains/<chain_id>/levels/checkpoint",
      "/chains/<chain_id>/levels/savepoint",
      "/config/history_mode",
      "/config/logging",
      "/config/network/dal",
      "/health/ready",
      "/private/injection/operation",
      "/private/injection/operations",
    ]) {
      expect(added).toContain(route);
    }
    // /describe is listed on both sides.
    expect(find((c) => c.route.startsWith("/describe"))).toEqual([]);
  });

  it("checkpoint: save_point → savepoint, in JSON and in binary", () => {
    const checkpoint = find((c) => c.route === "/chains/<chain_id>/checkpoint" && c.slot === "output");
    expect(checkpoint).toContainEqual(expect.objectContaining({ form: "json", at: "$.save_point", kind: "json-property-removed", severity: "breaking", message: "required property removed" }));
    expect(checkpoint).toContainEqual(expect.objectContaining({ form: "json", at: "$.savepoint", kind: "json-property-added" }));
    expect(checkpoint).toContainEqual(expect.objectContaining({ form: "binary", at: "$", severity: "breaking", message: "fields changed: removed save_point; added savepoint" }));
  });

  it("history_mode: the enumeration became a union, in JSON and in binary (checkpoint and config)", () => {
    for (const [route, at] of [
      ["/chains/<chain_id>/checkpoint", "$.history_mode"],
      ["/config", "$.shell.history_mode"],
    ] as const) {
      const json = find((c) => c.route === route && c.form === "json" && c.at === at);
      expect(json, route).toMatchObject([{ severity: "breaking", message: "became a union (archive, full, rolling, full_alias, rolling_alias) none of whose cases is the old schema" }]);
      const binary = find((c) => c.route === route && c.form === "binary" && c.at === at);
      expect(binary, route).toMatchObject([{ severity: "breaking", message: "Enum Uint8 → a union" }]);
    }
  });

  it("hex fields: the pattern ^[a-zA-Z0-9]+$ became pairs of digits, in requests and responses", () => {
    const patterns = find((c) => c.kind === "json-pattern-changed");
    const message = 'pattern changed: "^[a-zA-Z0-9]+$" → "^([a-zA-Z0-9][a-zA-Z0-9])*$"';
    expect(patterns.length).toBeGreaterThanOrEqual(8);
    for (const change of patterns) expect(change.message).toBe(message);
    expect(patterns.map((c) => `${c.method} ${c.route} ${c.slot} ${c.at}`)).toEqual(
      expect.arrayContaining([
        "GET /chains/<chain_id>/checkpoint output $.block.protocol_data",
        "GET /chains/<chain_id>/checkpoint output $.block.fitness[]",
        "POST /injection/operation input $",
        "POST /injection/block input $.data",
        "GET /monitor/heads/<chain_id> output $.protocol_data",
      ]),
    );
    expect(text).toContain(`POST /injection/operation\n  BREAKING    input json $: ${message}`);
  });

  it("the blocks query's length was typed int, now uint", () => {
    expect(find((c) => c.route === "/chains/<chain_id>/blocks" && c.kind === "query-argument-type-changed")).toMatchObject([
      { method: "GET", severity: "breaking", message: "query argument length: type int → uint" },
    ]);
    expect(text).toContain("GET /chains/<chain_id>/blocks\n  BREAKING    query argument length: type int → uint\n");
  });
});

describe("snapshot --node", () => {
  it("the command line against a node serving shell.json writes shell.json byte for byte (bare answer, dynamic directories kept)", async () => {
    const out = join(files, "captured-shell.json");
    const result = await runInProcess(["snapshot", "--node", current.url, "--out", out]);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain("not expanded: /chains/<chain_id>/blocks/<block_id> (the node answered 404 at /describe/chains/main/blocks/head)");
    expect(result.stderr).toContain("not expanded: /chains/<chain_id>/mempool (the node answered 404 at /describe/chains/main/mempool)");
    expect(result.stderr).toContain(`wrote ${out}`);
    // (Buffer.equals: a deep toEqual over 2 MB of bytes takes seconds.)
    expect(readFileSync(out).equals(readFileSync(shellSnapshot))).toBe(true);
  });

  it("in-process, the legacy snapshot too; without --out the text is returned", async () => {
    const notes: string[] = [];
    const { text, written } = await runSnapshot({ ...SNAPSHOT_DEFAULTS, node: legacy.url }, { note: (line) => notes.push(line) });
    expect(written).toBeUndefined();
    expect(text).toBe(readFileSync(legacySnapshot, "utf8"));
    expect(notes).toHaveLength(2);
  });

  itWithReference(MEMPOOL_DUMP)("a node with an expandable mempool: the captured tezos-rpcgen-snapshot/1 document reproduces the served one", async () => {
    const served: SnapshotDocument = {
      format: "tezos-rpcgen-snapshot/1",
      source: { url: "http://example.invalid:8732", captured_at: "2022-06-09T00:00:00Z", node_version: "13.0+dev" },
      root: JSON.parse(readFileSync(shellSnapshot, "utf8")) as unknown,
      expansions: [{ prefix: ["chains", "main", "mempool"], tree: readReference(MEMPOOL_DUMP) }],
    };
    const node = await startDescribeServer({ document: served, version: { version: { major: 13, minor: 0, additional_info: "dev" } } });
    try {
      const out = join(files, "captured-expanded.json");
      const result = await runInProcess(["snapshot", "--node", node.url, "--out", out]);
      expect(result.code).toBe(0);
      expect(result.stderr).toContain("not expanded: /chains/<chain_id>/blocks/<block_id>");
      expect(result.stderr).not.toContain("not expanded: /chains/<chain_id>/mempool");
      const captured = JSON.parse(readFileSync(out, "utf8")) as SnapshotDocument;
      expect(Object.keys(captured)).toEqual(["format", "source", "root", "expansions"]);
      expect(captured.format).toBe(served.format);
      expect(captured.root).toEqual(served.root);
      expect(captured.expansions).toEqual(served.expansions);
      // Only the source differs (where and when it was captured); the rest is the same text.
      expect(captured.source).toMatchObject({ url: node.url, node_version: "13.0+dev", captured_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/) });
      expect(serializeSnapshot({ ...captured, source: served.source })).toBe(serializeSnapshot(served));
      expect(node.requests).toContain("GET /describe/chains/main/mempool?recurse=yes");

      // And drift between the served document and the captured one: nothing.
      expect(await drift(out, node.url)).toMatchObject({ exitCode: 0, output: expect.stringMatching(/: no drift\n/) });
    } finally {
      await node.close();
    }
  });

  it("a node refusing /describe (401): exit 2, the ACL explained, no stack trace, no file written", async () => {
    const out = join(files, "refused.json");
    const result = await runInProcess(["snapshot", "--node", refusing.url, "--out", out]);
    expect(result.code).toBe(2);
    expectOneLineFailure(result);
    expect(result.stderr).toContain(`cannot capture ${refusing.url}: the node refused /describe with HTTP 401: its RPC ACL does not allow /describe on this listening address`);
    expect(() => readFileSync(out)).toThrow(/ENOENT/);
  });

  it("a node that never answers, --timeout 300: exit 2 and a timeout message, no stack trace", async () => {
    const result = await runInProcess(["snapshot", "--node", hanging.url, "--timeout", "300"]);
    expect(result.code).toBe(2);
    expectOneLineFailure(result);
    expect(result.stderr).toBe(`tezos-rpcgen: cannot capture ${hanging.url}: no complete answer from ${hanging.url}/describe?recurse=yes within 300 ms\n`);
  });

  it("in-process failures are LiveCaptureErrors, which runCli maps to exit 2", async () => {
    expect(await exitCodeOf(() => runSnapshot({ ...SNAPSHOT_DEFAULTS, node: forbidding.url }))).toMatchObject({ code: 2, message: expect.stringMatching(/HTTP 403: its RPC ACL/) });
    expect(await exitCodeOf(() => runSnapshot({ ...SNAPSHOT_DEFAULTS, node: hanging.url, timeout: 200 }))).toMatchObject({ code: 2, message: expect.stringMatching(/within 200 ms/) });
  });
});
