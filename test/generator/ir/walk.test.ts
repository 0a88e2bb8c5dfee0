/** `mapRefs` renames references and keeps every other property of the nodes it copies. */
import { describe, expect, it } from "vitest";
import { mapRefs } from "../../../generator/ir/walk.ts";
import type { IR } from "../../../generator/ir/codec-ir.ts";

describe("mapRefs", () => {
  it("keeps an object's signature split and JSON-only properties while renaming a reference inside", () => {
    const ir: IR = { kind: "object", items: [{ kind: "field", name: "contents", codec: { kind: "ref", name: "contents" }, presence: "required" }], jsonOnly: ["extra"], signatureSplit: true };
    expect(mapRefs(ir, (name) => `${name}_2`)).toEqual({ ...ir, items: [{ kind: "field", name: "contents", codec: { kind: "ref", name: "contents_2" }, presence: "required" }] });
  });

  it("returns a node with no renamed reference as it is", () => {
    const ir: IR = { kind: "option", some: { kind: "ref", name: "a" } };
    expect(mapRefs(ir, (name) => name)).toBe(ir);
  });
});
