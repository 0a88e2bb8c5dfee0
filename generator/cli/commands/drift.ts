/** `tezos-rpcgen drift OLD NEW`: what changed between two interfaces, and does it break clients? */

import type { Command } from "commander";
import { DRIFT_FORMATS, FAIL_ON_LEVELS, driftBetween, driftExitCode, formatDriftReport, type DriftFormat, type FailOn } from "../../drift/index.ts";
import { CliError } from "../errors.ts";
import { byteSize, MAX_SIZE_HELP, positiveInteger } from "../options.ts";
import { DEFAULT_MAX_BODY_BYTES } from "../../describe/body.ts";
import { parsePrefix } from "../spec-source.ts";
import type { CliContext } from "../io.ts";

export interface DriftOptions {
  format: string;
  failOn: string;
  chain: string;
  block: string;
  timeout: number;
  retries: number;
  maxSize?: number;
  /** Where bare describe answers and OpenAPI files are mounted (`/chains/<chain_id>/mempool`). */
  prefix?: string;
  followRedirects?: boolean;
}

/**
 * The options `drift` and `drift-check` share: the report's format, the level of drift that
 * fails, and how a node is captured (`nodes` says to which arguments the last five apply).
 */
export function withDriftOptions(command: Command, defaultFormat: DriftFormat, nodes: string): Command {
  return command
    .option("--format <format>", `report format: ${DRIFT_FORMATS.join(", ")}`, defaultFormat)
    .option("--fail-on <level>", `which drift makes the exit code 1: ${FAIL_ON_LEVELS.join(", ")}`, "breaking")
    .option("--chain <chain>", `${nodes}chain at which dynamic directories are described`, "main")
    .option("--block <block>", `${nodes}block at which the block directory is described`, "head")
    .option("--timeout <ms>", `${nodes}deadline of each request`, positiveInteger, 30_000)
    .option("--retries <n>", `${nodes}retries after a network error or a 5xx answer`, positiveInteger, 2)
    .option("--max-size <bytes>", `${nodes}${MAX_SIZE_HELP}`, byteSize, DEFAULT_MAX_BODY_BYTES)
    .option("--follow-redirects", `${nodes}follow a redirect to another host (default: refused, exit 2; the report names the host that answered)`);
}

/** The `--format` and `--fail-on` values, checked: a {@link CliError} names an unknown one. */
export function checkDriftOptions(options: { format: string; failOn: string }): { format: DriftFormat; failOn: FailOn } {
  if (!(DRIFT_FORMATS as readonly string[]).includes(options.format)) throw new CliError(`unknown --format ${options.format} (one of ${DRIFT_FORMATS.join(", ")})`);
  if (!(FAIL_ON_LEVELS as readonly string[]).includes(options.failOn)) throw new CliError(`unknown --fail-on ${options.failOn} (one of ${FAIL_ON_LEVELS.join(", ")})`);
  return { format: options.format as DriftFormat, failOn: options.failOn as FailOn };
}

export function registerDrift(program: Command, context: CliContext): void {
  withDriftOptions(
    program
      .command("drift")
      .description("compare two interfaces (snapshot files, Octez OpenAPI files or node URLs) in their routes, arguments and JSON and binary bodies")
      .argument("<old>", "the interface clients were written against: a snapshot file, an OpenAPI file or a node URL")
      .argument("<new>", "the interface to compare with it"),
    "text",
    "for node URLs: ",
  )
    .option("--prefix <route>", "where bare describe answers and OpenAPI files are mounted, e.g. /chains/<chain_id>/mempool to compare a mempool dump with a protocol's mempool OpenAPI (snapshot documents place their parts themselves)")
    .addHelpText(
      "after",
      `
Each change is classified as breaking or compatible for a client written against OLD that talks
to a node serving NEW (a removed route, a narrowed input range or any changed binary layout is
breaking; an added route or optional argument is compatible). Binary layouts are compared only
where both sides publish one: an OpenAPI file gives JSON schemas alone, so its bodies are
compared in JSON, and the report says how many were.

Exit codes:
  0  no drift, or none at the --fail-on level (--fail-on none: always 0 once compared)
  1  drift at the --fail-on level
  2  could not compare (unreachable node, refused /describe, malformed snapshot)

Examples:
  $ tezos-rpcgen drift spec/snapshots/shell-legacy.json spec/snapshots/shell.json
  $ tezos-rpcgen drift spec/snapshots/shell.json http://127.0.0.1:8732 --format markdown --fail-on any
  $ tezos-rpcgen drift seoul-openapi.json tallinn-openapi.json --prefix '/chains/<chain_id>/blocks/<block_id>'`,
    )
    .action(async (oldSource: string, newSource: string, options: DriftOptions) => {
      const { output, exitCode } = await runDrift(oldSource, newSource, options);
      context.io.stdout.write(output);
      context.exitCode = exitCode;
    });
}

/**
 * Compares OLD and NEW and returns the report in `options.format` with the exit code (0 or 1);
 * a comparison that could not be made (unreadable file, node refusing /describe, timeout) is a
 * {@link CliError} with exit code 2.
 */
export async function runDrift(oldSource: string, newSource: string, options: DriftOptions): Promise<{ output: string; exitCode: number }> {
  const { format, failOn } = checkDriftOptions(options);
  const result = await driftBetween(oldSource, newSource, {
    capture: { chain: options.chain, block: options.block, timeoutMs: options.timeout, retries: options.retries, maxBytes: options.maxSize, followRedirects: options.followRedirects === true },
    ...(options.prefix === undefined ? {} : { read: { prefix: parsePrefix(options.prefix) } }),
  });
  if (result.status === "failed") throw new CliError(formatDriftReport(result, "text").trimEnd(), 2);
  return { output: formatDriftReport(result, format), exitCode: driftExitCode(result, failOn) };
}
