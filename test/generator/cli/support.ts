/** Shared helpers of the command-line tests. */
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { readFileSync } from "node:fs";
import { Readable } from "node:stream";
import { readDescribeTree } from "../../../generator/describe/read.ts";
import { buildCodecModel } from "../../../generator/reconcile/codec-model.ts";
import { parsePrefix, type InspectedInterface } from "../../../generator/cli/spec-source.ts";
import { CliError } from "../../../generator/cli/errors.ts";
import { runCli } from "../../../generator/cli/program.ts";
import { referenceDir } from "../../support/reference.ts";

export const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));
export const bin = fileURLToPath(new URL("../../../bin/tezos-rpcgen.js", import.meta.url));

/** The genesis block header of codec-vectors-shell.json (114 bytes, no protocol data). */
export const GENESIS_HEADER_HEX =
  "00000000008fcf233671b6a04fcf679d2a381c2544ea6c1ea29ba6157776ed8424c7ccd00b000000005b37aac4000e5751c026e543b2e8ab2eb06099daa1d1e5df47778f7787faab45cdf12fe3a80000000046eda4bd10fa370d99881852b74be8a0e2f407afb9d4722fefffcfbe76878a66";

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the real bin with `node`, from `cwd` (the repo by default). */
export function runBin(args: readonly string[], options: { cwd?: string; input?: string | Buffer } = {}): Promise<RunResult> {
  return new Promise((resolve) => {
    const child = execFile(process.execPath, [bin, ...args], { cwd: options.cwd ?? repoRoot, encoding: "buffer", maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error && typeof (error as { code?: unknown }).code === "number" ? ((error as { code: number }).code) : error ? 1 : 0;
      resolve({ code, stdout: stdout.toString("utf8"), stderr: stderr.toString("utf8") });
    });
    if (options.input !== undefined) child.stdin?.end(options.input);
    else child.stdin?.end();
  });
}

/**
 * Runs the command line in this process (`runCli`, what the bin runs) with `input` as standard
 * input, collecting what it writes: the same behaviour as {@link runBin} without a child process
 * (about a second each). Relative paths resolve from the test's working directory (the repo).
 */
export async function runInProcess(args: readonly string[], options: { input?: string | Buffer } = {}): Promise<RunResult> {
  let stdout = "";
  let stderr = "";
  const stdin = Readable.from(options.input === undefined ? [] : [Buffer.from(options.input)]);
  const code = await runCli(args, { stdout: { write: (text: string) => (stdout += text) }, stderr: { write: (text: string) => (stderr += text) }, stdin });
  return { code, stdout, stderr };
}

/** Loads a snapshot file the way `--spec` does, without the CLI (for in-process command calls). */
export function inspected(path: string, prefix?: string): InspectedInterface {
  const json = JSON.parse(readFileSync(path, "utf8")) as unknown;
  const tree = readDescribeTree(json, prefix === undefined ? {} : { prefix: parsePrefix(prefix) });
  return { source: path, tree, model: buildCodecModel(tree) };
}

export const shellSnapshot = `${repoRoot}spec/snapshots/shell.json`;
export const reference = (name: string) => referenceDir + name;

/** The exit code a command's failure maps to (main.ts: CliError code, else 2). */
export async function exitCodeOf(run: () => Promise<unknown>): Promise<{ code: number; message: string }> {
  try {
    await run();
    return { code: 0, message: "" };
  } catch (error) {
    return { code: error instanceof CliError ? error.exitCode : 2, message: (error as Error).message };
  }
}
