/**
 * Drift from the earlier shell layout (Octez 8.2, `spec/snapshots/shell-legacy.json`) to the
 * current one (Octez 20.3, `spec/snapshots/shell.json`): the differences listed in the
 * Versioning section of `shared/spec/shell-rpc-interface.md`. Skipped while the snapshots are
 * not built.
 */
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { readDescribeTree, type DescribedTree } from "../../../generator/describe/index.ts";
import { compareTrees, driftExitCode, type DriftReport } from "../../../generator/drift/index.ts";

const DIR = fileURLToPath(new URL("../../../spec/snapshots/", import.meta.url));
const present = existsSync(DIR + "shell.json") && existsSync(DIR + "shell-legacy.json");

const trees = new Map<string, DescribedTree>();
function tree(name: string): DescribedTree {
  let t = trees.get(name);
  if (t === undefined) {
    t = readDescribeTree(JSON.parse(readFileSync(DIR + name, "utf8")));
    trees.set(name, t);
  }
  return t;
}

let cached: DriftReport | undefined;
function report(): DriftReport {
  cached ??= compareTrees(tree("shell-legacy.json"), tree("shell.json"), { oldLabel: "shell-legacy", newLabel: "shell" });
  return cached;
}

const HEX_OLD = "^[a-zA-Z0-9]+$";
const HEX_NEW = "^([a-zA-Z0-9][a-zA-Z0-9])*$";

describe.skipIf(!present)("drift: shell-legacy → shell (Versioning section)", () => {
  it("each snapshot against itself: no drift", () => {
    for (const name of ["shell.json", "shell-legacy.json"]) expect(compareTrees(tree(name), tree(name)).changes, name).toEqual([]);
  });

  it("routes and methods: exactly the layout changes", () => {
    const routeLevel = report()
      .changes.filter((c) => ["route-added", "route-removed", "method-added", "method-removed", "dynamic-directory-added", "dynamic-directory-removed", "path-argument-changed"].includes(c.kind))
      .map((c) => `${c.severity} ${c.kind} ${c.method ?? ""}${c.method === undefined ? "" : " "}${c.route}: ${c.message}`);
    expect(routeLevel).toEqual([
      "compatible route-added /chains/<chain_id>/levels/caboose: route added (GET)",
      "compatible route-added /chains/<chain_id>/levels/checkpoint: route added (GET)",
      "compatible route-added /chains/<chain_id>/levels/savepoint: route added (GET)",
      "compatible route-added /config/history_mode: route added (GET)",
      "compatible route-added /config/logging: route added (PUT)",
      "compatible route-added /config/network/dal: route added (GET)",
      "compatible route-added /health/ready: route added (GET)",
      "compatible route-added /monitor/applied_blocks: route added (GET)",
      "breaking route-removed /monitor/valid_blocks: route removed (GET)",
      "compatible route-added /monitor/validated_blocks: route added (GET)",
      "compatible route-added /network/greylist: route added (DELETE)",
      "breaking route-removed /network/greylist/clear: route removed (GET)",
      "compatible route-added /network/greylist/ips: route added (GET)",
      "compatible route-added /network/greylist/peers: route added (GET)",
      "compatible method-added PATCH /network/peers/<peer_id>: PATCH added to an existing route",
      "breaking route-removed /network/peers/<peer_id>/ban: route removed (GET)",
      "breaking route-removed /network/peers/<peer_id>/trust: route removed (GET)",
      "breaking route-removed /network/peers/<peer_id>/unban: route removed (GET)",
      "breaking route-removed /network/peers/<peer_id>/untrust: route removed (GET)",
      "compatible method-added PATCH /network/points/<point>: PATCH added to an existing route",
      "breaking route-removed /network/points/<point>/ban: route removed (GET)",
      "breaking route-removed /network/points/<point>/trust: route removed (GET)",
      "breaking route-removed /network/points/<point>/unban: route removed (GET)",
      "breaking route-removed /network/points/<point>/untrust: route removed (GET)",
      "breaking route-removed /network/version: route removed (GET)",
      "breaking route-removed /network/versions: route removed (GET)",
      "compatible route-added /private/injection/operation: route added (POST)",
      "compatible route-added /private/injection/operations: route added (POST)",
    ]);
    // The 12 OpenAPI paths only in 8.2 and the 12 only in 20.3 (shared/reference/README.md) are
    // all there; the private injection routes are not in the OpenAPI files.
    const removed = report().changes.filter((c) => c.kind === "route-removed");
    const added = report().changes.filter((c) => c.kind === "route-added" && !c.route.startsWith("/private/"));
    expect(removed).toHaveLength(12);
    expect(added).toHaveLength(12);
  });

  it("the checkpoint record: save_point → savepoint, history_mode enumeration → union, in both forms", () => {
    const checkpoint = report().changes.filter((c) => c.route === "/chains/<chain_id>/checkpoint").map((c) => `${c.severity} ${c.form} ${c.at}: ${c.message}`);
    expect(checkpoint).toEqual(
      expect.arrayContaining([
        "breaking json $.save_point: required property removed",
        "compatible json $.savepoint: required property added",
        "breaking json $.history_mode: became a union (archive, full, rolling, full_alias, rolling_alias) none of whose cases is the old schema",
        "breaking binary $: fields changed: removed save_point; added savepoint",
        "breaking binary $.history_mode: Enum Uint8 → a union",
      ]),
    );
  });

  it("hex patterns: the earlier layout accepted any non-empty alphanumeric string", () => {
    const patterns = report().changes.filter((c) => c.kind === "json-pattern-changed");
    expect(patterns.length).toBeGreaterThan(0);
    for (const c of patterns) {
      expect(c.severity).toBe("breaking");
      expect([c.old, c.new]).toEqual([HEX_OLD, HEX_NEW]);
    }
    expect(patterns.map((c) => `${c.method} ${c.route} ${c.slot} ${c.at}`)).toEqual(
      expect.arrayContaining([
        "POST /injection/operation input $",
        "POST /injection/block input $.data",
        "GET /chains/<chain_id>/checkpoint output $.block.protocol_data",
        "GET /monitor/heads/<chain_id> output $.fitness[]",
      ]),
    );
  });

  it("the blocks query: length typed <int> before, <uint> now", () => {
    const blocks = report().changes.filter((c) => c.route === "/chains/<chain_id>/blocks");
    expect(blocks.map((c) => `${c.severity} ${c.kind}: ${c.message}`)).toEqual(["breaking query-argument-type-changed: query argument length: type int → uint"]);
  });

  it("fails a --fail-on breaking check, and the report is deterministic", () => {
    expect(driftExitCode(report(), "breaking")).toBe(1);
    const again = compareTrees(tree("shell-legacy.json"), tree("shell.json"), { oldLabel: "shell-legacy", newLabel: "shell" });
    expect(again).toEqual(report());
  });
});

