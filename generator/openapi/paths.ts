/**
 * Path templates → describe path items. Octez writes a path argument as `{name}` with the
 * argument's describe name (`contract_id`, `block_id`, `Protocol_hash`, `int32`…) and puts its
 * description on the matching `in: path` parameter, so both come back unchanged.
 */
import { toPointer } from "../describe/errors.ts";
import { isObject, optionalString, type JsonObject } from "./document.ts";
import { OpenApiFormatError } from "./errors.ts";

/** A describe path item: a static name, or a single path argument. */
export type PathItem = string | { id: "single"; name: string; descr?: string };

/**
 * The items of `template` (`/context/contracts/{contract_id}/balance`); `parameters` are the
 * operation's parameters, giving each argument its description. `at` locates the path.
 */
export function pathItems(template: string, parameters: readonly JsonObject[], at: readonly (string | number)[]): PathItem[] {
  if (!template.startsWith("/")) throw new OpenApiFormatError(toPointer(at), `path ${JSON.stringify(template)} does not start with /`);
  const segments = template === "/" ? [] : template.slice(1).split("/");
  return segments.map((segment): PathItem => {
    const arg = /^\{([^{}]+)\}$/.exec(segment);
    if (arg === null) {
      if (segment === "" || /[{}]/.test(segment)) throw new OpenApiFormatError(toPointer(at), `path ${JSON.stringify(template)} has a segment ${JSON.stringify(segment)} that is neither a name nor {argument}`);
      return segment;
    }
    const name = arg[1]!;
    const parameter = parameters.find((p) => p["in"] === "path" && p["name"] === name);
    const descr = parameter === undefined ? undefined : optionalString(parameter, "description", at);
    return descr === undefined || descr === "" ? { id: "single", name } : { id: "single", name, descr };
  });
}

/** An operation's parameters (a missing list is an empty one). */
export function parametersOf(operation: JsonObject, at: readonly (string | number)[]): JsonObject[] {
  const list = operation["parameters"];
  if (list === undefined) return [];
  if (!Array.isArray(list)) throw new OpenApiFormatError(toPointer([...at, "parameters"]), "not an array");
  return list.map((p, i) => {
    if (!isObject(p) || typeof p["name"] !== "string" || typeof p["in"] !== "string") {
      throw new OpenApiFormatError(toPointer([...at, "parameters", i]), "a parameter needs a string name and in");
    }
    return p;
  });
}
