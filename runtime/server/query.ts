/**
 * Query strings for one route (octez-http.md §7). The wire-level parse (undeclared keys ignored,
 * duplicates of single arguments refused, booleans and integers, repeated keys of `multi`) is
 * `runtime/http`'s `parseQueryString`; on top of it each text value goes through the parser of
 * its type (`chain_id`, `block_hash`, `date`…), so that a handler never sees one that does not
 * parse. The result is the handler's `query` object.
 */
import type { QueryParameterDescriptor } from "../rpc/route.ts";
import { parseQueryString } from "../http/query-string.ts";
import { QueryStringError } from "../http/errors.ts";
import { argParser, isArgProblem, type ArgParser } from "./arg-types.ts";

/** A parsed query, or the text of the 400 answer. */
export type QueryResult = { readonly ok: true; readonly query: Record<string, unknown> } | { readonly ok: false; readonly message: string };

const fail = (details: string): QueryResult => ({ ok: false, message: `Failed to parse the query string: ${details}` });

/**
 * Parses `raw` (without its `?`) for `params`. Absent `flag`s are `false` and absent `multi`s
 * `[]` (as the node hands them to its handlers); absent `single` and `optional` arguments are
 * left out.
 */
export function parseQuery(raw: string, params: readonly QueryParameterDescriptor[], parsers: Readonly<Record<string, ArgParser>>): QueryResult {
  if (params.length === 0) return { ok: true, query: {} };
  let parsed: Record<string, unknown>;
  try {
    parsed = parseQueryString(params, raw);
  } catch (error) {
    if (error instanceof QueryStringError) return fail(error.message);
    throw error;
  }
  // A new object rather than `delete`s on the parsed one, which would leave it slow to read.
  const query: Record<string, unknown> = {};
  for (const param of params) {
    const value = parsed[param.name];
    if (value === undefined) continue;
    query[param.name] = value;
    if (param.valueType !== "string") continue;
    const parse = argParser(parsers, param.type);
    for (const text of Array.isArray(value) ? (value as string[]) : [value as string]) {
      const result = parse(text);
      if (isArgProblem(result)) return fail(`Failed to parse argument '${param.name}' (${JSON.stringify(text)}): ${result.problem}`);
    }
  }
  return { ok: true, query };
}
