/**
 * Definitions shared by all the body schemas of an interface, each registered as a schema of
 * its own, so that the validator of a definition is compiled once however many bodies use it
 * (references into one big definitions document get compiled again in each place they are
 * reached from).
 *
 * Octez repeats, in every body schema, the definitions that body needs (the Alpha operation
 * contents appear in the monitor and the pending-operations answers alike). Two copies are the
 * same definition when their contents and everything they refer to, transitively, are equal;
 * such copies get one key (the definition's name). A copy that differs gets its own key
 * (`<name>__2`, `__3`… in order of first appearance), so no schema changes meaning. Every
 * `$ref` is rewritten to the identifier of the definition's schema, `<prefix><key>`.
 */

import type { JsonSchema } from "../model/json-schema.ts";
import { refName } from "../reconcile/json-view.ts";
import { compareStrings } from "./names.ts";
import { JsonClasses } from "./json-classes.ts";
import { SequenceTable } from "./sequence-table.ts";

export interface SharedDefinitions {
  /** Each distinct definition with its identifier, sorted by identifier. */
  definitions: Array<{ id: string; schema: JsonSchema }>;
  /** Each body schema, without its `definitions`, its references pointing into the document. */
  bodies: JsonSchema[];
}

/** Splits `bodies` into one shared definitions document and bodies that refer to it. */
export function shareDefinitions(bodies: readonly JsonSchema[], idPrefix: string): SharedDefinitions {
  const shared: Record<string, JsonSchema> = {};
  const keyByIdentity = new Map<string, string>();
  const usedKeys = new Set<string>();
  const contents = new Contents();
  const rewritten = bodies.map((body) => {
    const definitions = body.definitions ?? {};
    const identities = closureIdentities(definitions, contents);
    const keyOf = new Map<string, string>();
    for (const name of Object.keys(definitions).sort(compareStrings)) {
      const identity = identities.get(name)!;
      let key = keyByIdentity.get(identity);
      if (key === undefined) {
        key = name;
        for (let n = 2; usedKeys.has(key); n++) key = `${name}__${n}`;
        usedKeys.add(key);
        keyByIdentity.set(identity, key);
      }
      keyOf.set(name, key);
    }
    const redirect = (ref: string): string => {
      const key = keyOf.get(refName(ref));
      if (key === undefined) throw new Error(`schema reference ${ref} names no definition of its body`);
      return idPrefix + encodeURIComponent(key);
    };
    for (const [name, key] of keyOf) {
      if (!(key in shared)) shared[key] = rewriteRefs(definitions[name]!, redirect) as JsonSchema;
    }
    const { definitions: _definitions, ...root } = body;
    return rewriteRefs(root, redirect) as JsonSchema;
  });
  const definitions = Object.keys(shared)
    .sort(compareStrings)
    .map((key) => ({ id: idPrefix + encodeURIComponent(key), schema: shared[key]! }));
  return { definitions, bodies: rewritten };
}

/**
 * A string identifying each definition together with everything it refers to, transitively
 * (equal strings ⇔ the same definition wherever it is copied): the names in its closure, each
 * with the class of its contents (json-classes.ts: equal up to key order).
 */
function closureIdentities(definitions: Record<string, JsonSchema>, contents: Contents): Map<string, string> {
  const own = new Map<string, number>();
  const direct = new Map<string, readonly string[]>();
  for (const [name, schema] of Object.entries(definitions)) {
    const { klass, references } = contents.of(schema);
    own.set(name, klass);
    direct.set(name, references);
  }
  const identities = new Map<string, string>();
  for (const name of Object.keys(definitions)) {
    const closure = new Set<string>([name]);
    const queue = [name];
    while (queue.length > 0) {
      for (const next of direct.get(queue.pop()!) ?? []) {
        if (!closure.has(next) && next in definitions) {
          closure.add(next);
          queue.push(next);
        }
      }
    }
    const members = [...closure].sort(compareStrings).map((n) => [n, own.get(n)]);
    identities.set(name, JSON.stringify([name, members]));
  }
  return identities;
}

/**
 * The contents of definitions: their class (json-classes.ts: equal up to key order) and the
 * names they refer to, which are read once per class (copies of a definition are many).
 */
class Contents {
  private readonly classes = new JsonClasses(new SequenceTable());
  private readonly referencesOfClass = new Map<number, readonly string[]>();

  of(schema: JsonSchema): { klass: number; references: readonly string[] } {
    const klass = this.classes.of(schema);
    let references = this.referencesOfClass.get(klass);
    if (references === undefined) {
      references = [...referencedNames(schema)];
      this.referencesOfClass.set(klass, references);
    }
    return { klass, references };
  }
}

function referencedNames(value: unknown, found: Set<string> = new Set()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => referencedNames(v, found));
  else if (value !== null && typeof value === "object") {
    for (const [key, inner] of Object.entries(value)) {
      if (key === "$ref" && typeof inner === "string") found.add(refName(inner));
      else referencedNames(inner, found);
    }
  }
  return found;
}

/**
 * `value` with every `$ref` passed through `redirect`: a copy of the objects and arrays on the
 * way to a `$ref`, the rest (most of a schema) as it is.
 */
function rewriteRefs(value: unknown, redirect: (ref: string) => string): unknown {
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item = rewriteRefs(value[i], redirect);
      if (item !== value[i]) (copy ??= value.slice())[i] = item;
    }
    return copy ?? value;
  }
  let copy: Record<string, unknown> | undefined;
  const object = value as Record<string, unknown>;
  for (const key in object) {
    const inner = object[key];
    const result = key === "$ref" && typeof inner === "string" ? redirect(inner) : rewriteRefs(inner, redirect);
    if (result !== inner) (copy ??= { ...object })[key] = result;
  }
  return copy ?? value;
}
