/**
 * Query strings, parsed for one route as a node parses them (octez-http.md §7): undeclared keys
 * are ignored, a `single`, `optional` or `flag` argument given twice is refused, values go
 * through the parser of their type, `multi` arguments collect repeated keys. The result is the
 * handler's `query` object: numbers and booleans typed as the route descriptor says.
 */
import type { QueryParameterDescriptor } from "../rpc/route.ts";
import { argParser, isArgProblem, type ArgParser } from "./arg-types.ts";

/** A parsed query, or the text of the 400 answer. */
export type QueryResult = { readonly ok: true; readonly query: Record<string, unknown> } | { readonly ok: false; readonly message: string };

/** The raw `key → values` pairs of a query string (percent-decoded), in order of appearance. */
export function queryPairs(raw: string): Map<string, string[]> {
  const pairs = new Map<string, string[]>();
  if (raw === "") return pairs;
  for (const [key, value] of new URLSearchParams(raw)) {
    const values = pairs.get(key);
    if (values === undefined) pairs.set(key, [value]);
    else values.push(value);
  }
  return pairs;
}

const fail = (details: string): QueryResult => ({ ok: false, message: `Failed to parse the query string: ${details}` });

/**
 * Parses `raw` for `params`. Absent `flag`s are `false` and absent `multi`s `[]` (as the node
 * hands them to its handlers); absent `single` and `optional` arguments are left out.
 */
export function parseQuery(raw: string, params: readonly QueryParameterDescriptor[], parsers: Readonly<Record<string, ArgParser>>): QueryResult {
  const query: Record<string, unknown> = {};
  if (params.length === 0) return { ok: true, query };
  const pairs = queryPairs(raw);
  for (const param of params) {
    const values = pairs.get(param.name) ?? [];
    if (param.kind !== "multi" && values.length > 1) return fail(`Duplicate argument '${param.name}' in query string.`);
    const parse = argParser(parsers, param.kind === "flag" ? "flag" : param.type);
    const parsed: unknown[] = [];
    for (const value of values) {
      const result = parse(value);
      if (isArgProblem(result)) return fail(`Failed to parse argument '${param.name}' (${JSON.stringify(value)}): ${result.problem}`);
      parsed.push(typed(result, param));
    }
    if (param.kind === "multi") query[param.name] = parsed;
    else if (parsed.length === 1) query[param.name] = parsed[0];
    else if (param.kind === "flag") query[param.name] = false;
  }
  return { ok: true, query };
}

/** Makes a parsed value the TypeScript type the descriptor promises the handler. */
function typed(value: string | number | boolean, param: QueryParameterDescriptor): unknown {
  if (param.valueType === "number" && typeof value === "string") return Number(value);
  if (param.valueType === "string" && typeof value !== "string") return String(value);
  return value;
}
