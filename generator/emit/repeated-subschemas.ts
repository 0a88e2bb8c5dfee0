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
 * has at least {@link DEFAULT_MIN_SIZE} characters and occurs at least twice once the copies
 * inside moved sub-schemas are counted once. The moved schema is the first copy met, walking the roots in order; the copy is
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

/**
 * Smallest sub-schema moved, in characters of its JSON without annotations. A call costs ajv
 * about as much code as a schema of two or three keywords; Octez's 31-bit integer
 * (`{"maximum":1073741823,"minimum":-1073741824,"type":"integer"}`, 61 characters) compiles
 * to twice that, and is everywhere.
 */
export const DEFAULT_MIN_SIZE = 48;

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

/** Canonical JSON of a keyword's value, without the general case's cost for the usual values. */
function valueKey(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value) && value.every((v) => v === null || typeof v !== "object")) return JSON.stringify(value);
  return canonicalJson(value);
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
  const hoister = new Hoister(idPrefix, minSize);
  for (const root of roots) hoister.countInside(root as SchemaObject);
  const rewritten = roots.map((root) => hoister.rewrite(root as SchemaObject) as JsonSchema);
  const subschemas = [...hoister.moved.keys()].sort(compareStrings).map((id) => ({ id, schema: hoister.moved.get(id)! }));
  return { subschemas, roots: rewritten };
}

/** The three passes over the schemas (methods rather than closures: they run once per node). */
class Hoister {
  private readonly shapes = new Map<SchemaObject, Shape>();
  /** Key of a schema (its own keywords, its sub-schemas by class) → class. */
  private readonly classes = new Map<string, number>();
  private readonly occurrences = new Map<number, number>();
  private readonly idOfClass = new Map<number, string>();
  /** Identifier → moved schema. */
  readonly moved = new Map<string, JsonSchema>();

  constructor(
    private readonly idPrefix: string,
    private readonly minSize: number,
  ) {}

  /**
   * 1. The class of copies of `schema`: its own keywords in canonical JSON, its sub-schemas by
   *    class (hash-consing, so that each object is read once however deep it is).
   */
  shape(schema: SchemaObject): Shape {
    const known = this.shapes.get(schema);
    if (known !== undefined) return known;
    const counted = { size: 0 };
    let key = "{";
    for (const keyword of Object.keys(schema).sort(compareStrings)) {
      if (ANNOTATIONS.has(keyword)) continue;
      const value = schema[keyword];
      let text: string;
      if (SCHEMA_KEYWORDS.has(keyword) && isObject(value)) text = this.childKey(value, counted);
      else if (SCHEMA_LIST_KEYWORDS.has(keyword) && Array.isArray(value)) {
        text = "[";
        for (let i = 0; i < value.length; i++) text += (i > 0 ? "," : "") + this.childKey(value[i], counted);
        text += "]";
      } else if (SCHEMA_MAP_KEYWORDS.has(keyword) && isObject(value)) {
        text = "{";
        for (const name of Object.keys(value).sort(compareStrings)) text += `${text.length > 1 ? "," : ""}${JSON.stringify(name)}:${this.childKey(value[name], counted)}`;
        text += "}";
      } else text = valueKey(value);
      key += `${key.length > 1 ? "," : ""}${JSON.stringify(keyword)}:${text}`;
    }
    key += "}";
    let klass = this.classes.get(key);
    if (klass === undefined) {
      klass = this.classes.size;
      this.classes.set(key, klass);
    }
    const shape = { klass, size: counted.size + key.length };
    this.shapes.set(schema, shape);
    return shape;
  }

  /** A sub-schema by class (`#n` never starts JSON text, so it cannot pass for a value). */
  private childKey(child: unknown, counted: { size: number }): string {
    if (!isObject(child)) return valueKey(child);
    const shape = this.shape(child);
    counted.size += shape.size;
    return `#${shape.klass}`;
  }

  /**
   * 2. Occurrences of the sub-schemas inside `schema`, counting what lies inside a repeated one
   *    once: that is how often each class occurs once the repeated ones are moved. (A sub-schema
   *    too small to move has only smaller ones inside, so skipping its later copies skips
   *    nothing that moves.)
   */
  countInside(schema: SchemaObject): void {
    for (const keyword in schema) {
      const value = schema[keyword];
      if (SCHEMA_KEYWORDS.has(keyword) && isObject(value)) this.count(value);
      else if (SCHEMA_LIST_KEYWORDS.has(keyword) && Array.isArray(value)) for (const item of value) this.count(item);
      else if (SCHEMA_MAP_KEYWORDS.has(keyword) && isObject(value)) for (const name in value) this.count(value[name]);
    }
  }

  private count(value: unknown): void {
    if (!isObject(value)) return;
    const { klass } = this.shape(value);
    const seen = this.occurrences.get(klass) ?? 0;
    this.occurrences.set(klass, seen + 1);
    if (seen === 0) this.countInside(value);
  }

  /**
   * 3. `schema` with the sub-schemas to move replaced by references: a copy if one was,
   *    `schema` itself otherwise (most of a schema has nothing moved inside). Moved schemas are
   *    rewritten first, so that an identifier hashes the final form.
   */
  rewrite(schema: SchemaObject): SchemaObject {
    let changed = false;
    const copy: SchemaObject = {};
    for (const keyword in schema) {
      const value = schema[keyword];
      let result = value;
      if (SCHEMA_KEYWORDS.has(keyword) && isObject(value)) result = this.rewriteChild(value);
      else if (SCHEMA_LIST_KEYWORDS.has(keyword) && Array.isArray(value)) {
        const items = value.map((item: unknown) => this.rewriteChild(item));
        if (items.some((item, i) => item !== value[i])) result = items;
      } else if (SCHEMA_MAP_KEYWORDS.has(keyword) && isObject(value)) {
        const entries: SchemaObject = {};
        let entryChanged = false;
        for (const name in value) {
          entries[name] = this.rewriteChild(value[name]);
          if (entries[name] !== value[name]) entryChanged = true;
        }
        if (entryChanged) result = entries;
      }
      if (result !== value) changed = true;
      copy[keyword] = result;
    }
    return changed ? copy : schema;
  }

  private rewriteChild(value: unknown): unknown {
    if (!isObject(value)) return value;
    const { klass, size } = this.shape(value);
    if (size < this.minSize || (this.occurrences.get(klass) ?? 0) < 2) return this.rewrite(value);
    let id = this.idOfClass.get(klass);
    if (id === undefined) {
      const own = this.rewrite(value) as JsonSchema;
      id = this.idPrefix + createHash("sha256").update(canonicalJson(own)).digest("hex").slice(0, 16);
      if (this.moved.has(id)) throw new Error(`two repeated sub-schemas share the identifier ${id}`);
      this.idOfClass.set(klass, id);
      this.moved.set(id, own);
    }
    return { $ref: id };
  }
}
