/**
 * Drift across a real protocol upgrade, Seoul (023-PtSeouLo, Octez 24.1) → Tallinn
 * (024-PtTALLiN, Octez 24.3), on Octez's OpenAPI files: the protocol's routes under the block
 * directory and its mempool's. Seoul's files come from `test/fixtures/octez-openapi/` (Octez
 * removed them; the fixtures keep their facts), Tallinn's from ../shared/reference/. The report is
 * the one users read at each upgrade: its figures are pinned, and the changes a client of Seoul
 * must care about are named (a field renamed, fields removed, a number that became an object, a
 * field the client sends removed).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect } from "vitest";
import { readDescribeTree } from "../../../generator/describe/index.ts";
import { compareTrees, type DriftReport } from "../../../generator/drift/index.ts";
import { parsePrefix } from "../../../generator/cli/spec-source.ts";
import { itWithReference, readReference, referenceDir } from "../../support/reference.ts";
import { OCTEZ_OPENAPI, readOctezOpenApi, writeOctezOpenApi } from "../../support/octez-openapi.ts";
import { runDrift } from "../../../generator/cli/commands/drift.ts";

const TALLINN = "protocols/t024/openapi.json";
const TALLINN_MEMPOOL = "protocols/t024/mempool-openapi.json";
const BLOCK = "/chains/<chain_id>/blocks/<block_id>";
const MEMPOOL = "/chains/<chain_id>/mempool";
const SEOUL_HASH = "PtSeouLouXkxhg39oWzjxDWaCydNfR3RxCUrNe4Q9Ro8BTehcbh";
const TALLINN_HASH = "PtTALLiNtPec7mE7yY4m3k26J8Qukef3E3ehzhfXgFZKGtDdAXu";

const tmp = mkdtempSync(join(tmpdir(), "rpcgen-upgrade-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const reports = new Map<string, DriftReport>();
/** Seoul → Tallinn for the protocol (`block`) or the mempool, read once. */
function drift(which: "block" | "mempool"): DriftReport {
  let report = reports.get(which);
  if (report === undefined) {
    const [seoul, tallinn, route] = which === "block" ? [OCTEZ_OPENAPI.seoul, TALLINN, BLOCK] : [OCTEZ_OPENAPI.seoulMempool, TALLINN_MEMPOOL, MEMPOOL];
    const prefix = parsePrefix(route);
    report = compareTrees(readDescribeTree(readOctezOpenApi(seoul), { prefix }), readDescribeTree(readReference(tallinn), { prefix }));
    reports.set(which, report);
  }
  return report;
}

/** Each change of one route as the text report words it (`breaking output json $.x: …`). */
const messages = (report: DriftReport, method: string, route: string) =>
  report.changes
    .filter((c) => c.route === route && c.method === method)
    .map((c) => `${c.severity} ${c.slot} ${c.form} ${c.at}: ${c.message}`);

describe("drift Seoul → Tallinn on Octez's protocol OpenAPI files", () => {
  itWithReference(TALLINN)("the figures: 128 changes, 73 breaking, on 47 routes of which 4 are new; no route removed", () => {
    const report = drift("block");
    expect(report.summary).toEqual({ total: 128, breaking: 73, compatible: 55 });
    expect([report.old.services, report.new.services]).toEqual([188, 192]);
    expect(new Set(report.changes.map((c) => c.route)).size).toBe(47);
    expect(report.changes.filter((c) => c.kind === "route-added").map((c) => c.route)).toEqual(
      ["context/destination/<destination_id>/index", "helpers/all_bakers_attest_activation_level", "helpers/baking_power_distribution_for_current_cycle", "helpers/tz4_baker_number_ratio"].map((r) => `${BLOCK}/${r}`),
    );
    expect(report.changes.filter((c) => c.kind === "route-removed" || c.kind === "method-removed")).toEqual([]);
    // Both sides are OpenAPI: nothing binary is compared, and the report says so.
    expect(report.changes.filter((c) => c.form === "binary")).toEqual([]);
    expect(report.notCompared).toHaveLength(2);
  });

  itWithReference(TALLINN)("names the changes a client of Seoul must care about", () => {
    const report = drift("block");
    // A field renamed: attestation rights count `attesting_power`, no longer `attestation_power`.
    expect(messages(report, "GET", `${BLOCK}/helpers/attestation_rights`)).toEqual([
      "breaking output json $[].delegates[].attestation_power: required property removed",
      "compatible output json $[].delegates[].attesting_power: required property added",
    ]);
    // An answer restructured: validators are listed per level with their delegates, no longer one per delegate.
    expect(messages(report, "GET", `${BLOCK}/helpers/validators`)).toEqual([
      "breaking output json $[].delegate: required property removed",
      "breaking output json $[].slots: required property removed",
      "breaking output json $[].consensus_key: required property removed",
      "compatible output json $[].companion_key: optional property removed",
      "compatible output json $[].consensus_threshold: required property added",
      "compatible output json $[].consensus_committee: required property added",
      "compatible output json $[].all_bakers_attest_activated: required property added",
      "compatible output json $[].delegates: required property added",
    ]);
    // A number that became an object, in the receipt of a simulated attestation.
    expect(messages(report, "POST", `${BLOCK}/helpers/scripts/simulate_operation`)).toContain(
      "breaking output json $<Operation_with_metadata>.contents[]<Attestation>.metadata.consensus_power: type changed: integer → object",
    );
    // A field the client sends that Tallinn no longer takes, and the protocol a preapplied operation names.
    expect(messages(report, "POST", `${BLOCK}/helpers/forge/protocol_data`)).toEqual(["breaking input json $.per_block_votes.adaptive_issuance_vote: required property removed"]);
    expect(messages(report, "POST", `${BLOCK}/helpers/preapply/operations`)).toContain(
      `breaking input json $[].protocol: enumeration changed: removed "${SEOUL_HASH}"; added "${TALLINN_HASH}"`,
    );
    // A constant replaced by another.
    expect(messages(report, "GET", `${BLOCK}/context/constants`)).toEqual([
      "breaking output json $.all_bakers_attest_activation_level: required property removed",
      "compatible output json $.all_bakers_attest_activation_threshold: required property added",
    ]);
  });

  itWithReference(TALLINN_MEMPOOL)("the mempool: 10 changes, all breaking, on pending_operations and monitor_operations", () => {
    const report = drift("mempool");
    expect(report.summary).toEqual({ total: 10, breaking: 10, compatible: 0 });
    expect([...new Set(report.changes.map((c) => c.route))]).toEqual([`${MEMPOOL}/monitor_operations`, `${MEMPOOL}/pending_operations`]);
    expect(messages(report, "GET", `${MEMPOOL}/monitor_operations`)).toEqual([
      `breaking output json $[].protocol: enumeration changed: removed "${SEOUL_HASH}"; added "${TALLINN_HASH}"`,
      "breaking output json $[].contents[]<Double_baking_evidence>.bh1.adaptive_issuance_vote: required property removed",
      'breaking output json $[].contents[]<Zk_rollup_publish>.op[][]<#1><Some>.contents<Prim__generic>.prim: enumeration widened: added "INDEX_ADDRESS", "GET_ADDRESS_INDEX"',
    ]);
  });

  // The defaults of the command line, given in full; the command's own function runs in process
  // (the bin's start alone would double this file's time).
  itWithReference(TALLINN)("tezos-rpcgen drift SEOUL TALLINN --prefix …: exit 1 and the summary line", async () => {
    const seoul = writeOctezOpenApi(OCTEZ_OPENAPI.seoul, tmp);
    const tallinn = referenceDir + TALLINN;
    const result = await runDrift(seoul, tallinn, { prefix: BLOCK, format: "text", failOn: "breaking", chain: "main", block: "head", timeout: 30_000, retries: 2 });
    expect(result.output.split("\n").slice(0, 2)).toEqual([`drift ${seoul} → ${tallinn}: 128 changes: 73 breaking, 55 compatible`, "  OLD: 188 services; NEW: 192 services"]);
    expect(result.exitCode).toBe(1);
  });
});
