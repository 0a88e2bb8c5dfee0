/**
 * Issue 21's attacks against a sandbox on loopback, with a legitimate client injecting
 * throughout (`server-attacks.ts`). Prints the count per attack and outcome and the problems;
 * exits 1 on a crash, a lost acknowledgement or a legitimate request not served.
 *
 * Run: nice npx tsx scripts/fuzz/server.fuzz.ts [attacks=400] [concurrency=6] [seed=21]
 */
import { fuzzServer } from "./server-attacks.ts";

const report = await fuzzServer({ attacks: Number(process.argv[2] ?? 400), concurrency: Number(process.argv[3] ?? 6), seed: Number(process.argv[4] ?? 21) });
for (const [key, n] of [...report.counts].sort()) console.log(`${String(n).padStart(6)}  ${key}`);
console.log(
  `${[...report.counts.values()].reduce((a, b) => a + b, 0)} attacks in ${report.seconds.toFixed(1)} s; ` +
    `${report.acknowledged.operations} operations and ${report.acknowledged.blocks} blocks acknowledged to the legitimate client; ` +
    `${report.problems.length} problems (crashes, lost acknowledgements, requests not served)`,
);
for (const p of report.problems.slice(0, 20)) console.log(`  ${p}`);
process.exit(report.problems.length > 0 ? 1 : 0);
