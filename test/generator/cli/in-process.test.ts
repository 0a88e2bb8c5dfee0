/**
 * The command line run in-process (`runCli`, what `bin/tezos-rpcgen.js` runs on the process's
 * arguments and streams): help texts, value input from standard input and files, exit codes,
 * failures as one line (a stack trace only with --debug), and `generate` then `check` on
 * another folder. `bin.test.ts` runs the real bin for what only a process shows.
 */
import { describe, expect, it } from "vitest";
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadInterface, renderInterface } from "../../../generator/pipeline.ts";
import { smallShell } from "../../support/small-shell.ts";
import { GENESIS_HEADER_HEX, runInProcess } from "./support.ts";

const scratch = mkdtempSync(join(tmpdir(), "tezos-rpcgen-cli-"));

describe("the command line (runCli)", () => {
  it("gives every inspection command a --help with examples and exit codes", async () => {
    for (const command of ["list", "describe", "encode", "decode", "serve"]) {
      const result = await runInProcess([command, "--help"]);
      expect(result.code, command).toBe(0);
      expect(result.stdout, command).toMatch(/Examples?:/);
      expect(result.stdout, command).toMatch(/Exit codes/);
    }
  });

  it("encodes from standard input and decodes a route slot given as separate words", async () => {
    const encoded = await runInProcess(["encode", "Chain_id", "-"], { input: '"NetXdQprcVkpaWU"\n' });
    expect(encoded).toMatchObject({ code: 0, stdout: "7a06a770\n" });
    const decoded = await runInProcess(["decode", "GET", "/chains/<chain_id>/chain_id", "output", "7A06A770"]);
    expect(decoded).toMatchObject({ code: 0, stdout: '"NetXdQprcVkpaWU"\n' });
  });

  it("reads raw binary from @FILE", async () => {
    const file = join(scratch, "header.bin");
    writeFileSync(file, Buffer.from(GENESIS_HEADER_HEX, "hex"));
    const result = await runInProcess(["decode", "--compact", "block_header", `@${file}`]);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ level: 0, fitness: [] });
  });

  it("prints the stack trace only with --debug", async () => {
    const plain = await runInProcess(["decode", "block_header", "00"]);
    expect(plain.code).toBe(1);
    expect(plain.stderr).not.toMatch(/\n\s+at /);
    const debug = await runInProcess(["--debug", "decode", "block_header", "00"]);
    expect(debug.code).toBe(1);
    expect(debug.stderr).toMatch(/\n\s+at /);
  });

  it("exits 1 on input that is not hex and 2 on an unknown encoding, an unreadable snapshot or a usage error", async () => {
    expect((await runInProcess(["decode", "Chain_id", "zz"])).code).toBe(1);
    const unknown = await runInProcess(["decode", "no_such_thing", "00"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/no encoding named "no_such_thing"/);
    const missing = await runInProcess(["decode", "--spec", join(scratch, "missing.json"), "Chain_id", "00"]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/no such file/);
    expect((await runInProcess(["decode", "Chain_id"])).code).toBe(2);
    expect((await runInProcess(["list", "things"])).code).toBe(2);
  });

  it("serve refuses bad option values with exit code 2 before starting (the sandbox's own tests run it)", async () => {
    const result = await runInProcess(["serve", "--media-type", "xml"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/expected json, binary or any/);
  });

  // The committed folders being exactly the generator's output is committed-output.test.ts's;
  // here, that the command writes what the generator renders, where told, and check agrees.
  it("generates a snapshot into another folder, the files the generator renders, and check accepts it", async () => {
    const spec = join(scratch, "small.json");
    writeFileSync(spec, JSON.stringify(smallShell(["/chains/*/chain_id", "/chains/*/checkpoint", "/monitor/heads/*", "/version"])));
    const out = join(scratch, "generated");
    const generated = await runInProcess(["--debug", "generate", "--spec", spec, "--name", "small", "--out", out]);
    expect(generated.code, generated.stderr).toBe(0);
    expect(generated.stderr).toMatch(/small\.json → .*small\/ \(4 services/);
    const rendered = await renderInterface(await loadInterface(spec));
    expect(readdirSync(join(out, "small")).sort()).toEqual(rendered.map((file) => file.name).sort());
    for (const file of rendered) expect(readFileSync(join(out, "small", file.name), "utf8"), file.name).toBe(file.contents);
    const checked = await runInProcess(["check", "--spec", spec, "--name", "small", "--out", out]);
    expect(checked).toEqual({ code: 0, stdout: "", stderr: "generated files are up to date\n" });
  });
});
