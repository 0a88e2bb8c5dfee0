/**
 * The test suite's cost: runs `vitest run` with a JSON report and prints its wall time, its CPU
 * time (vitest and every process it waited for: workers, spawned commands, npm) and the slowest
 * files by the sum of their tests' durations. With `--baseline ARGS` it first runs the suite with
 * those extra vitest arguments (for example `--isolate=true`, the setting before the worker's
 * files shared their modules) and prints our figures as ratios of the baseline's.
 *
 *   nice npx tsx scripts/bench/test-suite.ts [--top N] [--baseline "ARGS"] [-- VITEST ARGS]
 *
 * Minutes per run, so not one of `npm run bench`'s `*.bench.ts`. Nothing asserts on the
 * figures. On a machine others share, wall times vary with their load; CPU time much less.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../", import.meta.url));

interface FileTiming {
  file: string;
  tests: number;
  seconds: number;
}

interface SuiteRun {
  wallSeconds: number;
  cpuSeconds: number;
  passed: number;
  failed: number;
  files: FileTiming[];
}

interface VitestJsonReport {
  numPassedTests: number;
  numFailedTests: number;
  testResults: Array<{ name: string; assertionResults: Array<{ duration?: number | null }> }>;
}

const CLOCK_TICKS = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;

/** User + system CPU seconds of the children this process has waited for (Linux `/proc`). */
function childrenCpuSeconds(): number {
  const stat = readFileSync("/proc/self/stat", "utf8");
  // The fields after the command name, which is in parentheses and may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // cutime and cstime are fields 16 and 17 of the whole line, 14 and 15 after the name.
  return (Number(fields[13]) + Number(fields[14])) / CLOCK_TICKS;
}

function runSuite(extraArgs: readonly string[]): SuiteRun {
  const folder = mkdtempSync(join(tmpdir(), "suite-timing-"));
  const report = join(folder, "report.json");
  try {
    const cpuBefore = childrenCpuSeconds();
    const started = performance.now();
    spawnSync(process.execPath, [join(root, "node_modules/vitest/vitest.mjs"), "run", "--reporter=dot", "--reporter=json", `--outputFile.json=${report}`, ...extraArgs], {
      cwd: root,
      stdio: ["ignore", "ignore", "inherit"],
    });
    const wallSeconds = (performance.now() - started) / 1000;
    const cpuSeconds = childrenCpuSeconds() - cpuBefore;
    const json = JSON.parse(readFileSync(report, "utf8")) as VitestJsonReport;
    const files = json.testResults
      .map((result) => ({
        file: relative(root, result.name),
        tests: result.assertionResults.length,
        seconds: result.assertionResults.reduce((sum, test) => sum + (test.duration ?? 0), 0) / 1000,
      }))
      .sort((a, b) => b.seconds - a.seconds);
    return { wallSeconds, cpuSeconds, passed: json.numPassedTests, failed: json.numFailedTests, files };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

function describeRun(label: string, run: SuiteRun): string {
  const testSeconds = run.files.reduce((sum, file) => sum + file.seconds, 0);
  return `${label}: ${run.wallSeconds.toFixed(1)} s wall, ${run.cpuSeconds.toFixed(1)} s CPU, ${testSeconds.toFixed(1)} s in tests; ${run.passed} passed, ${run.failed} failed`;
}

const args = process.argv.slice(2);
const separator = args.indexOf("--");
const own = separator === -1 ? args : args.slice(0, separator);
const vitestArgs = separator === -1 ? [] : args.slice(separator + 1);
const option = (name: string) => {
  const at = own.indexOf(name);
  return at === -1 ? undefined : own[at + 1];
};
const top = Number(option("--top") ?? 20);
const baselineArgs = option("--baseline")?.split(/\s+/).filter((word) => word !== "");

const baseline = baselineArgs === undefined ? undefined : runSuite([...vitestArgs, ...baselineArgs]);
const ours = runSuite(vitestArgs);

if (baseline !== undefined) console.log(describeRun(`baseline (${baselineArgs!.join(" ")})`, baseline));
console.log(describeRun("suite", ours));
if (baseline !== undefined) {
  console.log(`ratio to the baseline: wall ${(ours.wallSeconds / baseline.wallSeconds).toFixed(2)}, CPU ${(ours.cpuSeconds / baseline.cpuSeconds).toFixed(2)}`);
}
const before = new Map(baseline?.files.map((file) => [file.file, file.seconds]));
console.log(`\nslowest ${top} files (sum of their tests' durations, s)${baseline ? ", baseline first" : ""}:`);
for (const file of ours.files.slice(0, top)) {
  const was = before.get(file.file);
  console.log(`${was === undefined ? "" : `${was.toFixed(1).padStart(6)} → `}${file.seconds.toFixed(1).padStart(6)}  ${String(file.tests).padStart(4)} tests  ${file.file}`);
}
