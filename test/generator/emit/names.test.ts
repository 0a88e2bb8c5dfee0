import { describe, expect, it } from "vitest";
import { camelCase, NameTable, nameInterface, operationName, pascalCase, propertyKey } from "../../../generator/emit/names.ts";
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
    ["GET", [s("chains"), a("chain_id"), s("blocks"), a("block_id")], "getChainsBlocksByBlockId"],
    ["GET", [s("monitor"), s("heads"), a("chain_id")], "getMonitorHeadsByChainId"],
    ["POST", [s("injection"), s("operation")], "postInjectionOperation"],
    ["DELETE", [], "deleteRoot"],
    ["GET", [s("chains"), a("chain_id"), s("mempool"), s("monitor_operations")], "getChainsMempoolMonitorOperations"],
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
