/**
 * Redirects to another host: `snapshot`, `drift`, `rpc` and `--spec URL` refuse them (exit 2,
 * naming where they pointed) unless `--follow-redirects`, and then record the host that answered.
 * "Another host" here is another port of 127.0.0.1: another origin, as a browser would say.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runSnapshot } from "../../../generator/cli/commands/snapshot.ts";
import { runDrift } from "../../../generator/cli/commands/drift.ts";
import { runRpc } from "../../../generator/cli/commands/rpc.ts";
import { runList } from "../../../generator/cli/commands/list.ts";
import { LiveCaptureError } from "../../../generator/live/index.ts";
import { startDescribeServer, type DescribeServer } from "../../support/describe-server.ts";
import { startStandIn, type StandIn } from "../../support/stand-in-node.ts";
import { rejection } from "../../support/rejection.ts";
import { baseSnapshot } from "../drift/fixtures.ts";
import { exitCodeOf, inspected, shellSnapshot } from "./support.ts";

let elsewhere: DescribeServer;
let redirector: StandIn;
let file: string;

beforeAll(async () => {
  elsewhere = await startDescribeServer({ document: baseSnapshot() });
  // Every request is sent to the same path on the other server; /chains/main/chain_id is answered here after a same-origin hop.
  redirector = await startStandIn((req, res) => {
    if (req.url === "/old/chains/main/chain_id") return res.writeHead(301, { location: "/chains/main/chain_id" }).end();
    if (req.url === "/chains/main/chain_id") return res.writeHead(200, { "content-type": "application/json" }).end('"NetXdQprcVkpaWU"\n');
    res.writeHead(302, { location: `${elsewhere.url}${req.url}` }).end();
  });
  file = join(mkdtempSync(join(tmpdir(), "rpcgen-redirect-")), "base.json");
  writeFileSync(file, JSON.stringify(baseSnapshot()));
});
afterAll(async () => {
  await redirector.close();
  await elsewhere.close();
});

const drift = { format: "text", failOn: "any", chain: "main", block: "head", timeout: 5_000, retries: 0 };
const snapshot = { chain: "main", block: "head", timeout: 5_000, retries: 0, expand: true };

describe("redirects to another host", () => {
  it("snapshot refuses one, naming it; with --follow-redirects source.url is the host that answered", async () => {
    const refused = await rejection(runSnapshot({ ...snapshot, node: redirector.url }), LiveCaptureError);
    expect(refused.reason).toBe("redirect");
    expect(refused.message).toContain(`redirects to another origin, ${elsewhere.url}/describe?recurse=yes`);
    expect(refused.message).toContain("--follow-redirects");
    expect(elsewhere.requests).toEqual([]);
    const notes: string[] = [];
    const { text } = await runSnapshot({ ...snapshot, node: redirector.url, followRedirects: true }, { note: (line) => notes.push(line) });
    const document = JSON.parse(text) as { source: { url: string }; expansions: unknown[] };
    expect(document.source.url).toBe(elsewhere.url);
    expect(document.expansions).toHaveLength(2);
    expect(notes).toContain(`redirected: the interface is ${elsewhere.url}'s`);
  });

  it("drift refuses one (exit 2) instead of comparing the other host's tree; followed, the report names that host", async () => {
    const refused = await exitCodeOf(() => runDrift(file, redirector.url, drift));
    expect(refused.code).toBe(2);
    expect(refused.message).toContain("redirects to another origin");
    const followed = await runDrift(file, redirector.url, { ...drift, followRedirects: true });
    expect(followed.exitCode).toBe(0);
    expect(followed.output).toContain(elsewhere.url);
    expect(followed.output).not.toContain(redirector.url);
  });

  it("rpc and --spec URL refuse one; a redirect within the node's origin is followed", async () => {
    const spec = inspected(shellSnapshot);
    const lines: string[] = [];
    const write = (text: string) => lines.push(text);
    const refused = await exitCodeOf(() => runRpc("GET", "/chains/main/checkpoint", undefined, { node: redirector.url }, { spec, write }));
    expect(refused).toEqual({ code: 2, message: expect.stringContaining(`redirects to another origin, ${elsewhere.url}/chains/main/checkpoint`) });
    await runRpc("GET", "/chains/main/chain_id", undefined, { node: `${redirector.url}/old` }, { spec, write });
    expect(lines).toEqual(['"NetXdQprcVkpaWU"\n']);
    const listing = await exitCodeOf(() => runList("routes", { spec: redirector.url }));
    expect(listing).toEqual({ code: 2, message: expect.stringContaining("redirects to another origin") });
    expect(await runList("routes", { spec: redirector.url, followRedirects: true })).toContain("/chains/<chain_id>/blocks/<block_id>/hash");
  });
});
