/**
 * A binary union case the JSON `oneOf` does not list: that case alone has no binary form
 * (decoding its tag is a typed error), the listed cases keep theirs. When an unlisted case shares
 * a listed one's name (tags of one name told apart by size), or none is listed, the whole union
 * stays JSON-only as before. Small made-up schemas of those shapes.
 */
import { describe, expect, it } from "vitest";
import { readBinarySchema } from "../../../generator/describe/index.ts";
import { BodyReconciler, ReconcileError } from "../../../generator/reconcile/reconciler.ts";
import { DefinitionRegistry } from "../../../generator/reconcile/definition-registry.ts";
import { Interpreter } from "../../../generator/ir/interpret.ts";
import type { JsonSchema } from "../../../generator/model/json-schema.ts";
import { bytesToHex, decodeBytes, encodeBytes, hexToBytes, DecodeError, EncodeError } from "../../../runtime/index.ts";

const named = (name: string, layout: unknown) => ({ kind: "named", name, layout, data_kind: { kind: "Fixed", size: 1 } });
const uint8 = { kind: "Int", size: "Uint8" };
const union = (names: string[]) => ({
  toplevel: { tag_size: "Uint8", kind: { kind: "Dynamic" }, cases: names.map((name, tag) => ({ tag, name, fields: [named("Tag", uint8), named("n", uint8)] })) },
  fields: [],
});
const kind = (title: string): JsonSchema => ({ title, type: "object", properties: { kind: { type: "string", enum: [title.toLowerCase()] }, n: { type: "integer", minimum: 0, maximum: 255 } }, required: ["kind", "n"], additionalProperties: false });

function reconcile(binaryNames: string[], jsonTitles: string[]) {
  const registry = new DefinitionRegistry();
  const reconciler = new BodyReconciler({ oneOf: jsonTitles.map(kind) }, readBinarySchema(union(binaryNames)), registry.sinkForBody());
  const ir = reconciler.reconcile("value");
  registry.finish();
  return { codec: new Interpreter(registry.definitions).codec(ir), undecided: reconciler.undecided };
}

describe("binary union cases the JSON does not list", () => {
  it("leave only their own tag without a binary form", () => {
    const { codec, undecided } = reconcile(["Reveal", "Noop", "Transfer"], ["Reveal", "Transfer"]);
    expect(undecided).toEqual(['value<Noop>: binary case "Noop" (tag 1) has no JSON oneOf entry with that title']);
    expect(bytesToHex(encodeBytes(codec, { kind: "transfer", n: 7 }))).toBe("0207");
    expect(decodeBytes(codec, hexToBytes("0005"))).toEqual({ kind: "reveal", n: 5 });
    expect(() => decodeBytes(codec, hexToBytes("0105"))).toThrow(DecodeError);
    expect(() => decodeBytes(codec, hexToBytes("0105"))).toThrow(/Noop/);
    expect(() => encodeBytes(codec, { kind: "noop", n: 1 })).toThrow(EncodeError);
  });

  it("keep the whole union JSON-only when an unlisted case shares a listed one's name, or none is listed", () => {
    expect(() => reconcile(["Inode", "Inode", "Leaf"], ["Inode", "Leaf"])).toThrow(ReconcileError);
    expect(() => reconcile(["A", "B"], ["C"])).toThrow(ReconcileError);
  });
});
