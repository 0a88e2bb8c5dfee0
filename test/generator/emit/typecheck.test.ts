/**
 * `generator/emit/typecheck.ts` (ts-morph) on the committed generated shell folder: no
 * diagnostics. On a small generated folder (seconds less to compile each time) with errors
 * appended, exactly those errors with file:line:col, the same list as the project's own
 * TypeScript gives; and `tezos-rpcgen check --typecheck` failing with exit code 1 and naming
 * them, passing on the intact folder.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appendFileSync, cpSync, readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import ts from "typescript";
import { loadInterface, renderInterface } from "../../../generator/pipeline.ts";
import { formatTypeCheckDiagnostic, generatedTypeScriptFiles, RUNTIME_ENTRY, typeCheckFolder } from "../../../generator/emit/typecheck.ts";
import { projectRoot, temporaryDirectory } from "./support.ts";
import { runInProcess } from "../cli/support.ts";
import { smallShell } from "../../support/small-shell.ts";

/** Each check compiles the whole folder (seconds); check also regenerates it to compare. */
const SLOW = 180_000;
const tmp = temporaryDirectory();
/** The committed folder (committed-output.test.ts: the generator's exact output). */
const shell = join(projectRoot, "generated", "shell");
const spec = join(tmp.path, "small.json");
const small = join(tmp.path, "out", "small");
const broken = join(tmp.path, "broken", "small");
let clientLines = 0;

const ERRORS = `
export const notANumber: number = "text";
const list: number[] = [];
export const first: number = list[0];
import { noSuchExport } from "@tezos-rpcgen/runtime";
void noSuchExport;
`;

beforeAll(async () => {
  await writeFile(spec, JSON.stringify(smallShell(["/chains/*/chain_id", "/chains/*/checkpoint", "/monitor/heads/*", "/version"])), "utf8");
  const files = await renderInterface(await loadInterface(spec));
  await mkdir(small, { recursive: true });
  for (const file of files) await writeFile(join(small, file.name), file.contents, "utf8");
  cpSync(small, broken, { recursive: true });
  clientLines = readFileSync(join(broken, "client.ts"), "utf8").split("\n").length;
  appendFileSync(join(broken, "client.ts"), ERRORS);
});

afterAll(() => tmp.cleanup());

/** The same check with the project's TypeScript (5.x) and tsconfig, as the emitter tests did. */
function plainTypeScript(files: readonly string[], within: string): string[] {
  const config = ts.readConfigFile(join(projectRoot, "tsconfig.json"), (p) => readFileSync(p, "utf8"));
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, projectRoot);
  const program = ts.createProgram({ rootNames: [...files], options: { ...parsed.options, noEmit: true, paths: { "@tezos-rpcgen/runtime": [RUNTIME_ENTRY] } } });
  // Per file under `within` (each with the global and option diagnostics, kept once): the
  // runtime and the libraries the program loads are not checked for their own sake.
  const checked = program.getSourceFiles().filter((file) => file.fileName.startsWith(within));
  const diagnostics = [...new Set(checked.flatMap((file) => ts.getPreEmitDiagnostics(program, file)))];
  return diagnostics
    .filter((d) => d.file === undefined || d.file.fileName.startsWith(within))
    .map((d) => {
      const message = ts.flattenDiagnosticMessageText(d.messageText, "\n");
      if (!d.file || d.start === undefined) return message;
      const { line, character } = d.file.getLineAndCharacterOfPosition(d.start);
      return `${d.file.fileName}:${line + 1}:${character + 1}: ${message}`;
    });
}

describe("typeCheckFolder (ts-morph)", () => {
  it("the generated shell folder type-checks", async () => {
    expect(await generatedTypeScriptFiles(shell)).toEqual(
      ["binary.ts", "client.ts", "codecs.ts", "index.ts", "routes.ts", "server.ts", "types.ts", "validators.d.ts"].map((name) => join(shell, name)),
    );
    expect(await typeCheckFolder(shell)).toEqual([]);
  }, SLOW);

  it("reports each error of a broken copy at its file, line and column, as the project's TypeScript does", async () => {
    const diagnostics = await typeCheckFolder(broken);
    const client = join(broken, "client.ts");
    expect(diagnostics).toEqual([
      { file: client, line: clientLines + 1, column: 14, code: 2322, message: "Type 'string' is not assignable to type 'number'." },
      {
        file: client,
        line: clientLines + 3,
        column: 14,
        code: 2322,
        message: "Type 'number | undefined' is not assignable to type 'number'.\n  Type 'undefined' is not assignable to type 'number'.",
      },
      { file: client, line: clientLines + 4, column: 10, code: 2305, message: `Module '"@tezos-rpcgen/runtime"' has no exported member 'noSuchExport'.` },
    ]);
    const roots = (await generatedTypeScriptFiles(broken)).filter((f) => !f.endsWith(".d.ts"));
    expect(diagnostics.map(formatTypeCheckDiagnostic)).toEqual(plainTypeScript(roots, broken));
  }, SLOW);

  it("check --typecheck: exit 1, the errors as file:line:col relative to the working directory", async () => {
    const result = await runInProcess(["check", "--typecheck", "--spec", spec, "--name", "small", "--out", join(tmp.path, "broken")]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/type-checked .*broken\/small in \d+\.\d s: 3 errors\n/);
    expect(result.stderr).toContain("client.ts (differs)");
    expect(result.stderr).toContain("generated files do not type-check:");
    const client = relative(process.cwd(), join(broken, "client.ts"));
    expect(result.stderr).toContain(`\n  ${client}:${clientLines + 1}:14: Type 'string' is not assignable to type 'number'.\n`);
    expect(result.stderr).toContain(`\n  ${client}:${clientLines + 4}:10: Module '"@tezos-rpcgen/runtime"' has no exported member 'noSuchExport'.`);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  }, SLOW);

  it("check --typecheck on an intact folder: exit 0", async () => {
    const result = await runInProcess(["check", "--typecheck", "--spec", spec, "--name", "small", "--out", join(tmp.path, "out")]);
    expect(result.stderr).toMatch(/type-checked .*out\/small in \d+\.\d s: no errors\ngenerated files are up to date and type-check\n$/);
    expect(result.code).toBe(0);
  }, SLOW);
});
