/**
 * Repeated inline sub-schemas, each moved into a schema of its own that every place refers to
 * with a `$ref`, so that ajv compiles it once instead of once per copy.
 *
 * Octez writes anonymous sub-schemas inline wherever they occur: the `/describe` output repeats
 * the service schema for each HTTP method and the binary-schema structure for input, output
 * and error; `GET /network/peers` repeats the peer statistics. ajv compiles each copy again,
 * and its compile time (and the size of the code it writes) grows with the copies.
 *
 * Two sub-schemas are copies when they are equal as JSON once the annotations `title` and
 * `description` are left out, at every depth: draft-04 gives annotations no say in what a
 * schema accepts, and with `verbose` off ajv does not put them in its errors. Only schema
 * positions count (the values of `properties`, `items`, `oneOf`…, never those of `enum` or
 * `required`, nor a property that happens to be called `title`). A sub-schema is moved when it
 * has at least {@link DEFAULT_MIN_SIZE} characters (smaller ones compile to less code than a
 * call costs) and occurs at least twice once the copies inside moved sub-schemas are counted
 * once. The moved schema is the first copy met, walking the roots in order; the copy is
 * replaced by `{"$ref": id}` as a whole, since draft-04 ignores the siblings of `$ref`.
 *
 * The schemas given must refer to each other by absolute identifiers only (as
 * shared-definitions.ts leaves them), so that a moved sub-schema means the same on its own.
 * An identifier is `<prefix><hash>`, the hash taken over the moved schema's JSON (so it stays
 * put when unrelated schemas come or go), and the same input gives the same output.
 */

import { createHash } from "node:crypto";
import type { JsonSchema } from "../model/json-schema.ts";
import { compareStrings } from "./names.ts";
import { canonicalJson } from "./canonical-json.ts";

/** Smallest sub-schema moved, in characters of its JSON without annotations. */
export const DEFAULT_MIN_SIZE = 256;

export interface HoistedSubschemas {
  /** Each moved sub-schema with its identifier, sorted by identifier. */
  subschemas: Array<{ id: string; schema: JsonSchema }>;
  /** The roots, in order, with every moved sub-schema replaced by a reference. */
  roots: JsonSchema[];
}

/** Keywords whose value is a schema. */
const SCHEMA_KEYWORDS = new Set(["additionalItems", "additionalProperties", "items", "not"]);
/** Keywords whose value is a list of schemas (`items` may be one too). */
const SCHEMA_LIST_KEYWORDS = new Set(["allOf", "anyOf", "oneOf", "items"]);
/** Keywords whose value maps names to schemas (`dependencies` may map a name to a list of names). */
const SCHEMA_MAP_KEYWORDS = new Set(["properties", "patternProperties", "definitions", "dependencies"]);
/** Keywords that do not change what a schema accepts. */
const ANNOTATIONS = new Set(["title", "description"]);

type SchemaObject = Record<string, unknown>;

function isObject(value: unknown): value is SchemaObject {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** Calls `visit` on each sub-schema directly inside `schema`. */
function forEachChild(schema: SchemaObject, visit: (child: SchemaObject) => void): void {
  for (const [keyword, value] of Object.entries(schema)) {
    if (SCHEMA_KEYWORDS.has(keyword) && isObject(value)) visit(value);
    else if (SCHEMA_LIST_KEYWORDS.has(keyword) && Array.isArray(value)) value.forEach((v) => isObject(v) && visit(v));
    else if (SCHEMA_MAP_KEYWORDS.has(keyword) && isObject(value)) Object.values(value).forEach((v) => isObject(v) && visit(v));
  }
}

/** A copy of `schema` with each sub-schema directly inside it passed through `map`. */
function mapChildren(schema: SchemaObject, map: (child: SchemaObject) => SchemaObject): SchemaObject {
  const copy: SchemaObject = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (SCHEMA_KEYWORDS.has(keyword) && isObject(value)) copy[keyword] = map(value);
    else if (SCHEMA_LIST_KEYWORDS.has(keyword) && Array.isArray(value)) copy[keyword] = value.map((v: unknown) => (isObject(v) ? map(v) : v));
    else if (SCHEMA_MAP_KEYWORDS.has(keyword) && isObject(value)) {
      copy[keyword] = Object.fromEntries(Object.entries(value).map(([name, v]) => [name, isObject(v) ? map(v) : v]));
    } else copy[keyword] = value;
  }
  return copy;
}

/** What is known of one sub-schema object: the class of its copies, and its size. */
interface Shape {
  /** Equal numbers ⇔ equal schemas, annotations left out. */
  klass: number;
  size: number;
}

/**
 * Moves the repeated sub-schemas of `roots` into schemas of their own (see the module comment).
 * The roots themselves are never moved.
 */
export function hoistRepeatedSubschemas(roots: readonly JsonSchema[], idPrefix: string, minSize: number = DEFAULT_MIN_SIZE): HoistedSubschemas {
  // 1. Classes of copies: each schema's own keywords in canonical JSON, its sub-schemas by class
  //    (hash-consing, so that each object is read once however deep it is).
  const shapes = new Map<SchemaObject, Shape>();
  const classes = new Map<string, number>();
  const shapeOf = (schema: SchemaObject): Shape => {
    const known = shapes.get(schema);
    if (known !== undefined) return known;
    let size = 0;
    const childKey = (child: unknown): string => {
      if (!isObject(child)) return canonicalJson(child);
      const shape = shapeOf(child);
      size += shape.size;
      return `#${shape.klass}`;
    };
    const parts: string[] = [];
    for (const keyword of Object.keys(schema).sort(compareStrings)) {
      if (ANNOTATIONS.has(keyword)) continue;
      const value = schema[keyword];
      let text: string;
      if (SCHEMA_KEYWORDS.has(keyword) && isObject(value)) text = childKey(value);
      else if (SCHEMA_LIST_KEYWORDS.has(keyword) && Array.isArray(value)) text = `[${value.map(childKey).join(",")}]`;
      else if (SCHEMA_MAP_KEYWORDS.has(keyword) && isObject(value)) {
        text = `{${Object.keys(value).sort(compareStrings).map((name) => `${JSON.stringify(name)}:${childKey(value[name])}`).join(",")}}`;
      } else text = canonicalJson(value);
      parts.push(`${JSON.stringify(keyword)}:${text}`);
    }
    // `#n` is never the start of JSON text, so a class number cannot pass for a value.
    const key = `{${parts.join(",")}}`;
    let klass = classes.get(key);
    if (klass === undefined) {
      klass = classes.size;
      classes.set(key, klass);
    }
    const shape = { klass, size: size + key.length };
    shapes.set(schema, shape);
    return shape;
  };

  // 2. Occurrences, counting what lies inside a repeated sub-schema once: that is how often
  //    each class occurs once the repeated ones are moved. (A sub-schema too small to move has
  //    only smaller ones inside, so skipping its later copies skips nothing that moves.)
  const occurrences = new Map<number, number>();
  const count = (schema: SchemaObject): void => {
    const { klass } = shapeOf(schema);
    const seen = occurrences.get(klass) ?? 0;
    occurrences.set(klass, seen + 1);
    if (seen === 0) forEachChild(schema, count);
  };
  for (const root of roots) forEachChild(root as SchemaObject, count);
  const moves = (schema: SchemaObject): boolean => {
    const { klass, size } = shapeOf(schema);
    return size >= minSize && (occurrences.get(klass) ?? 0) >= 2;
  };

  // 3. Rewriting, inside out, so that a moved schema's identifier hashes its final form.
  const idOfClass = new Map<number, string>();
  const moved = new Map<string, JsonSchema>();
  const rewrite = (schema: SchemaObject): SchemaObject =>
    mapChildren(schema, (child) => {
      if (!moves(child)) return rewrite(child);
      const { klass } = shapeOf(child);
      let id = idOfClass.get(klass);
      if (id === undefined) {
        const own = rewrite(child) as JsonSchema;
        id = idPrefix + createHash("sha256").update(canonicalJson(own)).digest("hex").slice(0, 16);
        if (moved.has(id)) throw new Error(`two repeated sub-schemas share the identifier ${id}`);
        idOfClass.set(klass, id);
        moved.set(id, own);
      }
      return { $ref: id };
    });
  const rewritten = roots.map((root) => rewrite(root as SchemaObject) as JsonSchema);
  const subschemas = [...moved.keys()].sort(compareStrings).map((id) => ({ id, schema: moved.get(id)! }));
  return { subschemas, roots: rewritten };
}
