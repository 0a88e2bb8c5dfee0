/**
 * `--spec URL`: the inspection commands read a live node's `/describe` (here a loopback server
 * answering from the shell snapshot, as a node does), and a refusal is a clear exit-code-2 failure.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDescribeServer, type DescribeServer } from "../../support/describe-server.ts";
import { runDecode } from "../../../generator/cli/commands/decode.ts";
import { runList } from "../../../generator/cli/commands/list.ts";
import { runRpc } from "../../../generator/cli/commands/rpc.ts";
import { loadInterface } from "../../../generator/pipeline.ts";
import { routeToString } from "../../../generator/model/describe-tree.ts";
import { startStandIn, type StandIn } from "../../support/stand-in-node.ts";
import { baseSnapshot } from "../drift/fixtures.ts";
import { exitCodeOf, GENESIS_HEADER_HEX, shellSnapshot } from "./support.ts";

let node: DescribeServer;
let refusing: DescribeServer;

beforeAll(async () => {
  node = await startDescribeServer({ file: shellSnapshot });
  refusing = await startDescribeServer({ status: 403 });
});

afterAll(async () => {
  await node.close();
  await refusing.close();
});

describe("--spec with a node URL", () => {
  it("decodes with the node's own definitions", async () => {
    const header = JSON.parse(await runDecode(["block_header", GENESIS_HEADER_HEX], { spec: node.url })) as Record<string, unknown>;
    expect(header).toMatchObject({ level: 0, timestamp: "2018-06-30T16:07:32Z" });
    expect(node.requests).toContain("GET /describe?recurse=yes");
  });

  it("lists the node's routes", async () => {
    expect(await runList("routes", { spec: node.url })).toMatch(/^GET \/chains\/<chain_id>\/checkpoint$/m);
  });

  it("a node refusing /describe is exit code 2 with the reason", async () => {
    const failure = await exitCodeOf(() => runDecode(["Chain_id", "7a06a770"], { spec: refusing.url }));
    expect(failure.code).toBe(2);
    expect(failure.message).toMatch(/cannot read the interface of http:\S+: the node refused \/describe with HTTP 403/);
  });
});

describe("--spec URL is the node's whole interface", () => {
  const BLOCK = "BLockGenesisGenesisGenesisGenesisGenesisf79b5d1CoW2";
  let expanded: DescribeServer;
  /** A node: its describe tree (block and mempool directories dynamic at the root), and one block RPC. */
  let full: StandIn;
  beforeAll(async () => {
    expanded = await startDescribeServer({ document: baseSnapshot() });
    full = await startStandIn(async (req, res) => {
      if (req.url.startsWith("/describe")) {
        const answer = await fetch(expanded.url + req.url);
        return res.writeHead(answer.status, { "content-type": "application/json" }).end(await answer.text());
      }
      if (req.url === "/chains/main/blocks/head/hash") return res.writeHead(200, { "content-type": "application/json" }).end(`"${BLOCK}"\n`);
      res.writeHead(404).end();
    });
  });
  afterAll(async () => {
    await full.close();
    await expanded.close();
  });

  it("list and generate expand the block and mempool directories as snapshot does", async () => {
    const routes = await runList("routes", { spec: expanded.url });
    expect(routes).toMatch(/^GET \/chains\/<chain_id>\/blocks\/<block_id>\/hash$/m);
    expect(routes).toMatch(/^GET \/chains\/<chain_id>\/mempool\//m);
    expect(expanded.requests).toContain("GET /describe/chains/main/blocks/head?recurse=yes");
    const loaded = await loadInterface(expanded.url);
    expect(loaded.tree.dynamicDirectories).toEqual([]);
    expect(loaded.tree.services.map((s) => routeToString(s.route))).toContain("/chains/<chain_id>/blocks/<block_id>/hash");
  });

  it("rpc without --spec finds a block route in the node's own interface", async () => {
    const lines: string[] = [];
    await runRpc("GET", "/chains/main/blocks/head/hash", undefined, { node: full.url }, { write: (text) => lines.push(text) });
    expect(lines).toEqual([`"${BLOCK}"\n`]);
    // With a --spec that lacks the route, the answer is still a clear refusal.
    const refused = await exitCodeOf(() => runRpc("GET", "/chains/main/blocks/head/hash", undefined, { node: full.url, spec: shellSnapshot }));
    expect(refused).toEqual({ code: 2, message: expect.stringContaining("no service GET /chains/main/blocks/head/hash") });
  });
});
