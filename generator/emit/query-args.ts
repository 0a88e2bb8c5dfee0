/**
 * TypeScript forms of query argument values. Describe only names an argument's type (`bool`,
 * `int`, `peer_id`…); the names below are the ones with a non-text form, everything else is
 * passed as the text the node parses.
 */

import type { QueryValueType } from "@tezos-rpcgen/runtime";

const NUMBER_ARGUMENTS = new Set(["int", "int8", "int16", "int31", "int32", "uint", "uint8", "uint16", "uint30", "uint31", "float", "level", "cycle"]);
const BOOLEAN_ARGUMENTS = new Set(["bool", "boolean"]);

/** The value form of a query argument of type `type` (`undefined` for flags, which are booleans). */
export function queryValueType(type: string | undefined): QueryValueType {
  if (type === undefined || BOOLEAN_ARGUMENTS.has(type)) return "boolean";
  return NUMBER_ARGUMENTS.has(type) ? "number" : "string";
}
