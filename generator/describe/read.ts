/**
 * `readDescribeTree`: the entry point from describe JSON to the model's {@link ServiceTree}.
 */
import type { RouteSegment, ServiceTree } from "../model/describe-tree.ts";
import { routeToString } from "../model/describe-tree.ts";
import { DescribeFormatError } from "./errors.ts";
import type { DescribeWarning } from "./binary-schema.ts";
import type { RawNode } from "./raw.ts";
import { isSnapshotDocument, readSnapshotInto, type GraftedExpansion, type SnapshotSource } from "./snapshot.ts";
import { argSegment, walkTree, type TreeSink } from "./tree.ts";
import { validateDescribeAnswer } from "./validate.ts";
import { isOpenApiDocument, openApiToDescribe } from "../openapi/index.ts";

export interface ReadDescribeOptions {
  /**
   * Where a bare describe answer was captured, for answers to `GET /describe/<prefix>`: the
   * routes of its services start with these segments. A string is a static segment. Default:
   * the root. Not allowed with a snapshot document, whose parts carry their own routes.
   */
  prefix?: ReadonlyArray<PrefixSegment>;
}

/** A static name, a model route segment, or a describe path argument `{id, name, descr?}`. */
export type PrefixSegment = string | RouteSegment | { id: "single" | "multiple"; name: string; descr?: string };

function prefixSegment(segment: PrefixSegment): RouteSegment {
  if (typeof segment === "string") return { kind: "static", name: segment };
  if ("id" in segment) return argSegment(segment);
  return { ...segment };
}

/** The model's tree plus what a snapshot document adds. */
export interface DescribedTree extends ServiceTree {
  /** Dynamic subtrees grafted from a snapshot's expansions (empty for a bare answer). */
  expansions: GraftedExpansion[];
  /** The snapshot's `source`, when it had one. */
  source?: SnapshotSource;
  /** Non-fatal findings, such as binary `Ref`s to missing definitions (see `binary-schema.ts`). */
  warnings: DescribeWarning[];
}

/**
 * Reads a describe answer (`GET /describe?recurse=yes`, or a subtree captured at
 * `options.prefix`), an Octez OpenAPI document (converted by `generator/openapi/`, its bodies
 * JSON-only; `options.prefix` places a protocol's or mempool's paths) or a
 * `tezos-rpcgen-snapshot/1` document (see `snapshot.ts`), validates it
 * and normalises it. Throws {@link DescribeFormatError} (with a JSON pointer) on malformed
 * input and `DescribeSnapshotError` when a snapshot's parts do not fit together.
 *
 * Services come in tree order (suffixes as published, methods GET, POST, DELETE, PUT, PATCH
 * within a directory; a snapshot's root first, then each expansion).
 */
export function readDescribeTree(json: unknown, options: ReadDescribeOptions = {}): DescribedTree {
  const sink: TreeSink = { services: [], dynamicDirectories: [], warnings: [] };
  if (isSnapshotDocument(json)) {
    if (options.prefix !== undefined && options.prefix.length > 0) {
      throw new DescribeFormatError("", "the prefix option applies to a bare describe answer, not to a snapshot document");
    }
    const { expansions, source } = readSnapshotInto(json, sink);
    checkUniqueServices(sink);
    return source === undefined ? { ...sink, expansions } : { ...sink, expansions, source };
  }
  // An Octez OpenAPI document is another way to publish the same services (JSON schemas only):
  // it becomes the describe answer it stands for, and everything below reads that.
  if (isOpenApiDocument(json)) json = openApiToDescribe(json);
  validateDescribeAnswer(json);
  const prefix = (options.prefix ?? []).map(prefixSegment);
  walkTree(json as RawNode, prefix, "", sink);
  checkUniqueServices(sink);
  return { ...sink, expansions: [] };
}

/** Two services with the same method on the same route cannot both be served. */
function checkUniqueServices(tree: TreeSink): void {
  const seen = new Set<string>();
  for (const service of tree.services) {
    const key = `${service.method} ${routeToString(service.route)}`;
    if (seen.has(key)) throw new DescribeFormatError("", `two services for ${key}`);
    seen.add(key);
  }
}
