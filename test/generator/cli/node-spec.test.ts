/**
 * `--spec URL`: the inspection commands read a live node's `/describe` (here a loopback server
 * answering from the shell snapshot, as a node does), and a refusal is a clear exit-code-2 failure.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDescribeServer, type DescribeServer } from "../../support/describe-server.ts";
import { runDecode } from "../../../generator/cli/commands/decode.ts";
import { runList } from "../../../generator/cli/commands/list.ts";
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
    expect(failure.message).toMatch(/cannot read the interface: .*refused access \(HTTP 403/);
  });
});
