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
 * `required`, nor a property that happens to be called `title`). A sub-schema is moved when its
 * length as JSON without annotations is at least
 * {@link DEFAULT_MIN_SIZE} and it occurs at least twice once the copies inside moved
 * sub-schemas are counted once. The moved schema is the first copy met, walking the roots in order; the copy is
 * replaced by `{"$ref": id}` as a whole, since draft-04 ignores the siblings of `$ref`.
 *
 * The schemas given must refer to each other by absolute identifiers only (as
 * shared-definitions.ts leaves them), so that a moved sub-schema means the same on its own.
 * An identifier is `<prefix><hash>`, the hash taken over the moved schema's JSON (so it stays
 * put when unrelated schemas come or go), and the same input gives the same output.
 */

import { createHash } from "node:crypto";
import type { JsonSchema } from "../../model/json-schema.ts";
import { compareStrings } from "../names.ts";
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

/** Role of a keyword whose value is a schema. */
const SCHEMA = 1;
/** Role of a keyword whose value is a list of schemas (`items` may be one too). */
const SCHEMA_LIST = 2;
/** Role of a keyword whose value maps names to schemas (`dependencies` may map a name to a list of names). */
const SCHEMA_MAP = 4;
/** Role of a keyword that does not change what a schema accepts. */
const ANNOTATION = 8;
/** The roles of the keywords that have one, looked up once per keyword met. */
const ROLES = new Map<string, number>([
  ["additionalItems", SCHEMA],
  ["additionalProperties", SCHEMA],
  ["items", SCHEMA | SCHEMA_LIST],
  ["not", SCHEMA],
  ["allOf", SCHEMA_LIST],
  ["anyOf", SCHEMA_LIST],
  ["oneOf", SCHEMA_LIST],
  ["properties", SCHEMA_MAP],
  ["patternProperties", SCHEMA_MAP],
  ["definitions", SCHEMA_MAP],
  ["dependencies", SCHEMA_MAP],
  ["title", ANNOTATION],
  ["description", ANNOTATION],
]);

type SchemaObject = Record<string, unknown>;

function isObject(value: unknown): value is SchemaObject {
  return value !== null && typeof value === "object" && !Array.isArray(value);
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

/** The passes over the schemas (methods rather than closures: they run once per node). */
class Hoister {
  /** Sub-schema → its text: its JSON with sorted keys and without annotations (copies have the same text). */
  private readonly texts = new Map<SchemaObject, string>();
  /** Text → how often such a sub-schema occurs. */
  private readonly occurrences = new Map<string, number>();
  private readonly idOfText = new Map<string, string>();
  /** Identifier → moved schema. */
  readonly moved = new Map<string, JsonSchema>();

  constructor(
    private readonly idPrefix: string,
    private readonly minSize: number,
  ) {}

  /** 1. The text of `schema`, which tells copies apart and measures their size, each object read once. */
  text(schema: SchemaObject): string {
    let text = this.texts.get(schema);
    if (text === undefined) {
      const parts: string[] = [];
      for (const keyword of Object.keys(schema).sort(compareStrings)) {
        const role = ROLES.get(keyword) ?? 0;
        if (role !== ANNOTATION) parts.push(`${JSON.stringify(keyword)}:${this.valueText(role, schema[keyword])}`);
      }
      text = `{${parts.join(",")}}`;
      this.texts.set(schema, text);
    }
    return text;
  }

  /** The text of a keyword's value: a sub-schema, a list or map of them, or any other value (as JSON, annotations and all). */
  private valueText(role: number, value: unknown): string {
    const part = (item: unknown) => (isObject(item) ? this.text(item) : canonicalJson(item));
    if ((role & SCHEMA) !== 0 && isObject(value)) return this.text(value);
    if ((role & SCHEMA_LIST) !== 0 && Array.isArray(value)) return `[${value.map(part).join(",")}]`;
    if ((role & SCHEMA_MAP) !== 0 && isObject(value)) {
      return `{${Object.keys(value)
        .sort(compareStrings)
        .map((key) => `${JSON.stringify(key)}:${part(value[key])}`)
        .join(",")}}`;
    }
    return String(canonicalJson(value));
  }

  /**
   * 2. Occurrences of the sub-schemas inside `schema`, counting what lies inside a repeated one
   *    once: that is how often each class occurs once the repeated ones are moved. Sub-schemas
   *    too small to move are not counted, nor what lies inside them (smaller still).
   */
  countInside(schema: SchemaObject): void {
    for (const keyword in schema) {
      const role = ROLES.get(keyword) ?? 0;
      if (role === 0 || role === ANNOTATION) continue;
      const value = schema[keyword];
      if ((role & SCHEMA) !== 0 && isObject(value)) this.count(value);
      else if ((role & SCHEMA_LIST) !== 0 && Array.isArray(value)) for (const item of value) this.count(item);
      else if ((role & SCHEMA_MAP) !== 0 && isObject(value)) for (const name in value) this.count(value[name]);
    }
  }

  private count(value: unknown): void {
    if (!isObject(value)) return;
    const text = this.text(value);
    if (text.length < this.minSize) return;
    const seen = this.occurrences.get(text) ?? 0;
    this.occurrences.set(text, seen + 1);
    if (seen === 0) this.countInside(value);
  }

  /**
   * 3. `schema` with the sub-schemas to move replaced by references: a copy if one was,
   *    `schema` itself otherwise (most of a schema has nothing moved inside). Moved schemas are
   *    rewritten first, so that an identifier hashes the final form.
   */
  rewrite(schema: SchemaObject): SchemaObject {
    let copy: SchemaObject | undefined;
    for (const keyword in schema) {
      const role = ROLES.get(keyword) ?? 0;
      if (role === 0 || role === ANNOTATION) continue;
      const value = schema[keyword];
      let result = value;
      if ((role & SCHEMA) !== 0 && isObject(value)) result = this.rewriteChild(value);
      else if ((role & SCHEMA_LIST) !== 0 && Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) {
          const item = this.rewriteChild(value[i]);
          if (item !== value[i]) ((result === value ? (result = value.slice()) : result) as unknown[])[i] = item;
        }
      } else if ((role & SCHEMA_MAP) !== 0 && isObject(value)) {
        for (const name in value) {
          const entry = this.rewriteChild(value[name]);
          if (entry !== value[name]) ((result === value ? (result = { ...value }) : result) as SchemaObject)[name] = entry;
        }
      }
      if (result !== value) (copy ??= { ...schema })[keyword] = result;
    }
    return copy ?? schema;
  }

  private rewriteChild(value: unknown): unknown {
    if (!isObject(value)) return value;
    const text = this.text(value);
    // Nothing inside a sub-schema too small to move is large enough either.
    if (text.length < this.minSize) return value;
    if ((this.occurrences.get(text) ?? 0) < 2) return this.rewrite(value);
    let id = this.idOfText.get(text);
    if (id === undefined) {
      const own = this.rewrite(value) as JsonSchema;
      id = this.idPrefix + createHash("sha256").update(canonicalJson(own)).digest("hex").slice(0, 16);
      if (this.moved.has(id)) throw new Error(`two repeated sub-schemas share the identifier ${id}`);
      this.idOfText.set(text, id);
      this.moved.set(id, own);
    }
    return { $ref: id };
  }
}
