/**
 * Route bodies with registered layouts: a describe-shaped tree whose bodies have JSON schemas
 * only (as built from an OpenAPI document) gets, for each body whose JSON schema is a registered
 * encoding, that encoding's binary schema, so the binary media type works for the route. A body
 * is paired by definition name (its schema is a `$ref` to the definition an encoding's schema
 * names, or to the encoding's codec id), else by structure (the same schema once `$ref`s are
 * followed and descriptions dropped). The report says which bodies got a layout and why the
 * others stay JSON-only.
 *
 * A body laid out keeps its JSON schema, its definitions shared with the encoding taking the
 * encoding's form (the one its layout was paired with).
 *
 * Pure: the input tree is not modified. A body "has no layout" when its binary schema is absent
 * or is describe's JSON-only form (a union with no case); a body that has a layout is kept.
 */

import type { JsonSchema } from "../model/json-schema.ts";
import { forEachRawService, type RawBinarySchema, type RawNode } from "../describe/raw.ts";
import type { RegisteredEncoding } from "./registered.ts";

/** What happened to one body. */
export interface AttachedBody {
  /** `POST /chains/<chain_id>/blocks/<block_id>/helpers/forge/operations input` (route as in the tree). */
  body: string;
  /** The codec id whose layout the body got. */
  encoding?: string;
  /** How it was paired, or why it stays JSON-only. */
  how: "had a layout" | "by name" | "by structure";
  reason?: string;
}

export interface AttachReport {
  laid: AttachedBody[];
  jsonOnly: AttachedBody[];
}

/** Why a body stays JSON-only: an object, array or union that no registered encoding is. */
export const NO_SUCH_STRUCTURE = "no registered encoding has this JSON schema";
/** Why a body stays JSON-only: a bare value (text, number, any JSON) that names no definition. */
export const BARE_VALUE = "a bare value naming no definition (its JSON says nothing of its bytes)";

const SLOTS = ["input", "output", "error"] as const;

/** Gives the bodies of `describeJson` the layouts of `encodings` (see the module comment). */
export function attachLayouts(describeJson: unknown, encodings: readonly RegisteredEncoding[]): { tree: unknown; report: AttachReport } {
  const index = new EncodingIndex(encodings);
  const report: AttachReport = { laid: [], jsonOnly: [] };
  const tree = structuredClone(describeJson);
  forEachRawService(tree as RawNode, (service, method, path) => {
    for (const slot of SLOTS) {
      const body = service[slot] as { json_schema?: JsonSchema; binary_schema?: RawBinarySchema } | undefined;
      if (body === undefined || body.json_schema === undefined) continue;
      const label = `${method} /${path.join("/")} ${slot}`;
      if (body.binary_schema !== undefined && !isJsonOnly(body.binary_schema)) {
        report.laid.push({ body: label, how: "had a layout" });
        continue;
      }
      const found = index.find(body.json_schema);
      if ("reason" in found) {
        // Left as it came: without a binary schema it is JSON-only, and not undecided.
        report.jsonOnly.push({ body: label, how: "by structure", reason: found.reason });
        continue;
      }
      // The body keeps its JSON schema (OpenAPI's bounds are richer than a schema derived from a
      // layout), but the definitions it shares with the encoding take the encoding's form: the
      // layout was paired with those, Octez's OpenAPI repaired (its `{}` for lazily decoded
      // Micheline is the expression again), so the body reads its bytes as the encoding does.
      body.json_schema = { ...body.json_schema, definitions: { ...(body.json_schema.definitions ?? {}), ...(found.encoding.json!.definitions ?? {}) } };
      body.binary_schema = found.encoding.binary;
      report.laid.push({ body: label, encoding: found.encoding.id, how: found.how });
    }
  });
  return { tree, report };
}

function isJsonOnly(binary: RawBinarySchema): boolean {
  const top = binary.toplevel as { cases?: unknown[] };
  return Array.isArray(top.cases) && top.cases.length === 0 && binary.fields.length === 0;
}

/**
 * Registered encodings by the definition their schema names, by their codec id, and by their
 * structure. A body naming a definition spelt as a codec id is paired with that encoding only
 * when their structures agree: names are not unique across a node (the protocol's `operation`
 * component, an operation with its receipt, is not the shell's `operation` codec, a branch
 * and bytes).
 */
class EncodingIndex {
  private readonly byName = new Map<string, RegisteredEncoding>();
  private readonly byId = new Map<string, RegisteredEncoding>();
  private readonly byStructure = new Map<string, RegisteredEncoding>();

  constructor(encodings: readonly RegisteredEncoding[]) {
    for (const encoding of encodings) {
      if (encoding.json === undefined || isJsonOnly(encoding.binary)) continue;
      const named = refName(encoding.json);
      if (named !== undefined && !this.byName.has(named)) this.byName.set(named, encoding);
      if (!this.byId.has(encoding.id)) this.byId.set(encoding.id, encoding);
      if (!structured(encoding.json)) continue;
      for (const key of structureKeys(encoding.json)) if (!this.byStructure.has(key)) this.byStructure.set(key, encoding);
    }
  }

  find(schema: JsonSchema): { encoding: RegisteredEncoding; how: "by name" | "by structure" } | { reason: string } {
    const named = refName(schema);
    if (named !== undefined) {
      const encoding = this.byName.get(named);
      if (encoding) return { encoding, how: "by name" };
      const same = this.byId.get(named);
      if (same && sameStructure(schema, same.json!)) return { encoding: same, how: "by name" };
    }
    if (structured(schema)) {
      for (const key of structureKeys(schema)) {
        const encoding = this.byStructure.get(key);
        if (encoding) return { encoding, how: "by structure" };
      }
    }
    if (named !== undefined) return { reason: `no registered encoding is ${named} or has its JSON schema` };
    return { reason: structured(schema) ? NO_SUCH_STRUCTURE : BARE_VALUE };
  }
}

/** True when two schemas are the same once their own definitions are followed. */
function sameStructure(a: JsonSchema, b: JsonSchema): boolean {
  const keys = new Set(structureKeys(b));
  return structureKeys(a).some((key) => keys.has(key));
}

/**
 * True for an object, array or union schema: a bare string or number (hex bytes, a decimal) says
 * nothing of its layout, so it is paired by name only.
 */
function structured(schema: JsonSchema): boolean {
  return schema.type === "object" || schema.type === "array" || Array.isArray(schema.oneOf);
}

/** The definition a schema is a bare reference to (`#/definitions/X` or an OpenAPI component). */
function refName(schema: JsonSchema): string | undefined {
  const ref = schema.$ref;
  if (typeof ref !== "string") return undefined;
  const match = /^#\/(?:definitions|components\/schemas)\/(.+)$/.exec(ref);
  return match ? decodeURIComponent(match[1]!).replace(/~1/g, "/").replace(/~0/g, "~") : undefined;
}

/**
 * A schema's structure as text, three ways: `$ref`s kept as the names they refer to, `$ref`s
 * followed through the schema's own definitions (a cycle left as its name), and the latter
 * without integer bounds; titles,
 * descriptions and `additionalProperties` dropped, keys sorted. An OpenAPI body refers to
 * components by name where the encoding's schema may spell a part out, or the other way round.
 */
function structureKeys(schema: JsonSchema): string[] {
  const definitions = (schema.definitions ?? {}) as Record<string, JsonSchema>;
  return [structureKey(schema, {}), structureKey(schema, definitions), structureKey(schema, definitions, BOUNDS)];
}

/**
 * Dropped for the third key: a JSON schema derived from a Kaitai layout has no integer bounds
 * (the layout's width says them), where the OpenAPI document writes them.
 */
const BOUNDS = ["minimum", "maximum"];

function structureKey(schema: JsonSchema, definitions: Record<string, JsonSchema>, dropped: readonly string[] = []): string {
  const expand = (node: unknown, seen: readonly string[]): unknown => {
    if (Array.isArray(node)) return node.map((n) => expand(n, seen));
    if (node === null || typeof node !== "object") return node;
    const ref = (node as { $ref?: unknown }).$ref;
    if (typeof ref === "string") {
      const name = refName({ $ref: ref });
      if (name !== undefined && Object.hasOwn(definitions, name) && !seen.includes(name)) return expand(definitions[name], [...seen, name]);
      return { $ref: name ?? ref };
    }
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(node).sort()) {
      if (key === "title" || key === "description" || key === "definitions" || key === "$schema" || key === "additionalProperties" || dropped.includes(key)) continue;
      out[key] = expand((node as Record<string, unknown>)[key], seen);
    }
    return out;
  };
  return JSON.stringify(expand(schema, []));
}

/**
 * The report as lines for a terminal: per part, the bodies laid (by name, by structure) and the
 * JSON-only ones counted by reason, error bodies apart (Octez's error traces are free JSON),
 * each named definition listed once.
 */
export function formatAttachReport(part: string, report: AttachReport): string[] {
  const laid = report.laid.filter((b) => b.encoding !== undefined);
  const byName = laid.filter((b) => b.how === "by name").length;
  const encodings = new Set(laid.map((b) => b.encoding));
  const lines = [
    `${part}: ${laid.length} bodies laid out from ${encodings.size} registered encodings (${byName} by name, ${laid.length - byName} by structure), ${report.jsonOnly.length} JSON-only:`,
  ];
  for (const [reason, count] of jsonOnlyReasons(report)) lines.push(`  ${String(count).padStart(4)}  ${reason}`);
  return lines;
}

/** The JSON-only bodies of a report counted by reason, most frequent first; named definitions grouped. */
export function jsonOnlyReasons(report: AttachReport): Array<[string, number]> {
  const counts = new Map<string, number>();
  const names = new Map<string, Set<string>>();
  for (const body of report.jsonOnly) {
    const error = body.body.endsWith(" error");
    const named = /^no registered encoding is (.+) or has its JSON schema$/.exec(body.reason ?? "");
    const reason = error ? "error bodies (free JSON error traces)" : named ? "a named definition that no registered encoding is or has the JSON schema of" : (body.reason ?? "");
    counts.set(reason, (counts.get(reason) ?? 0) + 1);
    if (named && !error) names.set(reason, (names.get(reason) ?? new Set()).add(named[1]!));
  }
  return [...counts]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([reason, count]): [string, number] => [names.has(reason) ? `${reason}: ${[...names.get(reason)!].sort().join(", ")}` : reason, count]);
}
