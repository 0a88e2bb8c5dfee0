/**
 * Walks a validated describe answer and builds the model's services and dynamic directories.
 *
 * Routes come from the position in the tree (describe-format.md §4.2): the chain of
 * `suffixes` names and `dynamic_dispatch` arguments from where the answer was captured. A
 * service's own `path` is only relative to the directory that registered it and is kept as
 * `declaredPath`. One exception needs `path`: resto describes a dynamic *tail* directory
 * (`<arg>*`, which takes all remaining segments) in place, with no trace in the tree, so when
 * the declared path ends with a `multiple` argument the route gets that tail appended.
 */
import type {
  BodySchema,
  DynamicDirectory,
  HttpMethod,
  QueryParameter,
  RouteSegment,
  Service,
} from "../model/describe-tree.ts";
import type { JsonSchema } from "../model/json-schema.ts";
import { normaliseBinarySchema, type DescribeWarning } from "./binary-schema.ts";
import { DescribeFormatError } from "./errors.ts";
import { rawString, type RawArg, type RawBody, type RawNode, type RawPathItem, type RawQueryItem, type RawService } from "./raw.ts";

/** Where the walk puts what it finds. */
export interface TreeSink {
  services: Service[];
  dynamicDirectories: DynamicDirectory[];
  warnings: DescribeWarning[];
}

const SLOTS: ReadonlyArray<[key: "get_service" | "post_service" | "delete_service" | "put_service" | "patch_service", method: HttpMethod]> = [
  ["get_service", "GET"],
  ["post_service", "POST"],
  ["delete_service", "DELETE"],
  ["put_service", "PUT"],
  ["patch_service", "PATCH"],
];

/** Adds everything under `node` (captured at `route`) to `sink`; `pointer` locates `node`. */
export function walkTree(node: RawNode, route: readonly RouteSegment[], pointer: string, sink: TreeSink): void {
  if (node === "empty") return;
  if ("dynamic" in node) {
    sink.dynamicDirectories.push({ route: [...route], description: node.dynamic });
    return;
  }
  const dir = node.static;
  for (const [key, method] of SLOTS) {
    const raw = dir[key];
    if (raw !== undefined) sink.services.push(readService(raw, method, route, `${pointer}/static/${key}`, sink));
  }
  const subdirs = dir.subdirs;
  if (subdirs === undefined) return;
  if ("suffixes" in subdirs) {
    const seen = new Set<string>();
    subdirs.suffixes.forEach((suffix, i) => {
      const at = `${pointer}/static/subdirs/suffixes/${i}`;
      const name = rawString(suffix.name);
      if (seen.has(name)) throw new DescribeFormatError(`${at}/name`, `duplicate sub-directory ${JSON.stringify(name)}`);
      if (name === "" || name.includes("/")) {
        throw new DescribeFormatError(`${at}/name`, `sub-directory name ${JSON.stringify(name)} is not a path segment`);
      }
      seen.add(name);
      walkTree(suffix.tree, [...route, { kind: "static", name }], `${at}/tree`, sink);
    });
  } else {
    const { arg, tree } = subdirs.dynamic_dispatch;
    walkTree(tree, [...route, argSegment(arg)], `${pointer}/static/subdirs/dynamic_dispatch/tree`, sink);
  }
}

export function argSegment(arg: RawArg): RouteSegment {
  const segment: RouteSegment = { kind: "arg", name: rawString(arg.name), multiple: arg.id === "multiple" };
  if (arg.descr !== undefined) segment.description = rawString(arg.descr);
  return segment;
}

export function pathItemSegment(item: RawPathItem): RouteSegment {
  if (typeof item === "string" || "invalid_utf8_string" in item) return { kind: "static", name: rawString(item) };
  return argSegment(item);
}

function readService(raw: RawService, method: HttpMethod, route: readonly RouteSegment[], at: string, sink: TreeSink): Service {
  if (raw.meth !== method) {
    throw new DescribeFormatError(`${at}/meth`, `service in the ${method} slot says ${JSON.stringify(raw.meth)}`);
  }
  const declaredPath = raw.path.map(pathItemSegment);
  const service: Service = {
    method,
    route: withDynamicTail(route, declaredPath),
    declaredPath,
    ...(raw.description === undefined ? {} : { description: rawString(raw.description) }),
    query: raw.query.map(readQueryItem),
    ...(raw.input === undefined ? {} : { input: readBody(raw.input, `${at}/input`, sink) }),
    output: readBody(raw.output, `${at}/output`, sink),
    error: readBody(raw.error, `${at}/error`, sink),
  };
  return service;
}

/** Appends the declared `<arg>*` tail that resto leaves out of the tree (see module comment). */
function withDynamicTail(route: readonly RouteSegment[], declared: readonly RouteSegment[]): RouteSegment[] {
  const last = declared[declared.length - 1];
  if (last === undefined || last.kind !== "arg" || !last.multiple) return [...route];
  const end = route[route.length - 1];
  if (end !== undefined && end.kind === "arg" && end.multiple && end.name === last.name) return [...route];
  return [...route, { ...last }];
}

function readQueryItem(raw: RawQueryItem): QueryParameter {
  const out: QueryParameter = { name: rawString(raw.name), kind: "flag" };
  if (raw.description !== undefined) out.description = rawString(raw.description);
  const kind = raw.kind;
  let arg: RawArg | undefined;
  if ("single" in kind) [out.kind, arg] = ["single", kind.single];
  else if ("optional" in kind) [out.kind, arg] = ["optional", kind.optional];
  else if ("multi" in kind) [out.kind, arg] = ["multi", kind.multi];
  if (arg !== undefined) {
    out.type = rawString(arg.name);
    if (arg.descr !== undefined) out.typeDescription = rawString(arg.descr);
  }
  return out;
}

function readBody(raw: RawBody, at: string, sink: TreeSink): BodySchema {
  const json = raw.json_schema as JsonSchema;
  if (raw.binary_schema === undefined) return { json };
  return { json, binary: normaliseBinarySchema(raw.binary_schema, `${at}/binary_schema`, sink.warnings) };
}
