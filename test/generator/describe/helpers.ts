/** Small helpers shared by the describe tests. */
import type { BinaryDefinition, BinarySchema, Encoding, Field, Layout } from "../../../generator/model/binary-schema.ts";
import type { RouteSegment, Service, ServiceTree } from "../../../generator/model/describe-tree.ts";
import { routeToString } from "../../../generator/model/describe-tree.ts";

/** The route at which the mempool dumps were captured: `/chains/<chain_id>/mempool`. */
export const MEMPOOL_ROUTE: RouteSegment[] = [
  { kind: "static", name: "chains" },
  { kind: "arg", name: "chain_id", multiple: false },
  { kind: "static", name: "mempool" },
];

export const DUMPS = {
  alpha: "describe-mempool-alpha-2022-06-09.json",
  ithaca: "describe-mempool-ithaca-2022-06-09.json",
  granada: "describe-mempool-granada-2021-09-10.raw.json",
} as const;

/** `METHOD /route` lines, in tree order. */
export function routeTable(tree: ServiceTree): string[] {
  return tree.services.map((s) => `${s.method} ${routeToString(s.route)}`);
}

export function findService(tree: ServiceTree, method: string, route: string): Service {
  const service = tree.services.find((s) => s.method === method && routeToString(s.route) === route);
  if (service === undefined) throw new Error(`no service ${method} ${route}`);
  return service;
}

export function definition(schema: BinarySchema, title: string): BinaryDefinition {
  const d = schema.definitions.get(title);
  if (d === undefined) throw new Error(`no definition ${title}`);
  return d;
}

/** Every field of an encoding (Obj fields, or the fields of every case). */
export function fieldsOf(encoding: Encoding): Field[] {
  if (encoding.kind === "Obj") return encoding.fields;
  if (encoding.kind === "Cases") return encoding.cases.flatMap((c) => c.fields);
  return [];
}

/** Every layout of a schema, Seq element layouts included. */
export function allLayouts(schema: BinarySchema): Layout[] {
  const out: Layout[] = [];
  const visit = (layout: Layout) => {
    out.push(layout);
    if (layout.kind === "Seq") visit(layout.layout);
  };
  for (const encoding of [schema.toplevel, ...[...schema.definitions.values()].map((d) => d.encoding)]) {
    for (const f of fieldsOf(encoding)) if (f.kind === "named" || f.kind === "anon") visit(f.layout);
  }
  return out;
}

/** Every binary schema of a tree (inputs, outputs, errors). */
export function allBinarySchemas(tree: ServiceTree): BinarySchema[] {
  return tree.services.flatMap((s) => [s.input?.binary, s.output.binary, s.error.binary].filter((b): b is BinarySchema => b !== undefined));
}

/** A deep copy in which every `{"kind":"Float","size":n}` data kind says `"Fixed"`. */
export function rewriteLegacyFixed(json: unknown): unknown {
  if (Array.isArray(json)) return json.map(rewriteLegacyFixed);
  if (typeof json !== "object" || json === null) return json;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(json)) out[k] = rewriteLegacyFixed(v);
  if (out.kind === "Float" && typeof out.size === "number") out.kind = "Fixed";
  return out;
}
