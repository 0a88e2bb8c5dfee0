/** `tezos-rpcgen check`: is `generated/` exactly what `generate` would write? */

import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import type { Command } from "commander";
import { loadInterface, renderInterface, type NodeReadOptions } from "../../pipeline.ts";
import { CliError } from "../errors.ts";
import { collect } from "../options.ts";
import { targets } from "./generate.ts";
import { withNodeLimitOptions } from "../spec-source.ts";
// Types only: the checker (ts-morph and its TypeScript, over a second to load) is imported
// when --typecheck asks for it, so other commands do not pay for it.
import type { TypeCheckDiagnostic } from "../../emit/typecheck.ts";
import type { CliContext } from "../io.ts";

/** Files of a generated folder that differ from a fresh generation: changed, missing or extra. */
export async function staleFiles(source: string, folder: string, limits: NodeReadOptions = {}): Promise<string[]> {
  const expected = await renderInterface(await loadInterface(source, limits));
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

interface CheckOptions {
  spec: string[];
  out: string;
  name?: string;
  typecheck?: boolean;
  timeout: number;
  maxSize: number;
  followRedirects?: boolean;
}

/** A diagnostic as printed by `check --typecheck`: the file relative to the working directory. */
export async function printedDiagnostic(diagnostic: TypeCheckDiagnostic, cwd: string = process.cwd()): Promise<string> {
  const { formatTypeCheckDiagnostic } = await import("../../emit/typecheck.ts");
  return formatTypeCheckDiagnostic(diagnostic.file === undefined ? diagnostic : { ...diagnostic, file: relative(cwd, diagnostic.file) });
}

export function registerCheck(program: Command, { io }: CliContext): void {
  const command = program
    .command("check")
    .description("fail (exit 1) and name the files when the generated folders are not what `generate` would write (or, with --typecheck, do not type-check)")
    .option("--spec <file|url>", "a snapshot file, an Octez OpenAPI file or a node URL (repeatable); default: every committed snapshot", collect, [])
    .option("--out <dir>", "folder holding one sub-folder per interface", "generated")
    .option("--name <name>", "name of the generated folder (with one --spec)")
    .option("--typecheck", "also type-check each generated folder under strict TypeScript (ts-morph; @tezos-rpcgen/runtime mapped to the runtime)");
  withNodeLimitOptions(command)
    .addHelpText(
      "after",
      `
--typecheck compiles each folder's .ts files as a strict consumer would (strict,
noUncheckedIndexedAccess, noImplicitOverride, verbatimModuleSyntax, isolatedModules, .ts import
extensions), with the TypeScript that ts-morph bundles, whatever the project's own compiler. Only
the generated files are reported, as file:line:col: message. It takes a few seconds per folder
(generated/shell: about 5 s).

Exit codes: 0 up to date (and type-correct), 1 stale files or type errors (listed on stderr),
2 could not check.

Examples:
  $ tezos-rpcgen check                    # in CI, after a change to the generator or the snapshots
  $ tezos-rpcgen check --typecheck        # and compile the generated folders
  $ tezos-rpcgen check --spec my-node.json --name mynode --out src/generated`,
    )
    .action(async (options: CheckOptions) => {
      const problems: string[] = [];
      const folders: string[] = [];
      const stale: string[] = [];
      for (const target of targets(options.spec, options.name)) {
        const folder = join(options.out, target.name);
        folders.push(folder);
        stale.push(...(await staleFiles(target.source, folder, { timeoutMs: options.timeout, maxBytes: options.maxSize, followRedirects: options.followRedirects === true })));
      }
      if (stale.length > 0) problems.push(`generated files are out of date; run \`tezos-rpcgen generate\`:\n${stale.map((s) => `  ${s}`).join("\n")}`);
      if (options.typecheck) {
        const { typeCheckFolder } = await import("../../emit/typecheck.ts");
        const errors: string[] = [];
        for (const folder of folders) {
          if (!existsSync(folder)) continue; // reported as missing files above
          const started = Date.now();
          const diagnostics = await typeCheckFolder(folder);
          for (const diagnostic of diagnostics) errors.push(await printedDiagnostic(diagnostic));
          io.stderr.write(`type-checked ${folder} in ${((Date.now() - started) / 1000).toFixed(1)} s: ${diagnostics.length === 0 ? "no errors" : `${diagnostics.length} error${diagnostics.length === 1 ? "" : "s"}`}\n`);
        }
        if (errors.length > 0) problems.push(`generated files do not type-check:\n${errors.map((e) => `  ${e.replace(/\n/g, "\n  ")}`).join("\n")}`);
      }
      if (problems.length > 0) throw new CliError(problems.join("\n"), 1);
      io.stderr.write(options.typecheck ? "generated files are up to date and type-check\n" : "generated files are up to date\n");
    });
}
