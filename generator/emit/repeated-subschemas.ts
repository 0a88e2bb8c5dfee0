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
 * size (about its length as JSON without annotations, see {@link Hoister}) is at least
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
import type { JsonSchema } from "../model/json-schema.ts";
import { compareStrings } from "./names.ts";
import { canonicalJson } from "./canonical-json.ts";
import { JsonClasses, sortedKeys } from "./json-classes.ts";
import { SequenceTable } from "./sequence-table.ts";

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

/**
 * The three passes over the schemas (methods rather than closures: they run once per node).
 *
 * Classes are hash-consed in a {@link SequenceTable}: a sub-schema is the sequence of its
 * keywords (sorted, annotations left out) each followed by the class of its value: a
 * sub-schema's class, a list or map of them (interned the same way), or the class of any other
 * value as JSON (json-classes.ts). The size of a sub-schema is the length of a text that
 * writes its own keywords as JSON, each sub-schema inside as `#` and its number (sub-schemas
 * are numbered in order of first appearance, visiting keywords in sorted order, inner ones
 * first), plus the sizes of those sub-schemas: about the length of its JSON without
 * annotations. It is computed from the parts, without writing that text.
 */
class Hoister {
  private readonly table = new SequenceTable();
  private readonly values = new JsonClasses(this.table);
  private readonly schemaKind = this.table.newKind();
  private readonly listKind = this.table.newKind();
  private readonly mapKind = this.table.newKind();
  /** Sub-schema object → its class. */
  private readonly classOf = new Map<SchemaObject, number>();
  /** How many sub-schema classes there are (the number of the next new one). */
  private schemaClasses = 0;
  /**
   * Class of a sub-schema, list or map → length of its text inside the enclosing one (for a
   * sub-schema, `#` and its number).
   */
  private readonly lengths: number[] = [];
  /** Class of a sub-schema, list or map → the size it adds to the enclosing one. */
  private readonly sizes: number[] = [];
  /** Length and size of the part last returned by {@link part}, {@link keywordPart} or {@link valuePart}, read by the caller right away. */
  private partLength = 0;
  private partSize = 0;
  private readonly occurrences = new Map<number, number>();
  private readonly idOfClass = new Map<number, string>();
  /** Identifier → moved schema. */
  readonly moved = new Map<string, JsonSchema>();

  constructor(
    private readonly idPrefix: string,
    private readonly minSize: number,
  ) {}

  /**
   * 1. The class of copies of `schema` (equal classes ⇔ equal schemas, annotations left out),
   *    each object read once however deep it is.
   */
  shape(schema: SchemaObject): number {
    const known = this.classOf.get(schema);
    if (known !== undefined) return known;
    const mark = this.table.open(this.schemaKind);
    let length = 2;
    let size = 0;
    let first = true;
    for (const keyword of sortedKeys(schema)) {
      const role = ROLES.get(keyword) ?? 0;
      if (role === ANNOTATION) continue;
      const name = this.values.of(keyword);
      const value = this.keywordPart(role, schema[keyword]);
      length += (first ? 0 : 1) + this.values.textLength(name) + 1 + this.partLength;
      size += this.partSize;
      first = false;
      this.table.add(name);
      this.table.add(value);
    }
    const klass = this.table.close(mark);
    if (this.sizes[klass] === undefined) {
      this.lengths[klass] = 1 + String(this.schemaClasses++).length;
      this.sizes[klass] = size + length;
    }
    this.classOf.set(schema, klass);
    return klass;
  }

  /** The class of a keyword's value: a sub-schema, a list or map of them, or any other value. */
  private keywordPart(role: number, value: unknown): number {
    if ((role & SCHEMA) !== 0 && isObject(value)) return this.part(value);
    const table = this.table;
    let mark: number;
    let length = 2;
    let size = 0;
    if ((role & SCHEMA_LIST) !== 0 && Array.isArray(value)) {
      mark = table.open(this.listKind);
      for (let i = 0; i < value.length; i++) {
        table.add(this.part(value[i]));
        length += (i > 0 ? 1 : 0) + this.partLength;
        size += this.partSize;
      }
    } else if ((role & SCHEMA_MAP) !== 0 && isObject(value)) {
      mark = table.open(this.mapKind);
      let first = true;
      for (const key of sortedKeys(value)) {
        const name = this.values.of(key);
        const entry = this.part(value[key]);
        length += (first ? 0 : 1) + this.values.textLength(name) + 1 + this.partLength;
        size += this.partSize;
        first = false;
        table.add(name);
        table.add(entry);
      }
    } else return this.valuePart(value);
    const klass = table.close(mark);
    this.lengths[klass] = length;
    this.sizes[klass] = size;
    this.partLength = length;
    this.partSize = size;
    return klass;
  }

  /** The class of a sub-schema, or of any other value found where one may be. */
  private part(value: unknown): number {
    if (isObject(value)) {
      const klass = this.shape(value);
      this.partLength = this.lengths[klass]!;
      this.partSize = this.sizes[klass]!;
      return klass;
    }
    return this.valuePart(value);
  }

  /** The class of a value that is no sub-schema (compared as JSON, annotations and all). */
  private valuePart(value: unknown): number {
    const klass = this.values.of(value);
    this.partLength = this.values.textLength(klass);
    this.partSize = 0;
    return klass;
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
    const klass = this.shape(value);
    if (this.sizes[klass]! < this.minSize) return;
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
    const klass = this.shape(value);
    // Nothing inside a sub-schema too small to move is large enough either.
    if (this.sizes[klass]! < this.minSize) return value;
    if ((this.occurrences.get(klass) ?? 0) < 2) return this.rewrite(value);
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
