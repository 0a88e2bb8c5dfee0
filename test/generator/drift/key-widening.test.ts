/**
 * A key type that gains a scheme (`Signature.V2` → `V3`, Tallinn → Ushuaia: ML-DSA-44 `tz5`
 * accounts) is a widening, not another type: compatible where the client writes it, breaking
 * where the node does, and reported once per body rather than at each of its hundreds of uses.
 */
import { describe, expect, it } from "vitest";
import { readDescribeTree } from "../../../generator/describe/index.ts";
import { compareTrees, diffJsonSchemas, type DriftReport } from "../../../generator/drift/index.ts";
import { schemeChange, schemeList } from "../../../generator/drift/key-titles.ts";
import { parsePrefix } from "../../../generator/cli/spec-source.ts";
import type { JsonSchema } from "../../../generator/model/json-schema.ts";
import { itWithReference, readReference } from "../../support/reference.ts";
import { OCTEZ_OPENAPI, readOctezOpenApi } from "../../support/octez-openapi.ts";

const V2_HASH = "A Ed25519, Secp256k1, P256, or BLS public key hash (Base58Check-encoded)";
const V3_HASH = "A Ed25519, Secp256k1, P256, BLS or Mldsa44 public key hash (Base58Check-encoded)";

describe("reading a key type's schemes from its title", () => {
  it("lists the schemes and the noun, whatever the wording of the list", () => {
    expect(schemeList(V2_HASH)).toEqual({ noun: "public key hash", schemes: ["Ed25519", "Secp256k1", "P256", "BLS"] });
    expect(schemeList("A Bls12_381 public key (Base58Check-encoded)")).toEqual({ noun: "public key", schemes: ["BLS"] });
    expect(schemeList("A block identifier (Base58Check-encoded)")).toEqual({ noun: "identifier", schemes: ["block"] });
    // Not a list of single scheme names, or no noun: not read.
    expect(schemeList("A smart rollup, or a contract address (Base58Check-encoded)")).toBeUndefined();
    expect(schemeList("Signature (Base58Check-encoded)")).toBeUndefined();
  });

  it("tells a widening, a narrowing and a rewording from another type", () => {
    expect(schemeChange(V2_HASH, V3_HASH)).toMatchObject({ direction: "widened", added: ["Mldsa44"] });
    expect(schemeChange(V3_HASH, V2_HASH)).toMatchObject({ direction: "narrowed", removed: ["Mldsa44"] });
    expect(schemeChange("A Ed25519, Secp256k1, or P256 public key", "A Ed25519, Secp256k1 or P256 public key")).toMatchObject({ direction: "same" });
    expect(schemeChange(V2_HASH, "A Ed25519, Secp256k1, P256, BLS or Mldsa44 public key")).toBeUndefined();
    expect(schemeChange("An Ed25519 public key hash", "A BLS public key hash")).toBeUndefined();
    expect(schemeChange("A block identifier (Base58Check-encoded)", "A Tezos operation ID (Base58Check-encoded)")).toBeUndefined();
  });
});

describe("a widened key type in one body", () => {
  const schema = (title: string): JsonSchema => ({
    type: "object",
    properties: { source: { $ref: "#/definitions/pkh" }, delegate: { $ref: "#/definitions/pkh" }, voters: { type: "array", items: { $ref: "#/definitions/pkh" } } },
    definitions: { pkh: { title, $ref: "#/definitions/unistring" }, unistring: { type: "string" } },
  });

  it("is one change for the body, with its number of places; breaking in an answer, compatible in a request", () => {
    const output = diffJsonSchemas(schema(V2_HASH), schema(V3_HASH), "response");
    expect(output).toEqual([
      { kind: "json-hash-type-widened", severity: "breaking", at: "$.source", message: "public key hash type widened: now also Mldsa44 (Ed25519, Secp256k1, P256, BLS, Mldsa44) (at 3 places in this body; the first is shown)", old: V2_HASH, new: V3_HASH },
    ]);
    expect(diffJsonSchemas(schema(V2_HASH), schema(V3_HASH), "request").map((c) => [c.kind, c.severity])).toEqual([["json-hash-type-widened", "compatible"]]);
    expect(diffJsonSchemas(schema(V3_HASH), schema(V2_HASH), "request").map((c) => [c.kind, c.severity])).toEqual([["json-hash-type-narrowed", "breaking"]]);
  });

  it("leaves a replacement by another type breaking at each place", () => {
    const changes = diffJsonSchemas(schema(V2_HASH), schema("A block identifier (Base58Check-encoded)"), "request");
    expect(changes.map((c) => [c.kind, c.severity, c.at])).toEqual([
      ["json-hash-type-changed", "breaking", "$.source"],
      ["json-hash-type-changed", "breaking", "$.delegate"],
      ["json-hash-type-changed", "breaking", "$.voters[]"],
    ]);
  });
});

describe("drift Tallinn → Ushuaia on Octez's protocol OpenAPI files", () => {
  const TALLINN = "protocols/t024/openapi.json";
  const TALLINN_MEMPOOL = "protocols/t024/mempool-openapi.json";
  const drift = (tallinn: string, ushuaia: string, route: string): DriftReport => {
    const prefix = parsePrefix(route);
    return compareTrees(readDescribeTree(readReference(tallinn), { prefix }), readDescribeTree(readOctezOpenApi(ushuaia), { prefix }));
  };
  const count = (report: DriftReport, kind: string, severity: string) => report.changes.filter((c) => c.kind === kind && c.severity === severity).length;

  itWithReference(TALLINN)("the figures: the keys' ML-DSA-44 widening once per body (61 of the protocol's 132 changes; 720 of 791 before)", () => {
    const block = drift(TALLINN, OCTEZ_OPENAPI.ushuaia, "/chains/<chain_id>/blocks/<block_id>");
    expect(block.summary).toEqual({ total: 132, breaking: 62, compatible: 70 });
    expect(new Set(block.changes.map((c) => c.route)).size).toBe(57);
    expect(count(block, "json-hash-type-widened", "breaking")).toBe(40);
    expect(count(block, "json-hash-type-widened", "compatible")).toBe(21);
    expect(block.changes.filter((c) => c.kind === "json-hash-type-changed")).toEqual([]);
    // Every widening is a key type gaining ML-DSA-44, on outputs (breaking) and inputs (compatible);
    // Tallinn's public key title (V2) leaves out BLS, which V2 accepts, so the keys gain both.
    expect(new Set(block.changes.filter((c) => c.kind === "json-hash-type-widened").map((c) => `${c.slot} ${c.severity} ${/now also ([\w, ]+) \(/.exec(c.message)?.[1]}`))).toEqual(
      new Set(["output breaking Mldsa44", "input compatible Mldsa44", "output breaking BLS, Mldsa44", "input compatible BLS, Mldsa44"]),
    );
    const mempool = drift(TALLINN_MEMPOOL, OCTEZ_OPENAPI.ushuaiaMempool, "/chains/<chain_id>/mempool");
    expect(mempool.summary).toEqual({ total: 14, breaking: 12, compatible: 2 });
    expect(count(mempool, "json-hash-type-widened", "breaking")).toBe(6);
  });
});
