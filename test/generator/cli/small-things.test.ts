/**
 * Small things a user trips on (issue 21, item 17): messages said once, a consistent summary,
 * one line for a usage error, and a regenerated package that keeps its version.
 */
import { describe, expect, it } from "vitest";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runDriftCheck } from "../../../generator/cli/commands/drift-check.ts";
import { generationSummary } from "../../../generator/cli/commands/generate.ts";
import { writePackageFiles } from "../../../generator/cli/package-files.ts";
import { loadInterface } from "../../../generator/pipeline.ts";
import { closedPort } from "../../support/stand-in-node.ts";
import { smallShell } from "../../support/small-shell.ts";
import { exitCodeOf, runInProcess, shellSnapshot } from "./support.ts";

const work = mkdtempSync(join(tmpdir(), "rpcgen-small-things-"));

describe("small things", () => {
  it("drift-check says 'cannot capture NODE' once", async () => {
    const node = await closedPort();
    const failure = await exitCodeOf(() => runDriftCheck(node, shellSnapshot, { format: "markdown", failOn: "breaking", chain: "main", block: "head", timeout: 2_000, retries: 0, name: "node" }));
    expect(failure.code).toBe(2);
    expect(failure.message.startsWith(`cannot capture ${node}: `)).toBe(true);
    expect(failure.message.split("cannot capture").length).toBe(2);
  });

  it("generate's summary counts whole JSON-only outputs and values left JSON-only inside bodies apart", () => {
    const model = { services: [], definitions: new Map(), undecided: ["GET /x output: a value"] };
    const line = generationSummary("x.json", "out/x", model as never);
    expect(line).toBe("x.json → out/x/ (0 services, 0 definitions, 0 outputs JSON-only as a whole, 1 value inside bodies left JSON-only (above))");
    expect(generationSummary("x.json", "out/x", { ...model, undecided: [] } as never)).not.toContain("inside bodies");
  });

  it("an invalid option is one line and a hint, not the whole help", async () => {
    const run = await runInProcess(["list", "routes", "--bogus"]);
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split("\n")).toEqual(["error: unknown option '--bogus'", "(add --help for the command's options)"]);
  });

  it("regenerating a package keeps the version its maintainers gave it", async () => {
    const spec = join(work, "small.json");
    writeFileSync(spec, JSON.stringify(smallShell(["/version"])));
    const loaded = await loadInterface(spec);
    const folder = join(work, "pkg");
    await writePackageFiles(folder, "@acme/small", loaded);
    const manifest = join(folder, "package.json");
    expect(JSON.parse(readFileSync(manifest, "utf8")).version).toBe("0.0.0");
    writeFileSync(manifest, JSON.stringify({ ...JSON.parse(readFileSync(manifest, "utf8")), version: "1.4.2" }));
    await writePackageFiles(folder, "@acme/small", loaded);
    expect(JSON.parse(readFileSync(manifest, "utf8")).version).toBe("1.4.2");
  });
});
