/**
 * An oracle for the drift comparison that the implementation did not write: Octez's own
 * OpenAPI files for 20.3 and 25.1 (`../shared/reference/`), and the facts their README states
 * about the upgrade (13 paths added, 2 removed, 5 new schemas, the operations that changed).
 *
 * OpenAPI carries JSON schemas only, so each file becomes a describe-like tree here (paths to
 * routes, `{name}` to path arguments, query parameters, request/200/default bodies with the
 * components as definitions, one same empty binary schema everywhere) and the project's
 * `compareTrees` runs on the JSON side of what it can compare.
 */
import { describe, expect } from "vitest";
import type { ComparableTree } from "../../../generator/drift/index.ts";
import { compareTrees } from "../../../generator/drift/index.ts";
import type { BinarySchema } from "../../../generator/model/binary-schema.ts";
import type { BodySchema, HttpMethod, RouteSegment, Service } from "../../../generator/model/describe-tree.ts";
import type { JsonSchema } from "../../../generator/model/json-schema.ts";
import { itWithReference, readReference } from "../../support/reference.ts";

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

const OLD = "rpc-openapi-v20.3.json";
const NEW = "rpc-openapi-v25.1.json";
const METHODS: readonly HttpMethod[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];
const NO_BINARY: BinarySchema = { toplevel: { kind: "Obj", fields: [] }, definitions: new Map() };

/** OpenAPI's component references as describe-style local definitions. */
function localRefs(value: Json): Json {
  return JSON.parse(JSON.stringify(value).replaceAll('"#/components/schemas/', '"#/definitions/'));
}

function treeOf(openapi: Json): ComparableTree {
  const definitions = localRefs(openapi.components?.schemas ?? {});
  const body = (schema: Json): BodySchema | undefined => (schema === undefined ? undefined : { json: { ...localRefs(schema), definitions } as JsonSchema, binary: NO_BINARY });
  const services: Service[] = [];
  for (const [path, item] of Object.entries<Json>(openapi.paths)) {
    const route: RouteSegment[] = path
      .split("/")
      .filter((s) => s !== "")
      .map((s) => (/^\{.+\}$/.test(s) ? { kind: "arg", name: s.slice(1, -1), multiple: false } : { kind: "static", name: s }));
    for (const method of METHODS) {
      const operation = item[method.toLowerCase()];
      if (operation === undefined) continue;
      const parameters: Json[] = [...(item.parameters ?? []), ...(operation.parameters ?? [])];
      const service: Service = {
        method,
        route,
        declaredPath: route,
        query: parameters.filter((p) => p.in === "query").map((p) => ({ name: p.name, kind: "optional", type: p.schema?.type ?? "string" })),
        output: body(operation.responses?.["200"]?.content?.["application/json"]?.schema ?? {})!,
        error: body(operation.responses?.default?.content?.["application/json"]?.schema ?? {})!,
      };
      const input = body(operation.requestBody?.content?.["application/json"]?.schema);
      if (input !== undefined) service.input = input;
      services.push(service);
    }
  }
  return { services, dynamicDirectories: [] };
}

/** The operations the reference README says changed between 20.3 and 25.1. */
const README_CHANGED = ["/config", "/config/history_mode", "/config/network/dal", "/protocols", "/protocols/<Protocol_hash>", "/protocols/<Protocol_hash>/environment", "/version"];

const routeName = (path: string) => path.replace(/\{([^}]+)\}/g, "<$1>");
const commonPaths = (a: Json, b: Json) => Object.keys(a.paths).filter((path) => path in b.paths);

/** A path item without its operations' error answers (`responses.default`). */
function withoutErrors(item: Json): Json {
  return Object.fromEntries(
    Object.entries<Json>(item).map(([method, operation]) => {
      if (typeof operation !== "object" || operation === null || operation.responses === undefined) return [method, operation];
      const { default: _error, ...responses } = operation.responses;
      return [method, { ...operation, responses }];
    }),
  );
}

/** A copy without `description` keys (documentation only). */
function withoutDescriptions(value: Json): Json {
  if (Array.isArray(value)) return value.map(withoutDescriptions);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(Object.entries(value).filter(([key]) => key !== "description").map(([key, v]) => [key, withoutDescriptions(v)]));
}

describe("drift oracle: Octez 20.3 → 25.1 from the OpenAPI files", () => {
  itWithReference([OLD, NEW])("finds the routes added and removed, and the changed operations, that the reference README lists", () => {
    const before = readReference<Json>(OLD);
    const after = readReference<Json>(NEW);
    const report = compareTrees(treeOf(before), treeOf(after), { reconcile: false });
    if (report.status !== "compared") throw new Error("not compared");

    const routes = (kind: string) => [...new Set(report.changes.filter((c) => c.kind === kind).map((c) => c.route))].sort();
    const added = routes("route-added");
    expect(added).toHaveLength(13);
    expect(added.filter((r) => r.startsWith("/bls/"))).toHaveLength(5);
    expect(added.filter((r) => !r.startsWith("/bls/"))).toEqual([
      "/chains/<chain_id>/active_peers_heads",
      "/chains/<chain_id>/delegators_contribution/<int32>/<pkh>",
      "/chains/<chain_id>/protocols",
      "/chains/<chain_id>/protocols/<Protocol_hash>",
      "/gc/full",
      "/monitor/received_blocks/<chain_id>",
      "/network/full_stat",
      "/profiler/registered_backend",
    ]);
    expect(routes("route-removed")).toEqual(["/chains/<chain_id>/checkpoint", "/monitor/commit_hash"]);
    for (const change of report.changes.filter((c) => c.kind === "route-removed")) expect(change.severity).toBe("breaking");
    for (const change of report.changes.filter((c) => c.kind === "route-added")) expect(change.severity).toBe("compatible");

    // The README's changed operations are those whose OpenAPI text differs apart from the error
    // answer (whose free-text schema changed wording on every operation); three of them differ
    // only in their description, which is no interface change: the comparison reports the others.
    const differing = commonPaths(before, after).filter((path) => JSON.stringify(withoutErrors(before.paths[path])) !== JSON.stringify(withoutErrors(after.paths[path])));
    expect(differing.map(routeName).sort()).toEqual(README_CHANGED);
    const descriptionOnly = differing.filter((path) => JSON.stringify(withoutDescriptions(withoutErrors(before.paths[path]))) === JSON.stringify(withoutDescriptions(withoutErrors(after.paths[path]))));
    expect(descriptionOnly.map(routeName).sort()).toEqual(["/protocols", "/protocols/<Protocol_hash>", "/protocols/<Protocol_hash>/environment"]);
    const changed = [...new Set(report.changes.filter((c) => !["route-added", "route-removed", "method-added", "method-removed"].includes(c.kind)).map((c) => c.route))].sort();
    expect(changed).toEqual(README_CHANGED.filter((route) => !descriptionOnly.map(routeName).includes(route)));
  });

  itWithReference([OLD, NEW])("the five new schemas are those the README names, and none is removed", () => {
    const before = Object.keys(readReference<Json>(OLD).components.schemas);
    const after = Object.keys(readReference<Json>(NEW).components.schemas);
    expect(after.filter((name) => !before.includes(name)).sort()).toEqual(["Bls12_381.Public_key", "Bls12_381.Public_key_hash", "Bls12_381_signature", "backends_encoding", "storage_maintenance_delay"]);
    expect(before.filter((name) => !after.includes(name))).toEqual([]);
  });
});
