/**
 * Reading a service body's JSON schema during reconciliation: following `$ref`s while keeping
 * the names passed through (they key the known-encodings table and name generated types), and
 * recognising the few shapes the reconciler cares about.
 */

import type { JsonSchema } from "../model/json-schema.ts";
import type { JsonValue } from "../ir/codec-ir.ts";

/** A JSON schema with the `$ref` chain that led to it. */
export interface JsonView {
  /** The schema after following every `$ref`. */
  schema: JsonSchema;
  /** Definition names followed, outermost first (`alpha.mutez`, `positive_bignum`). */
  refs: string[];
  /** The first `title` met along the chain (a root `title` sits beside its `$ref`). */
  title?: string;
  description?: string;
}

/** Raised when a schema refers to a definition that its body does not carry. */
export class UnresolvedReferenceError extends Error {
  override readonly name = "UnresolvedReferenceError";
}

/** Follows `$ref`s from `schema` inside the root schema's `definitions`. */
export function viewOf(schema: JsonSchema, root: JsonSchema): JsonView {
  const refs: string[] = [];
  let title = schema.title;
  let description = schema.description;
  let current = schema;
  while (current.$ref !== undefined) {
    const name = refName(current.$ref);
    if (refs.includes(name)) throw new UnresolvedReferenceError(`definition ${name} refers to itself without structure`);
    const target = root.definitions?.[name];
    if (!target) throw new UnresolvedReferenceError(`no definition ${JSON.stringify(name)} for ${current.$ref}`);
    refs.push(name);
    current = target;
    title ??= current.title;
    description ??= current.description;
  }
  const view: JsonView = { schema: current, refs };
  if (title !== undefined) view.title = title;
  if (description !== undefined) view.description = description;
  return view;
}

/** `#/definitions/a.b` → `a.b`. */
export function refName(ref: string): string {
  const prefix = "#/definitions/";
  if (!ref.startsWith(prefix)) throw new UnresolvedReferenceError(`unsupported reference ${ref}`);
  const pointer = ref.slice(prefix.length);
  // Most names have neither pointer escapes (`~0`, `~1`) nor percent-escapes: nothing to decode.
  if (!pointer.includes("~") && !pointer.includes("%")) return pointer;
  return decodeURIComponent(pointer.replace(/~1/g, "/").replace(/~0/g, "~"));
}

/**
 * The definition a `$ref` names, read as {@link refName} reads it, or `undefined` for anything
 * else: not a string, a reference outside `#/definitions/`, a malformed percent-escape.
 */
export function definitionOf(ref: unknown): string | undefined {
  if (typeof ref !== "string" || !ref.startsWith("#/definitions/")) return undefined;
  try {
    return refName(ref);
  } catch (error) {
    if (error instanceof URIError) return undefined;
    throw error;
  }
}

/** True for a schema that constrains nothing (`{}` apart from annotations). */
export function isUnconstrained(schema: JsonSchema): boolean {
  return Object.keys(schema).every((k) => k === "$schema" || k === "title" || k === "description" || k === "definitions");
}

/** The value of a constant schema (a one-value `enum`), if it is one. */
export function constantOf(schema: JsonSchema): { value: JsonValue } | undefined {
  if (Array.isArray(schema.enum) && schema.enum.length === 1) return { value: schema.enum[0] as JsonValue };
  if (schema.type === "null") return { value: null };
  return undefined;
}

/** True for an object schema with properties (or the empty object). */
export function isObjectSchema(schema: JsonSchema): boolean {
  return schema.type === "object";
}

/** True for the text schema `unistring` (a string, or the invalid-UTF-8 object). */
export function isUnistring(view: JsonView): boolean {
  if (view.refs.includes("unistring")) return true;
  const cases = view.schema.oneOf;
  return Array.isArray(cases) && cases.length === 2 && cases.some((c) => c.type === "string") && cases.some((c) => c.properties?.["invalid_utf8_string"] !== undefined);
}

/** True for the structured Micheline schema (`oneOf` with the Int, String, Bytes, Sequence… cases). */
export function isMichelineSchema(schema: JsonSchema): boolean {
  const titles = new Set((schema.oneOf ?? []).map((c) => c.title));
  return titles.has("Int") && titles.has("String") && titles.has("Bytes") && titles.has("Sequence");
}
