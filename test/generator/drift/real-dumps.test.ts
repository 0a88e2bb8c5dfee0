/**
 * Drift between the three real mempool dumps (Granada 2021 → Ithaca 2022 → Alpha 2022), each read
 * at `/chains/<chain_id>/mempool`. The routes are the same; the protocol shows in the bodies.
 * The full text reports are pinned in `__snapshots__/`.
 */
import { describe, expect } from "vitest";
import { readDescribeTree, type DescribedTree } from "../../../generator/describe/index.ts";
import { compareTrees, driftExitCode, formatDriftReport, type DriftReport } from "../../../generator/drift/index.ts";
import { itWithReference, readReference } from "../../support/reference.ts";
import { MEMPOOL_ROUTE } from "./fixtures.ts";

const DUMPS = {
  granada: "describe-mempool-granada-2021-09-10.raw.json",
  ithaca: "describe-mempool-ithaca-2022-06-09.json",
  alpha: "describe-mempool-alpha-2022-06-09.json",
} as const;

const cache = new Map<string, DescribedTree>();
function tree(name: string): DescribedTree {
  let t = cache.get(name);
  if (t === undefined) {
    t = readDescribeTree(readReference(name), { prefix: MEMPOOL_ROUTE });
    cache.set(name, t);
  }
  return t;
}

function drift(from: keyof typeof DUMPS, to: keyof typeof DUMPS): DriftReport {
  return compareTrees(tree(DUMPS[from]), tree(DUMPS[to]), { oldLabel: from, newLabel: to });
}

/** `severity kind METHOD route slot form at: message` */
const line = (r: DriftReport) => r.changes.map((c) => `${c.severity} ${c.kind} ${c.method ?? ""} ${c.route} ${[c.slot, c.form, c.at].filter(Boolean).join(" ")}: ${c.message}`);

const PENDING = "/chains/<chain_id>/mempool/pending_operations";
const MONITOR = "/chains/<chain_id>/mempool/monitor_operations";

describe("drift between the real mempool dumps", () => {
  itWithReference(Object.values(DUMPS))("each dump against itself: no drift", () => {
    for (const name of Object.keys(DUMPS) as Array<keyof typeof DUMPS>) {
      const report = drift(name, name);
      expect(report.changes, name).toEqual([]);
      expect(driftExitCode(report, "any")).toBe(0);
    }
  });

  itWithReference([DUMPS.granada, DUMPS.ithaca])("Granada → Ithaca: same routes; new query arguments; Tenderbake operations in the bodies", async () => {
    const report = drift("granada", "ithaca");
    const kinds = new Set(report.changes.map((c) => c.kind));
    for (const k of ["route-added", "route-removed", "method-added", "method-removed"] as const) expect(kinds.has(k)).toBe(false);
    const lines = line(report);
    // Query arguments that appeared (all compatible).
    expect(lines).toContain("compatible query-argument-added GET /chains/<chain_id>/mempool/filter : query argument include_default (single bool) added");
    expect(lines).toContain("compatible query-argument-added POST /chains/<chain_id>/mempool/request_operations : query argument peer_id (optional peer_id) added");
    expect(lines).toContain(`compatible query-argument-added GET ${MONITOR} : query argument outdated (single bool) added`);
    expect(report.changes.filter((c) => c.kind === "query-argument-added" && c.route === PENDING).map((c) => c.message)).toEqual([
      "query argument version (single int) added",
      "query argument applied (single bool) added",
      "query argument refused (single bool) added",
      "query argument outdated (single bool) added",
      "query argument branch_refused (single bool) added",
      "query argument branch_delayed (single bool) added",
    ]);
    // Operation contents: new cases reach a client of Granada's output (breaking), in both forms.
    expect(lines).toContain(`breaking json-case-added GET ${MONITOR} output json $[].contents[]<Preendorsement>: union case Preendorsement added`);
    expect(lines).toContain(`breaking binary-case-added GET ${MONITOR} output binary $[].contents[]<20 Preendorsement>: union case 20 (Preendorsement) added`);
    expect(lines).toContain(`breaking binary-case-added GET ${MONITOR} output binary $[].contents[]<21 Endorsement>: union case 21 (Endorsement) added`);
    expect(lines).toContain(`compatible binary-case-removed GET ${MONITOR} output binary $[].contents[]<0 Endorsement>: union case 0 (Endorsement) removed`);
    // The protocol constant of every mempool operation changed.
    expect(lines).toContain(
      `breaking json-enum-changed GET ${MONITOR} output json $[].protocol: enumeration changed: removed "PtGRANADsDU8R9daYKAgWnQYAJ64omN1o3KMGVCykShA97vQbvV"; added "Psithaca2MLRFYargivpo7YvUr7wUDqyxrdhC5CQq78mRvimz6A"`,
    );
    // Block headers inside double-baking evidence: priority gave way to payload hash and round.
    expect(lines).toContain(`breaking binary-fields-changed GET ${MONITOR} output binary $[].contents[]<3 Double_baking_evidence>.bh1: fields changed: removed priority; added payload_hash, payload_round`);
    // The error of a mempool operation became optional (error → error_opt).
    expect(lines).toContain(`breaking binary-fields-changed GET ${MONITOR} output binary $[]: fields changed: removed dyn#6(error); added dyn#6(error_opt)`);
    // pending_operations: a union of the new and the old encoding, selected by `version`.
    expect(lines).toContain(`breaking json-union-changed GET ${PENDING} output json $: became a union (new_encoding_pending_operations, old_encoding_pending_operations) none of whose cases is the old schema`);
    // POST filter: Granada described no bytes for the output, Ithaca a length-prefixed JSON value.
    expect(lines).toContain("breaking binary-fields-changed POST /chains/<chain_id>/mempool/filter output binary $: fields changed: added dyn#0, #1");
    expect(report.summary).toEqual({ breaking: 21, compatible: 21, total: 42 });
    expect(driftExitCode(report, "breaking")).toBe(1);
    await expect(formatDriftReport(report, "text")).toMatchFileSnapshot("__snapshots__/mempool-granada-ithaca.txt");
  });

  itWithReference([DUMPS.ithaca, DUMPS.alpha])("Ithaca → Alpha: same routes and query arguments; rollup and DAL operations added", async () => {
    const report = drift("ithaca", "alpha");
    const lines = line(report);
    expect(report.changes.every((c) => c.slot === "output" && c.form !== undefined)).toBe(true);
    expect(new Set(report.changes.map((c) => c.route))).toEqual(new Set([MONITOR, PENDING]));
    const added = report.changes.filter((c) => c.kind === "binary-case-added" && c.route === MONITOR).map((c) => c.at);
    expect(added).toEqual([
      "$[].contents[]<22 Dal_slot_availability>",
      ...[150, 151, 152, 153, 154, 155, 156, 157].map((t, i) => `$[].contents[]<${t} ${["Tx_rollup_origination", "Tx_rollup_submit_batch", "Tx_rollup_commit", "Tx_rollup_return_bond", "Tx_rollup_finalize_commitment", "Tx_rollup_remove_commitment", "Tx_rollup_rejection", "Tx_rollup_dispatch_tickets"][i]}>`),
      "$[].contents[]<158 Transfer_ticket>",
      ...["Sc_rollup_originate", "Sc_rollup_add_messages", "Sc_rollup_cement", "Sc_rollup_publish", "Sc_rollup_refute", "Sc_rollup_timeout", "Sc_rollup_execute_outbox_message", "Sc_rollup_recover_bond"].map((n, i) => `$[].contents[]<${200 + i} ${n}>`),
      "$[].contents[]<230 Dal_publish_slot_header>",
    ]);
    // The liquidity-baking vote of block headers changed name (and type).
    expect(lines).toContain(`breaking binary-fields-changed GET ${MONITOR} output binary $[].contents[]<3 Double_baking_evidence>.bh1: fields changed: removed liquidity_baking_escape_vote; added liquidity_baking_toggle_vote`);
    expect(lines).toContain(`breaking json-property-removed GET ${MONITOR} output json $[].contents[]<Double_baking_evidence>.bh1.liquidity_baking_escape_vote: required property removed`);
    // New Michelson primitives widen the output enumeration.
    expect(lines).toContain(
      `breaking json-enum-changed GET ${MONITOR} output json $[].contents[]<Transaction>.parameters.value<Sequence>[]<Prim__generic>.prim: enumeration widened: added "sapling_transaction_deprecated", "MIN_BLOCK_TIME", "tx_rollup_l2_address"`,
    );
    expect(report.summary).toEqual({ breaking: 73, compatible: 2, total: 75 });
    await expect(formatDriftReport(report, "text")).toMatchFileSnapshot("__snapshots__/mempool-ithaca-alpha.txt");
  });

  itWithReference([DUMPS.granada, DUMPS.alpha])("Alpha → Granada (backwards) mirrors the classification of added and removed cases", () => {
    const forward = drift("granada", "alpha");
    const backward = drift("alpha", "granada");
    const forwardAdded = forward.changes.filter((c) => c.kind === "binary-case-added" && c.route === MONITOR).map((c) => c.at);
    const backwardRemoved = backward.changes.filter((c) => c.kind === "binary-case-removed" && c.route === MONITOR).map((c) => c.at);
    expect(backwardRemoved.sort()).toEqual(forwardAdded.sort());
    expect(backward.changes.filter((c) => c.kind === "binary-case-removed").every((c) => c.severity === "compatible")).toBe(true);
    expect(forward.changes.filter((c) => c.kind === "binary-case-added").every((c) => c.severity === "breaking")).toBe(true);
  });

  itWithReference([DUMPS.granada, DUMPS.ithaca])("markdown and json renderings are deterministic", () => {
    const a = drift("granada", "ithaca");
    cache.clear();
    const b = drift("granada", "ithaca");
    for (const format of ["text", "markdown", "json"] as const) expect(formatDriftReport(b, format)).toBe(formatDriftReport(a, format));
  });
});
