/**
 * Named definitions shared by all the bodies of one interface.
 *
 * Octez repeats the definitions a body needs inside every body's schemas, under the same names
 * (`block_header`, `alpha.operation.alpha.contents`). The registry keeps one definition per name
 * when the copies agree, and gives a numbered name (`block_header_2`) to a copy that differs, so
 * no generated type silently merges two different shapes.
 */

import type { CodecDefinition, IR } from "../ir/codec-ir.ts";
import { mapRefs } from "../ir/walk.ts";
import type { DefinitionSink } from "./reconciler.ts";
import type { JsonView } from "./json-view.ts";

export class DefinitionRegistry {
  readonly definitions = new Map<string, CodecDefinition>();
  private readonly renames = new Map<string, string>();
  private pendingCounter = 0;

  /** A sink for one body: repeated uses of the same (name, binary shape) in that body share one build. */
  sinkForBody(): DefinitionSink {
    return { define: this.define.bind(this, new Map<string, string>()) };
  }

  /** {@link DefinitionSink.define} for the body whose names so far, by (name, binary shape), are in `local`. */
  private define(local: Map<string, string>, name: string, shapeKey: string, view: JsonView, build: (assignedName: string) => IR): string {
    const key = `${name}\u0000${shapeKey}`;
    const known = local.get(key);
    if (known !== undefined) return known;
    const pending = `${name}\u0000pending${this.pendingCounter++}`;
    local.set(key, pending);
    // Optimistically take an existing definition of that name as this one, so that a
    // recursive copy compares equal to it; `settle` renames it if the copy turns out different.
    if (this.definitions.has(name)) this.renames.set(pending, name);
    let codec: IR;
    try {
      codec = build(pending);
    } catch (error) {
      // A build that failed (a union case left JSON-only catches it and goes on) must not leave
      // its pending name for the next use of the same definition in this body.
      local.delete(key);
      this.renames.delete(pending);
      throw error;
    }
    const final = this.settle(name, pending, codec, view);
    this.renames.set(pending, final);
    local.set(key, final);
    return final;
  }

  /** Picks the final name of a freshly built definition. */
  private settle(name: string, pending: string, codec: IR, view: JsonView): string {
    for (let n = 1; ; n++) {
      const candidate = n === 1 ? name : `${name}_${n}`;
      const renamed = mapRefs(codec, (ref) => (ref === pending ? candidate : ref));
      const existing = this.definitions.get(candidate);
      if (!existing) {
        const definition: CodecDefinition = { name: candidate, codec: renamed };
        if (view.title !== undefined) definition.title = view.title;
        if (view.description !== undefined) definition.description = view.description;
        this.definitions.set(candidate, definition);
        return candidate;
      }
      if (sameCodec(this.resolve(existing.codec), this.resolve(renamed))) return candidate;
    }
  }

  /** Replaces pending names left inside codecs by their final names. */
  private resolve(codec: IR): IR {
    return mapRefs(codec, (ref) => this.finalName(ref));
  }

  private finalName(ref: string): string {
    let name = ref;
    for (let guard = 0; this.renames.has(name) && guard < 1000; guard++) name = this.renames.get(name)!;
    return name;
  }

  /** Rewrites every codec so that it refers to final names only; call once all bodies are done. */
  finish(): void {
    for (const definition of this.definitions.values()) definition.codec = this.resolve(definition.codec);
  }

  /** Final form of a body's codec (after {@link finish}-style renaming). */
  resolveBody(codec: IR): IR {
    return this.resolve(codec);
  }
}

/**
 * Whether two codecs are the same: whether `JSON.stringify` would write them alike (properties in
 * order, schemas included), except the `reason` of a value left JSON-only, which says where it
 * was met (two uses of one definition fail at two places). Compared part by part without
 * writing them out; a part both share (the same object) is not walked.
 */
function sameCodec(a: IR, b: IR): boolean {
  return sameJsonText(a, b);
}

function sameJsonText(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return jsonScalar(a) === jsonScalar(b);
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJsonText(arrayEntry(a[i]), arrayEntry(b[i]))) return false;
    return true;
  }
  const jsonOnly = (a as { kind?: unknown }).kind === "json-only" && (b as { kind?: unknown }).kind === "json-only";
  const aKeys = writtenKeys(a as Record<string, unknown>).filter((key) => !(jsonOnly && key === "reason"));
  const bKeys = writtenKeys(b as Record<string, unknown>).filter((key) => !(jsonOnly && key === "reason"));
  if (aKeys.length !== bKeys.length) return false;
  for (let i = 0; i < aKeys.length; i++) {
    const key = aKeys[i]!;
    if (key !== bKeys[i] || !sameJsonText((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) return false;
  }
  return true;
}

/** A scalar as JSON text has it: non-finite numbers are written `null`. */
function jsonScalar(value: unknown): unknown {
  return typeof value === "number" && !Number.isFinite(value) ? null : value;
}

/** An array entry as JSON text has it: what cannot be written (`undefined`, functions) is `null`. */
function arrayEntry(value: unknown): unknown {
  return value === undefined || typeof value === "function" || typeof value === "symbol" ? null : value;
}

/** The keys `JSON.stringify` writes for an object, in order: those whose value can be written. */
function writtenKeys(object: Record<string, unknown>): string[] {
  return Object.keys(object).filter((key) => {
    const value = object[key];
    return value !== undefined && typeof value !== "function" && typeof value !== "symbol";
  });
}
