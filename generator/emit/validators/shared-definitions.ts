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

import type { JsonSchema } from "../../model/json-schema.ts";
import { refName } from "../../reconcile/json-view.ts";
import { compareStrings } from "../names.ts";
import { canonicalJson } from "./canonical-json.ts";

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
  /** Key → identifier of the definition's schema. */
  const idOfKey = new Map<string, string>();
  const rewritten = bodies.map((body) => {
    const definitions = body.definitions ?? {};
    const sortedNames = Object.keys(definitions).sort(compareStrings);
    const identities = closureIdentities(definitions, sortedNames);
    const keyOf = new Map<string, string>();
    const idOf = new Map<string, string>();
    sortedNames.forEach((name, i) => {
      const identity = identities[i]!;
      let key = keyByIdentity.get(identity);
      if (key === undefined) {
        key = name;
        for (let n = 2; usedKeys.has(key); n++) key = `${name}__${n}`;
        usedKeys.add(key);
        keyByIdentity.set(identity, key);
        idOfKey.set(key, idPrefix + encodeURIComponent(key));
      }
      keyOf.set(name, key);
      idOf.set(name, idOfKey.get(key)!);
    });
    const redirect = (ref: string): string => {
      const id = idOf.get(refName(ref));
      if (id === undefined) throw new Error(`schema reference ${ref} names no definition of its body`);
      return id;
    };
    for (const [name, key] of keyOf) {
      if (!(key in shared)) shared[key] = rewriteRefs(definitions[name]!, redirect) as JsonSchema;
    }
    const { definitions: _definitions, ...root } = body;
    return rewriteRefs(root, redirect) as JsonSchema;
  });
  const definitions = Object.keys(shared)
    .sort(compareStrings)
    .map((key) => ({ id: idOfKey.get(key)!, schema: shared[key]! }));
  return { definitions, bodies: rewritten };
}

/**
 * A string identifying each definition together with everything it refers to, transitively
 * (equal strings ⇔ the same definition wherever it is copied): the names in its closure, each
 * with its contents as canonical JSON (equal up to key order). `names` are the definitions'
 * names, sorted; the identities come in that order.
 */
function closureIdentities(definitions: Record<string, JsonSchema>, names: readonly string[]): string[] {
  const texts = new Map(names.map((name) => [name, canonicalJson(definitions[name])]));
  const direct = new Map(names.map((name) => [name, [...referencedNames(definitions[name])].filter((target) => texts.has(target))]));
  return names.map((name) => {
    const closure = new Set([name]);
    for (const member of closure) for (const target of direct.get(member)!) closure.add(target);
    const members: string[] = [name];
    for (const member of [...closure].sort(compareStrings)) members.push(member, texts.get(member)!);
    return JSON.stringify(members);
  });
}

function referencedNames(value: unknown, found: Set<string> = new Set()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => referencedNames(v, found));
  else if (value !== null && typeof value === "object") {
    const object = value as Record<string, unknown>;
    for (const key in object) {
      const inner = object[key];
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
