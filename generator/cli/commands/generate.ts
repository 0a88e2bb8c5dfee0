/** `tezos-rpcgen generate`: describe trees → `generated/<name>/`. */

import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Command } from "commander";
import { COMMITTED_SNAPSHOTS, interfaceName, loadInterface, renderInterface, type LoadedInterface } from "../../pipeline.ts";
import { writePackageFiles } from "../package-files.ts";
import { CliError } from "../errors.ts";
import { collect } from "../options.ts";
import { withNodeLimitOptions } from "../spec-source.ts";
import type { DefaultedField } from "../../reconcile/dft-defaults.ts";
import type { CliContext, CliOutput } from "../io.ts";

interface GenerateOptions {
  spec: string[];
  out: string;
  name?: string;
  package?: string;
  strict?: boolean;
  timeout: number;
  maxSize: number;
  followRedirects?: boolean;
  sourceName?: string;
}

/**
 * Refuses a `--name` that is not exactly one folder name: with a separator or `..` the folder
 * would be written outside `--out`.
 */
export function checkFolderName(name: string): void {
  if (name === "" || name === "." || name === ".." || /[/\\\u0000]/.test(name)) {
    throw new CliError(`--name must be a single folder name inside --out (no "/", "\\", "." or ".."): got ${JSON.stringify(name)}`);
  }
}

/** The (source, folder name) pairs a `generate` or `check` call covers. */
export function targets(specs: readonly string[], name: string | undefined): Array<{ source: string; name: string }> {
  if (name !== undefined) checkFolderName(name);
  if (specs.length === 0) {
    if (name !== undefined) throw new CliError("--name needs a --spec (without --spec every committed snapshot is generated under its own name)");
    return COMMITTED_SNAPSHOTS.map((s) => ({ source: s.file, name: s.name }));
  }
  if (name !== undefined && specs.length > 1) throw new CliError("--name applies to a single --spec");
  return specs.map((source) => ({ source, name: name ?? interfaceName(source) }));
}

export function registerGenerate(program: Command, { io }: CliContext): void {
  const command = program
    .command("generate")
    .description("generate TypeScript types, binary codecs, validators, routes, client and server stubs from describe trees")
    .option("--spec <file|url>", "a snapshot file, an Octez OpenAPI file or a node URL (repeatable); default: every committed snapshot", collect, [])
    .option("--out <dir>", "folder that receives one sub-folder per interface", "generated")
    .option("--name <name>", "name of the generated folder (with one --spec); default: the snapshot's file name, or `node` for a URL")
    .option("--source-name <name>", "what file headers record as the source (default: the URL as given, less credentials and query, or the snapshot file's name)")
    .option("--package <name>", "write a standalone package into --out: src/ (the generated files), package.json depending on @tezos-rpcgen/runtime with a build script (JavaScript and .d.ts in dist/), tsconfig.json, README.md listing the routes")
    .option("--strict", "fail (exit 1) when reconciliation left a body or a union case JSON-only because it could not decide its binary form");
  withNodeLimitOptions(command)
    .addHelpText(
      "after",
      `
Examples:
  $ tezos-rpcgen generate                                   # every committed snapshot into generated/
  $ tezos-rpcgen generate --spec my-node.json --name mynode # generated/mynode/
  $ tezos-rpcgen generate --spec http://127.0.0.1:8732 --out src/generated
  $ tezos-rpcgen generate --spec spec/snapshots/shell.json --package @acme/octez-shell --out packages/octez-shell`,
    )
    .action(async (options: GenerateOptions) => {
      if (options.sourceName !== undefined && options.spec.length !== 1) throw new CliError("--source-name applies to a single --spec");
      const render = { ...(options.sourceName !== undefined ? { sourceName: options.sourceName } : {}) };
      /** A source loaded and reconciled, what reconciliation left undecided or defaulted reported. */
      const load = async (source: string) => {
        const loaded = await loadInterface(source, { timeoutMs: options.timeout, maxBytes: options.maxSize, followRedirects: options.followRedirects === true });
        reportUndecided(source, loaded.model.undecided, options.strict === true, io.stderr);
        for (const line of defaultedReport(source, loaded.model.defaulted)) io.stderr.write(`${line}\n`);
        return loaded;
      };
      if (options.package !== undefined) {
        const [target, ...others] = targets(options.spec, options.name ?? "src");
        if (!target || others.length > 0) throw new CliError("--package takes exactly one --spec");
        const loaded = await load(target.source);
        const files = await renderInterface(loaded, render);
        await writeGenerated(join(options.out, "src"), files);
        await writePackageFiles(options.out, options.package, loaded);
        io.stderr.write(`wrote package ${options.package} in ${options.out}\n`);
        return;
      }
      for (const target of targets(options.spec, options.name)) {
        const loaded = await load(target.source);
        const files = await renderInterface(loaded, render);
        const folder = join(options.out, target.name);
        await writeGenerated(folder, files);
        io.stderr.write(`${generationSummary(target.source, folder, loaded.model)}\n`);
      }
    });
}

/**
 * The line `generate` prints per folder. Outputs that are JSON-only as a whole and values left
 * JSON-only inside bodies (the undecided ones reported above it) are counted apart, so that
 * "1 value left JSON-only" is never followed by a bare "0 JSON-only outputs".
 */
export function generationSummary(source: string, folder: string, model: Pick<LoadedInterface["model"], "services" | "definitions" | "undecided">): string {
  const jsonOnly = model.services.filter((s) => s.output.jsonOnly !== undefined).length;
  const undecided = model.undecided?.length ?? 0;
  const inside = undecided === 0 ? "" : `, ${undecided} value${undecided === 1 ? "" : "s"} inside bodies left JSON-only (above)`;
  return `${source} → ${folder}/ (${model.services.length} services, ${model.definitions.size} definitions, ${jsonOnly} output${jsonOnly === 1 ? "" : "s"} JSON-only as a whole${inside})`;
}

/**
 * Prints what reconciliation could not decide (each left JSON-only), with a hint; with
 * `--strict`, fails on it.
 */
function reportUndecided(source: string, undecided: readonly string[] | undefined, strict: boolean, stderr: CliOutput): void {
  if (undecided === undefined || undecided.length === 0) return;
  for (const reason of undecided) stderr.write(`warning: ${source}: ${reason}\n`);
  stderr.write(
    `${source}: ${undecided.length} value${undecided.length === 1 ? "" : "s"} left JSON-only (binary encoding and decoding fail with a typed error). Hint: \`tezos-rpcgen describe --spec ${source} <route>\` shows both schemas of a route; a Base58Check type the runtime lacks goes in runtime/encodings/hashes.ts.\n`,
  );
  if (strict) throw new CliError(`--strict: reconciliation could not decide ${undecided.length} value${undecided.length === 1 ? "" : "s"} of ${source}`, 1);
}

/**
 * The lines `generate` prints about data-encoding `dft` fields whose default no schema states
 * (generator/reconcile/dft-defaults.ts): those given their type's zero, counted by field name
 * and zero, and each one left without a default (decoding shows it, encoding needs it).
 */
export function defaultedReport(source: string, defaulted: readonly DefaultedField[] | undefined): string[] {
  if (defaulted === undefined || defaulted.length === 0) return [];
  const zeros = new Map<string, number>();
  const without: string[] = [];
  for (const field of defaulted) {
    if (field.zero === undefined) without.push(field.where);
    else {
      const key = `${field.where.slice(field.where.lastIndexOf(".") + 1)} ${JSON.stringify(field.zero)}`;
      zeros.set(key, (zeros.get(key) ?? 0) + 1);
    }
  }
  const lines: string[] = [];
  if (zeros.size > 0) {
    const total = defaulted.length - without.length;
    const list = [...zeros].map(([key, count]) => (count === 1 ? key : `${key} ×${count}`)).join(", ");
    lines.push(`note: ${source}: ${total} field${total === 1 ? "" : "s"} JSON may leave out (data-encoding dft, no default stated) default to their type's zero, left out of decoded values that hold it: ${list}`);
  }
  for (const where of without) lines.push(`note: ${source}: ${where}: JSON may leave it out but binary always writes it, and its type has no zero to assume: decoding shows it, encoding needs it`);
  return lines;
}

/** Writes the files of a generated folder, creating it. */
export async function writeGenerated(folder: string, files: ReadonlyArray<{ name: string; contents: string }>): Promise<void> {
  await mkdir(folder, { recursive: true });
  for (const file of files) await writeFile(join(folder, file.name), file.contents, "utf8");
}
