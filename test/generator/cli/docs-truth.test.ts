/**
 * What the documentation tells a newcomer to type works: no install from a registry the packages
 * are not on, a monitor example that gets the heads it waits for, a second sandbox that peers
 * with a port the first listens on, and the architecture as the code is.
 */
import { describe, expect, it } from "vitest";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { packageReadme } from "../../../generator/cli/package-readme.ts";
import { buildCodecModel } from "../../../generator/reconcile/codec-model.ts";
import { readDescribeTree } from "../../../generator/describe/read.ts";
import { smallShell } from "../../support/small-shell.ts";
import { repoRoot, runInProcess } from "./support.ts";

const read = (path: string) => readFileSync(join(repoRoot, path), "utf8");

/** `npm install` lines that fetch a package by name from the registry (a tarball or folder path is fine). */
function registryInstalls(text: string, names: readonly string[]): string[] {
  return text.split("\n").filter((line) => {
    const command = /npm (?:install|i)\b([^#\n]*)/.exec(line)?.[1] ?? "";
    const words = command.trim().split(/\s+/).filter((w) => !w.startsWith("-"));
    return /npm (?:install|i)\b/.test(line) && (words.some((w) => names.includes(w)) || (words.length === 0 && !/npm install \/|npm install \.\.?\//.test(line)));
  });
}

describe("the documentation", () => {
  it("installs the packages from tarballs or a checkout, never by name from the registry", () => {
    const names = ["tezos-rpcgen", "@tezos-rpcgen/runtime"];
    for (const file of ["README.md", ...readdirSync(join(repoRoot, "docs")).filter((f) => f.endsWith(".md")).map((f) => `docs/${f}`)]) {
      expect({ file, lines: registryInstalls(read(file), names) }).toEqual({ file, lines: [] });
    }
    // A generated package depends on the runtime: its README installs the runtime's tarball first.
    const model = buildCodecModel(readDescribeTree(smallShell(["/version"])));
    const readme = packageReadme(model, { name: "@acme/x", generatorVersion: "0.1.0", source: "x.json", describeHash: "0".repeat(64), runtimeVersion: "0.1.0" });
    expect(readme).toContain("npm install /path/to/tezos-rpcgen-runtime-0.1.0.tgz");
    expect(readme).not.toMatch(/^npm install$/m);
  });

  it("docs/sandbox.md waits for more than one head only from a sandbox that makes blocks", () => {
    const blocks = read("docs/sandbox.md").split("```").filter((_, i) => i % 2 === 1);
    for (const block of blocks) {
      const limit = /rpc GET \/monitor\/heads\/\S+ .*--limit (\d+)/.exec(block);
      if (limit === null || Number(limit[1]) < 2) continue;
      expect(block).toMatch(/tezos-rpcgen serve .*--block-time \d/);
    }
  });

  it("serve --help's second sandbox peers with a port the first one listens on", async () => {
    const { stdout: help } = await runInProcess(["serve", "--help"]);
    const peers = [...help.matchAll(/--peer (\d\S+)/g)].map((m) => m[1]!);
    const listening = [...help.matchAll(/--net-addr (\d\S+)/g)].map((m) => m[1]!);
    expect(peers.length).toBeGreaterThan(0);
    for (const peer of peers) expect(listening).toContain(peer);
  });

  it("docs/architecture.md compiles validators where the code does", () => {
    const emit = readdirSync(join(repoRoot, "generator/emit/validators")).map((f) => read(`generator/emit/validators/${f}`)).join("\n");
    const usesWorkers = emit.includes("worker_threads");
    expect(/worker thread/.test(read("docs/architecture.md"))).toBe(usesWorkers);
  });
});
