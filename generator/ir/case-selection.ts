/**
 * What the encoders of unions and objects need to know about JSON shapes, shared by the IR
 * interpreter and the emitted code: the property a union can switch on, and the property names
 * an object accepts.
 */

import type { CaseMatch, CodecDefinition, IR, ObjectItem } from "./codec-ir.ts";

/**
 * The property every case of a union holds as a constant of its own (`kind` of operation
 * contents), when there is one: the encoder can then switch on it, and the case's object
 * encoder refuses whatever else does not fit.
 */
export function discriminantOf(matches: readonly CaseMatch[]): string | undefined {
  const first = matches[0];
  if (first?.kind !== "object") return undefined;
  for (const candidate of first.properties) {
    if (!candidate.required || !Object.hasOwn(candidate, "constant")) continue;
    const seen = new Set<unknown>();
    const everyCase = matches.every((match) => {
      if (match.kind !== "object") return false;
      const property = match.properties.find((p) => p.name === candidate.name);
      if (property === undefined || !property.required || !Object.hasOwn(property, "constant")) return false;
      const value = property.constant;
      if (value !== null && typeof value === "object") return false;
      if (seen.has(value)) return false;
      seen.add(value);
      return true;
    });
    if (everyCase) return candidate.name;
  }
  return undefined;
}

/**
 * The JSON property names an object's encoder accepts (fields and constants, in frames and
 * merged objects too), or `undefined` when they cannot be known statically (an object merged
 * from something other than an object).
 */
export function objectPropertyNames(items: readonly ObjectItem[], definitions: ReadonlyMap<string, CodecDefinition>): string[] | undefined {
  const names: string[] = [];
  const add = (group: readonly ObjectItem[]): boolean => {
    for (const item of group) {
      if (item.kind === "field" || item.kind === "constant") names.push(item.name);
      else if (item.kind === "frame") {
        if (!add(item.items)) return false;
      } else if (item.kind === "merge") {
        const merged = resolve(item.codec, definitions);
        if (merged?.kind !== "object" || !add(merged.items)) return false;
      }
    }
    return true;
  };
  return add(items) ? names : undefined;
}

/**
 * The properties a union merged into an object does not read: those of the object's other
 * items, the cases of another merged union included (a balance update merges the balance's union
 * and its `origin`'s). The merged union's encoder sees the value without them.
 */
export function propertiesBesides(items: readonly ObjectItem[], merged: ObjectItem, definitions: ReadonlyMap<string, CodecDefinition>): string[] {
  const names = new Set<string>();
  const add = (group: readonly ObjectItem[]): void => {
    for (const item of group) {
      if (item === merged) continue;
      if (item.kind === "field" || item.kind === "constant") names.add(item.name);
      else if (item.kind === "frame") add(item.items);
      else if (item.kind === "merge") {
        const ir = resolve(item.codec, definitions);
        if (ir?.kind === "object") add(ir.items);
        else if (ir?.kind === "union") for (const c of ir.cases) if (c.payload.kind === "object") add(c.payload.items);
      }
    }
  };
  add(items);
  return [...names];
}

function resolve(ir: IR, definitions: ReadonlyMap<string, CodecDefinition>): IR | undefined {
  const seen = new Set<string>();
  let current: IR | undefined = ir;
  while (current?.kind === "ref" && !seen.has(current.name)) {
    seen.add(current.name);
    current = definitions.get(current.name)?.codec;
  }
  return current;
}

/**
 * The `first-that-fits` candidates an encoder tries, in order (the interpreter and the emitted
 * code alike): a case written exactly as an earlier one (the same payload) can only fail where
 * that one failed, so it is not tried again.
 */
export function casesToTry<C extends { match: CaseMatch; payload?: IR | undefined }>(candidates: readonly C[]): C[] {
  const tried: C[] = [];
  const written = new Set<string>();
  for (const candidate of candidates) {
    const payload = JSON.stringify(candidate.payload);
    if (candidate.match.kind !== "first-that-fits" || written.has(payload)) continue;
    written.add(payload);
    tried.push(candidate);
  }
  return tried;
}
