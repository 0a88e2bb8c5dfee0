/**
 * How deep a body's JSON schema goes through its `$ref`s. The readers and emitters after the
 * describe reader follow a reference by recursion (a definition is inlined where it is used,
 * unless it is met again on the way: a recursive type), so a chain of 10,000 definitions each
 * referring to the next cost a minute and gigabytes, then "Maximum call stack size exceeded".
 * Real schemas go fewer than ten definitions deep; a deeper one is refused here, found without
 * recursion, with the definition where the chain passes the limit. References are read as the
 * reconciler reads them (`definitionOf`: pointer and percent escapes), so no spelling of a chain
 * escapes the check.
 */
import { DescribeFormatError, toPointer } from "./errors.ts";
import { definitionOf } from "../reconcile/json-view.ts";

/** Longest chain of `$ref`s accepted in one body's JSON schema (the shell's go 5 deep, Tallinn's 8; 300 overflowed the emitters' stack). */
export const MAX_REFERENCE_DEPTH = 100;

const PREFIX = "#/definitions/";

/** The definition names referred to anywhere inside `schema` (walked with an explicit stack). */
function referencesIn(schema: unknown): string[] {
  const out: string[] = [];
  const pending: unknown[] = [schema];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value !== "object" || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value) pending.push(item);
      continue;
    }
    for (const [key, inner] of Object.entries(value)) {
      // Nested `definitions` are walked as definitions, not as part of the schema that holds them.
      if (key === "definitions") continue;
      if (key === "$ref" && typeof inner === "string" && inner.startsWith(PREFIX)) {
        const name = definitionOf(inner);
        if (name !== undefined) out.push(name);
      } else pending.push(inner);
    }
  }
  return out;
}

/**
 * Throws a {@link DescribeFormatError} (at `pointer`, the body's `json_schema`) when a chain of
 * references from the schema's root passes `limit` ({@link MAX_REFERENCE_DEPTH}) definitions. A reference
 * back to a definition already on the chain (recursion) ends the chain.
 */
export function checkReferenceDepth(schema: unknown, pointer: string, limit: number = MAX_REFERENCE_DEPTH): void {
  if (typeof schema !== "object" || schema === null) return;
  const definitions = (schema as { definitions?: unknown }).definitions;
  if (typeof definitions !== "object" || definitions === null) return;
  const defs = definitions as Record<string, unknown>;
  const edges = new Map<string, string[]>();
  const refsOf = (name: string): string[] => {
    let refs = edges.get(name);
    if (refs === undefined) {
      refs = Object.hasOwn(defs, name) ? referencesIn(defs[name]).filter((r) => Object.hasOwn(defs, r)) : [];
      edges.set(name, refs);
    }
    return refs;
  };
  // Post-order depth-first walk with an explicit stack: a definition's height is one more than
  // its highest reference (a reference back onto the current chain, recursion, counts nothing).
  const onChain = new Set<string>();
  const height = new Map<string, number>();
  const stack: Array<{ name: string; next: number }> = [];
  const enter = (name: string): void => {
    if (onChain.has(name) || height.has(name)) return;
    onChain.add(name);
    stack.push({ name, next: 0 });
  };
  for (const root of referencesIn({ ...schema, definitions: undefined })) {
    enter(root);
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      const refs = refsOf(top.name);
      if (top.next < refs.length) {
        enter(refs[top.next++]!);
        continue;
      }
      stack.pop();
      onChain.delete(top.name);
      let below = 0;
      for (const ref of refs) below = Math.max(below, height.get(ref) ?? 0);
      if (below + 1 > limit) {
        throw new DescribeFormatError(
          pointer + toPointer(["definitions", top.name]),
          `a chain of more than ${limit} definitions, each referring to the next ($ref), starts here (real schemas go fewer than ten deep)`,
        );
      }
      height.set(top.name, below + 1);
    }
  }
}
