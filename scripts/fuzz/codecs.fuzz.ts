/**
 * Hostile-input fuzzing of every generated decoder and encoder and of the IR interpreter
 * (issue 14's proof): by default a million calls, spread over
 *
 * - the pairs of `generated/shell/codecs.ts` and `generated/shell-legacy/codecs.ts`;
 * - the pairs of the folder generated (into a temporary directory) from the 2022 Alpha mempool
 *   dump of `../shared/reference/`, when it is there: operations, Micheline, zarith numbers;
 * - the IR interpreter's codec of every definition and body of those three models.
 *
 * Prints the counts per direction, input kind and outcome (see `engine.ts`), then the first
 * problems; exits 1 when there is any untyped exception, hang or excessive allocation.
 *
 * Run: nice npx tsx scripts/fuzz/codecs.fuzz.ts [inputs] [seed]
 */
import { loadInterface } from "../../generator/pipeline.ts";
import { generateToTemporaryFolder } from "../bench/generated-folder.ts";
import { fuzzTargets, PROBLEMS, type FuzzTarget } from "./engine.ts";
import { committedTargets, interpreterTargets, modelOf, PROJECT_ROOT, recordedEncodings, VECTOR_FILES } from "./targets.ts";

const inputs = Number(process.argv[2] ?? 1_000_000);
const seed = Number(process.argv[3] ?? 14);
const ALPHA_DUMP = `${PROJECT_ROOT}../shared/reference/describe-mempool-alpha-2022-06-09.json`;
const MEMPOOL_PREFIX = ["chains", { kind: "arg" as const, name: "chain_id", multiple: false }, "mempool"];

const targets: FuzzTarget[] = [];
for (const folder of ["shell", "shell-legacy"]) {
  targets.push(...(await committedTargets(folder)));
  targets.push(...interpreterTargets(folder, modelOf(`${PROJECT_ROOT}spec/snapshots/${folder}.json`)));
}
try {
  const loaded = await loadInterface(ALPHA_DUMP, { read: { prefix: MEMPOOL_PREFIX } });
  const alpha = await generateToTemporaryFolder(loaded, "alpha-mempool");
  const { pairsOf } = await import("./targets.ts");
  targets.push(...pairsOf("alpha-mempool", alpha.codecs), ...interpreterTargets("alpha-mempool", loaded.model));
} catch (error) {
  console.log(`(the Alpha mempool dump is left out: ${(error as Error).message})`);
}

console.log(`${targets.length} targets, ${inputs} inputs, seed ${seed}`);
const started = performance.now();
const report = fuzzTargets(targets, {
  inputs,
  seed,
  recorded: recordedEncodings(VECTOR_FILES),
  progressEvery: 100_000,
  onProgress: (done) => console.log(`  ${done} inputs, ${((performance.now() - started) / 1000).toFixed(0)} s`),
});
console.log(`\n${report.total} inputs in ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
console.log(report.format());
const problems = PROBLEMS.reduce((n, outcome) => n + report.count(outcome), 0);
for (const problem of report.problems.slice(0, 20)) console.log(`\n${problem.outcome} in ${problem.target}: ${problem.detail}\n  input: ${problem.input}`);
console.log(`\n${problems === 0 ? "no" : problems} problem${problems === 1 ? "" : "s"} (untyped exceptions, hangs over 2 s + 1 µs per input byte, excessive allocations)`);
process.exit(problems === 0 ? 0 : 1);
