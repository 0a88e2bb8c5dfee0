/**
 * The normalised model of a `/describe` answer.
 *
 * The reader (`generator/describe/`) turns every format generation seen in real nodes into this
 * one shape: legacy spellings are rewritten (`"Float"` data kinds → `"Fixed"`, `max_length` →
 * an `at-most` limit), every zero-width form becomes a plain zero-width value, and each service
 * gets its full route computed from its position in the tree (the service's own `path` is only
 * relative to the directory that registered it).
 */

import type { JsonSchema } from "./json-schema.ts";
import type { BinarySchema } from "./binary-schema.ts";

export type HttpMethod = "GET" | "POST" | "DELETE" | "PUT" | "PATCH";

/** One segment of a route: a fixed name, or a path argument. */
export type RouteSegment =
  | { kind: "static"; name: string }
  | { kind: "arg"; name: string; description?: string; multiple: boolean };

/** How a query argument may appear on the wire. */
export type QueryKind = "single" | "optional" | "flag" | "multi";

export interface QueryParameter {
  name: string;
  description?: string;
  kind: QueryKind;
  /** Argument type name (`bool`, `int`, `peer_id`…); absent for flags. */
  type?: string;
  typeDescription?: string;
}

/** A body slot of a service: its JSON schema and binary schema as published. */
export interface BodySchema {
  json: JsonSchema;
  /**
   * Normalised binary schema (legacy spellings rewritten). Absent when the source gave none
   * (an Octez OpenAPI document publishes JSON schemas only): the body is then JSON-only.
   */
  binary?: BinarySchema;
}

export interface Service {
  method: HttpMethod;
  /** Full route from the root, built from the tree position. */
  route: RouteSegment[];
  /** `path` as the service declared it (relative; informative only). */
  declaredPath: RouteSegment[];
  description?: string;
  query: QueryParameter[];
  input?: BodySchema;
  output: BodySchema;
  error: BodySchema;
}

/** A directory the describe answer did not expand (`{"dynamic": …}`). */
export interface DynamicDirectory {
  route: RouteSegment[];
  description: string | null;
}

/** Everything read from one describe tree. */
export interface ServiceTree {
  services: Service[];
  dynamicDirectories: DynamicDirectory[];
}

/** Renders a route as `/chains/<chain_id>/blocks`. */
export function routeToString(route: readonly RouteSegment[]): string {
  if (route.length === 0) return "/";
  return route.map((s) => (s.kind === "static" ? `/${s.name}` : s.multiple ? `/<${s.name}>*` : `/<${s.name}>`)).join("");
}
