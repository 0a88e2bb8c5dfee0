/**
 * data-encoding's `merge_objs` of an object and a union, and of two unions: the binary writes
 * the object's fields (or the first union) before the (second) union's tag, while the JSON is a
 * `oneOf` of whole objects that each repeat them (Octez's internal operations, a receipt's
 * balance updates). The schemas below are small made-up ones of those shapes.
 */
import { describe, expect, it } from "vitest";
import { readBinarySchema } from "../../../generator/describe/index.ts";
import { BodyReconciler } from "../../../generator/reconcile/reconciler.ts";
import { DefinitionRegistry } from "../../../generator/reconcile/definition-registry.ts";
import { Interpreter } from "../../../generator/ir/interpret.ts";
import type { JsonSchema } from "../../../generator/model/json-schema.ts";
import { bytesToHex, decodeBytes, encodeBytes, hexToBytes, DecodeError, EncodeError } from "../../../runtime/index.ts";

const DRAFT = "http://json-schema.org/draft-04/schema#";
const tag = { name: "Tag", layout: { size: "Uint8", kind: "Int" }, kind: "named", data_kind: { size: 1, kind: "Fixed" } };
const uint8 = (name: string) => ({ name, layout: { size: "Uint8", kind: "Int" }, kind: "named", data_kind: { size: 1, kind: "Fixed" } });
const merged = (name: string) => ({ layout: { name, kind: "Ref" }, kind: "anon", data_kind: { kind: "Dynamic" } });
const kind = (value: string): JsonSchema => ({ type: "string", enum: [value] });
const byte: JsonSchema = { type: "integer", minimum: 0, maximum: 255 };

function codecOf(json: JsonSchema, binary: unknown) {
  const registry = new DefinitionRegistry();
  const ir = new BodyReconciler(json, readBinarySchema(binary), registry.sinkForBody()).reconcile("test");
  registry.finish();
  return { ir, codec: new Interpreter(registry.definitions).codec(ir) };
}

describe("a union merged into an object whose JSON cases repeat its fields", () => {
  const operation = {
    toplevel: { fields: [uint8("nonce"), merged("operation")] },
    fields: [
      {
        description: { title: "operation" },
        encoding: {
          tag_size: "Uint8",
          kind: { kind: "Dynamic" },
          cases: [
            { tag: 0, name: "Transfer", fields: [tag, uint8("amount")] },
            { tag: 1, name: "Reveal", fields: [tag] },
          ],
        },
      },
    ],
  };
  const json: JsonSchema = {
    $schema: DRAFT,
    oneOf: [
      { title: "Transfer", type: "object", properties: { nonce: byte, kind: kind("transfer"), amount: byte }, required: ["nonce", "kind", "amount"], additionalProperties: false },
      { title: "Reveal", type: "object", properties: { nonce: byte, kind: kind("reveal") }, required: ["nonce", "kind"], additionalProperties: false },
    ],
  };

  it("writes the object's fields, then the union's tag and case", () => {
    const { ir, codec } = codecOf(json, operation);
    expect(ir).toMatchObject({ kind: "object", items: [{ kind: "field", name: "nonce" }, { kind: "merge", codec: { kind: "union" } }] });
    expect(bytesToHex(encodeBytes(codec, { nonce: 7, kind: "transfer", amount: 3 }))).toBe("070003");
    expect(decodeBytes(codec, hexToBytes("070003"))).toEqual({ nonce: 7, kind: "transfer", amount: 3 });
    expect(decodeBytes(codec, hexToBytes("0701"))).toEqual({ nonce: 7, kind: "reveal" });
    expect(() => encodeBytes(codec, { nonce: 7, kind: "reveal", amount: 3 })).toThrow(EncodeError);
  });
});

describe("two unions merged into one object (a balance and its origin)", () => {
  const update = {
    toplevel: { fields: [merged("balance"), merged("origin")] },
    fields: [
      {
        description: { title: "balance" },
        encoding: {
          tag_size: "Uint8",
          kind: { kind: "Dynamic" },
          cases: [
            { tag: 0, name: "Account", fields: [tag, uint8("account"), uint8("change")] },
            // Kaitai names a case's one field after the case.
            { tag: 1, name: "Fees", fields: [tag, uint8("fees")] },
          ],
        },
      },
      {
        description: { title: "origin" },
        encoding: {
          tag_size: "Uint8",
          kind: { kind: "Fixed", size: 1 },
          cases: [
            { tag: 0, name: "Block_application", fields: [tag] },
            { tag: 1, name: "Protocol_migration", fields: [tag] },
          ],
        },
      },
    ],
  };
  const json: JsonSchema = {
    $schema: DRAFT,
    oneOf: [
      { title: "Account", type: "object", properties: { kind: kind("account"), account: byte, change: byte, origin: kind("block") }, required: ["kind", "account", "change", "origin"] },
      { title: "Fees", type: "object", properties: { kind: kind("accumulator"), category: kind("fees"), change: byte, origin: kind("block") }, required: ["kind", "category", "change", "origin"] },
    ],
  };

  it("reads the balance's case, then the origin the document gives; another origin is a typed error", () => {
    const { codec } = codecOf(json, update);
    expect(decodeBytes(codec, hexToBytes("0005fe00"))).toEqual({ kind: "account", account: 5, change: 254, origin: "block" });
    expect(decodeBytes(codec, hexToBytes("010900"))).toEqual({ kind: "accumulator", category: "fees", change: 9, origin: "block" });
    expect(bytesToHex(encodeBytes(codec, { kind: "accumulator", category: "fees", change: 9, origin: "block" }))).toBe("010900");
    expect(() => decodeBytes(codec, hexToBytes("010901"))).toThrow(DecodeError);
    expect(() => encodeBytes(codec, { kind: "accumulator", category: "fees", change: 9, origin: "migration" })).toThrow(EncodeError);
  });
});
