/** `tezos-rpcgen check`: is `generated/` exactly what `generate` would write? */

import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Command } from "commander";
import { loadInterface, renderInterface } from "../../pipeline.ts";
import { CliError } from "../errors.ts";
import { collect } from "../options.ts";
import { targets } from "./generate.ts";

/** Files of a generated folder that differ from a fresh generation: changed, missing or extra. */
export async function staleFiles(source: string, folder: string): Promise<string[]> {
  const expected = await renderInterface(await loadInterface(source));
  const stale: string[] = [];
  const present = new Set(await readdir(folder).catch(() => [] as string[]));
  for (const file of expected) {
    const path = join(folder, file.name);
    const actual = await readFile(path, "utf8").catch(() => undefined);
    if (actual === undefined) stale.push(`${path} (missing)`);
    else if (actual !== file.contents) stale.push(`${path} (differs)`);
    present.delete(file.name);
  }
  for (const extra of [...present].sort()) stale.push(`${join(folder, extra)} (not generated)`);
  return stale;
}

export function registerCheck(program: Command): void {
  program
    .command("check")
    .description("fail (exit 1) and name the files when the generated folders are not what `generate` would write")
    .option("--spec <file|url>", "a snapshot file or a node URL (repeatable); default: every committed snapshot", collect, [])
    .option("--out <dir>", "folder holding one sub-folder per interface", "generated")
    .option("--name <name>", "name of the generated folder (with one --spec)")
    .addHelpText(
      "after",
      `
Exit codes: 0 up to date, 1 stale files (listed on stderr), 2 could not check.

Examples:
  $ tezos-rpcgen check                    # in CI, after a change to the generator or the snapshots
  $ tezos-rpcgen check --spec my-node.json --name mynode --out src/generated`,
    )
    .action(async (options: { spec: string[]; out: string; name?: string }) => {
      const stale: string[] = [];
      for (const target of targets(options.spec, options.name)) stale.push(...(await staleFiles(target.source, join(options.out, target.name))));
      if (stale.length > 0) {
        throw new CliError(`generated files are out of date; run \`tezos-rpcgen generate\`:\n${stale.map((s) => `  ${s}`).join("\n")}`, 1);
      }
      process.stderr.write("generated files are up to date\n");
    });
}
