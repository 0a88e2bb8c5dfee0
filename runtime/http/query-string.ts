/**
 * Query strings by argument kind (octez-http.md §7). Building: `multi` repeats its key once per
 * value (commas never separate values), a `flag` is written only when true, `undefined` is
 * left out. Parsing, as a node does it: undeclared keys are ignored, a repeated `single`,
 * `optional` or `flag` argument is an error, flags and booleans use the node's boolean parser.
 */
import type { QueryParameterDescriptor } from "../rpc/route.ts";
import type { QueryArguments } from "../rpc/transport.ts";
import { QueryStringError } from "./errors.ts";

type Scalar = string | number | boolean;

/** A parsed query: one value per declared argument that has one (see {@link parseQueryString}). */
export type ParsedQuery = Record<string, Scalar | Scalar[] | undefined>;

function scalarText(descriptor: QueryParameterDescriptor, value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  throw new QueryStringError("bad-argument", descriptor.name, `query argument '${descriptor.name}' must be a string, a finite number or a boolean; got ${value === null ? "null" : typeof value}`);
}

function pair(name: string, value: string): string {
  return `${encodeURIComponent(name)}=${encodeURIComponent(value)}`;
}

/**
 * The query string for `args` (with its leading `?`, or `""` when empty), in the order of the
 * route's declarations. Throws {@link QueryStringError} for an undeclared argument or a value
 * of the wrong shape (a list for a single argument).
 */
export function buildQueryString(descriptors: readonly QueryParameterDescriptor[], args: QueryArguments): string {
  for (const name of Object.keys(args)) {
    if (args[name] !== undefined && !descriptors.some((d) => d.name === name)) {
      throw new QueryStringError("bad-argument", name, `the route declares no query argument '${name}' (it declares ${descriptors.length === 0 ? "none" : descriptors.map((d) => `'${d.name}'`).join(", ")})`);
    }
  }
  const parts: string[] = [];
  for (const descriptor of descriptors) {
    const value = args[descriptor.name];
    if (value === undefined) continue;
    if (descriptor.kind === "multi") {
      const values = Array.isArray(value) ? value : [value];
      for (const item of values) parts.push(pair(descriptor.name, scalarText(descriptor, item)));
      continue;
    }
    if (Array.isArray(value)) {
      throw new QueryStringError("bad-argument", descriptor.name, `query argument '${descriptor.name}' is ${descriptor.kind}: it takes one value, not a list`);
    }
    if (descriptor.kind === "flag") {
      if (typeof value !== "boolean") throw new QueryStringError("bad-argument", descriptor.name, `query argument '${descriptor.name}' is a flag: it takes true or false`);
      // An absent flag is false; a present one is true (`?name` alone would do too).
      if (value) parts.push(pair(descriptor.name, "true"));
      continue;
    }
    parts.push(pair(descriptor.name, scalarText(descriptor, value)));
  }
  return parts.length === 0 ? "" : `?${parts.join("&")}`;
}

const TRUE_WORDS = new Set(["", "true", "t", "yes", "y"]);
const FALSE_WORDS = new Set(["false", "f", "no", "n"]);

/** The node's boolean parser (octez-http.md §6): case-insensitive words; `""` is true. */
export function parseBooleanArgument(text: string): boolean | undefined {
  const word = text.toLowerCase();
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  return undefined;
}

const INTEGER_TYPES: Record<string, RegExp> = { int: /^[+-]?\d+$/, uint: /^\+?\d+$/ };

function badValue(descriptor: QueryParameterDescriptor, text: string, reason: string): never {
  throw new QueryStringError("bad-value", descriptor.name, `Failed to parse argument '${descriptor.name}' (${JSON.stringify(text)}): ${reason}`);
}

// No closure per call and no copied descriptor for flags: a server parses a query on every request.
function parseScalar(descriptor: QueryParameterDescriptor, text: string, valueType = descriptor.valueType): Scalar {
  switch (valueType) {
    case "boolean":
      return parseBooleanArgument(text) ?? badValue(descriptor, text, "expected a boolean (true, t, yes, y, false, f, no, n)");
    case "number": {
      const shape = INTEGER_TYPES[descriptor.type];
      const number = Number(text);
      if (shape ? !shape.test(text) : text.trim() === "" || !Number.isFinite(number)) return badValue(descriptor, text, `expected ${shape ? `an ${descriptor.type === "uint" ? "unsigned " : ""}integer` : "a number"}`);
      if (!Number.isSafeInteger(number) && shape) return badValue(descriptor, text, "integer out of range");
      return number;
    }
    default:
      return text;
  }
}

function decodeComponent(text: string, what: string): string {
  if (!text.includes("%")) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    throw new QueryStringError("bad-encoding", text, `malformed percent-encoding in query ${what} ${JSON.stringify(text)}`);
  }
}

/**
 * Parses a query string (with or without its leading `?`) for the declared arguments. Values:
 * `multi` → a list (empty when absent), `flag` → a boolean (false when absent), `single` and
 * `optional` → the value or `undefined` (a single argument's default is the handler's business,
 * since `/describe` does not publish it). Keys and values are percent-decoded; `+` is kept.
 */
export function parseQueryString(descriptors: readonly QueryParameterDescriptor[], search: string): ParsedQuery {
  const text = search.startsWith("?") ? search.slice(1) : search;
  const out: ParsedQuery = {};
  for (const d of descriptors) out[d.name] = d.kind === "multi" ? [] : d.kind === "flag" ? false : undefined;
  if (text === "") return out;
  // Routes declare a handful of arguments: a search beats building a map per call.
  let seen: Set<string> | undefined;
  for (const part of text.split("&")) {
    if (part === "") continue;
    const eq = part.indexOf("=");
    const name = decodeComponent(eq === -1 ? part : part.slice(0, eq), "key");
    const descriptor = descriptors.find((d) => d.name === name);
    if (!descriptor) continue;
    const value = decodeComponent(eq === -1 ? "" : part.slice(eq + 1), "value");
    if (descriptor.kind === "multi") {
      (out[name] as Scalar[]).push(parseScalar(descriptor, value));
      continue;
    }
    if (seen?.has(name)) throw new QueryStringError("duplicate", name, `Duplicate argument '${name}' in query string.`);
    (seen ??= new Set()).add(name);
    out[name] = parseScalar(descriptor, value, descriptor.kind === "flag" ? "boolean" : descriptor.valueType);
  }
  return out;
}
