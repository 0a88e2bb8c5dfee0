/**
 * Query parameters → describe query items. Octez's converter keeps a parameter's name and
 * description, writes every value as a string, and says `required: true` for a `single`
 * argument (one that always has a value, its default when the caller leaves it out) and
 * `false` for `optional`, `flag` and `multi` ones, which OpenAPI cannot tell apart. So a
 * required parameter reads back as `single` and the others as `optional`, both of the type
 * {@link OPENAPI_QUERY_TYPE}: the generated function takes text, which the node parses as it
 * would from a URL, and `drift` knows not to report the type or the lost kind as a change.
 */
import { optionalString, type JsonObject } from "./document.ts";

/** The type name given to every query argument read from OpenAPI (it publishes none). */
export const OPENAPI_QUERY_TYPE = "openapi.string";

export interface QueryItem {
  name: string;
  description?: string;
  kind: { single: { id: "single"; name: string } } | { optional: { id: "single"; name: string } };
}

export function queryItems(parameters: readonly JsonObject[], at: readonly (string | number)[]): QueryItem[] {
  return parameters
    .filter((p) => p["in"] === "query")
    .map((p) => {
      const arg = { id: "single" as const, name: OPENAPI_QUERY_TYPE };
      const description = optionalString(p, "description", at);
      return {
        name: p["name"] as string,
        ...(description === undefined || description === "" ? {} : { description }),
        kind: p["required"] === true ? { single: arg } : { optional: arg },
      };
    });
}
