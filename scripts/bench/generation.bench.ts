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
 * Rounds alternate the three jobs in one process, and figures are medians over three spans of
 * rounds, each with its ratio:
 * - the first round, cold (module loading, the validators' worker thread starting, no JIT);
 * - the early rounds 1–15, while the engine is still compiling and re-tuning (our jobs, ajv's
 *   code generation on the worker thread above all, take ~30 rounds to settle);
 * - the steady state: rounds after a warm-up of 30, the figure the target is judged on, as
 *   warm-up-then-measure benchmarks do.
 * Then one more run of each of our jobs, step by step, shows where the time goes.
 *
 * Run: npx tsx scripts/bench/generation.bench.ts [steady rounds] [warm-up rounds]   (default 30 and 30)
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

const steadyRounds = Number(process.argv[2] ?? 30);
const warmUpRounds = Number(process.argv[3] ?? 30);
const EARLY = { from: 1, to: 16 };

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
for (let round = 0; round < 1 + warmUpRounds + steadyRounds; round++) {
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
const spans = [
  { label: "cold", of: (t: number[]) => t[0]! },
  { label: `early (rounds ${EARLY.from}–${EARLY.to - 1})`, of: (t: number[]) => median(t.slice(EARLY.from, EARLY.to)) },
  { label: `steady (${steadyRounds} rounds after ${warmUpRounds})`, of: (t: number[]) => median(t.slice(1 + warmUpRounds)) },
];
const baseline = jobs.length - 1;

console.log(`\nGeneration time, end to end (medians; ratio = ours / openapi-typescript, < 1 means ours is faster)`);
for (const { label, of } of spans) {
  const figures = times.map(of);
  console.log(`  ${label}:`);
  for (const [j, job] of jobs.entries()) {
    const ratio = j === baseline ? "" : `   ratio ${(figures[j]! / figures[baseline]!).toFixed(2)}x`;
    console.log(`    ${job.name.padEnd(52)} ${figures[j]!.toFixed(0).padStart(6)} ms  (${Math.round(sizes[j]! / 1024)} KiB out)${ratio}`);
  }
}
console.log("  (target for the shell: steady ratio ≤ 1.00x)");

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
