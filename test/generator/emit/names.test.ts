import { describe, expect, it } from "vitest";
import { camelCase, NameTable, nameInterface, operationName, pascalCase, propertyKey } from "../../../generator/emit/names.ts";
import { operationNames, singular } from "../../../generator/emit/operation-names.ts";
import type { RouteSegment } from "../../../generator/model/describe-tree.ts";
import { syntheticModel } from "./synthetic-model.ts";

const s = (name: string): RouteSegment => ({ kind: "static", name });
const a = (name: string): RouteSegment => ({ kind: "arg", name, multiple: false });

describe("type names", () => {
  it.each([
    ["block_header", "BlockHeader"],
    ["alpha.operation.alpha.contents", "AlphaOperationAlphaContents"],
    ["012-Psithaca.mutez", "Psithaca012Mutez"],
    ["timestamp.protocol", "TimestampProtocol"],
    ["Operation_hash", "OperationHash"],
    ["N.t", "NT"],
    ["Signature.V0.Public_key_hash", "SignatureV0PublicKeyHash"],
    ["sapling.transaction.commitment_value", "SaplingTransactionCommitmentValue"],
    ["42", "T42"],
    ["...", "Anonymous"],
  ])("%s → %s", (name, expected) => {
    expect(pascalCase(name)).toBe(expected);
  });

  it("camel-cases and quotes property keys only when needed", () => {
    expect(camelCase("chain_id")).toBe("chainId");
    expect(propertyKey("level")).toBe("level");
    expect(propertyKey("proof_of_work_nonce")).toBe("proof_of_work_nonce");
    expect(propertyKey("with-dash")).toBe('"with-dash"');
    expect(propertyKey("1st")).toBe('"1st"');
  });
});

describe("operation names", () => {
  it.each<[string, RouteSegment[], string]>([
    ["GET", [s("chains"), a("chain_id"), s("blocks")], "getChainsBlocks"],
    ["GET", [s("chains"), a("chain_id"), s("blocks"), a("block_id")], "getBlock"],
    ["GET", [s("monitor"), s("heads"), a("chain_id")], "getMonitorHeadsByChainId"],
    ["POST", [s("injection"), s("operation")], "postInjectionOperation"],
    ["DELETE", [], "deleteRoot"],
    ["GET", [s("chains"), a("chain_id"), s("mempool"), s("monitor_operations")], "monitorOperations"],
  ])("%s %j", (method, route, expected) => {
    expect(operationName(method, route, false)).toBe(expected);
  });

  it("spells every argument when two routes meet", () => {
    expect(operationName("GET", [s("things"), a("id"), s("items")], true)).toBe("getThingsByIdItems");
    const names = nameInterface(syntheticModel()).services.map((n) => n.operation);
    expect(names).toContain("getThingsByIdItems");
    expect(names).toContain("getThingsItems");
    expect(new Set(names).size).toBe(names.length);
  });
});

describe("protocol operation names", () => {
  const block = [s("chains"), a("chain_id"), s("blocks"), a("block_id")];
  const mempool = [s("chains"), a("chain_id"), s("mempool")];
  const route = (base: RouteSegment[], path: string): RouteSegment[] => [
    ...base,
    ...path.split("/").filter((p) => p !== "").map((p) => (p.startsWith("<") ? a(p.slice(1, -1)) : s(p))),
  ];
  it.each<[string, RouteSegment[], string]>([
    ["GET", route(block, "context/contracts/<contract_id>/balance"), "getContractBalance"],
    ["GET", route(block, "context/contracts/<contract_id>"), "getContract"],
    ["GET", route(block, "context/contracts"), "getContracts"],
    ["GET", route(block, "header"), "getBlockHeader"],
    ["GET", route(block, "operation_hashes/<list_offset>"), "getBlockOperationHash"],
    ["GET", route(block, "context/smart_rollups/smart_rollup/<smart_rollup_address>/kind"), "getSmartRollupKind"],
    ["GET", route(block, "context/smart_rollups/all"), "getSmartRollupsAll"],
    ["GET", route(block, "context/constants"), "getConstants"],
    ["POST", route(block, "helpers/forge/operations"), "forgeOperations"],
    ["POST", route(block, "helpers/scripts/simulate_operation"), "simulateOperation"],
    ["POST", route(block, "helpers/scripts/script_size"), "postScriptSize"],
    ["GET", route(block, "votes/current_quorum"), "getVotesCurrentQuorum"],
    ["GET", route(mempool, "pending_operations"), "getPendingOperations"],
    ["GET", route(mempool, "monitor_operations"), "monitorOperations"],
    ["POST", route(mempool, "filter"), "postFilter"],
  ])("%s %j", (method, path, expected) => {
    expect(operationName(method, path, false)).toBe(expected);
  });

  it("settles collisions from the routes alone, the same way in any order", () => {
    const services = [
      // Both read `getBigMap` before arguments are spelt.
      { method: "GET" as const, route: route(block, "context/big_maps/<big_map_id>") },
      { method: "GET" as const, route: route(block, "context/big_maps/<big_map_id>/<script_expr>") },
      // A protocol name meeting a shell name: the protocol one takes its directory's word.
      { method: "GET" as const, route: route(block, "context/version") },
      { method: "GET" as const, route: [s("version")] },
    ];
    const expected = ["getBigMapByBigMapId", "getBigMapByBigMapIdByScriptExpr", "getBlockVersion", "getVersion"];
    expect(operationNames(services)).toEqual(expected);
    expect(operationNames([...services].reverse())).toEqual([...expected].reverse());
  });

  it("singular of a collection before its argument", () => {
    expect(["contracts", "operation_hashes", "entries", "address", "big_maps"].map((w) => singular(w.split("_").pop()!))).toEqual(["contract", "hash", "entry", "address", "map"]);
  });
});

describe("collisions", () => {
  it("suffixes later claimants, avoids reserved words and runtime names", () => {
    const table = new NameTable();
    expect(table.claim("BlockHeader")).toBe("BlockHeader");
    expect(table.claim("BlockHeader")).toBe("BlockHeader2");
    expect(table.claim("BlockHeader")).toBe("BlockHeader3");
    expect(table.claim("Promise")).toBe("Promise2");
    expect(table.claim("Unistring")).toBe("Unistring2");
    expect(table.claim("delete")).toBe("delete_");
  });

  it("is deterministic and gives every identifier once", () => {
    const first = nameInterface(syntheticModel());
    const second = nameInterface(syntheticModel());
    expect([...first.definitions]).toEqual([...second.definitions]);
    expect(first.services).toEqual(second.services);
    const all = [
      ...first.definitions.values(),
      ...[...first.cases.values()].flatMap((m) => [...m.values()]),
      ...first.services.flatMap((n) => [n.operation, n.route, n.request, n.output, n.error, n.input, n.streamOperation].filter((x) => x !== undefined)),
    ];
    expect(new Set(all).size).toBe(all.length);
    // Definitions claim their names before union cases do.
    expect(first.definitions.get("alpha.operation.alpha.contents.transaction")).toBe("AlphaOperationAlphaContentsTransaction");
    expect(first.cases.get("alpha.operation.alpha.contents")?.get(108)).toBe("AlphaOperationAlphaContentsTransaction2");
    expect(first.definitions.get("Promise")).toBe("Promise2");
    expect(first.definitions.get("string")).toBe("String2");
  });
});
