/**
 * A small HTTP server for tests that answers `/describe` the way an Octez node does, from a
 * `tezos-rpcgen-snapshot/1` document or a bare describe answer (octez-http.md §6,
 * describe-format.md §1–3):
 *
 * - `GET /describe?recurse=yes`: the root tree, dynamic directories left as `{"dynamic": …}`;
 * - `GET /describe/<path>?recurse=…`: the directory at that path, found by walking static
 *   `suffixes` and consuming one segment per `dynamic_dispatch`; a path that reaches a dynamic
 *   directory continues inside the snapshot's expansion for that directory (matched by route,
 *   so `/describe/chains/main/mempool` and `/describe/chains/NetXdQprcVkpaWU/mempool` both work);
 * - `recurse`: `""`, `true`, `t`, `yes`, `y` / `false`, `f`, `no`, `n`, case-insensitive;
 *   default false; another value or a repeated argument → 400 `text/plain`;
 * - not recursive: the directory's own services only, 404 when it has none;
 * - unknown path (or a dynamic directory without expansion): 404 with an empty body;
 * - `GET /version`: the `version` option's JSON, else 404.
 *
 * Failure modes for tests: `status: 401` (or 403) answers every request with that status and an
 * empty body, as a node's ACL does; `hang: true` accepts requests and never answers;
 * `failFirst: n` answers the first n requests with 503. Listens on 127.0.0.1, port 0.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { listenOnLoopback } from "./loopback.ts";
import { readFileSync } from "node:fs";

type Json = unknown;
type Node = "empty" | { dynamic: string | null } | { static: Record<string, Json> & { subdirs?: Subdirs } };
type Subdirs = { suffixes: Array<{ name: string; tree: Node }> } | { dynamic_dispatch: { arg: Json; tree: Node } };
type PathItem = string | { id: string; name: string };

interface Expansion {
  prefix: string[];
  route?: PathItem[];
  tree: Node;
}

export interface DescribeServerOptions {
  /** A parsed snapshot document or describe answer. */
  document?: Json;
  /** Or a file to read it from. */
  file?: string;
  /** Answer every request with this status and an empty body (an ACL refusal). */
  status?: 401 | 403;
  /** Accept requests and never answer them. */
  hang?: boolean;
  /** Answer the first n requests with 503. */
  failFirst?: number;
  /** JSON answered to `GET /version`. */
  version?: Json;
}

export interface DescribeServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** Every request received, as `METHOD /path?query`. */
  requests: string[];
  close(): Promise<void>;
}

const TRUE = new Set(["", "true", "t", "yes", "y"]);
const FALSE = new Set(["false", "f", "no", "n"]);

function isSnapshot(json: Json): json is { root?: Node; expansions?: Expansion[] } {
  return typeof json === "object" && json !== null && !Array.isArray(json) && "format" in json;
}

interface Position {
  node: Node;
  /** Static names and argument markers walked so far (for matching expansions). */
  shape: Array<string | null>;
  /** Concrete segments walked so far. */
  concrete: string[];
}

/** Matches an expansion to the dynamic directory reached at `pos`. */
function expansionAt(expansions: readonly Expansion[], pos: Position): Expansion | undefined {
  return expansions.find((e) => {
    if (e.route !== undefined) {
      return e.route.length === pos.shape.length && e.route.every((item, i) => (typeof item === "string" ? item === pos.shape[i] : pos.shape[i] === null));
    }
    // Without a route: the prefix's static parts must match, arguments match any value.
    return e.prefix.length === pos.shape.length && e.prefix.every((seg, i) => pos.shape[i] === null || pos.shape[i] === seg);
  });
}

/** Walks `segments` from the root; undefined when the path does not exist. */
function locate(root: Node, expansions: readonly Expansion[], segments: readonly string[]): Node | undefined {
  const pos: Position = { node: root, shape: [], concrete: [] };
  let i = 0;
  for (;;) {
    const node = pos.node;
    if (node !== "empty" && "dynamic" in node) {
      const expansion = expansionAt(expansions, pos);
      if (expansion === undefined) return undefined;
      pos.node = expansion.tree;
      continue;
    }
    if (i === segments.length) return node;
    if (node === "empty") return undefined;
    const subdirs = node.static.subdirs;
    if (subdirs === undefined) return undefined;
    const segment = segments[i] as string;
    if ("suffixes" in subdirs) {
      const next = subdirs.suffixes.find((s) => s.name === segment);
      if (next === undefined) return undefined;
      pos.shape.push(segment);
      pos.node = next.tree;
    } else {
      pos.shape.push(null);
      pos.node = subdirs.dynamic_dispatch.tree;
    }
    pos.concrete.push(segment);
    i++;
  }
}

/** The directory's own services, without sub-directories; undefined when it has none. */
function shallow(node: Node): Node | undefined {
  if (node === "empty" || "dynamic" in node) return undefined;
  const { subdirs: _subdirs, ...services } = node.static;
  return Object.keys(services).length === 0 ? undefined : { static: services };
}

function send(res: ServerResponse, status: number, body = "", type?: string): void {
  const headers: Record<string, string | number> = { "content-length": Buffer.byteLength(body) };
  if (type !== undefined) headers["content-type"] = type;
  res.writeHead(status, headers);
  res.end(body);
}

export async function startDescribeServer(options: DescribeServerOptions = {}): Promise<DescribeServer> {
  const document = options.document ?? (options.file === undefined ? undefined : (JSON.parse(readFileSync(options.file, "utf8")) as Json));
  let root: Node = "empty";
  let expansions: Expansion[] = [];
  if (isSnapshot(document)) {
    root = document.root ?? "empty";
    expansions = document.expansions ?? [];
  } else if (document !== undefined) {
    root = document as Node;
  }
  const requests: string[] = [];
  let failures = options.failFirst ?? 0;

  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    requests.push(`${req.method} ${req.url}`);
    if (options.hang) return;
    if (options.status !== undefined) return send(res, options.status);
    if (failures > 0) {
      failures--;
      return send(res, 503, "busy", "text/plain");
    }
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    // Split before decoding, drop empty segments (octez-http.md §8).
    const raw = (req.url ?? "/").split("?")[0] ?? "/";
    let segments: string[];
    try {
      segments = raw.split("/").filter((s) => s !== "").map((s) => decodeURIComponent(s));
    } catch {
      return send(res, 404);
    }
    if (req.method !== "GET") {
      res.setHeader("allow", "GET");
      return send(res, 405);
    }
    if (segments.length === 1 && segments[0] === "version" && options.version !== undefined) {
      return send(res, 200, JSON.stringify(options.version) + "\n", "application/json");
    }
    if (segments[0] !== "describe") return send(res, 404);
    const values = url.searchParams.getAll("recurse");
    if (values.length > 1) return send(res, 400, "Failed to parse the query string: Duplicate argument 'recurse' in query string.", "text/plain");
    const value = (values[0] ?? "false").toLowerCase();
    if (!TRUE.has(value) && !FALSE.has(value)) {
      return send(res, 400, `Failed to parse the query string: Failed to parse argument 'recurse' (${JSON.stringify(values[0])}): expected a boolean`, "text/plain");
    }
    const node = locate(root, expansions, segments.slice(1));
    const answer = node === undefined ? undefined : TRUE.has(value) ? node : shallow(node);
    if (answer === undefined) return send(res, 404);
    send(res, 200, JSON.stringify(answer) + "\n", "application/json");
  };

  const server = createServer(handle);
  return { ...(await listenOnLoopback(server)), requests };
}
