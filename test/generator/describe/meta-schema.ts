/**
 * The OpenAPI rendering of the describe format (`describe-format-meta-schema-openapi-octez-v25.1.json`)
 * turned into a draft-04 JSON Schema validator: component references become local
 * definitions and `nullable: true` becomes an alternative with `null`.
 */
import Ajv04 from "ajv-draft-04";
import type { ValidateFunction } from "ajv";
import { readReference } from "../../support/reference.ts";

export const META_SCHEMA = "describe-format-meta-schema-openapi-octez-v25.1.json";

const safeName = (name: string) => name.replace(/[^A-Za-z0-9_.-]/g, "_");

function convert(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(convert);
  if (typeof schema !== "object" || schema === null) return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === "nullable") continue;
    if (key === "$ref" && typeof value === "string") {
      out.$ref = "#/definitions/" + safeName(value.replace("#/components/schemas/", ""));
    } else {
      out[key] = convert(value);
    }
  }
  if ((schema as { nullable?: unknown }).nullable === true) return { anyOf: [{ type: "null" }, out] };
  return out;
}

let validator: ValidateFunction | undefined;

/** A validator of `service_tree` (a describe answer) per the meta-schema. */
export function metaSchemaValidator(): ValidateFunction {
  if (validator !== undefined) return validator;
  const doc = readReference<{ components: { schemas: Record<string, unknown> } }>(META_SCHEMA);
  const definitions: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(doc.components.schemas)) definitions[safeName(name)] = convert(schema);
  const ajv = new Ajv04({ strict: false, allErrors: false });
  validator = ajv.compile({ $ref: "#/definitions/service_tree", definitions }) as ValidateFunction;
  return validator;
}
