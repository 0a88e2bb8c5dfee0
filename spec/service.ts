/**
 * Service definitions and the describe tree, in the shape resto (Octez's RPC library) prints
 * for `GET /describe?recurse=yes`.
 *
 * - A service has a method, the path it was declared with (for services registered in the root
 *   directory, as the shell's are, the full path, path arguments as `{"id":"single",...}`), a
 *   description, query items, an optional input, an output and an error.
 * - The tree is a `static` node per directory; `suffixes` are sorted by name (resto keeps them
 *   in a string map); a path argument is a `dynamic_dispatch`; a directory built at request time
 *   (the block and mempool directories) is `{"dynamic": null}` because Octez registers them
 *   without a description.
 * - Service keys come in the order get, post, delete, put, patch, then `subdirs`.
 */
import { binarySchema, jsonSchema, type Encoding, type Json, type JsonSchemaOptions } from "./combinators/index.ts";

export type Method = "GET" | "POST" | "DELETE" | "PUT" | "PATCH";

/** A path or query argument type, as resto describes it (`name` is the type name). */
export interface Arg {
  readonly name: string;
  readonly descr?: string;
}

export type PathItem = string | { readonly arg: Arg; readonly multiple?: boolean };

export type QueryKind = "single" | "optional" | "multi" | "flag";
export interface QueryItem {
  readonly name: string;
  readonly description?: string;
  readonly kind: QueryKind;
  /** Argument type; absent for flags. */
  readonly arg?: Arg;
}

export interface Service {
  readonly meth: Method;
  /** The path the service was declared with, as `describe` prints it. */
  readonly path: readonly PathItem[];
  /**
   * Where the service sits in the tree, when it differs from `path`: services declared
   * relative to a directory that is mounted under a prefix (the chain services, mounted under
   * `/chains/<chain_id>`) keep their relative `path`.
   */
  readonly route?: readonly PathItem[];
  readonly description?: string;
  readonly query: readonly QueryItem[];
  readonly input?: Encoding;
  readonly output: Encoding;
  readonly error: Encoding;
}

/** A directory built at request time (`register_dynamic_directory`). */
export interface DynamicDir {
  readonly path: readonly PathItem[];
  readonly descr?: string;
}

// ---- query helpers ----
export const single = (name: string, arg: Arg, description?: string): QueryItem =>
  withDescription({ name, kind: "single", arg }, description);
export const optional = (name: string, arg: Arg, description?: string): QueryItem =>
  withDescription({ name, kind: "optional", arg }, description);
export const multi = (name: string, arg: Arg, description?: string): QueryItem =>
  withDescription({ name, kind: "multi", arg }, description);
export const flag = (name: string, description?: string): QueryItem => withDescription({ name, kind: "flag" }, description);

function withDescription(q: QueryItem, description?: string): QueryItem {
  return description === undefined ? q : { ...q, description };
}

// ---- tree ----
interface Dir {
  services: Map<Method, Service>;
  sub?: { kind: "suffixes"; map: Map<string, Node> } | { kind: "arg"; arg: Arg; tree: Node };
}
type Node = { kind: "static"; dir: Dir } | { kind: "dynamic"; descr?: string };

const newStatic = (): Node => ({ kind: "static", dir: { services: new Map() } });

function sameArg(a: Arg, b: Arg): boolean {
  return a.name === b.name && a.descr === b.descr;
}

function walk(root: Node, path: readonly PathItem[]): Node {
  let node = root;
  for (const item of path) {
    if (node.kind !== "static") throw new Error("cannot register below a dynamic directory");
    const dir = node.dir;
    if (typeof item === "string") {
      if (dir.sub === undefined) dir.sub = { kind: "suffixes", map: new Map() };
      if (dir.sub.kind !== "suffixes") throw new Error(`path conflict at ${item}`);
      let next = dir.sub.map.get(item);
      if (next === undefined) {
        next = newStatic();
        dir.sub.map.set(item, next);
      }
      node = next;
    } else if (item.multiple) {
      // A tail argument is transparent in descriptions: its services show on this node.
      continue;
    } else {
      if (dir.sub === undefined) dir.sub = { kind: "arg", arg: item.arg, tree: newStatic() };
      if (dir.sub.kind !== "arg" || !sameArg(dir.sub.arg, item.arg)) throw new Error(`path conflict at <${item.arg.name}>`);
      node = dir.sub.tree;
    }
  }
  return node;
}

export class Directory {
  private readonly root: Node = newStatic();

  register(s: Service): this {
    const node = walk(this.root, s.route ?? s.path);
    if (node.kind !== "static") throw new Error("service below a dynamic directory");
    if (node.dir.services.has(s.meth)) throw new Error(`duplicate ${s.meth} service at ${printPath(s.route ?? s.path)}`);
    node.dir.services.set(s.meth, s);
    return this;
  }

  registerDynamic(d: DynamicDir): this {
    const parentPath = d.path.slice(0, -1);
    const last = d.path[d.path.length - 1];
    if (last === undefined) throw new Error("dynamic directory at the root");
    const parent = walk(this.root, parentPath);
    if (parent.kind !== "static") throw new Error("dynamic directory below a dynamic directory");
    const node: Node = d.descr !== undefined ? { kind: "dynamic", descr: d.descr } : { kind: "dynamic" };
    if (typeof last === "string") {
      if (parent.dir.sub === undefined) parent.dir.sub = { kind: "suffixes", map: new Map() };
      if (parent.dir.sub.kind !== "suffixes" || parent.dir.sub.map.has(last)) throw new Error(`conflict at ${last}`);
      parent.dir.sub.map.set(last, node);
    } else {
      if (parent.dir.sub !== undefined) throw new Error(`conflict at <${last.arg.name}>`);
      parent.dir.sub = { kind: "arg", arg: last.arg, tree: node };
    }
    return this;
  }

  /** The answer to `GET /describe?recurse=yes`. */
  describe(options: JsonSchemaOptions = {}): Json {
    return describeNode(this.root, options);
  }
}

export function printPath(path: readonly PathItem[]): string {
  return "/" + path.map((p) => (typeof p === "string" ? p : `<${p.arg.name}>`)).join("/");
}

const SERVICE_KEYS: [Method, string][] = [
  ["GET", "get_service"],
  ["POST", "post_service"],
  ["DELETE", "delete_service"],
  ["PUT", "put_service"],
  ["PATCH", "patch_service"],
];

function describeNode(n: Node, o: JsonSchemaOptions): Json {
  if (n.kind === "dynamic") return { dynamic: n.descr ?? null };
  const out: { [k: string]: Json } = {};
  for (const [meth, key] of SERVICE_KEYS) {
    const s = n.dir.services.get(meth);
    if (s) out[key] = describeService(s, o);
  }
  const sub = n.dir.sub;
  if (sub?.kind === "suffixes") {
    const names = [...sub.map.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    out.subdirs = { suffixes: names.map((name) => ({ name, tree: describeNode(sub.map.get(name)!, o) })) };
  } else if (sub?.kind === "arg") {
    out.subdirs = { dynamic_dispatch: { arg: describeArg(sub.arg), tree: describeNode(sub.tree, o) } };
  }
  return { static: out };
}

function describeArg(a: Arg, id: "single" | "multiple" = "single"): Json {
  return a.descr !== undefined ? { id, name: a.name, descr: a.descr } : { id, name: a.name };
}

function describeQuery(q: QueryItem): Json {
  const out: { [k: string]: Json } = { name: q.name };
  if (q.description !== undefined) out.description = q.description;
  if (q.kind === "flag") out.kind = { flag: {} };
  else {
    if (q.arg === undefined) throw new Error(`query ${q.name} needs an argument type`);
    out.kind = { [q.kind]: describeArg(q.arg) };
  }
  return out;
}

export function schemas(e: Encoding, o: JsonSchemaOptions = {}): Json {
  return { json_schema: jsonSchema(e, o), binary_schema: binarySchema(e) };
}

export function describeService(s: Service, o: JsonSchemaOptions = {}): Json {
  const out: { [k: string]: Json } = {
    meth: s.meth,
    path: s.path.map((p) => (typeof p === "string" ? p : describeArg(p.arg, p.multiple ? "multiple" : "single"))),
  };
  if (s.description !== undefined) out.description = s.description;
  out.query = s.query.map(describeQuery);
  if (s.input !== undefined) out.input = schemas(s.input, o);
  out.output = schemas(s.output, o);
  out.error = schemas(s.error, o);
  return out;
}
