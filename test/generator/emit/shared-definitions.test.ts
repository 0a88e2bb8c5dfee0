import { describe, expect, it } from "vitest";
import type { JsonSchema } from "../../../generator/model/json-schema.ts";
import { shareDefinitions } from "../../../generator/emit/validators/shared-definitions.ts";

const PREFIX = "test-definition:";
const int16: JsonSchema = { type: "integer", minimum: -32768, maximum: 32767 };
const point: JsonSchema = { type: "object", properties: { x: { $ref: "#/definitions/int16" }, y: { $ref: "#/definitions/int16" } }, required: ["x", "y"] };
/** `point` with its keys listed in another order. */
const pointReordered: JsonSchema = { required: ["x", "y"], properties: { y: { $ref: "#/definitions/int16" }, x: { $ref: "#/definitions/int16" } }, type: "object" };

describe("shared definitions", () => {
  it("are one schema for copies equal up to key order, with references to their identifiers", () => {
    const bodies: JsonSchema[] = [
      { $ref: "#/definitions/point", definitions: { point, int16 } },
      { type: "array", items: { $ref: "#/definitions/point" }, definitions: { int16: { maximum: 32767, minimum: -32768, type: "integer" }, point: pointReordered } },
    ];
    const before = structuredClone(bodies);
    const { definitions, bodies: rewritten } = shareDefinitions(bodies, PREFIX);
    expect(definitions.map((d) => d.id)).toEqual([`${PREFIX}int16`, `${PREFIX}point`]);
    expect(definitions[1]!.schema.properties).toEqual({ x: { $ref: `${PREFIX}int16` }, y: { $ref: `${PREFIX}int16` } });
    expect(rewritten).toEqual([{ $ref: `${PREFIX}point` }, { type: "array", items: { $ref: `${PREFIX}point` } }]);
    expect(bodies).toEqual(before); // the bodies given are left as they were
  });

  it("tell apart copies that differ, in themselves or in what they refer to", () => {
    const int8: JsonSchema = { type: "integer", minimum: -128, maximum: 127 };
    const bodies: JsonSchema[] = [
      { $ref: "#/definitions/point", definitions: { point, int16 } },
      { $ref: "#/definitions/point", definitions: { point, int16: int8 } },
      { $ref: "#/definitions/point", definitions: { point: { ...point, required: ["x"] }, int16 } },
    ];
    const { definitions, bodies: rewritten } = shareDefinitions(bodies, PREFIX);
    expect(definitions.map((d) => d.id)).toEqual(["int16", "int16__2", "point", "point__2", "point__3"].map((key) => PREFIX + key));
    expect(definitions.find((d) => d.id === `${PREFIX}point__2`)!.schema.properties!["x"]).toEqual({ $ref: `${PREFIX}int16__2` });
    expect(rewritten.map((body) => body.$ref)).toEqual(["point", "point__2", "point__3"].map((key) => PREFIX + key));
  });

  it("reject a reference to a definition the body does not carry", () => {
    expect(() => shareDefinitions([{ $ref: "#/definitions/missing", definitions: { int16 } }], PREFIX)).toThrow(/names no definition of its body/);
  });
});
