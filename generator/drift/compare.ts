/**
 * Compares two describe trees service by service (see `index.ts` for the classification rules).
 */
import type { DescribedTree } from "../describe/read.ts";
import type { GraftedExpansion } from "../describe/snapshot.ts";
import type { BodySchema, HttpMethod, QueryKind, QueryParameter, RouteSegment, Service, ServiceTree } from "../model/describe-tree.ts";
import { OPENAPI_QUERY_TYPE } from "../openapi/query.ts";
import { routeToString } from "../model/describe-tree.ts";
import { buildCodecModel, type CodecModel } from "../reconcile/codec-model.ts";
import { diffBinarySchemas } from "./binary-diff.ts";
import type { BodyChange, Direction } from "./classify.ts";
import { diffJsonSchemas } from "./json-diff.ts";
import { compareStrings, sortChanges, summarise, type BodySlot, type DriftChange, type DriftReport, type DriftSide } from "./report.ts";

/** A tree to compare: what `readDescribeTree` returns, or any model tree. */
export type ComparableTree = ServiceTree & Partial<Pick<DescribedTree, "expansions" | "source">>;

export interface CompareOptions {
  /** Names of the two sides in the report. Default `OLD` and `NEW`. */
  oldLabel?: string;
  newLabel?: string;
  /**
   * Reconcile both trees with `buildCodecModel` and report bodies that gain or lose their binary
   * form (the client then has to switch media type). Default true; set false to compare the
   * published schemas only (faster on very large trees).
   */
  reconcile?: boolean;
}

/** A route's identity: static names, with every path argument as `<>` (argument types compared separately). */
function routeKey(route: readonly RouteSegment[]): string {
  return route.map((s) => (s.kind === "static" ? `/${s.name}` : s.multiple ? "/<>*" : "/<>")).join("") || "/";
}

function isUnder(route: readonly RouteSegment[], dir: readonly RouteSegment[]): boolean {
  return dir.length <= route.length && routeKey(route.slice(0, dir.length)) === routeKey(dir);
}

interface RouteEntry {
  route: RouteSegment[];
  methods: Map<HttpMethod, Service>;
}

function indexServices(services: readonly Service[]): Map<string, RouteEntry> {
  const index = new Map<string, RouteEntry>();
  for (const service of services) {
    const key = routeKey(service.route);
    let entry = index.get(key);
    if (entry === undefined) {
      entry = { route: service.route, methods: new Map() };
      index.set(key, entry);
    }
    entry.methods.set(service.method, service);
  }
  return index;
}

/** Every dynamic directory of a side: still unexpanded, or expanded by a snapshot. */
function dynamicDirectories(tree: ComparableTree): Array<{ route: RouteSegment[]; expanded: boolean }> {
  return [
    ...tree.dynamicDirectories.map((d) => ({ route: d.route, expanded: false })),
    ...(tree.expansions ?? []).map((e: GraftedExpansion) => ({ route: e.route, expanded: true })),
  ];
}

function side(tree: ComparableTree, label: string): DriftSide {
  const out: DriftSide = {
    label,
    services: tree.services.length,
    dynamicDirectories: dynamicDirectories(tree).map((d) => routeToString(d.route)).sort(compareStrings),
    expansions: (tree.expansions ?? []).map((e) => {
      const x: { route: string; prefix: string; protocol?: string } = { route: routeToString(e.route), prefix: "/" + e.prefix.join("/") };
      if (e.protocol !== undefined) x.protocol = e.protocol;
      return x;
    }),
  };
  if (tree.source !== undefined) out.source = tree.source;
  return out;
}

const METHODS: HttpMethod[] = ["GET", "POST", "DELETE", "PUT", "PATCH"];

/**
 * Compares OLD and NEW and returns the full report. Throws only on programming errors; reading
 * and validating the trees is the caller's job (`readDescribeTree`, or `loadDriftSide`).
 */
export function compareTrees(oldTree: ComparableTree, newTree: ComparableTree, options: CompareOptions = {}): DriftReport {
  const changes: DriftChange[] = [];
  const notCompared: string[] = [];

  // Dynamic directories. Below one that a side did not expand, nothing can be compared.
  const oldDirs = dynamicDirectories(oldTree);
  const newDirs = dynamicDirectories(newTree);
  const skipped: RouteSegment[][] = [];
  for (const dir of oldDirs) {
    const twin = newDirs.find((d) => routeKey(d.route) === routeKey(dir.route));
    if (twin === undefined) {
      changes.push({ kind: "dynamic-directory-removed", severity: "breaking", route: routeToString(dir.route), message: "dynamic directory removed" });
    } else if (dir.expanded !== twin.expanded) {
      skipped.push(dir.route);
      notCompared.push(`${routeToString(dir.route)}: dynamic directory expanded in ${dir.expanded ? "OLD" : "NEW"} only; its services are not compared`);
    }
  }
  for (const dir of newDirs) {
    if (!oldDirs.some((d) => routeKey(d.route) === routeKey(dir.route))) {
      changes.push({ kind: "dynamic-directory-added", severity: "compatible", route: routeToString(dir.route), message: "dynamic directory added" });
    }
  }
  const compared = (s: Service) => !skipped.some((dir) => isUnder(s.route, dir));
  const oldIndex = indexServices(oldTree.services.filter(compared));
  const newIndex = indexServices(newTree.services.filter(compared));

  // Bodies whose binary schema one side does not publish (an OpenAPI source): compared in JSON only.
  const unpublished = { old: 0, new: 0 };
  let codecs: { old: CodecModel; new: CodecModel } | undefined;
  if (options.reconcile !== false) {
    try {
      codecs = { old: buildCodecModel(oldTree), new: buildCodecModel(newTree) };
    } catch (error) {
      notCompared.push(`binary form availability: the trees could not be reconciled (${(error as Error).message})`);
    }
  }

  for (const [key, oldEntry] of oldIndex) {
    const newEntry = newIndex.get(key);
    if (newEntry === undefined) {
      const route = routeToString(oldEntry.route);
      const methods = METHODS.filter((m) => oldEntry.methods.has(m));
      changes.push({ kind: "route-removed", severity: "breaking", route, message: `route removed (${methods.join(", ")})`, old: methods });
      continue;
    }
    const route = routeToString(newEntry.route);
    compareArguments(oldEntry.route, newEntry.route, route, changes);
    for (const method of METHODS) {
      const before = oldEntry.methods.get(method);
      const after = newEntry.methods.get(method);
      if (before !== undefined && after === undefined) {
        changes.push({ kind: "method-removed", severity: "breaking", route, method, message: `${method} removed from an existing route` });
      } else if (before === undefined && after !== undefined) {
        changes.push({ kind: "method-added", severity: "compatible", route, method, message: `${method} added to an existing route` });
      } else if (before !== undefined && after !== undefined) {
        compareService(before, after, route, changes, codecs, unpublished);
      }
    }
  }
  for (const [key, newEntry] of newIndex) {
    if (oldIndex.has(key)) continue;
    const methods = METHODS.filter((m) => newEntry.methods.has(m));
    changes.push({ kind: "route-added", severity: "compatible", route: routeToString(newEntry.route), message: `route added (${methods.join(", ")})`, new: methods });
  }

  for (const which of ["old", "new"] as const) {
    if (unpublished[which] === 0) continue;
    notCompared.push(`binary forms of ${unpublished[which]} bodies: ${which.toUpperCase()} publishes their JSON schema only (an OpenAPI source); they are compared in JSON`);
  }
  const sorted = sortChanges(changes);
  return {
    status: "compared",
    old: side(oldTree, options.oldLabel ?? "OLD"),
    new: side(newTree, options.newLabel ?? "NEW"),
    summary: summarise(sorted),
    changes: sorted,
    notCompared: notCompared.sort(compareStrings),
  };
}

/** Path arguments at the same position whose type (parser) changed. */
function compareArguments(oldRoute: RouteSegment[], newRoute: RouteSegment[], route: string, changes: DriftChange[]): void {
  oldRoute.forEach((segment, i) => {
    const twin = newRoute[i];
    if (segment.kind === "arg" && twin?.kind === "arg" && segment.name !== twin.name) {
      changes.push({
        kind: "path-argument-changed",
        severity: "breaking",
        route,
        message: `path argument ${i + 1} parsed as <${segment.name}> → <${twin.name}>`,
        old: segment.name,
        new: twin.name,
      });
    }
  });
}

/**
 * Query kinds a client of OLD can keep using unchanged: any kind accepts a single value (or
 * none) except `flag`, whose value is a boolean; only `multi` accepts repeated keys.
 */
function queryKindSeverity(before: QueryKind, after: QueryKind): "breaking" | "compatible" {
  if (before === "flag" || after === "flag") return "breaking";
  if (before === "multi") return "breaking";
  return "compatible";
}

function compareQuery(before: QueryParameter[], after: QueryParameter[], base: Omit<DriftChange, "kind" | "severity" | "message">, changes: DriftChange[]): void {
  const newByName = new Map(after.map((q) => [q.name, q]));
  const oldByName = new Map(before.map((q) => [q.name, q]));
  for (const q of before) {
    const twin = newByName.get(q.name);
    if (twin === undefined) {
      // The node ignores keys it does not declare: the request silently means something else.
      changes.push({ ...base, kind: "query-argument-removed", severity: "breaking", message: `query argument ${q.name} (${q.kind}) removed; the node now ignores it`, old: q.kind });
      continue;
    }
    // An OpenAPI side says only whether an argument is `single` (required there) or not, and
    // gives no type: what it cannot say is not a change.
    const vague = q.type === OPENAPI_QUERY_TYPE || twin.type === OPENAPI_QUERY_TYPE;
    if (vague ? (q.kind === "single") !== (twin.kind === "single") : q.kind !== twin.kind) {
      changes.push({ ...base, kind: "query-argument-kind-changed", severity: queryKindSeverity(q.kind, twin.kind), message: `query argument ${q.name}: ${q.kind} → ${twin.kind}`, old: q.kind, new: twin.kind });
    }
    if (q.type !== twin.type && q.kind !== "flag" && twin.kind !== "flag" && !vague) {
      changes.push({ ...base, kind: "query-argument-type-changed", severity: "breaking", message: `query argument ${q.name}: type ${q.type ?? "?"} → ${twin.type ?? "?"}`, old: q.type ?? null, new: twin.type ?? null });
    }
  }
  for (const q of after) {
    if (oldByName.has(q.name)) continue;
    // Every query kind may be absent (a `single` argument then takes its default).
    changes.push({ ...base, kind: "query-argument-added", severity: "compatible", message: `query argument ${q.name} (${q.kind}${q.type === undefined ? "" : ` ${q.type}`}) added`, new: q.kind });
  }
}

function compareService(
  before: Service,
  after: Service,
  route: string,
  changes: DriftChange[],
  codecs: { old: CodecModel; new: CodecModel } | undefined,
  unpublished: { old: number; new: number },
): void {
  const method = after.method;
  compareQuery(before.query, after.query, { route, method }, changes);
  const slots: Array<[BodySlot, BodySchema | undefined, BodySchema | undefined, Direction]> = [
    ["input", before.input, after.input, "request"],
    ["output", before.output, after.output, "response"],
    ["error", before.error, after.error, "response"],
  ];
  for (const [slot, o, n, direction] of slots) {
    if (o === undefined && n === undefined) continue;
    if (o === undefined || n === undefined) {
      changes.push({ route, method, slot, kind: o === undefined ? "body-added" : "body-removed", severity: "breaking", message: o === undefined ? `the service now takes an ${slot} body` : `the service no longer takes an ${slot} body` });
      continue;
    }
    const attach = (form: "json" | "binary") => (c: BodyChange): DriftChange => ({ kind: c.kind, severity: c.severity, route, method, slot, form, ...rest(c) });
    changes.push(...diffJsonSchemas(o.json, n.json, direction).map(attach("json")));
    // A side with no published binary schema (an OpenAPI source) says nothing about bytes, so
    // binary forms are compared only when both sides publish one: "unknown" is not "changed".
    if (o.binary === undefined || n.binary === undefined) {
      if (o.binary === undefined) unpublished.old++;
      if (n.binary === undefined) unpublished.new++;
      continue;
    }
    changes.push(...diffBinarySchemas(o.binary, n.binary, direction).map(attach("binary")));
    if (codecs !== undefined) {
      const oldOnly = jsonOnlyReason(codecs.old, before, slot);
      const newOnly = jsonOnlyReason(codecs.new, after, slot);
      if (oldOnly === undefined && newOnly !== undefined) {
        changes.push({ route, method, slot, form: "binary", kind: "binary-form-lost", severity: "breaking", at: "$", message: `no binary form any more (${newOnly}); binary clients must switch to JSON` });
      } else if (oldOnly !== undefined && newOnly === undefined) {
        changes.push({ route, method, slot, form: "binary", kind: "binary-form-gained", severity: "compatible", at: "$", message: "now has a binary form" });
      }
    }
  }
}

function rest(c: BodyChange): Pick<DriftChange, "at" | "message" | "old" | "new"> {
  const out: Pick<DriftChange, "at" | "message" | "old" | "new"> = { at: c.at, message: c.message };
  if ("old" in c) out.old = c.old;
  if ("new" in c) out.new = c.new;
  return out;
}

const codecIndex = new WeakMap<CodecModel, Map<Service, CodecModel["services"][number]>>();

function jsonOnlyReason(model: CodecModel, service: Service, slot: BodySlot): string | undefined {
  let index = codecIndex.get(model);
  if (index === undefined) {
    index = new Map(model.services.map((s) => [s.service, s]));
    codecIndex.set(model, index);
  }
  return index.get(service)?.[slot]?.jsonOnly;
}
