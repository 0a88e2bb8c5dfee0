/**
 * OpenAPI schemas → the draft-04 JSON schemas describe publishes.
 *
 * Octez writes its OpenAPI schemas from the same json-data-encoding schemas that describe
 * prints, with four rewrites that are undone here:
 *
 * - a named definition `#/definitions/X` becomes a component, `#/components/schemas/X`: each
 *   body gets back a `definitions` object holding every component it reaches (sorted by name,
 *   as describe prints them);
 * - a closed object (`additionalProperties: false`, what data-encoding's objects print) is
 *   written without `additionalProperties`, and an open one with `additionalProperties: {}`
 *   (Octez's converter goes through ocplib-json-typed, where `None` means closed): an object
 *   schema without the key reads back closed, and `{}` reads back as the open default;
 * - a `null` alternative of a `oneOf` (data-encoding's `option`) becomes `nullable: true`: it is
 *   turned back into a `{"type": "null"}` case (wrapping the schema in a `oneOf` when it was not
 *   one already);
 * - OpenAPI allows nothing beside a `$ref`, so a titled reference is written as a one-case
 *   `oneOf`: it becomes the titled `$ref` describe prints (`{"title": …, "$ref": …}`).
 *
 * What OpenAPI lost cannot be brought back: tuples are arrays of a `oneOf` of their element
 * schemas, so validators built from these schemas accept a little more than describe's would.
 */
import { toPointer } from "../describe/errors.ts";
import type { JsonSchema } from "../model/json-schema.ts";
import { isObject, type JsonObject } from "./document.ts";
import { OpenApiFormatError } from "./errors.ts";

const COMPONENT_PREFIX = "#/components/schemas/";
const DRAFT_04 = "http://json-schema.org/draft-04/schema#";

/** Converts the schemas of one document; component conversions are shared by all its bodies. */
export class SchemaConverter {
  private readonly converted = new Map<string, { schema: JsonObject; refs: Set<string> }>();

  constructor(private readonly components: JsonObject) {}

  /** A body's schema as describe would publish it: draft-04, with its own `definitions`. */
  body(schema: unknown, at: readonly (string | number)[]): JsonSchema {
    const refs = new Set<string>();
    const root = this.convert(schema, at, refs);
    const reached = this.closure(refs);
    const out: JsonObject = { $schema: DRAFT_04, ...root };
    if (reached.length > 0) out["definitions"] = Object.fromEntries(reached.map((name) => [name, this.component(name).schema]));
    return out as JsonSchema;
  }

  /** One schema of the document (at `at`) as describe would print it, without the definitions it reaches. */
  schema(schema: unknown, at: readonly (string | number)[]): JsonSchema {
    return this.convert(schema, at, new Set()) as JsonSchema;
  }

  /** Every component as describe would publish it, by name (references to `#/definitions/`). */
  definitions(): Record<string, JsonSchema> {
    return Object.fromEntries(Object.keys(this.components).map((name) => [name, this.component(name).schema as JsonSchema]));
  }

  /** Every component reachable from `refs`, sorted. */
  private closure(refs: ReadonlySet<string>): string[] {
    const seen = new Set<string>();
    const pending = [...refs];
    while (pending.length > 0) {
      const name = pending.pop()!;
      if (seen.has(name)) continue;
      seen.add(name);
      pending.push(...this.component(name).refs);
    }
    return [...seen].sort();
  }

  private component(name: string): { schema: JsonObject; refs: Set<string> } {
    let entry = this.converted.get(name);
    if (entry === undefined) {
      const refs = new Set<string>();
      // Registered before converting, so a recursive component finds itself.
      entry = { schema: {}, refs };
      this.converted.set(name, entry);
      Object.assign(entry.schema, this.convert(this.components[name], ["components", "schemas", name], refs));
    }
    return entry;
  }

  private convert(schema: unknown, at: readonly (string | number)[], refs: Set<string>): JsonObject {
    if (!isObject(schema)) throw new OpenApiFormatError(toPointer(at), "a schema must be an object");
    const out: JsonObject = {};
    for (const [key, value] of Object.entries(schema)) {
      const here = [...at, key];
      switch (key) {
        case "nullable":
          break;
        case "$ref":
          out[key] = this.reference(value, here, refs);
          break;
        case "properties":
          if (!isObject(value)) throw new OpenApiFormatError(toPointer(here), "properties must be an object");
          out[key] = Object.fromEntries(Object.entries(value).map(([name, property]) => [name, this.convert(property, [...here, name], refs)]));
          break;
        case "additionalProperties":
          // `{}` is the open object, JSON Schema's default: written as describe does, without the key.
          if (isObject(value) && Object.keys(value).length === 0) break;
          out[key] = typeof value === "boolean" ? value : this.convert(value, here, refs);
          break;
        case "items":
          out[key] = typeof value === "boolean" ? value : this.convert(value, here, refs);
          break;
        case "oneOf":
        case "anyOf":
        case "allOf":
          if (!Array.isArray(value)) throw new OpenApiFormatError(toPointer(here), `${key} must be an array`);
          out[key] = value.map((item, i) => this.convert(item, [...here, i], refs));
          break;
        default:
          out[key] = value;
      }
    }
    if (schema["type"] === "object" && !("additionalProperties" in schema)) out["additionalProperties"] = false;
    const cases = out["oneOf"];
    if (Array.isArray(cases) && cases.length === 1 && isObject(cases[0]) && Object.keys(cases[0]).join() === "$ref") {
      delete out["oneOf"];
      out["$ref"] = cases[0]["$ref"];
    }
    if (schema["nullable"] !== true) return out;
    if (Array.isArray(out["oneOf"])) return { ...out, oneOf: [...(out["oneOf"] as unknown[]), { type: "null" }] };
    // The title and description name the whole value, so they stay outside the alternative.
    const { title, description, ...value } = out;
    return {
      ...(title === undefined ? {} : { title }),
      ...(description === undefined ? {} : { description }),
      oneOf: [value, { type: "null" }],
    };
  }

  private reference(value: unknown, at: readonly (string | number)[], refs: Set<string>): string {
    if (typeof value !== "string" || !value.startsWith(COMPONENT_PREFIX)) {
      throw new OpenApiFormatError(toPointer(at), `only references to ${COMPONENT_PREFIX}… are supported, found ${JSON.stringify(value)}`);
    }
    const name = decodeURIComponent(value.slice(COMPONENT_PREFIX.length)).replace(/~1/g, "/").replace(/~0/g, "~");
    if (!(name in this.components)) throw new OpenApiFormatError(toPointer(at), `reference to a missing component ${JSON.stringify(name)}`);
    refs.add(name);
    return `#/definitions/${value.slice(COMPONENT_PREFIX.length)}`;
  }
}
