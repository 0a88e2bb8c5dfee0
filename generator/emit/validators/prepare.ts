/**
 * Body schemas made ready for ajv (compile.ts):
 *
 * 1. each schema as ajv must get it (`schemaForAjv`): no annotations, repeats dropped from
 *    `required` lists, no stray `id`, and the hash, key and timestamp checks of keywords.ts
 *    on its definitions;
 * 2. the definitions of all bodies shared, each compiled once (shared-definitions.ts);
 * 3. the sub-schemas Octez repeats inline moved apart, each compiled once too
 *    (repeated-subschemas.ts).
 *
 * The check of a body's root value (a root hash has only a title: the reconciler says which
 * hash it is) comes from the codec model; it is added last, to the prepared body, by
 * {@link withRootCheck}.
 */

import type { JsonSchema } from "../../model/json-schema.ts";
import { shareDefinitions } from "./shared-definitions.ts";
import { hoistRepeatedSubschemas } from "./repeated-subschemas.ts";
import { rootCheckApplies, withTextChecks, type TextCheck } from "./keywords.ts";

/** Identifier prefix of the shared definitions' schemas (never exported). */
const DEFINITION_ID_PREFIX = "octez-definition:";
/** Identifier prefix of the repeated sub-schemas compiled once (never exported). */
const SUBSCHEMA_ID_PREFIX = "octez-subschema:";

/** Bodies ready for ajv. */
export interface PreparedSchemas {
  /**
   * The schemas the bodies refer to by identifier, in the order they are compiled: the
   * repeated sub-schemas, then the shared definitions.
   */
  shared: Array<{ id: string; schema: JsonSchema }>;
  /** Each body, in the order given, with its definitions and repeated sub-schemas replaced by references. */
  bodies: JsonSchema[];
}

/**
 * Prepares distinct body schemas (see the module comment). The bodies given are left as they
 * are; what the preparation does not change in them is not copied, so the prepared schemas may
 * share those parts with them.
 */
export function prepareSchemas(bodies: readonly JsonSchema[]): PreparedSchemas {
  const shared = shareDefinitions(bodies.map(schemaForAjv), DEFINITION_ID_PREFIX);
  const hoisted = hoistRepeatedSubschemas([...shared.definitions.map(({ schema }) => schema), ...shared.bodies], SUBSCHEMA_ID_PREFIX);
  const definitionCount = shared.definitions.length;
  return {
    shared: [...hoisted.subschemas, ...shared.definitions.map(({ id }, i) => ({ id, schema: hoisted.roots[i]! }))],
    bodies: hoisted.roots.slice(definitionCount),
  };
}

/** `prepared` (a body of {@link prepareSchemas}) with the check of its root value, when `original`'s root is text. */
export function withRootCheck(prepared: JsonSchema, original: JsonSchema, check: TextCheck | undefined): JsonSchema {
  return check !== undefined && rootCheckApplies(original) ? { ...prepared, [check.keyword]: check.value } : prepared;
}

/**
 * The schema as ajv gets it, with the hash, key and timestamp checks of keywords.ts,
 * and without what does not change what it accepts:
 * - the annotations `title` and `description` are left out: draft-04 gives them no say, and ajv
 *   (not verbose) never writes them into errors, yet it would copy every one of them into the
 *   module and walk them at each compilation;
 * - `required` lists may repeat a name (the Alpha contents of 2022 do), which draft-04's
 *   meta-schema forbids: repeats are dropped;
 * - ajv reads `id` as a schema identifier in draft-04: Octez never sets one, and a stray one
 *   would clash between bodies, so it is left out.
 *
 * And one keyword whose meaning differs: data-encoding writes a union as `oneOf`, but the node
 * reads a JSON value with the first case that accepts it, and cases may overlap
 * (`timestamp.system` is RFC 3339 text or an int64, both plain strings in the schema). JSON
 * Schema's `oneOf` (exactly one case) would refuse every such value, so it becomes `anyOf`
 * (at least one), which is what the node accepts.
 */
function schemaForAjv(schema: JsonSchema): JsonSchema {
  const { id: _id, ...rest } = schema as JsonSchema & { id?: unknown };
  return withTextChecks(essentials(rest as SchemaObject) as JsonSchema);
}

type SchemaObject = Record<string, unknown>;

/** Keywords whose value is a schema, or a list of schemas. */
const SUBSCHEMA_KEYWORDS = new Set(["additionalItems", "additionalProperties", "items", "not", "allOf", "anyOf", "oneOf"]);
/** Keywords whose value maps names to schemas (`dependencies` may map a name to a list of names). */
const SUBSCHEMA_MAP_KEYWORDS = new Set(["properties", "patternProperties", "definitions", "dependencies"]);

/**
 * `schema` without annotations and with unique `required` names, at every depth (see
 * {@link schemaForAjv}): a copy of what changes, the rest (what has no annotations) as it is.
 */
function essentials(schema: SchemaObject): SchemaObject {
  if (isObject(schema.properties) && Object.hasOwn(schema.properties, "__proto__")) schema = protoAsPattern(schema);
  let result: SchemaObject | undefined;
  for (const keyword in schema) {
    const value = schema[keyword];
    let kept: unknown = value;
    let key = keyword;
    if (keyword === "title" || keyword === "description") kept = DROPPED;
    else if (keyword === "required" && Array.isArray(value)) {
      const unique = new Set(value);
      if (unique.size < value.length) kept = [...unique];
    } else if (SUBSCHEMA_KEYWORDS.has(keyword)) {
      kept = subschemas(value);
      if (keyword === "oneOf" && !Object.hasOwn(schema, "anyOf")) key = "anyOf";
    } else if (SUBSCHEMA_MAP_KEYWORDS.has(keyword) && isObject(value)) kept = subschemaMap(value);
    if (result === undefined && (kept !== value || key !== keyword)) result = copyUntil(schema, keyword);
    if (result !== undefined && kept !== DROPPED) result[key] = kept;
  }
  return result ?? schema;
}

/**
 * `schema` with its `__proto__` property schema moved to `patternProperties` (`^__proto__$`):
 * ajv leaves a property of that name out of `properties` (and so would refuse it as an additional
 * property), while `patternProperties` checks every own key, `__proto__` included.
 */
function protoAsPattern(schema: SchemaObject): SchemaObject {
  const properties = schema.properties as SchemaObject;
  const rest: SchemaObject = {};
  for (const name of Object.keys(properties)) if (name !== "__proto__") rest[name] = properties[name];
  const patterns = isObject(schema.patternProperties) ? schema.patternProperties : {};
  return { ...schema, properties: rest, patternProperties: { ...patterns, "^__proto__$": Object.getOwnPropertyDescriptor(properties, "__proto__")!.value as unknown } };
}

/** Marks a keyword left out by {@link essentials}. */
const DROPPED = Symbol("dropped");

/** A new object with the properties of `object` that come before `key`. */
function copyUntil(object: SchemaObject, key: string): SchemaObject {
  const copy: SchemaObject = {};
  for (const name in object) {
    if (name === key) break;
    copy[name] = object[name];
  }
  return copy;
}

/** Each schema a map names through {@link essentials}: a copy if one changed, `map` itself otherwise. */
function subschemaMap(map: SchemaObject): SchemaObject {
  let copy: SchemaObject | undefined;
  for (const name in map) {
    const entry = subschemas(map[name]);
    if (copy === undefined && entry !== map[name]) copy = copyUntil(map, name);
    if (copy !== undefined) copy[name] = entry;
  }
  return copy ?? map;
}

/** A schema, or each schema of a list, through {@link essentials} (copies of what changes); anything else as it is. */
function subschemas(value: unknown): unknown {
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      const kept = isObject(item) ? essentials(item) : item;
      if (kept !== item) (copy ??= value.slice())[i] = kept;
    }
    return copy ?? value;
  }
  return isObject(value) ? essentials(value) : value;
}

function isObject(value: unknown): value is SchemaObject {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
