/**
 * An Octez OpenAPI document → the describe answer (`GET /describe?recurse=yes`) of the same
 * services. After this, the describe reader, the model, the reconciler and the emitters run
 * unchanged: an OpenAPI source is only another way to obtain a describe tree.
 *
 * Each operation becomes a service at the tree position of its path (`{arg}` segments become
 * `dynamic_dispatch` directories); its `requestBody`, `200` and `default` response schemas
 * become `input`, `output` and `error`. OpenAPI publishes no binary layout, so the bodies carry
 * a `json_schema` and no `binary_schema`: the model reads them as JSON-only
 * (`NO_BINARY_SCHEMA` in `generator/reconcile/codec-model.ts`), and a binary layout can be
 * attached to them later without changing anything else.
 */
import type { RawNode } from "../describe/raw.ts";
import { toPointer } from "../describe/errors.ts";
import { isObject, objectAt, optionalString, OPENAPI_METHODS, type JsonObject } from "./document.ts";
import { OpenApiFormatError } from "./errors.ts";
import { pathItems, parametersOf, type PathItem } from "./paths.ts";
import { queryItems } from "./query.ts";
import { SchemaConverter } from "./schemas.ts";

/** A directory being built: its services by describe slot, fixed sub-directories, argument child. */
interface Directory {
  services: Map<string, JsonObject>;
  names: Map<string, Directory>;
  arg?: { item: Exclude<PathItem, string>; tree: Directory };
}

const newDirectory = (): Directory => ({ services: new Map(), names: new Map() });

/** Converts a whole OpenAPI document (see {@link isOpenApiDocument}) into a describe answer. */
export function openApiToDescribe(document: JsonObject): RawNode {
  const paths = objectAt(document, "paths", []);
  const components = isObject(document["components"]) && isObject(document["components"]["schemas"]) ? document["components"]["schemas"] : {};
  const schemas = new SchemaConverter(components);
  const root = newDirectory();
  for (const [template, item] of Object.entries(paths)) {
    const at = ["paths", template];
    if (!isObject(item)) throw new OpenApiFormatError(toPointer(at), "a path item must be an object");
    for (const key of Object.keys(item)) {
      if (!(OPENAPI_METHODS as readonly string[]).includes(key) && key !== "parameters" && key !== "description" && key !== "summary") {
        throw new OpenApiFormatError(toPointer([...at, key]), `method ${JSON.stringify(key)} is not one Octez serves (${OPENAPI_METHODS.join(", ")})`);
      }
    }
    for (const method of OPENAPI_METHODS) {
      const operation = item[method];
      if (operation === undefined) continue;
      const here = [...at, method];
      if (!isObject(operation)) throw new OpenApiFormatError(toPointer(here), "an operation must be an object");
      const parameters = parametersOf(operation, here);
      const path = pathItems(template, parameters, at);
      directoryAt(root, path, at).services.set(`${method}_service`, service(method, path, operation, parameters, schemas, here));
    }
  }
  return node(root);
}

function directoryAt(root: Directory, path: readonly PathItem[], at: readonly (string | number)[]): Directory {
  let directory = root;
  for (const item of path) {
    if (typeof item === "string") {
      if (directory.arg !== undefined) throw conflict(at, `/${item}`, directory.arg.item.name);
      let next = directory.names.get(item);
      if (next === undefined) directory.names.set(item, (next = newDirectory()));
      directory = next;
    } else {
      if (directory.names.size > 0) throw conflict(at, `{${item.name}}`, [...directory.names.keys()].join(", "));
      if (directory.arg === undefined) directory.arg = { item, tree: newDirectory() };
      else if (directory.arg.item.name !== item.name) {
        throw new OpenApiFormatError(toPointer(at), `argument {${item.name}} where another path has {${directory.arg.item.name}}: a directory takes one argument`);
      }
      directory = directory.arg.tree;
    }
  }
  return directory;
}

/** A directory has fixed names or one argument, never both (as in Octez's RPC directories). */
function conflict(at: readonly (string | number)[], segment: string, other: string): OpenApiFormatError {
  return new OpenApiFormatError(toPointer(at), `segment ${segment} sits where other paths have ${other}: a directory has fixed names or one argument, not both`);
}

function service(method: string, path: PathItem[], operation: JsonObject, parameters: JsonObject[], schemas: SchemaConverter, at: readonly (string | number)[]): JsonObject {
  const description = optionalString(operation, "description", at);
  const responses = objectAt(operation, "responses", at);
  const out: JsonObject = {
    meth: method.toUpperCase(),
    path,
    ...(description === undefined || description === "" ? {} : { description }),
    query: queryItems(parameters, at),
  };
  const requestBody = operation["requestBody"];
  if (requestBody !== undefined) {
    if (!isObject(requestBody)) throw new OpenApiFormatError(toPointer([...at, "requestBody"]), "not an object");
    out["input"] = body(requestBody, [...at, "requestBody"], schemas);
  }
  const ok = responses["200"];
  if (!isObject(ok)) throw new OpenApiFormatError(toPointer([...at, "responses", "200"]), "missing the 200 response, whose schema is the service's output");
  out["output"] = body(ok, [...at, "responses", "200"], schemas);
  const error = responses["default"];
  // Octez always publishes the error trace as `default`; without one, any JSON is an error.
  out["error"] = isObject(error) ? body(error, [...at, "responses", "default"], schemas) : { json_schema: schemas.body({}, at) };
  return out;
}

/** A request body or response: its `application/json` schema, and no binary schema (see above). */
function body(holder: JsonObject, at: readonly (string | number)[], schemas: SchemaConverter): JsonObject {
  const content = holder["content"];
  // A response with no content (an empty answer) is the empty JSON value Octez describes as unit.
  if (content === undefined) return { json_schema: schemas.body({}, at) };
  if (!isObject(content)) throw new OpenApiFormatError(toPointer([...at, "content"]), "not an object");
  const json = content["application/json"];
  if (!isObject(json)) throw new OpenApiFormatError(toPointer([...at, "content"]), "no application/json content");
  return { json_schema: schemas.body(json["schema"] ?? {}, [...at, "content", "application/json", "schema"]) };
}

function node(directory: Directory): RawNode {
  const content: JsonObject = {};
  for (const method of OPENAPI_METHODS) {
    const s = directory.services.get(`${method}_service`);
    if (s !== undefined) content[`${method}_service`] = s;
  }
  if (directory.arg !== undefined) {
    content["subdirs"] = { dynamic_dispatch: { arg: directory.arg.item, tree: node(directory.arg.tree) } };
  } else if (directory.names.size > 0) {
    // Sorted by name, as a node keeps them.
    const names = [...directory.names.keys()].sort();
    content["subdirs"] = { suffixes: names.map((name) => ({ name, tree: node(directory.names.get(name)!) })) };
  }
  return { static: content } as RawNode;
}
