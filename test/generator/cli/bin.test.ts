/**
 * The real `bin/tezos-rpcgen.js` run with node: help texts, the default snapshot found from
 * any working directory, stdin, and failures printed as one line without a stack trace.
 */
import { describe, expect, it } from "vitest";
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { GENESIS_HEADER_HEX, repoRoot, runBin, shellSnapshot } from "./support.ts";

const elsewhere = mkdtempSync(join(tmpdir(), "tezos-rpcgen-cli-"));

describe("bin/tezos-rpcgen.js", () => {
  it("lists the inspection commands in --help", async () => {
    const result = await runBin(["--help"]);
    expect(result.code).toBe(0);
    for (const command of ["list", "describe", "encode", "decode", "serve"]) expect(result.stdout).toMatch(new RegExp(`^  ${command}\\b`, "m"));
  });

  it("gives every inspection command a --help with examples and exit codes", async () => {
    for (const command of ["list", "describe", "encode", "decode", "serve"]) {
      const result = await runBin([command, "--help"]);
      expect(result.code, command).toBe(0);
      expect(result.stdout, command).toMatch(/Examples?:/);
      expect(result.stdout, command).toMatch(/Exit codes/);
    }
  });

  it("decodes the genesis header with block_header from another working directory (default --spec from the package root)", async () => {
    const result = await runBin(["decode", "block_header", GENESIS_HEADER_HEX], { cwd: elsewhere });
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const header = JSON.parse(result.stdout) as Record<string, unknown>;
    expect(header).toMatchObject({ level: 0, timestamp: "2018-06-30T16:07:32Z", operations_hash: "LLoZS2LW3rEi7KYU4ouBQtorua37aWWCtpDmv1n2x3xoKi6sVXLWp", fitness: [] });
  });

  it("encodes from standard input and decodes a route slot given as separate words", async () => {
    const encoded = await runBin(["encode", "Chain_id", "-"], { input: '"NetXdQprcVkpaWU"\n' });
    expect(encoded).toMatchObject({ code: 0, stdout: "7a06a770\n" });
    const decoded = await runBin(["decode", "GET", "/chains/<chain_id>/chain_id", "output", "7A06A770"]);
    expect(decoded).toMatchObject({ code: 0, stdout: '"NetXdQprcVkpaWU"\n' });
  });

  it("reads raw binary from @FILE", async () => {
    const file = join(elsewhere, "header.bin");
    writeFileSync(file, Buffer.from(GENESIS_HEADER_HEX, "hex"));
    const result = await runBin(["decode", "--compact", "block_header", `@${file}`], { cwd: elsewhere });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ level: 0, fitness: [] });
  });

  it("prints a decoding failure as one line with offset and path, exit code 1, no stack trace", async () => {
    const result = await runBin(["decode", "block_header", GENESIS_HEADER_HEX.slice(0, 20)]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(/^tezos-rpcgen: decoding failed at \$\.predecessor \(byte 5\): expected 32 bytes .*, found 5 bytes left in frame\n$/);
    expect(result.stderr.split("\n")).toHaveLength(2);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it("prints the stack trace only with --debug", async () => {
    const result = await runBin(["--debug", "decode", "block_header", "00"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/\n\s+at /);
  });

  it("exits 1 on input that is not hex and 2 on an unknown encoding, an unreadable snapshot or a usage error", async () => {
    expect((await runBin(["decode", "Chain_id", "zz"])).code).toBe(1);
    const unknown = await runBin(["decode", "no_such_thing", "00"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/no encoding named "no_such_thing"/);
    const missing = await runBin(["decode", "--spec", join(elsewhere, "missing.json"), "Chain_id", "00"]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/no such file/);
    expect((await runBin(["decode", "Chain_id"])).code).toBe(2);
    expect((await runBin(["list", "things"])).code).toBe(2);
  });

  it("serve refuses bad option values with exit code 2 before starting (the sandbox's own tests run it)", async () => {
    const result = await runBin(["serve", "--media-type", "xml"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/expected json, binary or any/);
  });

  // The entry starts the validators' worker thread before loading the command line when the
  // command renders interfaces; the files must be those of the committed folder all the same.
  it("generates the shell snapshot into another folder, byte for byte the committed generated/shell, and check accepts it", async () => {
    const out = mkdtempSync(join(tmpdir(), "tezos-rpcgen-generate-"));
    const generated = await runBin(["--debug", "generate", "--spec", shellSnapshot, "--out", out], { cwd: elsewhere });
    expect(generated.code, generated.stderr).toBe(0);
    expect(generated.stderr).toMatch(/shell\.json → .*shell\/ \(67 services/);
    const committed = join(repoRoot, "generated/shell");
    const names = readdirSync(committed).sort();
    expect(readdirSync(join(out, "shell")).sort()).toEqual(names);
    for (const name of names) expect(readFileSync(join(out, "shell", name), "utf8"), name).toBe(readFileSync(join(committed, name), "utf8"));
    const checked = await runBin(["check", "--spec", shellSnapshot, "--out", out], { cwd: elsewhere });
    expect(checked.code, checked.stderr).toBe(0);
    expect(checked.stdout + checked.stderr).toMatch(/up to date/);
  });
});

