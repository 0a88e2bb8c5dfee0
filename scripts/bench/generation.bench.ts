/**
 * Generation time, end to end (read the file, validate and normalise the tree, reconcile,
 * render and lay out every file of the folder, validators included; nothing written to disk), for
 *
 * - the shell snapshot `spec/snapshots/shell.json`, and
 * - the 2022 Alpha mempool dump `../shared/reference/describe-mempool-alpha-2022-06-09.json`
 *   (a subtree captured at `/chains/<chain_id>/mempool`),
 *
 * against `openapi-typescript` 7.13.0 run programmatically (read + parse + transform + print) on
 * `../shared/reference/rpc-openapi-v20.3.json`, the OpenAPI form of the same Octez 20.3 shell.
 * openapi-typescript emits types only; we emit types, codecs, validators, routes, client and
 * server, so the comparison is of the job each tool does for an interface.
 *
 * Rounds alternate the three jobs in one process; each figure is the median of the warm rounds
 * (the first, cold round, which includes starting the validators' worker thread and JIT
 * warm-up, is shown separately). Then one more run of each of our jobs, step by step, shows where the time goes.
 *
 * Run: npx tsx scripts/bench/generation.bench.ts [rounds]   (default 5 warm rounds)
 */
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import openapiTS, { astToString } from "openapi-typescript";
import { loadInterface, renderInterface } from "../../generator/pipeline.ts";
import type { ReadDescribeOptions } from "../../generator/describe/index.ts";
import { printPhases, timePhases } from "./generation-phases.ts";

const root = fileURLToPath(new URL("../../", import.meta.url));
const reference = fileURLToPath(new URL("../../../shared/reference/", import.meta.url));
const SHELL = `${root}spec/snapshots/shell.json`;
const ALPHA = `${reference}describe-mempool-alpha-2022-06-09.json`;
const OPENAPI = `${reference}rpc-openapi-v20.3.json`;
const MEMPOOL: ReadDescribeOptions = { prefix: ["chains", { kind: "arg", name: "chain_id", multiple: false }, "mempool"] };

// Enough warm rounds for both sides to reach their steady state (the JIT settles late on both).
const warmRounds = Number(process.argv[2] ?? 15);

async function ours(source: string, read?: ReadDescribeOptions): Promise<number> {
  const loaded = await loadInterface(source, read ? { read } : {});
  const files = await renderInterface(loaded);
  return files.reduce((sum, f) => sum + f.contents.length, 0);
}

async function openapiTypescript(): Promise<number> {
  const spec = JSON.parse(await readFile(OPENAPI, "utf8")) as Parameters<typeof openapiTS>[0];
  return astToString(await openapiTS(spec)).length;
}

const jobs = [
  { name: "ours: shell snapshot (spec/snapshots/shell.json)", run: () => ours(SHELL) },
  { name: "ours: Alpha mempool dump (2022-06-09)", run: () => ours(ALPHA, MEMPOOL) },
  { name: "openapi-typescript 7.13.0: rpc-openapi-v20.3.json", run: openapiTypescript },
];

const times = jobs.map(() => [] as number[]);
const sizes = jobs.map(() => 0);
for (let round = 0; round <= warmRounds; round++) {
  for (const [j, job] of jobs.entries()) {
    const start = performance.now();
    sizes[j] = await job.run();
    times[j]!.push(performance.now() - start);
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const warm = times.map((t) => median(t.slice(1)));
const cold = times.map((t) => t[0]!);
const baseline = jobs.length - 1;

console.log(`\nGeneration time, end to end (median of ${warmRounds} warm rounds; first cold round apart)`);
for (const [j, job] of jobs.entries()) {
  const ratio = j === baseline ? "" : `   ratio ours/openapi-typescript ${(warm[j]! / warm[baseline]!).toFixed(2)}x (cold ${(cold[j]! / cold[baseline]!).toFixed(2)}x)`;
  console.log(`  ${job.name.padEnd(52)} ${warm[j]!.toFixed(0).padStart(6)} ms  (cold ${cold[j]!.toFixed(0).padStart(6)} ms, ${Math.round(sizes[j]! / 1024)} KiB out)${ratio}`);
}
console.log("  (ratio < 1 means ours is faster; target for the shell: ≤ 1.00x)");

// Where the time goes, one step at a time. The replay must give the pipeline's exact output.
for (const [label, source, read] of [
  ["shell snapshot, by step", SHELL, undefined],
  ["Alpha mempool dump, by step", ALPHA, MEMPOOL],
] as const) {
  const { phases, files } = await timePhases(source, read);
  const expected = await renderInterface(await loadInterface(source, read ? { read } : {}));
  if (JSON.stringify(files) !== JSON.stringify(expected)) {
    throw new Error(`${label}: the step-by-step replay (generation-phases.ts) no longer produces renderInterface's files; update it`);
  }
  printPhases(label, phases);
}
