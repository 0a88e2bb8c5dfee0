/**
 * Route matching. The route tables of a server (the root interface and the interfaces mounted
 * under dynamic directories) are compiled into one directory tree, walked one path segment at a
 * time as resto walks its directories: a static name, else the directory's one argument, whose
 * parser must accept the segment (else 400, octez-http.md §8), else a rest-of-path argument
 * that takes every remaining segment.
 */
import type { AnyRouteDescriptor, HttpMethod, RouteSegmentDescriptor } from "../rpc/route.ts";
import { argParser, isArgProblem, type ArgParser } from "./arg-types.ts";
import { RpcServerSetupError } from "./errors.ts";
import type { BinaryBodies } from "../client/options.ts";

/** A route with what serves it: the handler object of its interface. */
export interface RouteEntry {
  readonly route: AnyRouteDescriptor;
  /** The handler object whose method `route.operation` serves the route. */
  readonly handlers: object;
  /** Binary codecs of the route's interface; without them the route speaks JSON only. */
  readonly binary?: BinaryBodies;
  /** For each argument met on the way (prefix first), its key in the handler's `path`. */
  readonly keys: readonly string[];
  /** Key of the rest-of-path argument, when the route ends with one. */
  readonly restKey?: string;
}

/** One directory of the compiled tree. */
export interface Directory {
  readonly statics: Map<string, Directory>;
  /** The directory's path argument: its type name and the directory it leads to. */
  arg?: { readonly name: string; readonly next: Directory };
  /** Services taking the rest of the path from here (a dynamic tail). */
  rest?: { readonly name: string; readonly services: Map<HttpMethod, RouteEntry> };
  readonly services: Map<HttpMethod, RouteEntry>;
}

/** A path that leads to a directory: its services and the arguments met on the way. */
export interface Found {
  readonly kind: "found";
  readonly services: ReadonlyMap<HttpMethod, RouteEntry>;
  /** Parsed values of the single-segment arguments, in path order. */
  readonly args: readonly (string | number | boolean)[];
  /** The segments taken by a rest-of-path argument (only when `services` come from one). */
  readonly rest?: readonly string[];
}

/** A path argument that does not parse: `context` is the path up to and including it. */
export interface BadArgument {
  readonly kind: "bad-argument";
  readonly context: readonly string[];
  readonly argName: string;
  readonly problem: string;
}

export type Lookup = Found | BadArgument | { readonly kind: "not-found" };

export function emptyDirectory(): Directory {
  return { statics: new Map(), services: new Map() };
}

/** Segments of a mount prefix given as text: `/chains/{chain_id}/blocks/{block_id}`. */
export function parsePrefix(prefix: string): RouteSegmentDescriptor[] {
  return prefix
    .split("/")
    .filter((s) => s !== "")
    .map((s) => {
      const m = /^\{([a-z_0-9]+)\}$/i.exec(s) ?? /^<([a-z_0-9]+)>$/i.exec(s);
      return m === null ? { kind: "static" as const, name: s } : { kind: "arg" as const, name: m[1]!, key: m[1]!, multiple: false };
    });
}

function sameShape(a: readonly RouteSegmentDescriptor[], b: readonly RouteSegmentDescriptor[]): boolean {
  return a.every((seg, i) => {
    const other = b[i];
    if (other === undefined || other.kind !== seg.kind) return false;
    return other.kind === "static" ? other.name === seg.name : other.name === seg.name && !other.multiple;
  });
}

/**
 * Adds the routes of one interface, under `prefix` (empty for the root interface). A route whose
 * path already starts with the prefix is taken as it is; otherwise the prefix is put before it.
 */
export function addRoutes(root: Directory, prefix: readonly RouteSegmentDescriptor[], routes: readonly AnyRouteDescriptor[], handlers: object, binary?: BinaryBodies): void {
  for (const route of routes) {
    const full = prefix.length > 0 && route.path.length >= prefix.length && sameShape(prefix, route.path) ? route.path : [...prefix, ...route.path];
    let dir = root;
    const keys: string[] = [];
    let restKey: string | undefined;
    let restName: string | undefined;
    full.forEach((segment, i) => {
      if (restKey !== undefined) throw new RpcServerSetupError(`${route.operation}: a rest-of-path argument must end the path`);
      if (segment.kind === "static") {
        let next = dir.statics.get(segment.name);
        if (next === undefined) dir.statics.set(segment.name, (next = emptyDirectory()));
        dir = next;
      } else if (segment.multiple) {
        restKey = segment.key;
        restName = segment.name;
      } else {
        if (dir.arg === undefined) dir.arg = { name: segment.name, next: emptyDirectory() };
        else if (dir.arg.name !== segment.name) {
          throw new RpcServerSetupError(`${route.operation}: argument ${segment.name} at position ${i} where another route has ${dir.arg.name}`);
        }
        keys.push(segment.key);
        dir = dir.arg.next;
      }
    });
    let services = dir.services;
    if (restKey !== undefined) {
      if (dir.rest === undefined) dir.rest = { name: restName!, services: new Map() };
      services = dir.rest.services;
    }
    if (services.has(route.method)) throw new RpcServerSetupError(`${route.operation}: ${route.method} ${describePath(full)} is served twice`);
    const entry: RouteEntry = { route, handlers, keys, ...(restKey === undefined ? {} : { restKey }), ...(binary === undefined ? {} : { binary }) };
    services.set(route.method, entry);
  }
}

function describePath(path: readonly RouteSegmentDescriptor[]): string {
  return "/" + path.map((s) => (s.kind === "static" ? s.name : `<${s.name}${s.multiple ? "..." : ""}>`)).join("/");
}

/** Walks `segments` (already percent-decoded) from `root`. */
export function lookup(root: Directory, segments: readonly string[], parsers: Readonly<Record<string, ArgParser>>): Lookup {
  let dir = root;
  const args: (string | number | boolean)[] = [];
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    const next = dir.statics.get(segment);
    if (next !== undefined) {
      dir = next;
      continue;
    }
    if (dir.arg !== undefined) {
      const parsed = argParser(parsers, dir.arg.name)(segment);
      if (isArgProblem(parsed)) return { kind: "bad-argument", context: segments.slice(0, i + 1), argName: dir.arg.name, problem: parsed.problem };
      // A path argument reaches the handler as text, as the generated request types say
      // (`path: { int: string }`): a parser that reads a number or a boolean (`int`, `uint`,
      // `bool`, shared with query values, which are typed by value) only decides acceptance here.
      args.push(typeof parsed === "string" ? parsed : segment);
      dir = dir.arg.next;
      continue;
    }
    if (dir.rest !== undefined) return { kind: "found", services: dir.rest.services, args, rest: segments.slice(i) };
    return { kind: "not-found" };
  }
  if (dir.rest !== undefined) {
    // The directory's own services win over a dynamic tail given no segment.
    const services = new Map(dir.rest.services);
    for (const [method, entry] of dir.services) services.set(method, entry);
    return { kind: "found", services, args, rest: [] };
  }
  if (dir.services.size === 0) return { kind: "not-found" };
  return { kind: "found", services: dir.services, args };
}
