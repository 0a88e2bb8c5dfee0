/**
 * Element-count prefixes (describe-format.md §6.8): an anonymous unsigned integer followed by an
 * anonymous `at-most` sequence whose limit is that integer's maximum is the sequence's element
 * count. The binary schemas below have the shape data-encoding prints for `list_with_length`.
 */
import { describe, expect, it } from "vitest";
import { readBinarySchema } from "../../../generator/describe/index.ts";
import { BodyReconciler } from "../../../generator/reconcile/reconciler.ts";
import { DefinitionRegistry } from "../../../generator/reconcile/definition-registry.ts";
import { Interpreter } from "../../../generator/ir/interpret.ts";
import type { JsonSchema } from "../../../generator/model/json-schema.ts";
import { bytesToHex, decodeBytes, encodeBytes, hexToBytes, DecodeError, EncodeError } from "../../../runtime/index.ts";

const DRAFT = "http://json-schema.org/draft-04/schema#";
const uint8 = { layout: { size: "Uint8", kind: "Int" }, kind: "anon", data_kind: { size: 1, kind: "Fixed" } };

function codecOf(json: JsonSchema, binary: unknown) {
  const registry = new DefinitionRegistry();
  const ir = new BodyReconciler(json, readBinarySchema(binary), registry.sinkForBody()).reconcile("test");
  registry.finish();
  return { ir, codec: new Interpreter(registry.definitions).codec(ir) };
}

describe("counted lists", () => {
  it("reads a Uint16 count then that many elements", () => {
    const { ir, codec } = codecOf(
      { $schema: DRAFT, type: "array", items: { type: "integer", minimum: 0, maximum: 255 } },
      {
        toplevel: {
          fields: [
            { layout: { size: "Uint16", kind: "Int" }, kind: "anon", data_kind: { size: 2, kind: "Fixed" } },
            { layout: { layout: { size: "Uint8", kind: "Int" }, kind: "Seq", length_limit: { kind: "at-most", at_most: 65535 } }, kind: "anon", data_kind: { kind: "Variable" } },
          ],
        },
        fields: [],
      },
    );
    expect(ir).toMatchObject({ kind: "list", count: "Uint16", limit: { kind: "at-most", max: 65535 } });
    expect(bytesToHex(encodeBytes(codec, [1, 2, 3]))).toBe("0003010203");
    expect(decodeBytes(codec, hexToBytes("0003010203"))).toEqual([1, 2, 3]);
    expect(decodeBytes(codec, hexToBytes("0000"))).toEqual([]);
    expect(() => decodeBytes(codec, hexToBytes("00030102"))).toThrow(DecodeError);
    expect(() => decodeBytes(codec, hexToBytes("0001010203"))).toThrow(/trailing/);
  });

  it("names the counted list after the only property of an object, with an N count", () => {
    const { ir, codec } = codecOf(
      { $schema: DRAFT, type: "object", properties: { l: { type: "array", items: { type: "integer", minimum: 0, maximum: 255 } } }, required: ["l"], additionalProperties: false },
      {
        toplevel: {
          fields: [
            { layout: { name: "N.t", kind: "Ref" }, kind: "anon", data_kind: { kind: "Dynamic" } },
            { layout: { layout: { size: "Uint8", kind: "Int" }, kind: "Seq", length_limit: { kind: "at-most", at_most: 10 } }, kind: "anon", data_kind: { kind: "Variable" } },
          ],
        },
        fields: [{ description: { title: "N.t" }, encoding: { fields: [{ name: "N.t", layout: { kind: "Bytes" }, data_kind: { kind: "Dynamic" }, kind: "named" }] } }],
      },
    );
    expect(ir).toMatchObject({ kind: "object", items: [{ kind: "field", name: "l", codec: { kind: "list", count: "N" } }] });
    expect(bytesToHex(encodeBytes(codec, { l: [7, 8] }))).toBe("020708");
    expect(decodeBytes(codec, hexToBytes("020708"))).toEqual({ l: [7, 8] });
    expect(() => encodeBytes(codec, { l: Array.from({ length: 11 }, () => 0) })).toThrow(EncodeError);
  });

  it("keeps an integer followed by a list with another limit as two values", () => {
    const { ir } = codecOf(
      { $schema: DRAFT, type: "array", items: [{ type: "integer", minimum: 0, maximum: 255 }, { type: "array", items: { type: "integer", minimum: 0, maximum: 255 } }], additionalItems: false },
      {
        toplevel: {
          fields: [uint8, { layout: { layout: { size: "Uint8", kind: "Int" }, kind: "Seq", length_limit: { kind: "at-most", at_most: 3 } }, kind: "anon", data_kind: { kind: "Variable" } }],
        },
        fields: [],
      },
    );
    expect(ir).toMatchObject({ kind: "tuple" });
  });
});
