import { describe, expect, it } from "vitest";
import type { JsonSchema } from "../../../generator/model/json-schema.ts";
import { prepareSchemas } from "../../../generator/emit/validators/prepare.ts";

describe("schemas prepared for ajv", () => {
  it("lose annotations at every schema depth, repeated required names and a stray id, and leave the bodies given as they were", () => {
    const body: JsonSchema & { id: string } = {
      id: "stray",
      title: "Body",
      type: "object",
      properties: {
        // A property called `title` is no annotation, nor is an `enum` value's title.
        title: { description: "The title", type: "string", enum: [{ title: "kept" }] },
        list: { type: "array", items: [{ title: "First", type: "integer" }, { type: "null" }] },
        plain: { type: "boolean" },
      },
      required: ["title", "list", "title"],
      additionalProperties: { description: "Other", type: "string" },
    };
    const before = structuredClone(body);
    const [prepared] = prepareSchemas([body]).bodies;
    expect(prepared).toEqual({
      type: "object",
      properties: {
        title: { type: "string", enum: [{ title: "kept" }] },
        list: { type: "array", items: [{ type: "integer" }, { type: "null" }] },
        plain: { type: "boolean" },
      },
      required: ["title", "list"],
      additionalProperties: { type: "string" },
    });
    expect(JSON.stringify(Object.keys(prepared!))).toBe(JSON.stringify(["type", "properties", "required", "additionalProperties"]));
    expect(body).toEqual(before);
  });
});
