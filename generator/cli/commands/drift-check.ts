/**
 * `tezos-rpcgen drift-check NODE SNAPSHOT`: the CI check of a project that commits a node's
 * snapshot and the bindings generated from it. It captures the node once, compares the capture
 * with the committed snapshot, optionally regenerates the bindings from the capture, and exits
 * 1 on drift at the `--fail-on` level.
 *
 * Everything it writes is where it is told (`--report`, `--out`) and depends only on what the
 * node describes: the bindings' headers name the node URL as given, never the temporary place a
 * capture passed through, so running it twice against the same node writes the same bytes and a
 * following `git diff --exit-code` sees only real changes.
 */

import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Command } from "commander";
import { DescribeError } from "../../describe/errors.ts";
import { compareTrees, driftExitCode, formatDriftReport, loadDriftSide } from "../../drift/index.ts";
import { captureSnapshot, LiveCaptureError } from "../../live/index.ts";
import { interfaceOfDocument, renderInterface } from "../../pipeline.ts";
import { CliError } from "../errors.ts";
import { checkDriftOptions, withDriftOptions, type DriftOptions } from "./drift.ts";
import { checkFolderName, writeGenerated } from "./generate.ts";
import type { CliContext } from "../io.ts";

/** `drift`'s options (report format, level, capture settings) and where the check writes. */
export interface DriftCheckOptions extends DriftOptions {
  /** Folder that receives the regenerated bindings as `<out>/<name>/`; none written without it. */
  out?: string;
  name: string;
  /** File that receives the report (it is always printed on standard output). */
  report?: string;
}

export interface DriftCheckResult {
  report: string;
  exitCode: number;
  /** The folder the bindings were written to, when `--out` was given. */
  bindings?: string;
}

export function registerDriftCheck(program: Command, context: CliContext): void {
  withDriftOptions(
    program
      .command("drift-check")
      .description("CI check: capture a node, compare it with the committed snapshot, regenerate the bindings from the capture")
      .argument("<node>", "the node's RPC address (it must allow /describe: loopback, or --allow-all-rpc)")
      .argument("<snapshot>", "the committed snapshot the bindings were generated from")
      .option("--out <dir>", "regenerate the bindings from the capture into <dir>/<name>/ (default: none written)")
      .option("--name <name>", "name of the bindings' folder under --out", "node")
      .option("--report <file>", "also write the report to this file (default: standard output only)"),
    "markdown",
    "",
  )
    .addHelpText(
      "after",
      `
The bindings' file headers record the node URL as given (less credentials and query), so two
runs against the same node write the same bytes.

Exit codes:
  0  no drift at the --fail-on level
  1  drift at the --fail-on level (the bindings are regenerated all the same)
  2  could not capture the node or read the snapshot

Example (a CI job):
  $ tezos-rpcgen drift-check http://127.0.0.1:8732 octez/shell.json --out src/generated --name octez --report drift-report.md
  $ git diff --exit-code src/generated`,
    )
    .action(async (node: string, snapshot: string, options: DriftCheckOptions) => {
      const { report, exitCode } = await runDriftCheck(node, snapshot, options);
      context.io.stdout.write(report);
      context.exitCode = exitCode;
    });
}

/** Runs the check (see the module comment); failures to capture or read are {@link CliError}s with exit code 2. */
export async function runDriftCheck(node: string, snapshot: string, options: DriftCheckOptions): Promise<DriftCheckResult> {
  const { format, failOn } = checkDriftOptions(options);
  checkFolderName(options.name);
  const failed = (what: string, error: unknown): never => {
    // A capture's error already says "cannot capture NODE: …".
    if (error instanceof LiveCaptureError) throw new CliError(error.message, 2);
    if (error instanceof DescribeError) throw new CliError(`${what}: ${error.message}`, 2);
    throw error;
  };
  // No capture date nor node version: the document then depends on the interface alone.
  const captured = await captureSnapshot(node, {
    chain: options.chain,
    block: options.block,
    timeoutMs: options.timeout,
    retries: options.retries,
    ...(options.maxSize !== undefined ? { maxBytes: options.maxSize } : {}),
    capturedAt: null,
    nodeVersion: false,
    followRedirects: options.followRedirects === true,
  }).catch((error: unknown) => failed(`cannot capture ${node}`, error));
  const committed = await loadDriftSide(snapshot).catch((error: unknown) => failed(`cannot read ${snapshot}`, error));

  // After a redirect that was allowed, the report and the bindings name the node that answered.
  const answered = captured.nodeUrl;
  const result = compareTrees(committed.tree, captured.tree, { oldLabel: snapshot, newLabel: answered });
  const report = formatDriftReport(result, format);
  if (options.report !== undefined) await writeFile(options.report, report, "utf8");

  let bindings: string | undefined;
  if (options.out !== undefined) {
    const document = captured.document.expansions === undefined || captured.document.expansions.length === 0 ? captured.answer : captured.document;
    const files = await renderInterface(interfaceOfDocument(document, answered), { sourceName: answered });
    bindings = join(options.out, options.name);
    await writeGenerated(bindings, files);
  }
  return { report, exitCode: driftExitCode(result, failOn), ...(bindings !== undefined ? { bindings } : {}) };
}
