/**
 * `/describe` served from a describe tree, as a node answers it (octez-http.md §6,
 * describe-format.md §1–3). The tree is a plain JSON value (what `GET /describe?recurse=yes`
 * returned, or a snapshot's tree), so the server does not depend on the generator. Dynamic
 * directories (`{"dynamic": …}`) are described from the describe tree of the interface mounted
 * there, when there is one.
 */
import { argParser, isArgProblem, type ArgParser } from "./arg-types.ts";

/** A describe tree node: `{"static": …}`, `{"dynamic": …}` or `"empty"`. */
export type DescribeNode = unknown;

/** A subtree to continue in when the walk reaches a dynamic directory. */
export interface DescribeMount {
  /** The prefix's shape: a static name, or `null` for an argument. */
  readonly shape: readonly (string | null)[];
  readonly tree: DescribeNode;
}

type StaticNode = { static: Record<string, unknown> & { subdirs?: Subdirs } };
type Subdirs = { suffixes: { name: string; tree: DescribeNode }[] } | { dynamic_dispatch: { arg: { name?: string }; tree: DescribeNode } };

function isStatic(node: DescribeNode): node is StaticNode {
  return typeof node === "object" && node !== null && "static" in node;
}

function isDynamic(node: DescribeNode): boolean {
  return typeof node === "object" && node !== null && "dynamic" in node;
}

/**
 * The node at `segments`, or `undefined` when the path does not exist, an argument in it does
 * not parse, or it enters a dynamic directory with nothing mounted (all 404 for describe).
 */
export function locateDescribe(
  root: DescribeNode,
  mounts: readonly DescribeMount[],
  segments: readonly string[],
  parsers: Readonly<Record<string, ArgParser>>,
): DescribeNode | undefined {
  let node = root;
  const shape: (string | null)[] = [];
  let i = 0;
  for (;;) {
    if (isDynamic(node)) {
      const mount = mounts.find((m) => m.shape.length === shape.length && m.shape.every((s, k) => s === shape[k]));
      if (mount === undefined) return undefined;
      node = mount.tree;
      continue;
    }
    if (i === segments.length) return node;
    if (!isStatic(node) || node.static.subdirs === undefined) return undefined;
    const subdirs = node.static.subdirs;
    const segment = segments[i]!;
    if ("suffixes" in subdirs) {
      const next = subdirs.suffixes.find((s) => s.name === segment);
      if (next === undefined) return undefined;
      shape.push(segment);
      node = next.tree;
    } else {
      const name = subdirs.dynamic_dispatch.arg.name ?? "";
      if (isArgProblem(argParser(parsers, name)(segment))) return undefined;
      shape.push(null);
      node = subdirs.dynamic_dispatch.tree;
    }
    i++;
  }
}

/** The answer for a located node: the whole subtree, or only its own services (`undefined` when it has none). */
export function describeAnswer(node: DescribeNode, recurse: boolean): DescribeNode | undefined {
  if (recurse) return node;
  if (!isStatic(node)) return undefined;
  const { subdirs: _subdirs, ...services } = node.static;
  return Object.keys(services).length === 0 ? undefined : { static: services };
}

/**
 * describe's binary schema of a value that has no binary form: a union with no case
 * (describe-format.md §7.4; Octez prints it for such bodies, e.g. `pending_operations`' output).
 */
export const JSON_ONLY_BINARY_SCHEMA = { toplevel: { tag_size: "Uint8", kind: { kind: "Dynamic" }, cases: [] }, fields: [] } as const;

const SERVICE_KEYS = ["get_service", "post_service", "delete_service", "put_service", "patch_service"] as const;
const BODY_KEYS = ["input", "output", "error"] as const;

/**
 * The tree with a `binary_schema` in every body: a body known only by its JSON schema (a tree
 * built from an Octez OpenAPI document) gets {@link JSON_ONLY_BINARY_SCHEMA}. A node always
 * publishes both schemas (Octez's describe answer requires them), so this is what a node that
 * has no layout for a body answers: "no binary form", which readers of describe answers,
 * tezos-rpcgen's included, take as a JSON-only body. Copies only what changes.
 */
export function withBinarySchemas(node: DescribeNode): DescribeNode {
  if (!isStatic(node)) return node;
  let changed = false;
  const directory: Record<string, unknown> = { ...node.static };
  for (const key of SERVICE_KEYS) {
    const service = directory[key] as Record<string, unknown> | undefined;
    if (service === undefined) continue;
    const completed = { ...service };
    for (const slot of BODY_KEYS) {
      const body = service[slot] as Record<string, unknown> | undefined;
      if (body === undefined || body.binary_schema !== undefined) continue;
      completed[slot] = { ...body, binary_schema: JSON_ONLY_BINARY_SCHEMA };
      directory[key] = completed;
      changed = true;
    }
  }
  const subdirs = node.static.subdirs;
  if (subdirs !== undefined) {
    if ("suffixes" in subdirs) {
      const suffixes = subdirs.suffixes.map((s) => {
        const tree = withBinarySchemas(s.tree);
        return tree === s.tree ? s : { ...s, tree };
      });
      if (suffixes.some((s, i) => s !== subdirs.suffixes[i])) {
        directory.subdirs = { suffixes };
        changed = true;
      }
    } else {
      const tree = withBinarySchemas(subdirs.dynamic_dispatch.tree);
      if (tree !== subdirs.dynamic_dispatch.tree) {
        directory.subdirs = { dynamic_dispatch: { ...subdirs.dynamic_dispatch, tree } };
        changed = true;
      }
    }
  }
  return changed ? { ...node, static: directory } : node;
}
