/**
 * Composite encodings recognised by structure (generator/reconcile/structural.ts): JSON text
 * over a binary union whose cases each hold one Base58Check type is a Base58 union, whatever the
 * definition is called; a union that does not fit is reported with the reason and a hint.
 */
import { describe, expect, it } from "vitest";
import { readBinarySchema } from "../../../generator/describe/index.ts";
import { BodyReconciler, ReconcileError } from "../../../generator/reconcile/reconciler.ts";
import { DefinitionRegistry } from "../../../generator/reconcile/definition-registry.ts";
import { Interpreter } from "../../../generator/ir/interpret.ts";
import type { JsonSchema } from "../../../generator/model/json-schema.ts";
import { bytesToHex, decodeBytes, encodeBytes, hexToBytes, EncodeError } from "../../../runtime/index.ts";
import { buildCodecModel } from "../../../generator/reconcile/codec-model.ts";
import { readDescribeTree } from "../../../generator/describe/read.ts";
import { itWithReference, readReference } from "../../support/reference.ts";

const DRAFT = "http://json-schema.org/draft-04/schema#";
const tag = { name: "Tag", layout: { size: "Uint8", kind: "Int" }, data_kind: { size: 1, kind: "Fixed" }, kind: "named" };
const unistring = { oneOf: [{ type: "string" }, { type: "object", properties: { invalid_utf8_string: { type: "array", items: { type: "integer" } } }, required: ["invalid_utf8_string"] }] } as JsonSchema;
/** A destination of a never-seen protocol: implicit account, originated contract or transaction rollup. */
const json: JsonSchema = { $schema: DRAFT, $ref: "#/definitions/999-PtUnseen.brand_new_destination", definitions: { "999-PtUnseen.brand_new_destination": { $ref: "#/definitions/unistring" }, unistring } };

function binary(cases: unknown[]) {
  return readBinarySchema({
    toplevel: { fields: [{ layout: { name: "999-PtUnseen.brand_new_destination", kind: "Ref" }, kind: "anon", data_kind: { size: 22, kind: "Fixed" } }] },
    fields: [
      { description: { title: "999-PtUnseen.brand_new_destination" }, encoding: { tag_size: "Uint8", kind: { size: 22, kind: "Fixed" }, cases } },
      { description: { title: "public_key_hash" }, encoding: { tag_size: "Uint8", kind: { size: 21, kind: "Fixed" }, cases: [] } },
    ],
  });
}

const DESTINATION_CASES = [
  { tag: 0, name: "Implicit", fields: [tag, { name: "Signature.Public_key_hash", layout: { name: "public_key_hash", kind: "Ref" }, data_kind: { size: 21, kind: "Fixed" }, kind: "named" }] },
  { tag: 1, name: "Originated", fields: [tag, { name: "Contract_hash", layout: { kind: "Bytes" }, data_kind: { size: 20, kind: "Fixed" }, kind: "named" }, { name: "padding", layout: { kind: "Padding" }, data_kind: { size: 1, kind: "Fixed" }, kind: "named" }] },
  { tag: 2, name: "Tx_rollup", fields: [tag, { name: "tx_rollup_id", layout: { kind: "Bytes" }, data_kind: { size: 20, kind: "Fixed" }, kind: "named" }, { name: "padding", layout: { kind: "Padding" }, data_kind: { size: 1, kind: "Fixed" }, kind: "named" }] },
];

function reconcile(cases: unknown[]) {
  const registry = new DefinitionRegistry();
  const ir = new BodyReconciler(json, binary(cases), registry.sinkForBody()).reconcile("test");
  registry.finish();
  return { ir, codec: new Interpreter(registry.definitions).codec(ir) };
}

describe("Base58 unions recognised by structure", () => {
  it("a destination of an unseen protocol decodes and encodes each case by its prefix", () => {
    const { ir, codec } = reconcile(DESTINATION_CASES);
    expect(ir).toMatchObject({ kind: "known", id: "base58_union" });
    const vectors = [
      ["0000" + "11".repeat(20), "tz1MGCCakJL3d9mkXDHPbYSxYwbqZtzh5iU1"],
      ["01" + "22".repeat(20) + "00", "KT1BvX5KBqMZxXkKeLRL7MG2QTpQYQfb6aYj"],
      ["02" + "33".repeat(20) + "00", "txr1Ma7BDdqqNyBaD7sDwQ8JyAA8epk7ujvbL"],
    ];
    for (const [hex, text] of vectors) {
      const decoded = decodeBytes(codec, hexToBytes(hex!));
      expect(typeof decoded === "string" && decoded.slice(0, 3)).toBe(text!.slice(0, 3));
      expect(bytesToHex(encodeBytes(codec, decoded as never))).toBe(hex);
    }
    expect(() => encodeBytes(codec, "BLockGenesisGenesisGenesisGenesisGenesisf79b5d1CoW2" as never)).toThrow(EncodeError);
  });

  it("the published contract id layout is the runtime's contract id, whatever its name", () => {
    expect(reconcile(DESTINATION_CASES.slice(0, 2)).ir).toMatchObject({ kind: "known", id: "contract_id" });
  });

  it("text over a union one of whose cases holds no known hash is reported, naming the definition, the case and a hint", () => {
    const unknown = { tag: 3, name: "Mystery", fields: [tag, { name: "mystery_hash", layout: { kind: "Bytes" }, data_kind: { size: 20, kind: "Fixed" }, kind: "named" }] };
    expect(() => reconcile([...DESTINATION_CASES, unknown])).toThrow(ReconcileError);
    expect(() => reconcile([...DESTINATION_CASES, unknown])).toThrow(/999-PtUnseen\.brand_new_destination .*case "Mystery".*hint/);
  });
});

describe("what reconciliation cannot decide", () => {
  itWithReference("describe-mempool-alpha-2022-06-09.json")("is listed on the model (generate reports it, --strict fails on it), each with where and why", () => {
    const prefix = ["chains", { kind: "arg" as const, name: "chain_id", multiple: false }, "mempool"];
    const model = buildCodecModel(readDescribeTree(readReference("describe-mempool-alpha-2022-06-09.json"), { prefix }));
    expect(model.undecided).toEqual([0, 1, 2, 3].map((i) => `GET /chains/<chain_id>/mempool/monitor_operations output[].contents[]<Tx_rollup_rejection>.proof<case ${i}>: anonymous Int field inside an object`));
  });
});
