/**
 * The part of OpenAPI 3 that Octez writes (`src/lib_openapi/` of Octez), and how a document is
 * told apart from a describe answer or a snapshot: by content, an object with `openapi` and
 * `paths`, never by file name.
 */
import { toPointer } from "../describe/errors.ts";
import { OpenApiFormatError } from "./errors.ts";

/** A JSON object as read from the document. */
export type JsonObject = Record<string, unknown>;

/** The methods Octez serves, in the order describe lists a directory's services. */
export const OPENAPI_METHODS = ["get", "post", "delete", "put", "patch"] as const;
export type OpenApiMethod = (typeof OPENAPI_METHODS)[number];

/** True for an OpenAPI document (`{"openapi": "3…", "paths": {…}}`), whatever else it holds. */
export function isOpenApiDocument(json: unknown): json is JsonObject & { openapi: string; paths: JsonObject } {
  return isObject(json) && typeof json["openapi"] === "string" && isObject(json["paths"]);
}

export function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The object at `key` of `parent`, or a typed error naming where it was expected. */
export function objectAt(parent: JsonObject, key: string, at: readonly (string | number)[]): JsonObject {
  const value = parent[key];
  if (!isObject(value)) throw new OpenApiFormatError(toPointer([...at, key]), value === undefined ? "missing object" : "not an object");
  return value;
}

/** The string at `key`, `undefined` when absent, a typed error when it is something else. */
export function optionalString(parent: JsonObject, key: string, at: readonly (string | number)[]): string | undefined {
  const value = parent[key];
  if (value === undefined) return undefined;
  if (typeof value !== "string") throw new OpenApiFormatError(toPointer([...at, key]), "not a string");
  return value;
}
