import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runRpc } from "../../../generator/cli/commands/rpc.ts";
import { binaryBodies, frameBinary } from "../../../runtime/index.ts";
import { getChainsBlocksRoute, getMonitorBootstrappedRoute } from "../../../generated/shell/routes.ts";
import { binaryCodecs } from "../../../generated/shell/binary.ts";
import { closedPort, startStandIn, type StandIn } from "../../support/stand-in-node.ts";
import { exitCodeOf, inspected, runInProcess, shellSnapshot } from "./support.ts";

const BLOCK = "BLockGenesisGenesisGenesisGenesisGenesisf79b5d1CoW2";
const heads = [0, 1, 2].map((i) => ({ block: BLOCK, timestamp: `2018-06-30T16:07:3${i}Z` }));
const trace = [{ kind: "permanent", id: "node.validator.invalid_block", block: BLOCK }];
const binary = binaryBodies(binaryCodecs);
const spec = inspected(shellSnapshot);

let node: StandIn;
beforeAll(async () => {
  node = await startStandIn((req, res) => {
    const asBinary = req.headers.accept === "application/octet-stream";
    const type = { "content-type": asBinary ? "application/octet-stream" : "application/json" };
    if (req.url.startsWith("/chains/main/chain_id")) {
      res.writeHead(200, type);
      return res.end(asBinary ? frameBinary(Uint8Array.of(0x7a, 0x06, 0xa7, 0x70)) : '"NetXdQprcVkpaWU"\n');
    }
    if (req.url.startsWith("/chains/main/blocks?")) {
      res.writeHead(200, type);
      const value = [[BLOCK]];
      return res.end(asBinary ? binary.encodeBody(getChainsBlocksRoute, "output", value) : `${JSON.stringify(value)}\n`);
    }
    if (req.url === "/monitor/bootstrapped") {
      res.writeHead(200, type);
      for (const head of heads) res.write(asBinary ? binary.encodeBody(getMonitorBootstrappedRoute, "output", head) : `${JSON.stringify(head)}\n`);
      return res.end();
    }
    if (req.url === "/injection/operation") {
      res.writeHead(500, { "content-type": "application/json" });
      return res.end(`${JSON.stringify(trace)}\n`);
    }
    res.writeHead(404).end();
  });
});
afterAll(() => node.close());

async function rpc(method: string, path: string, body?: string, options: Record<string, string> = {}): Promise<string[]> {
  const lines: string[] = [];
  await runRpc(method, path, body, { node: node.url, ...options }, { spec, write: (text) => lines.push(text) });
  return lines;
}

describe("tezos-rpcgen rpc", () => {
  it("prints a JSON answer, decoded the same from binary", async () => {
    expect(await rpc("GET", "/chains/main/chain_id")).toEqual(['"NetXdQprcVkpaWU"\n']);
    expect(await rpc("get", "/chains/main/chain_id", undefined, { media: "binary" })).toEqual(['"NetXdQprcVkpaWU"\n']);
    expect(node.requests.at(-1)!.headers.accept).toBe("application/octet-stream");
  });

  it("sends PATH's query string, checked against the route", async () => {
    const [printed] = await rpc("GET", `/chains/main/blocks?length=1&head=${BLOCK}`, undefined, { media: "binary" });
    expect(JSON.parse(printed!)).toEqual([[BLOCK]]);
    expect(node.requests.at(-1)!.url).toBe(`/chains/main/blocks?length=1&head=${BLOCK}`);
    const unknown = await exitCodeOf(() => rpc("GET", "/chains/main/blocks?lenght=1"));
    expect(unknown).toEqual({ code: 2, message: expect.stringContaining("declares no query argument 'lenght'") });
    expect((await exitCodeOf(() => rpc("GET", "/chains/main/blocks?length=1&length=2"))).message).toBe("Duplicate argument 'length' in query string.");
  });

  it("prints a stream one compact value per line, until it ends or --limit values came", async () => {
    expect(await rpc("GET", "/monitor/bootstrapped")).toEqual(heads.map((h) => `${JSON.stringify(h)}\n`));
    expect(await rpc("GET", "/monitor/bootstrapped", undefined, { media: "binary", limit: "2" })).toEqual(heads.slice(0, 2).map((h) => `${JSON.stringify(h)}\n`));
  });

  it("exits 1 with the status and the trace when the node answers with an error", async () => {
    const result = await exitCodeOf(() => rpc("POST", "/injection/operation", '"00"'));
    expect(result.code).toBe(1);
    expect(result.message).toContain(`the node answered 500 to POST ${node.url}/injection/operation`);
    expect(result.message).toContain(`permanent node.validator.invalid_block {"block":"${BLOCK}"}`);
  });

  it("exits 2 when the call cannot be made: unreachable node, unknown route, bad arguments", async () => {
    const nowhere = await closedPort();
    const unreachable = await exitCodeOf(() => runRpc("GET", "/chains/main/chain_id", undefined, { node: nowhere }, { spec, write: () => undefined }));
    expect(unreachable.code).toBe(2);
    expect(unreachable.message).toContain("could not be reached");
    expect(await exitCodeOf(() => rpc("GET", "/no/such/route"))).toEqual({ code: 2, message: expect.stringContaining("no service GET /no/such/route") });
    expect((await exitCodeOf(() => rpc("DELETE", "/chains/main/chain_id"))).message).toContain("(that path takes GET)");
    expect((await exitCodeOf(() => rpc("GET", "/chains/main/chain_id", "{}"))).message).toContain("takes no body");
    expect((await exitCodeOf(() => rpc("GET", "/chains/main/chain_id", undefined, { media: "xml" }))).code).toBe(2);
  });

  it("runs from the command line: a body from standard input, exit code 1 and the trace on stderr", async () => {
    const failed = await runInProcess(["rpc", "POST", "/injection/operation", "-", "--node", node.url], { input: '"00"' });
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain("answered 500");
    expect(failed.stderr).toContain("permanent node.validator.invalid_block");
  });
});
