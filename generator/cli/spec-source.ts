/**
 * Where the inspection commands (`list`, `describe`, `encode`, `decode`) get their interface:
 * a snapshot file, an Octez OpenAPI file or a node URL given with `--spec`, else the current shell snapshot of this
 * package. The default is resolved from the package root, not the working directory, so an
 * installed `tezos-rpcgen decode …` works from anywhere. Nothing is cached on disk.
 */

import { join } from "node:path";
import type { Command } from "commander";
import { loadDescribeSource, readDescribeTree, DescribeError, type PrefixSegment } from "../describe/index.ts";
import { buildCodecModel, type CodecModel } from "../reconcile/codec-model.ts";
import type { DescribedTree } from "../describe/read.ts";
import { CliError } from "./errors.ts";
import { DEFAULT_MAX_BODY_BYTES } from "../describe/body.ts";
import { byteSize, MAX_SIZE_HELP, positiveInteger } from "./options.ts";
import { PACKAGE_ROOT } from "../package-root.ts";

/** Absolute path of the committed shell snapshot (`spec/snapshots/shell.json` of this package). */
export const DEFAULT_SPEC = join(PACKAGE_ROOT, "spec", "snapshots", "shell.json");

/** An interface read for inspection. */
export interface InspectedInterface {
  source: string;
  tree: DescribedTree;
  model: CodecModel;
}

/** What `encode`/`decode` read besides their arguments; tests pass a loaded interface and stdin. */
export interface InspectIo {
  stdin?: () => Promise<Uint8Array>;
  spec?: InspectedInterface;
}

export interface SpecOptions {
  spec?: string;
  /** Route at which a bare describe answer was captured (`/chains/<chain_id>/mempool`). */
  prefix?: string;
  /** For a node URL: milliseconds for the complete answer. */
  timeout?: number;
  /** For a node URL: largest answer accepted, in bytes. */
  maxSize?: number;
}

/**
 * Parses a route such as `/chains/<chain_id>/mempool` into prefix segments: `<name>` is a
 * path argument, `<name>*` a tail argument, anything else a static segment.
 */
export function parsePrefix(route: string): PrefixSegment[] {
  const segments = route.split("/").filter((s) => s !== "");
  return segments.map((segment): PrefixSegment => {
    const arg = /^<([^<>]+)>(\*)?$/.exec(segment);
    if (!arg) return segment;
    return { kind: "arg", name: arg[1]!, multiple: arg[2] === "*" };
  });
}

/** Loads and reconciles the interface; failures are {@link CliError}s with exit code 2. */
export async function loadSpec(options: SpecOptions): Promise<InspectedInterface> {
  const source = options.spec ?? DEFAULT_SPEC;
  try {
    const loaded = await loadDescribeSource(source, {
      ...(options.timeout !== undefined ? { timeoutMs: options.timeout } : {}),
      ...(options.maxSize !== undefined ? { maxBytes: options.maxSize } : {}),
    });
    const prefix = options.prefix === undefined ? undefined : parsePrefix(options.prefix);
    const tree = readDescribeTree(loaded.json, prefix === undefined ? {} : { prefix });
    return { source, tree, model: buildCodecModel(tree) };
  } catch (error) {
    if (error instanceof DescribeError) throw new CliError(`cannot read the interface: ${error.message}`, 2);
    throw error;
  }
}

/** The `--spec` and `--prefix` options shared by the inspection commands. */
export const SPEC_OPTION_HELP = {
  spec: "a snapshot file, an Octez OpenAPI file (JSON-only bodies) or a node URL (default: the shell snapshot spec/snapshots/shell.json of this package)",
  prefix: "the route a bare describe answer was captured at, e.g. /chains/<chain_id>/mempool for a mempool dump (only changes route names)",
  timeout: "for a node URL: deadline of the request, in milliseconds",
  maxSize: `for a node URL: ${MAX_SIZE_HELP}`,
};

/** Adds `--timeout` and `--max-size`, the limits of reading a node, to a command. */
export function withNodeLimitOptions(command: Command): Command {
  return withSpecTimeout(command).option("--max-size <bytes>", SPEC_OPTION_HELP.maxSize, byteSize, DEFAULT_MAX_BODY_BYTES);
}

/** Adds `--timeout` for reading a node (`rpc` has its own, for the call it makes). */
export function withSpecTimeout(command: Command): Command {
  return command.option("--timeout <ms>", SPEC_OPTION_HELP.timeout, positiveInteger, 30_000);
}

/** Adds `--spec`, `--prefix` and `--max-size` to an inspection command (and `--timeout`: see {@link withSpecTimeout}). */
export function withSpecOptions(command: Command): Command {
  return command
    .option("--spec <file|url>", SPEC_OPTION_HELP.spec)
    .option("--prefix <route>", SPEC_OPTION_HELP.prefix)
    .option("--max-size <bytes>", SPEC_OPTION_HELP.maxSize, byteSize, DEFAULT_MAX_BODY_BYTES);
}
