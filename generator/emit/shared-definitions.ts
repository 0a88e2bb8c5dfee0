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
  const names = new ReferenceNames();
  const contents = new Contents(names);
  /** Key → identifier of the definition's schema. */
  const idOfKey = new Map<string, string>();
  const rewritten = bodies.map((body) => {
    const definitions = body.definitions ?? {};
    const sortedNames = Object.keys(definitions).sort(compareStrings);
    const identities = closureIdentities(definitions, sortedNames, contents);
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
      const id = idOf.get(names.of(ref));
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
 * with the class of its contents (json-classes.ts: equal up to key order). `names` are the
 * definitions' names, sorted; the identities come in that order.
 */
function closureIdentities(definitions: Record<string, JsonSchema>, names: readonly string[], contents: Contents): string[] {
  const indexOf = new Map<string, number>();
  names.forEach((name, i) => indexOf.set(name, i));
  const classes: number[] = [];
  const direct: number[][] = [];
  for (const name in definitions) {
    const i = indexOf.get(name)!;
    const { klass, references } = contents.of(definitions[name]!);
    classes[i] = klass;
    direct[i] = [];
    for (const reference of references) {
      const target = indexOf.get(reference);
      if (target !== undefined) direct[i]!.push(target);
    }
  }
  // `reached[j] === i` once definition j is known to be in the closure of definition i.
  const reached = new Array<number>(names.length).fill(-1);
  return names.map((name, i) => {
    const closure = [i];
    reached[i] = i;
    for (let next = 0; next < closure.length; next++) {
      for (const target of direct[closure[next]!]!) {
        if (reached[target] !== i) {
          reached[target] = i;
          closure.push(target);
        }
      }
    }
    // Indices follow the sorted names: sorted indices list the closure by name.
    closure.sort((a, b) => a - b);
    const members: Array<string | number> = [name];
    for (const member of closure) members.push(names[member]!, classes[member]!);
    return JSON.stringify(members);
  });
}

/**
 * The contents of definitions: their class (json-classes.ts: equal up to key order) and the
 * names they refer to, which are read once per class (copies of a definition are many).
 */
class Contents {
  private readonly classes = new JsonClasses(new SequenceTable());
  private readonly referencesOfClass = new Map<number, readonly string[]>();

  constructor(private readonly names: ReferenceNames) {}

  of(schema: JsonSchema): { klass: number; references: readonly string[] } {
    const klass = this.classes.of(schema);
    let references = this.referencesOfClass.get(klass);
    if (references === undefined) {
      references = [...referencedNames(schema, this.names)];
      this.referencesOfClass.set(klass, references);
    }
    return { klass, references };
  }
}

/** The definition names of `$ref`s ({@link refName}), each reference read once. */
class ReferenceNames {
  private readonly nameOf = new Map<string, string>();

  of(ref: string): string {
    let name = this.nameOf.get(ref);
    if (name === undefined) {
      name = refName(ref);
      this.nameOf.set(ref, name);
    }
    return name;
  }
}

function referencedNames(value: unknown, names: ReferenceNames, found: Set<string> = new Set()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => referencedNames(v, names, found));
  else if (value !== null && typeof value === "object") {
    const object = value as Record<string, unknown>;
    for (const key in object) {
      const inner = object[key];
      if (key === "$ref" && typeof inner === "string") found.add(names.of(inner));
      else referencedNames(inner, names, found);
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
