/**
 * Union cases whose closed JSON objects overlap at the top level and differ only deeper (as
 * block_services' operation without receipts and with them differ inside `contents`): the
 * encoder tries them in tag order with strict encoders, so each value takes its own case, none
 * loses a property, and a value no case fits is a typed error naming where it parts from the
 * case that went deepest. Small made-up schemas of that shape; the real one is tested on Octez's
 * bytes in test/generator/openapi/block-directory.test.ts.
 */
import { describe, expect, it } from "vitest";
import { readBinarySchema } from "../../../generator/describe/index.ts";
import { BodyReconciler } from "../../../generator/reconcile/reconciler.ts";
import { DefinitionRegistry } from "../../../generator/reconcile/definition-registry.ts";
import { withOverlappingCases } from "../../../generator/reconcile/overlapping-cases.ts";
import { casesToTry } from "../../../generator/ir/case-selection.ts";
import { Interpreter } from "../../../generator/ir/interpret.ts";
import type { UnionCase } from "../../../generator/ir/codec-ir.ts";
import type { JsonSchema } from "../../../generator/model/json-schema.ts";
import { bytesToHex, decodeBytes, encodeBytes, EncodeError } from "../../../runtime/index.ts";

const named = (name: string, layout: unknown, dataKind: unknown = { kind: "Fixed", size: 1 }) => ({ kind: "named", name, layout, data_kind: dataKind });
const uint8 = { kind: "Int", size: "Uint8" };
const tag = named("Tag", uint8);
const items = (element: string) => named("items", { kind: "Seq", layout: { kind: "Ref", name: element } }, { kind: "Variable" });

const binary = {
  toplevel: { tag_size: "Uint8", kind: { kind: "Dynamic" }, cases: [0, 1, 2].map((n) => ({ tag: n, name: ["Too_large", "Plain", "Rich"][n], fields: [tag, items(n === 2 ? "rich" : "plain")] })) },
  fields: [
    { description: { title: "plain" }, encoding: { fields: [named("n", uint8)] } },
    { description: { title: "rich" }, encoding: { fields: [named("n", uint8), named("extra", uint8)] } },
  ],
};
const object = (properties: Record<string, JsonSchema>, title?: string): JsonSchema => ({ ...(title ? { title } : {}), type: "object", properties, required: Object.keys(properties), additionalProperties: false });
const byte: JsonSchema = { type: "integer", minimum: 0, maximum: 255 };
const list = (item: string): JsonSchema => ({ type: "array", items: { $ref: `#/definitions/${item}` } });
const json: JsonSchema = {
  oneOf: [object({ items: list("plain"), note: { type: "string", enum: ["too large"] } }, "Too_large"), object({ items: list("plain") }, "Plain"), object({ items: list("rich") }, "Rich")],
  definitions: { plain: object({ n: byte }), rich: object({ n: byte, extra: byte }) },
};

describe("union cases that only their contents tell apart", () => {
  const registry = new DefinitionRegistry();
  const ir = new BodyReconciler(json, readBinarySchema(binary), registry.sinkForBody()).reconcile("value");
  registry.finish();
  const codec = new Interpreter(registry.definitions).codec(ir);

  it("are tried in tag order: Plain and Rich overlap, Too_large (its constant required) does not", () => {
    expect(ir.kind === "union" && ir.cases.map((c) => c.match.kind)).toEqual(["object", "first-that-fits", "first-that-fits"]);
  });

  it("each value takes its own case and comes back whole", () => {
    const values: Array<[unknown, string]> = [
      [{ items: [{ n: 1 }], note: "too large" }, "0001"],
      [{ items: [{ n: 1 }, { n: 2 }] }, "010102"],
      [{ items: [{ n: 1, extra: 9 }] }, "020109"],
    ];
    for (const [value, hex] of values) {
      expect(bytesToHex(encodeBytes(codec, value))).toBe(hex);
      expect(decodeBytes(codec, encodeBytes(codec, value))).toEqual(value);
    }
  });

  it("a value no case fits is an EncodeError naming where it parts from the deepest case", () => {
    const unfit = { items: [{ n: 1, extra: "nine" }] };
    expect(() => encodeBytes(codec, unfit)).toThrow(EncodeError);
    expect(() => encodeBytes(codec, unfit)).toThrow(/\$\.items\[0\]\.extra/);
    expect(() => encodeBytes(codec, { items: [{ n: 1 }], more: true })).toThrow(/more/);
  });

  it("leaves open objects to shape selection: their shapes accept more than their encoders", () => {
    const open = (properties: string[]): UnionCase => ({ tag: 0, name: "c", payload: { kind: "unit" }, match: { kind: "object", properties: properties.map((name) => ({ name, required: false })), closed: false } });
    const cases = [open(["a"]), { ...open(["a"]), tag: 1 }];
    expect(withOverlappingCases(cases)).toBe(cases);
  });

  it("are tried once per payload: a case written exactly as an earlier one is not tried again", () => {
    const fits = { kind: "first-that-fits" } as const;
    const cases: UnionCase[] = [
      { tag: 0, name: "a", payload: { kind: "bool" }, match: fits },
      { tag: 1, name: "b", payload: { kind: "bool" }, match: fits },
      { tag: 2, name: "c", payload: { kind: "unit" }, match: fits },
      { tag: 3, name: "d", payload: { kind: "unit" }, match: { kind: "type", types: ["null"] } },
    ];
    expect(casesToTry(cases).map((c) => c.name)).toEqual(["a", "c"]);
  });
});
