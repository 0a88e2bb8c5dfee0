/**
 * Drift between a describe dump (JSON and binary schemas) and an OpenAPI document (JSON schemas
 * only): the real changes a client must care about are reported, and what OpenAPI cannot say
 * (binary layouts, query argument types and kinds, closed objects) is not reported as a change.
 * The files are the 2022 Alpha mempool dump and T024's mempool OpenAPI, both in ../shared.
 */
import { describe, expect } from "vitest";
import { readDescribeTree } from "../../../generator/describe/index.ts";
import { compareTrees, type DriftReport } from "../../../generator/drift/index.ts";
import { parsePrefix } from "../../../generator/cli/spec-source.ts";
import { itWithReference, readReference } from "../../support/reference.ts";

const ALPHA = "describe-mempool-alpha-2022-06-09.json";
const T024_MEMPOOL = "protocols/t024/mempool-openapi.json";
const prefix = parsePrefix("/chains/<chain_id>/mempool");

function drift(): DriftReport {
  const before = readDescribeTree(readReference(ALPHA), { prefix });
  const after = readDescribeTree(readReference(T024_MEMPOOL), { prefix });
  return compareTrees(before, after);
}

/** The changes of one route as the text report words them (`breaking output json $.x: …`). */
const messages = (report: DriftReport, route: string) =>
  report.changes
    .filter((c) => c.route === `/chains/<chain_id>/mempool/${route}`)
    .map((c) => (c.at === undefined ? `${c.severity} ${c.message}` : `${c.severity} ${c.slot} ${c.form} ${c.at}: ${c.message}`));

describe("drift from a 2022 mempool dump to T024's mempool OpenAPI", () => {
  itWithReference([ALPHA, T024_MEMPOOL])("reports the real changes: applied → validated, endorsements → attestations", () => {
    const report = drift();
    expect(report.changes.filter((c) => c.kind === "route-added" || c.kind === "route-removed")).toEqual([]);
    for (const route of ["pending_operations", "monitor_operations"]) {
      expect(messages(report, route)).toContain("breaking query argument applied (single) removed; the node now ignores it");
      expect(messages(report, route)).toContain("compatible query argument validated (single openapi.string) added");
    }
    const monitor = messages(report, "monitor_operations");
    expect(monitor).toContain("compatible output json $[].contents[]<Endorsement>: union case Endorsement removed");
    expect(monitor).toContain("breaking output json $[].contents[]<Attestation>: union case Attestation added");
    expect(monitor).toContain(
      'breaking output json $[].protocol: enumeration changed: removed "ProtoALphaALphaALphaALphaALphaALphaALphaALphaDdp3zK"; added "PtTALLiNtPec7mE7yY4m3k26J8Qukef3E3ehzhfXgFZKGtDdAXu"',
    );
  });

  itWithReference([ALPHA, T024_MEMPOOL])("compares bodies in JSON only where one side publishes no binary schema, and says so", () => {
    const report = drift();
    // Not one binary change, and no body "lost" its binary form: OpenAPI says nothing about bytes.
    expect(report.changes.filter((c) => c.form === "binary")).toEqual([]);
    expect(report.notCompared).toEqual(["binary forms of 21 bodies: NEW publishes their JSON schema only (an OpenAPI source); they are compared in JSON"]);
    // Nor are the types and kinds of query arguments OpenAPI does not publish, nor closed objects it leaves unsaid.
    expect(report.changes.filter((c) => c.kind === "query-argument-type-changed" || c.kind === "query-argument-kind-changed")).toEqual([]);
    expect(report.changes.filter((c) => /additional properties/.test(c.message))).toEqual([]);
  });

  itWithReference(T024_MEMPOOL)("an OpenAPI document has no drift with itself", () => {
    const tree = () => readDescribeTree(readReference(T024_MEMPOOL), { prefix });
    const report = compareTrees(tree(), tree());
    expect(report.changes).toEqual([]);
  });
});
