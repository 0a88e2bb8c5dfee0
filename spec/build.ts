/**
 * Writes the shell snapshots:
 *   spec/snapshots/shell.json         current layout (Octez 20.3)
 *   spec/snapshots/shell-legacy.json  earlier layout (Octez 8.2)
 *
 * Each file is exactly the JSON value a node answers to `GET /describe?recurse=yes`, with the
 * node's key order. A node sends it as one line of compact JSON; we pretty-print it with two
 * spaces (and a final newline) so that changes review as readable diffs. `JSON.parse` gives the
 * same value either way. Run with `npm run build:spec`; `--check` fails if a file would change.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { CURRENT, LEGACY, shellDescribe } from "./shell.ts";

export const SNAPSHOTS = {
  "shell.json": () => shellDescribe(CURRENT),
  "shell-legacy.json": () => shellDescribe(LEGACY),
} as const;

export function renderSnapshot(name: keyof typeof SNAPSHOTS): string {
  return JSON.stringify(SNAPSHOTS[name](), null, 2) + "\n";
}

export const snapshotPath = (name: string): string =>
  fileURLToPath(new URL(`./snapshots/${name}`, import.meta.url));

function main(): void {
  const check = process.argv.includes("--check");
  let stale = false;
  for (const name of Object.keys(SNAPSHOTS) as (keyof typeof SNAPSHOTS)[]) {
    const text = renderSnapshot(name);
    const path = snapshotPath(name);
    let old: string | undefined;
    try {
      old = readFileSync(path, "utf8");
    } catch {
      old = undefined;
    }
    if (old === text) continue;
    if (check) {
      console.error(`${name} is out of date; run npm run build:spec`);
      stale = true;
    } else {
      writeFileSync(path, text);
      console.log(`wrote ${path}`);
    }
  }
  if (stale) process.exit(1);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
