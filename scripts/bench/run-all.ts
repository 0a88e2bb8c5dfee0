/**
 * Runs every `*.bench.ts` file of this folder, one process each (so that one benchmark's JIT
 * state does not colour the next), in name order. `npm run bench`.
 */
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";

const folder = fileURLToPath(new URL(".", import.meta.url));
const files = readdirSync(folder)
  .filter((name) => name.endsWith(".bench.ts"))
  .sort();

let failed = 0;
for (const name of files) {
  console.log(`\n=== ${name}`);
  const result = spawnSync(process.execPath, ["--import", "tsx", folder + name], { stdio: "inherit" });
  if (result.status !== 0) {
    failed++;
    console.error(`${name} failed (exit ${result.status ?? result.signal})`);
  }
}
process.exit(failed === 0 ? 0 : 1);
