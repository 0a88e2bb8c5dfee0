/**
 * The DAL node's and a smart-rollup node's OpenAPI files (Octez 24.3, the builds of Tallinn;
 * facts kept in `test/fixtures/octez-openapi/`) through `--spec`: standalone services, served
 * from the root with no block directory. `list routes` lists them, `generate` writes their
 * bindings into a temporary folder (in process, as the command does: `loadInterface`,
 * `renderInterface`, `writeGenerated`; the bin's own start would double the file's time), both
 * folders type-check in one program, and a client function of each calls the runtime's server on
 * loopback with a test handler and gets a validated answer (and a refused one).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpTransport, type AnyRouteDescriptor, type RpcTransport } from "../../../runtime/index.ts";
import { createRpcServer } from "../../../runtime/server/index.ts";
import { runList } from "../../../generator/cli/commands/list.ts";
import { typeCheck, writeUsage } from "../emit/support.ts";
import { generationSummary, writeGenerated } from "../../../generator/cli/commands/generate.ts";
import { loadInterface, renderInterface } from "../../../generator/pipeline.ts";
import { OCTEZ_OPENAPI, writeOctezOpenApi } from "../../support/octez-openapi.ts";

const tmp = mkdtempSync(join(tmpdir(), "rpcgen-standalone-"));
const out = join(tmp, "generated");
const dal = writeOctezOpenApi(OCTEZ_OPENAPI.dalNode, tmp);
const rollup = writeOctezOpenApi(OCTEZ_OPENAPI.tallinnSmartRollupNode, tmp);
const DAL_FOLDER = "dal-node-openapi";
const ROLLUP_FOLDER = "tallinn-smart-rollup-node-openapi";

/** What the tests use of a generated folder, loaded from the temporary folder. */
interface Bindings {
  routeTable: readonly AnyRouteDescriptor[];
  [name: string]: unknown;
}
const call = (bindings: Bindings, name: string) => bindings[name] as (transport: RpcTransport, request?: unknown) => Promise<unknown>;

/** What `generate --spec DAL --spec ROLLUP --out OUT` prints, one line per folder. */
const summaries: string[] = [];
beforeAll(async () => {
  for (const [source, folder] of [[dal, DAL_FOLDER], [rollup, ROLLUP_FOLDER]] as const) {
    const loaded = await loadInterface(source);
    await writeGenerated(join(out, folder), await renderInterface(loaded));
    summaries.push(generationSummary(source, join(out, folder), loaded.model));
  }
}, 60_000);
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function load(folder: string): Promise<Bindings> {
  return (await import(pathToFileURL(join(out, folder, "index.ts")).href)) as Bindings;
}

/** Serves a generated route table with `handlers` on loopback; the answers are not validated server-side, so the client's validation is what is tested. */
async function serve(bindings: Bindings, handlers: Record<string, (request: { path: Record<string, string> }) => unknown>) {
  return createRpcServer({ routes: bindings.routeTable, handlers: handlers as never, partialHandlers: true });
}

describe("standalone services from Octez's OpenAPI files: the DAL node and a smart-rollup node", () => {
  it("generate: one folder each, every route JSON-only (no binary layout published)", () => {
    expect(summaries).toEqual([
      `${dal} → ${join(out, DAL_FOLDER)}/ (40 services, 0 definitions, 40 outputs JSON-only as a whole)`,
      `${rollup} → ${join(out, ROLLUP_FOLDER)}/ (54 services, 0 definitions, 54 outputs JSON-only as a whole)`,
    ]);
  });

  it("list routes --spec: the services at the root, no block or mempool directory", async () => {
    const routes = async (spec: string) => (JSON.parse(await runList("routes", { spec, json: true })) as { routes: Array<{ route: string }> }).routes.map((r) => r.route);
    const dalRoutes = await routes(dal);
    expect(dalRoutes).toHaveLength(40);
    expect(dalRoutes).toContain("GET /levels/<int32>/slots/<int>/status");
    expect(dalRoutes).toContain("GET /p2p/gossipsub/topics");
    const rollupRoutes = await routes(rollup);
    expect(rollupRoutes).toHaveLength(54);
    expect(rollupRoutes).toContain("GET /global/block/<block_id>/committed_status");
    expect(rollupRoutes).toContain("POST /local/batcher/injection");
    expect([...dalRoutes, ...rollupRoutes].filter((r) => r.includes("/chains/"))).toEqual([]);
  });

  it("the DAL node's getLevelsSlotsStatus against a loopback server: a validated answer, and one its schema refuses", async () => {
    const bindings = await load(DAL_FOLDER);
    const seen: unknown[] = [];
    let answer: unknown = { kind: "attested", attestation_lag: 8 };
    const server = await serve(bindings, {
      getLevelsSlotsStatus(request) {
        seen.push(request.path);
        return answer;
      },
    });
    try {
      const transport = new HttpTransport({ baseUrl: server.url, validate: true });
      const getStatus = call(bindings, "getLevelsSlotsStatus");
      expect(await getStatus(transport, { path: { int32: "7340", int: "3" } })).toEqual({ kind: "attested", attestation_lag: 8 });
      expect(seen).toEqual([{ int32: "7340", int: "3" }]);
      answer = "waiting_attestation";
      expect(await getStatus(transport, { path: { int32: "7341", int: "0" } })).toBe("waiting_attestation");
      answer = { kind: "attested", attestation_lag: 256 }; // the lag is a uint8
      await expect(getStatus(transport, { path: { int32: "7342", int: "0" } })).rejects.toMatchObject({ name: "ValidationError" });
    } finally {
      await server.close();
    }
  });

  it("the smart-rollup node's getGlobalBlockCommittedStatus against a loopback server: a validated answer, and one its schema refuses", async () => {
    const bindings = await load(ROLLUP_FOLDER);
    const uncommitted = { uncommitted: { commitment_level: 1200, estimated_commitment_time: "2026-04-14T10:00:00Z", estimated_cementation_time: "1776168000" } };
    let answer: unknown = uncommitted;
    const seen: unknown[] = [];
    const server = await serve(bindings, {
      getGlobalBlockCommittedStatus(request) {
        seen.push(request.path);
        return answer;
      },
    });
    try {
      const transport = new HttpTransport({ baseUrl: server.url, validate: true });
      const getCommittedStatus = call(bindings, "getGlobalBlockCommittedStatus");
      expect(await getCommittedStatus(transport, { path: { block_id: "head" } })).toEqual(uncommitted);
      expect(seen).toEqual([{ block_id: "head" }]);
      answer = { uncommitted: { commitment_level: "1200", estimated_commitment_time: "2026-04-14T10:00:00Z", estimated_cementation_time: "1776168000" } };
      await expect(getCommittedStatus(transport, { path: { block_id: "head" } })).rejects.toMatchObject({ name: "ValidationError" });
    } finally {
      await server.close();
    }
  });

  it("both generated folders type-check under strict in one program, with a use of each", () => {
    const usage = writeUsage(
      tmp,
      "usage.ts",
      `import type { RpcTransport } from "@tezos-rpcgen/runtime";
import { getLevelsSlotsStatus, type GetLevelsSlotsStatusOutput } from "./generated/${DAL_FOLDER}/index.ts";
import { getGlobalBlockCommittedStatus } from "./generated/${ROLLUP_FOLDER}/index.ts";
export async function levels(transport: RpcTransport): Promise<number | undefined> {
  const status: GetLevelsSlotsStatusOutput = await getLevelsSlotsStatus(transport, { path: { int32: "7340", int: "3" } });
  const committed = await getGlobalBlockCommittedStatus(transport, { path: { block_id: "head" } });
  const level: number | undefined = "uncommitted" in committed ? committed.uncommitted.commitment_level : undefined;
  return typeof status === "string" ? level : status.attestation_lag;
}
`,
    );
    const roots = [DAL_FOLDER, ROLLUP_FOLDER].flatMap((folder) => ["client.ts", "routes.ts", "server.ts", "types.ts", "codecs.ts", "binary.ts", "index.ts"].map((f) => join(out, folder, f)));
    expect(typeCheck([...roots, usage], tmp)).toEqual([]);
  }, 120_000);
});
