/**
 * Writes the sandbox protocol's describe trees (`sandbox/protocol/snapshots/*.json`), from
 * which `tezos-rpcgen generate` makes the typed routes the sandbox mounts
 * (`sandbox/protocol/generated/`). `--check` fails when a committed tree is stale.
 *
 *   npx tsx sandbox/protocol/build.ts && \
 *   npx tezos-rpcgen generate --spec sandbox/protocol/snapshots/block.json --spec sandbox/protocol/snapshots/mempool.json --out sandbox/protocol/generated
 */
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { blockDescribe, mempoolDescribe } from "./services.ts";

export const SNAPSHOTS = {
  block: { file: fileURLToPath(new URL("./snapshots/block.json", import.meta.url)), tree: blockDescribe },
  mempool: { file: fileURLToPath(new URL("./snapshots/mempool.json", import.meta.url)), tree: mempoolDescribe },
};

/** A tree as the committed file holds it (two-space JSON and a final newline). */
export function snapshotText(tree: unknown): string {
  return JSON.stringify(tree, null, 2) + "\n";
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const check = process.argv.includes("--check");
  let stale = 0;
  for (const [name, { file, tree }] of Object.entries(SNAPSHOTS)) {
    const text = snapshotText(tree());
    if (!check) writeFileSync(file, text);
    else if (readFileSync(file, "utf8") !== text) {
      process.stderr.write(`${name}: ${file} is stale; run npx tsx sandbox/protocol/build.ts\n`);
      stale++;
    }
  }
  process.exitCode = stale === 0 ? 0 : 1;
}
