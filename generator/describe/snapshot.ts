/**
 * The rich snapshot format `tezos-rpcgen-snapshot/1` and the grafting of dynamic subtrees.
 *
 * `GET /describe?recurse=yes` does not expand dynamic directories (the block directory under
 * `/chains/<chain_id>/blocks/<block_id>`, the mempool under `/chains/<chain_id>/mempool`): they
 * appear as `{"dynamic": …}`. Their content can only be described at a concrete prefix
 * (`GET /describe/chains/main/mempool?recurse=yes`) and depends on it (the protocol of that
 * block or mempool). A snapshot keeps the root answer and those captures together, with the
 * concrete prefix of each, so that one file describes the whole interface:
 *
 * ```jsonc
 * {
 *   "format": "tezos-rpcgen-snapshot/1",
 *   "source": { "url": "http://127.0.0.1:8732", "captured_at": "2026-11-25T22:00:00Z",
 *               "node_version": "20.3", "protocol": "…" },     // all optional, free text
 *   "root": <answer of GET /describe?recurse=yes>,                 // optional
 *   "expansions": [{
 *     "prefix": ["chains", "main", "mempool"],                     // concrete path captured
 *     "route": ["chains", {"id": "single", "name": "chain_id"}, "mempool"], // optional
 *     "protocol": "…",                                             // optional
 *     "tree": <answer of GET /describe/chains/main/mempool?recurse=yes>
 *   }],
 *   "_comment": "keys starting with an underscore are ignored"
 * }
 * ```
 *
 * Each expansion is grafted at a route (static names and path-argument items, written like a
 * service `path`). Without `route`, the route is found by walking `prefix` down `root`: names
 * follow `suffixes`, a `dynamic_dispatch` consumes one concrete segment as its argument, and
 * the walk must end exactly on a `{"dynamic": …}` node, which the expansion then replaces
 * (it leaves the list of unexpanded dynamic directories). With `route` and a `root`, that
 * route must likewise name a dynamic directory of the root. Without `root`, `route` is
 * required and the snapshot is just a set of captures (as the mempool dumps of
 * `shared/reference/` would be).
 */
import type { RouteSegment } from "../model/describe-tree.ts";
import { routeToString } from "../model/describe-tree.ts";
import { DescribeSnapshotError, DescribeFormatError } from "./errors.ts";
import { rawString, type RawBinarySchema, type RawNode, type RawPathItem } from "./raw.ts";
import { pathItemSegment, walkTree, type TreeSink } from "./tree.ts";
import { validateSnapshotJson } from "./validate.ts";

export const SNAPSHOT_FORMAT = "tezos-rpcgen-snapshot/1";

/** Where a snapshot came from; every field optional, kept as written. */
export interface SnapshotSource {
  url?: string;
  file?: string;
  captured_at?: string;
  node_version?: string;
  protocol?: string;
  [key: string]: unknown;
}

/** One dynamic subtree of a snapshot, grafted into the tree. */
export interface GraftedExpansion {
  /** Where its services live (static names and arguments). */
  route: RouteSegment[];
  /** The concrete path it was captured at (`["chains","main","mempool"]`). */
  prefix: string[];
  protocol?: string;
  /** The description the root gave the dynamic directory, when there was a root. */
  description?: string | null;
  /** Number of services it contributed. */
  serviceCount: number;
}

interface RawExpansion {
  prefix: string[];
  route?: RawPathItem[];
  protocol?: string;
  tree: RawNode;
}

interface RawSnapshot {
  format: string;
  source?: SnapshotSource;
  root?: RawNode;
  expansions?: RawExpansion[];
  encodings?: RawRegisteredEncoding[];
}

/** A registered encoding as a snapshot stores it (see `generator/encodings/`). */
export interface RawRegisteredEncoding {
  id: string;
  json?: Record<string, unknown>;
  binary: RawBinarySchema;
  description?: string;
}

/** True when `json` looks like a snapshot document rather than a bare describe answer. */
export function isSnapshotDocument(json: unknown): boolean {
  return typeof json === "object" && json !== null && !Array.isArray(json) && "format" in json;
}

function sameSegment(a: RouteSegment, b: RouteSegment): boolean {
  return a.kind === b.kind && a.name === b.name && (a.kind === "static" || a.multiple === (b as typeof a).multiple);
}

export function sameRoute(a: readonly RouteSegment[], b: readonly RouteSegment[]): boolean {
  return a.length === b.length && a.every((s, i) => sameSegment(s, b[i] as RouteSegment));
}

/** Follows a concrete prefix down a raw tree to the dynamic node it must end on. */
function routeOfPrefix(root: RawNode, prefix: readonly string[], at: string): RouteSegment[] {
  const route: RouteSegment[] = [];
  let node: RawNode = root;
  for (const [i, segment] of prefix.entries()) {
    if (node === "empty" || "dynamic" in node) {
      throw new DescribeSnapshotError(
        at,
        `prefix /${prefix.join("/")} goes through ${node === "empty" ? "an empty" : "a dynamic"} directory at ${routeToString(route)} before its end; only the last segment may reach a dynamic directory`,
      );
    }
    const subdirs = node.static.subdirs;
    if (subdirs !== undefined && "suffixes" in subdirs) {
      const next = subdirs.suffixes.find((s) => rawString(s.name) === segment);
      if (next === undefined) {
        throw new DescribeSnapshotError(at, `prefix segment ${i} ${JSON.stringify(segment)} is not a sub-directory of ${routeToString(route)} in the root`);
      }
      route.push({ kind: "static", name: segment });
      node = next.tree;
    } else if (subdirs !== undefined) {
      const { arg, tree } = subdirs.dynamic_dispatch;
      const seg: RouteSegment = { kind: "arg", name: rawString(arg.name), multiple: false };
      if (arg.descr !== undefined) seg.description = rawString(arg.descr);
      route.push(seg);
      node = tree;
    } else {
      throw new DescribeSnapshotError(at, `${routeToString(route)} has no sub-directory in the root; cannot follow prefix /${prefix.join("/")}`);
    }
  }
  if (node === "empty" || !("dynamic" in node)) {
    throw new DescribeSnapshotError(at, `prefix /${prefix.join("/")} leads to ${routeToString(route)}, which is not a dynamic directory in the root`);
  }
  return route;
}

/** Reads a validated-shape snapshot into `sink`; returns the grafts and the source. */
export function readSnapshotInto(
  json: unknown,
  sink: TreeSink,
): { expansions: GraftedExpansion[]; source?: SnapshotSource } {
  validateSnapshotJson(json);
  const snapshot = json as RawSnapshot;
  if (snapshot.format !== SNAPSHOT_FORMAT) {
    throw new DescribeFormatError("/format", `unsupported snapshot format ${JSON.stringify(snapshot.format)} (expected ${JSON.stringify(SNAPSHOT_FORMAT)})`);
  }
  if (snapshot.root !== undefined) walkTree(snapshot.root, [], "/root", sink);
  const expansions: GraftedExpansion[] = [];
  (snapshot.expansions ?? []).forEach((expansion, i) => {
    const at = `/expansions/${i}`;
    let route: RouteSegment[];
    if (expansion.route !== undefined) {
      route = expansion.route.map(pathItemSegment);
      if (route.length !== expansion.prefix.length) {
        throw new DescribeSnapshotError(`${at}/route`, `route has ${route.length} segment(s) but prefix has ${expansion.prefix.length}`);
      }
      route.forEach((segment, j) => {
        if (segment.kind === "static" && segment.name !== expansion.prefix[j]) {
          throw new DescribeSnapshotError(`${at}/route/${j}`, `static segment ${JSON.stringify(segment.name)} does not match prefix segment ${JSON.stringify(expansion.prefix[j])}`);
        }
      });
    } else if (snapshot.root !== undefined) {
      route = routeOfPrefix(snapshot.root, expansion.prefix, `${at}/prefix`);
    } else {
      throw new DescribeSnapshotError(`${at}/route`, "an expansion needs a route when the snapshot has no root");
    }
    const graft: GraftedExpansion = { route, prefix: [...expansion.prefix], serviceCount: 0 };
    if (expansion.protocol !== undefined) graft.protocol = expansion.protocol;
    if (snapshot.root !== undefined) {
      const index = sink.dynamicDirectories.findIndex((d) => sameRoute(d.route, route));
      if (index < 0) {
        throw new DescribeSnapshotError(at, `the root has no dynamic directory at ${routeToString(route)} to graft this expansion on`);
      }
      const [replaced] = sink.dynamicDirectories.splice(index, 1);
      graft.description = replaced?.description ?? null;
    }
    const before = sink.services.length;
    walkTree(expansion.tree, route, `${at}/tree`, sink);
    graft.serviceCount = sink.services.length - before;
    expansions.push(graft);
  });
  return snapshot.source === undefined ? { expansions } : { expansions, source: snapshot.source };
}
