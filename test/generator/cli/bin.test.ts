/**
 * The real `bin/tezos-rpcgen.js` run with node: what only a process shows (the program wired to
 * the process's arguments, streams and exit code; the default snapshot found from any working
 * directory; a failure printed as one line without a stack trace). The commands' behaviour is
 * tested in-process (`in-process.test.ts`), through the same `runCli` the bin runs.
 */
import { describe, expect, it } from "vitest";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { GENESIS_HEADER_HEX, runBin } from "./support.ts";

const elsewhere = mkdtempSync(join(tmpdir(), "tezos-rpcgen-cli-"));

describe("bin/tezos-rpcgen.js", () => {
  it("lists the inspection commands in --help", async () => {
    const result = await runBin(["--help"]);
    expect(result.code).toBe(0);
    for (const command of ["list", "describe", "encode", "decode", "serve"]) expect(result.stdout).toMatch(new RegExp(`^  ${command}\\b`, "m"));
  });

  it("decodes the genesis header with block_header from another working directory (default --spec from the package root)", async () => {
    const result = await runBin(["decode", "block_header", GENESIS_HEADER_HEX], { cwd: elsewhere });
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const header = JSON.parse(result.stdout) as Record<string, unknown>;
    expect(header).toMatchObject({ level: 0, timestamp: "2018-06-30T16:07:32Z", operations_hash: "LLoZS2LW3rEi7KYU4ouBQtorua37aWWCtpDmv1n2x3xoKi6sVXLWp", fitness: [] });
  });

  it("encodes from the process's standard input", async () => {
    const encoded = await runBin(["encode", "Chain_id", "-"], { input: '"NetXdQprcVkpaWU"\n' });
    expect(encoded).toMatchObject({ code: 0, stdout: "7a06a770\n" });
  });

  it("exits 1 on drift, a result printed in full rather than a failure", async () => {
    const result = await runBin(["drift", "spec/snapshots/shell-legacy.json", "spec/snapshots/shell.json", "--format", "json"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe("");
    expect(JSON.parse(result.stdout)).toMatchObject({ summary: { breaking: 84, compatible: 62 } });
  });

  it("prints a decoding failure as one line with offset and path, exit code 1, no stack trace", async () => {
    const result = await runBin(["decode", "block_header", GENESIS_HEADER_HEX.slice(0, 20)]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(/^tezos-rpcgen: decoding failed at \$\.predecessor \(byte 5\): expected 32 bytes .*, found 5 bytes left in frame\n$/);
    expect(result.stderr.split("\n")).toHaveLength(2);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});
