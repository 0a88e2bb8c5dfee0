/**
 * SQLite is optional: `better-sqlite3` (a native module) is an optional dependency, loaded only
 * for `--data-dir`. The command line runs here with a module hook that makes `better-sqlite3`
 * unresolvable, as in an install with `--omit=optional` (or where its build failed): the
 * generator and an in-memory sandbox work, and `--data-dir` is exit 2 with how to get SQLite.
 */
import { describe, expect, it } from "vitest";
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { bin, repoRoot } from "../generator/cli/support.ts";
import { smallShell } from "../support/small-shell.ts";

const work = mkdtempSync(join(tmpdir(), "rpcgen-no-sqlite-"));
const hooks = join(work, "hooks.mjs");
writeFileSync(
  hooks,
  `export async function resolve(specifier, context, next) {
  if (specifier === "better-sqlite3") throw Object.assign(new Error("Cannot find package 'better-sqlite3' imported from " + context.parentURL), { code: "ERR_MODULE_NOT_FOUND" });
  return next(specifier, context);
}
`,
);
const register = join(work, "register.mjs");
writeFileSync(register, `import { register } from "node:module";\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`);

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the bin without better-sqlite3; `until` ends it with SIGTERM once stdout contains it. Bounded at 60 s. */
function runWithoutSqlite(args: readonly string[], until?: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", pathToFileURL(register).href, bin, ...args], { cwd: repoRoot, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    let stopped = false;
    const killer = setTimeout(() => child.kill("SIGKILL"), 60_000);
    child.stdout.on("data", (data: Buffer) => {
      stdout += data.toString("utf8");
      // Once: a second SIGTERM during the clean stop would kill it.
      if (until !== undefined && !stopped && stdout.includes(until)) {
        stopped = true;
        child.kill("SIGTERM");
      }
    });
    child.stderr.on("data", (data: Buffer) => (stderr += data.toString("utf8")));
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(killer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe("without better-sqlite3", () => {
  it("is an optional dependency of the package, not a dependency", () => {
    const manifest = JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as Record<string, Record<string, string> | undefined>;
    expect(manifest.dependencies?.["better-sqlite3"]).toBeUndefined();
    expect(manifest.optionalDependencies?.["better-sqlite3"]).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it("generate works, an in-memory sandbox starts, and --data-dir says how to get SQLite (exit 2)", async () => {
    const spec = join(work, "small.json");
    writeFileSync(spec, JSON.stringify(smallShell(["/version"])));
    const generated = await runWithoutSqlite(["generate", "--spec", spec, "--out", join(work, "out")]);
    expect(generated.stderr).not.toContain("better-sqlite3");
    expect(generated.code).toBe(0);
    const memory = await runWithoutSqlite(["serve", "--port", "0"], "sandbox node listening on");
    expect(memory.stdout).toContain("sandbox node listening on http://127.0.0.1:");
    expect(memory.code).toBe(0);
    const persisted = await runWithoutSqlite(["serve", "--port", "0", "--data-dir", join(work, "data")]);
    expect(persisted.code).toBe(2);
    expect(persisted.stderr).toContain("--data-dir: a data directory needs SQLite (better-sqlite3, an optional dependency of tezos-rpcgen)");
    expect(persisted.stderr.trim().split("\n")).toHaveLength(1);
  });
});
