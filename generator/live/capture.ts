/**
 * Capturing a live node's interface into a `tezos-rpcgen-snapshot/1` document
 * (`generator/describe/snapshot.ts`).
 *
 * 1. `GET <url>/describe?recurse=yes`: the root tree, where dynamic directories appear as
 *    `{"dynamic": …}` (describe-format.md §3).
 * 2. Each dynamic directory whose path arguments all have a concrete value (by default
 *    `<chain_id>` → `options.chain`, `<block_id>` → `options.block`, which covers the block
 *    directory `/chains/<chain_id>/blocks/<block_id>` and the mempool `/chains/<chain_id>/mempool`)
 *    is described at that concrete prefix: `GET <url>/describe/chains/main/blocks/head?recurse=yes`.
 *    Others are left unexpanded and listed in `skipped`.
 * 3. `GET <url>/version`, best effort, for `source.node_version`.
 *
 * A dynamic directory the node answers 404 for is skipped as well (unless `strictExpansions`):
 * the snapshot then keeps it as `{"dynamic": …}`, which is what the node said about it.
 *
 * The document is `{format, source, root, expansions: [{prefix, tree}]}` in that key order, the
 * answers kept exactly as parsed (their key order is the node's). `source.captured_at` is the
 * capture time unless `capturedAt` says otherwise, and `source` can be replaced altogether, so
 * that a test (or a reproducible build) can recreate a committed snapshot byte for byte with
 * {@link serializeSnapshot}. `answer` is the root answer alone, for callers that store bare
 * describe answers (as `spec/snapshots/*.json` are) when nothing was expanded.
 *
 * A redirect to another origin is refused unless `followRedirects` is set; when one was
 * followed, the node is the URL the root answer finally came from: the later requests go there,
 * and `source.url` and `nodeUrl` name it.
 */
import { DescribeError } from "../describe/errors.ts";
import { readDescribeTree, type DescribedTree } from "../describe/read.ts";
import { SNAPSHOT_FORMAT, type RawRegisteredEncoding, type SnapshotSource } from "../describe/snapshot.ts";
import { routeToString, type RouteSegment } from "../model/describe-tree.ts";
import { LiveCaptureError } from "./errors.ts";
import { DEFAULT_TIMEOUT_MS, getJson, getJsonAt, joinUrl, type NodeRequestOptions } from "./http.ts";

/** A snapshot document as written by {@link captureSnapshot}. */
export interface SnapshotDocument {
  format: typeof SNAPSHOT_FORMAT;
  source?: SnapshotSource;
  root?: unknown;
  expansions?: SnapshotExpansion[];
  /** Registered encodings by codec id (`tezos-rpcgen assemble --layouts`, `tezos-rpcgen encodings`). */
  encodings?: RawRegisteredEncoding[];
  [comment: `_${string}`]: unknown;
}

export interface SnapshotExpansion {
  prefix: string[];
  route?: unknown[];
  protocol?: string;
  tree: unknown;
}

/** What a capture reports while it runs (for a progress line on a terminal). */
export type CaptureProgress =
  | { kind: "request"; url: string; what: string }
  | { kind: "retry"; url: string; attempt: number; delayMs: number; problem: string }
  | { kind: "skipped"; route: string; reason: string }
  | { kind: "done"; services: number; expansions: number };

export interface CaptureOptions extends Omit<NodeRequestOptions, "onRetry"> {
  /** Chain to describe dynamic directories at. Default `main`. */
  chain?: string;
  /** Block to describe the block directory at. Default `head`. */
  block?: string;
  /**
   * Concrete values of path arguments, by argument name; they override the defaults
   * `{chain_id: chain, block_id: block}`.
   */
  arguments?: Record<string, string>;
  onProgress?: (event: CaptureProgress) => void;
  /** `source.captured_at`: a time, an ISO string kept as is, or `null` to leave it out. Default: now. */
  capturedAt?: Date | string | null;
  /** Replaces the computed `source` entirely (`null`: no `source` key). */
  source?: SnapshotSource | null;
  /** Ask `GET /version` for `source.node_version`. Default true. */
  nodeVersion?: boolean;
  /** Describe the dynamic directories at a concrete prefix. Default true. */
  expand?: boolean;
  /** Fail (`not-found`) instead of skipping a dynamic directory the node answers 404 for. Default false. */
  strictExpansions?: boolean;
}

export interface CapturedSnapshot {
  document: SnapshotDocument;
  /** The answer to `GET /describe?recurse=yes`, as received. */
  answer: unknown;
  /** The document read back through `readDescribeTree` (proves it is consistent). */
  tree: DescribedTree;
  /** Dynamic directories left unexpanded, with the reason. */
  skipped: Array<{ route: string; reason: string }>;
  /** The node's URL after the redirects of the root request (as given when there were none). */
  nodeUrl: string;
}

/** The text of a snapshot file: 2-space JSON, keys in document order, one final newline. */
export function serializeSnapshot(document: SnapshotDocument | unknown): string {
  return JSON.stringify(document, null, 2) + "\n";
}

function invalid(source: string, url: string, error: unknown): never {
  if (error instanceof DescribeError) {
    throw new LiveCaptureError("invalid-describe", source, url, `${url} did not answer a usable describe tree: ${error.message}`, 200, { cause: error });
  }
  throw error;
}

/** The concrete path of a dynamic directory, or why there is none. */
function concretePrefix(route: readonly RouteSegment[], values: Record<string, string>): string[] | string {
  const prefix: string[] = [];
  for (const segment of route) {
    if (segment.kind === "static") prefix.push(segment.name);
    else if (segment.multiple) return `its path has a multi-segment argument <${segment.name}>`;
    else {
      const value = values[segment.name];
      if (value === undefined) return `no value for the path argument <${segment.name}>`;
      prefix.push(value);
    }
  }
  return prefix;
}

/** Captures the node at `nodeUrl` (see the module comment). Failures are {@link LiveCaptureError}s. */
export async function captureSnapshot(givenUrl: string, options: CaptureOptions = {}): Promise<CapturedSnapshot> {
  const progress = options.onProgress ?? (() => {});
  const request: NodeRequestOptions = { ...options, onRetry: (info) => progress({ kind: "retry", ...info }) };
  const values: Record<string, string> = { chain_id: options.chain ?? "main", block_id: options.block ?? "head", ...options.arguments };

  const ROOT_PATH = "/describe?recurse=yes";
  const asked = joinUrl(givenUrl, ROOT_PATH);
  progress({ kind: "request", url: asked, what: "root directory" });
  const { json: root, url: answered } = await getJsonAt(givenUrl, asked, request);
  // Redirected (within the origin, or elsewhere when allowed): the node is where the answer came from.
  const nodeUrl = answered === asked || !answered.endsWith(ROOT_PATH) ? givenUrl : answered.slice(0, -ROOT_PATH.length);
  const rootUrl = joinUrl(nodeUrl, ROOT_PATH);
  let rootTree: DescribedTree;
  try {
    rootTree = readDescribeTree(root);
  } catch (error) {
    invalid(nodeUrl, rootUrl, error);
  }

  const expansions: SnapshotExpansion[] = [];
  const skipped: Array<{ route: string; reason: string }> = [];
  for (const dir of options.expand === false ? [] : rootTree.dynamicDirectories) {
    const prefix = concretePrefix(dir.route, values);
    if (typeof prefix === "string") {
      skipped.push({ route: routeToString(dir.route), reason: prefix });
      progress({ kind: "skipped", route: routeToString(dir.route), reason: prefix });
      continue;
    }
    const url = joinUrl(nodeUrl, `/describe${prefix.map((s) => "/" + encodeURIComponent(s)).join("")}?recurse=yes`);
    progress({ kind: "request", url, what: `dynamic directory ${routeToString(dir.route)}` });
    let tree: unknown;
    try {
      tree = await getJson(nodeUrl, url, request);
    } catch (error) {
      if (options.strictExpansions || !(error instanceof LiveCaptureError) || error.reason !== "not-found") throw error;
      const reason = `the node answered 404 at /describe/${prefix.join("/")}`;
      skipped.push({ route: routeToString(dir.route), reason });
      progress({ kind: "skipped", route: routeToString(dir.route), reason });
      continue;
    }
    try {
      readDescribeTree(tree, { prefix: dir.route });
    } catch (error) {
      invalid(nodeUrl, url, error);
    }
    expansions.push({ prefix, tree });
  }

  const document: SnapshotDocument = { format: SNAPSHOT_FORMAT };
  const source = options.source !== undefined ? options.source : await computedSource(nodeUrl, options, progress);
  if (source !== null) document.source = source;
  document.root = root;
  document.expansions = expansions;

  let tree: DescribedTree;
  try {
    tree = readDescribeTree(document);
  } catch (error) {
    invalid(nodeUrl, rootUrl, error);
  }
  progress({ kind: "done", services: tree.services.length, expansions: expansions.length });
  return { document, answer: root, tree, skipped, nodeUrl };
}

async function computedSource(nodeUrl: string, options: CaptureOptions, progress: (event: CaptureProgress) => void): Promise<SnapshotSource> {
  const source: SnapshotSource = { url: nodeUrl };
  const at = options.capturedAt === undefined ? new Date() : options.capturedAt;
  if (at !== null) source.captured_at = typeof at === "string" ? at : at.toISOString().replace(/\.\d{3}Z$/, "Z");
  if (options.nodeVersion !== false) {
    const url = joinUrl(nodeUrl, "/version");
    progress({ kind: "request", url, what: "node version" });
    const version = await getJson(nodeUrl, url, { ...options, retries: 0, timeoutMs: Math.min(options.timeoutMs ?? DEFAULT_TIMEOUT_MS, 5_000) }).then(
      renderVersion,
      () => undefined,
    );
    if (version !== undefined) source.node_version = version;
  }
  return source;
}

/**
 * `GET /version` → `20.3`, `20.3+dev`, `21.0~rc1`, `21.0~beta2`; undefined when the answer
 * does not have Octez's `{"version": {"major", "minor", "additional_info"}}` shape.
 */
export function renderVersion(json: unknown): string | undefined {
  const version = (json as { version?: { major?: unknown; minor?: unknown; additional_info?: unknown } } | null)?.version;
  if (version === undefined || typeof version.major !== "number") return undefined;
  const base = `${version.major}.${typeof version.minor === "number" ? version.minor : 0}`;
  const info = version.additional_info;
  if (info === "dev") return `${base}+dev`;
  if (typeof info === "object" && info !== null) {
    const [kind, n] = Object.entries(info)[0] ?? [];
    if (kind !== undefined) return `${base}~${kind}${typeof n === "number" ? n : ""}`;
  }
  return base;
}

/** How `loadInterface` and `--spec URL` read a node. */
export interface NodeReadOptions {
  timeoutMs?: number;
  maxBytes?: number;
  /** Follow redirects to another origin (default false: refused). */
  followRedirects?: boolean;
}

/**
 * A node's whole interface, captured without a `source` (no time, version or URL in it: two
 * reads of one node give the same document and the same generated bytes).
 */
export function captureNode(url: string, options: NodeReadOptions = {}): Promise<CapturedSnapshot> {
  return captureSnapshot(url, {
    source: null,
    followRedirects: options.followRedirects ?? false,
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.maxBytes !== undefined ? { maxBytes: options.maxBytes } : {}),
  });
}
