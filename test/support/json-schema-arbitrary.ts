/**
 * fast-check arbitraries of the values a draft-04 JSON schema (the subset Octez publishes)
 * accepts: `$ref`s into the root's `definitions`, `type` (one or several), `enum`, `oneOf` /
 * `anyOf`, objects (`properties`, `required`; no extra properties), arrays (one item schema or a
 * tuple, `minItems` / `maxItems`), integer and number bounds, and the patterns Octez uses.
 *
 * A schema says nothing of some forms Octez gives its base types (Base58Check text, decimal
 * numbers, RFC 3339 dates, Micheline): `special` supplies those values.
 * Recursive definitions are cut off by depth: below `maxDepth`, lists are empty, optional
 * properties absent and alternatives that cannot end are left out.
 */
import fc from "fast-check";
import type { JsonSchema } from "../../generator/model/json-schema.ts";

export interface SchemaArbitraryOptions {
  /**
   * Values of a schema whose form the schema alone does not say (`name`: the definition it was
   * reached through, if any); `undefined` to build them from the schema.
   */
  special?: (schema: JsonSchema, name: string | undefined) => fc.Arbitrary<unknown> | undefined;
  /** Nesting depth after which lists are empty and optional properties absent (default 4). */
  maxDepth?: number;
  /** Longest generated list (default 2). */
  maxItems?: number;
}

/** The patterns of data-encoding's `bytes` schemas (current and older); values are lower-case hex. */
const HEX_PATTERNS = new Set(["^([a-zA-Z0-9][a-zA-Z0-9])*$", "^[a-zA-Z0-9]+$"]);

/**
 * An arbitrary of the values `schema` (inside `root`) accepts, as `JSON.parse` would give them
 * (plain objects, no `-0`).
 */
export function schemaArbitrary(schema: JsonSchema, root: JsonSchema, options: SchemaArbitraryOptions = {}): fc.Arbitrary<unknown> {
  const builder = new Builder(root, options);
  const arbitrary = builder.build(schema, 0);
  if (arbitrary === undefined) throw new Error("the schema has no finite value within the depth limit");
  return arbitrary.map((value) => JSON.parse(JSON.stringify(value)) as unknown);
}

class Builder {
  private readonly memo = new Map<JsonSchema, Map<number, fc.Arbitrary<unknown> | null>>();
  private readonly maxDepth: number;
  private readonly maxItems: number;
  /** Hard limit: past it nothing is built (a definition that only recurses has no value). */
  private readonly hardDepth: number;

  constructor(
    private readonly root: JsonSchema,
    private readonly options: SchemaArbitraryOptions,
  ) {
    this.maxDepth = options.maxDepth ?? 4;
    this.maxItems = options.maxItems ?? 2;
    this.hardDepth = this.maxDepth + 6;
  }

  build(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> | undefined {
    if (depth > this.hardDepth) return undefined;
    let byDepth = this.memo.get(schema);
    if (byDepth === undefined) this.memo.set(schema, (byDepth = new Map()));
    const key = depth;
    const known = byDepth.get(key);
    if (known !== undefined) return known ?? undefined;
    byDepth.set(key, null);
    const built = this.uncached(schema, depth);
    byDepth.set(key, built ?? null);
    return built;
  }

  private uncached(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> | undefined {
    if (schema.$ref !== undefined) {
      const name = decodeURIComponent(schema.$ref.replace(/^#\/definitions\//, "").replace(/~1/g, "/").replace(/~0/g, "~"));
      const target = this.root.definitions?.[name];
      if (target === undefined) throw new Error(`no definition ${name}`);
      return this.options.special?.(target, name) ?? this.build(target, depth);
    }
    const special = this.options.special?.(schema, undefined);
    if (special !== undefined) return special;
    if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum);
    const alternatives = schema.oneOf ?? (schema.anyOf as JsonSchema[] | undefined);
    if (Array.isArray(alternatives)) {
      const built = alternatives.map((a) => this.build(a, depth + 1)).filter((a): a is fc.Arbitrary<unknown> => a !== undefined);
      return built.length === 0 ? undefined : fc.oneof(...built);
    }
    const types = schema.type === undefined ? undefined : Array.isArray(schema.type) ? schema.type : [schema.type];
    // A schema that constrains nothing: at the root, a body of any JSON (BSON in binary); inside
    // a value, mostly data-encoding's `unit`, whose JSON is `{}` whatever it was given.
    if (types === undefined) return Object.keys(schema).some((k) => k === "properties") ? this.object(schema, depth) : depth === 0 ? anyJson : fc.constant({});
    const built = types.map((type) => this.ofType(type, schema, depth)).filter((a): a is fc.Arbitrary<unknown> => a !== undefined);
    return built.length === 0 ? undefined : built.length === 1 ? built[0] : fc.oneof(...built);
  }

  private ofType(type: string, schema: JsonSchema, depth: number): fc.Arbitrary<unknown> | undefined {
    switch (type) {
      case "null":
        return fc.constant(null);
      case "boolean":
        return fc.boolean();
      case "integer":
        return fc.integer({ min: safe(schema.minimum, -(2 ** 31)), max: safe(schema.maximum, 2 ** 31 - 1) });
      case "number":
        return fc.double({ min: schema.minimum ?? -1e12, max: schema.maximum ?? 1e12, noNaN: true, noDefaultInfinity: true });
      case "string":
        if (HEX_PATTERNS.has(schema.pattern as string)) return hex;
        if (schema.pattern !== undefined) return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= 16);
        return text;
      case "array":
        return this.array(schema, depth);
      case "object":
        return this.object(schema, depth);
      default:
        throw new Error(`unsupported JSON type ${type}`);
    }
  }

  private array(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> | undefined {
    const items = schema.items;
    if (Array.isArray(items)) {
      const elements = items.map((item) => this.build(item, depth + 1));
      if (elements.some((e) => e === undefined)) return undefined;
      return fc.tuple(...(elements as fc.Arbitrary<unknown>[]));
    }
    const minLength = typeof schema.minItems === "number" ? schema.minItems : 0;
    const cap = depth >= this.maxDepth ? minLength : Math.max(minLength, this.maxItems);
    const maxLength = typeof schema.maxItems === "number" ? Math.min(schema.maxItems, cap) : cap;
    if (maxLength === 0) return fc.constant([]);
    const element = items === undefined ? anyJson : this.build(items, depth + 1);
    if (element === undefined) return minLength === 0 ? fc.constant([]) : undefined;
    return fc.array(element, { minLength, maxLength });
  }

  private object(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> | undefined {
    const required = new Set(schema.required ?? []);
    const model: Record<string, fc.Arbitrary<unknown>> = {};
    const requiredKeys: string[] = [];
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      const isRequired = required.has(name);
      if (!isRequired && depth >= this.maxDepth) continue;
      const value = this.build(property, depth + 1);
      if (value === undefined) {
        if (isRequired) return undefined;
        continue;
      }
      model[name] = value;
      if (isRequired) requiredKeys.push(name);
    }
    return fc.record(model, { requiredKeys });
  }
}

function safe(bound: unknown, fallback: number): number {
  return typeof bound === "number" && Number.isSafeInteger(bound) ? bound : fallback;
}

/** Short text: ASCII mostly, some other Unicode (no lone surrogates: JSON text cannot carry them through UTF-8). */
const text = fc.oneof(fc.string({ maxLength: 8 }), fc.string({ unit: "grapheme", maxLength: 4 }));

/** Lower-case hex of a few bytes (at least one: the older pattern wants one character or more). */
const hex = fc.uint8Array({ minLength: 1, maxLength: 8 }).map((bytes) => Buffer.from(bytes).toString("hex"));

/**
 * A small JSON object (a schema that constrains nothing: Octez writes such values as BSON,
 * whose root is a document, and reads a root array back as an object, so only objects come
 * back as they went).
 */
const anyJson: fc.Arbitrary<unknown> = fc.dictionary(fc.string({ maxLength: 4 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 });
