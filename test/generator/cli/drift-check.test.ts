/**
 * `tezos-rpcgen drift-check`, the CI recipe as a command, against loopback stand-in nodes
 * (`startDescribeServer` answering `/describe` from the legacy shell snapshot, or from a few
 * routes of the shell one): the committed snapshot is the current shell one, so the node has
 * drifted in breaking ways. Run twice, once through the real bin from a scratch working
 * directory and once in-process, it must write the same bytes, and only where it was told.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, readFileSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startDescribeServer, type DescribeServer } from "../../support/describe-server.ts";
import { runDriftCheck, type DriftCheckOptions } from "../../../generator/cli/commands/drift-check.ts";
import { smallShell } from "../../support/small-shell.ts";
import { exitCodeOf, repoRoot, runBin, shellSnapshot } from "./support.ts";

const legacySnapshot = `${repoRoot}spec/snapshots/shell-legacy.json`;
const DEFAULTS: DriftCheckOptions = { name: "node", format: "markdown", failOn: "breaking", chain: "main", block: "head", timeout: 10_000, retries: 0 };

let node: DescribeServer;
/** A node serving a few of the shell's routes: its bindings are generated in a second, not five. */
let small: DescribeServer;
let refusing: DescribeServer;

beforeAll(async () => {
  node = await startDescribeServer({ file: legacySnapshot });
  small = await startDescribeServer({ document: smallShell(["/chains/*/chain_id", "/chains/*/checkpoint", "/monitor/heads/*", "/version"]) });
  refusing = await startDescribeServer({ status: 401 });
});

afterAll(async () => {
  await Promise.all([node.close(), small.close(), refusing.close()]);
});

/** Every file under `folder`, by relative path, with its bytes. */
function tree(folder: string, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) for (const [name, text] of tree(path, `${prefix}${entry.name}/`)) out.set(name, text);
    else out.set(prefix + entry.name, readFileSync(path, "utf8"));
  }
  return out;
}

describe("drift-check", () => {
  it("twice against the same node: exit 1 on breaking drift, the same report and bindings byte for byte, nothing written elsewhere", async () => {
    const scratch = mkdtempSync(join(tmpdir(), "tezos-rpcgen-drift-check-"));
    const first = await runBin(["drift-check", small.url, shellSnapshot, "--out", "src/generated", "--name", "octez", "--report", "drift-report.md"], { cwd: scratch });
    expect(first.stderr).toBe("");
    expect(first.code).toBe(1);
    const written = tree(scratch);
    expect([...written.keys()].filter((name) => !name.startsWith("src/generated/octez/"))).toEqual(["drift-report.md"]);
    expect(written.get("drift-report.md")).toBe(first.stdout);
    expect(first.stdout).toContain("breaking");
    const header = written.get("src/generated/octez/types.ts")!.split("\n").slice(0, 3).join("\n");
    expect(header).toContain(`// Source: ${small.url}\n`);
    expect(header).not.toContain(tmpdir());

    const again = await runDriftCheck(small.url, shellSnapshot, { ...DEFAULTS, out: join(scratch, "src/generated"), name: "octez", report: join(scratch, "drift-report.md") });
    expect(again.exitCode).toBe(1);
    expect(again.report).toBe(first.stdout);
    expect(tree(scratch)).toEqual(written);
  });

  it("writes no file unless told, and exits 0 when the node serves the committed snapshot's interface", async () => {
    const result = await runDriftCheck(node.url, legacySnapshot, { ...DEFAULTS, format: "text" });
    expect(result).toEqual({ report: `drift ${legacySnapshot} → ${node.url}: no drift\n  OLD: 63 services; NEW: 63 services\n`, exitCode: 0 });
  });

  it("exit 2 with one message when the node refuses /describe or the snapshot cannot be read", async () => {
    const refused = await exitCodeOf(() => runDriftCheck(refusing.url, shellSnapshot, DEFAULTS));
    expect(refused.code).toBe(2);
    expect(refused.message).toMatch(/^cannot capture http:\/\/127\.0\.0\.1:\d+: .*401/);
    const missing = await exitCodeOf(() => runDriftCheck(node.url, "no-such-snapshot.json", DEFAULTS));
    expect(missing).toMatchObject({ code: 2, message: expect.stringMatching(/^cannot read no-such-snapshot\.json: .*no such file/) });
  });
});
