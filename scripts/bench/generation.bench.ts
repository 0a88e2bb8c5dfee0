/**
 * Generation as a user meets it: the wall time of a whole `tezos-rpcgen generate` process for
 * the shell snapshot (`spec/snapshots/shell.json`, into a temporary folder), and the size of
 * what it writes, file by file. A report, not a race: the target is under 3 s on the project's
 * 2-core machine, and the output no larger than before.
 *
 * Run: npx tsx scripts/bench/generation.bench.ts [runs]   (default 3)
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../", import.meta.url));
const runs = Number(process.argv[2] ?? 3);
const out = mkdtempSync(join(tmpdir(), "rpcgen-bench-"));
try {
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const start = performance.now();
    const result = spawnSync(process.execPath, [join(root, "bin/tezos-rpcgen.js"), "generate", "--spec", join(root, "spec/snapshots/shell.json"), "--out", out], { cwd: root, encoding: "utf8" });
    times.push(performance.now() - start);
    if (result.status !== 0) throw new Error(`generate failed (exit ${result.status}): ${result.stderr}`);
  }
  const sorted = [...times].sort((a, b) => a - b);
  console.log(`\ntezos-rpcgen generate, shell snapshot, whole process (${runs} runs): median ${(sorted[runs >> 1]! / 1000).toFixed(2)} s, best ${(sorted[0]! / 1000).toFixed(2)} s (target < 3 s)`);
  const folder = join(out, "shell");
  const files = readdirSync(folder).map((name) => ({ name, bytes: statSync(join(folder, name)).size }));
  const total = files.reduce((sum, f) => sum + f.bytes, 0);
  console.log(`output: ${(total / 1e6).toFixed(2)} MB in all`);
  for (const { name, bytes } of files.sort((a, b) => b.bytes - a.bytes)) console.log(`  ${name.padEnd(18)} ${(bytes / 1024).toFixed(0).padStart(6)} KiB`);
} finally {
  rmSync(out, { recursive: true, force: true });
}
