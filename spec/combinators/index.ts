/**
 * Combinators for describing encodings (see `encoding.ts`). The names follow data-encoding's:
 * `obj([...])` builds an object from `req`/`opt`/`dft` fields, `list` is length-prefixed,
 * `def` names an encoding, `splitted` gives different JSON and binary sides, and so on.
 */
import { classify } from "./classify.ts";
import type { Case, Encoding, Field, Json, LengthKind, LengthLimit, TagSize } from "./encoding.ts";

export type { Case, Encoding, Field, Json, Kind } from "./encoding.ts";
export { classify } from "./classify.ts";
export { jsonSchema, HEX_PATTERN, DRAFT_04, builtinDefinitions, type JsonSchemaOptions } from "./json-schema.ts";
export { binarySchema } from "./binary-schema.ts";

interface Doc {
  title?: string;
  description?: string;
}

const doc = (d?: Doc): Doc => {
  const out: Doc = {};
  if (d?.title !== undefined) out.title = d.title;
  if (d?.description !== undefined) out.description = d.description;
  return out;
};

// ---- zero-width values ----
export const nul: Encoding = { t: "null" };
/** The empty object `{}`; no bytes. */
export const empty: Encoding = { t: "empty" };
/** A value that carries nothing (JSON: anything, ignored); no bytes. */
export const unit: Encoding = { t: "ignore" };
export const constant = (value: string): Encoding => ({ t: "constant", value });

// ---- numbers ----
export const bool: Encoding = { t: "bool" };
export const int8: Encoding = { t: "int", size: "Int8" };
export const uint8: Encoding = { t: "int", size: "Uint8" };
export const int16: Encoding = { t: "int", size: "Int16" };
export const uint16: Encoding = { t: "int", size: "Uint16" };
export const int31: Encoding = { t: "int31" };
export const int32: Encoding = { t: "int", size: "Int32" };
export const int64: Encoding = { t: "int", size: "Int64" };
/** Little-endian variants. */
export const littleEndian = {
  int16: { t: "int", size: "Int16", little: true } as Encoding,
  uint16: { t: "int", size: "Uint16", little: true } as Encoding,
  int31: { t: "int31", little: true } as Encoding,
  int32: { t: "int", size: "Int32", little: true } as Encoding,
  int64: { t: "int", size: "Int64", little: true } as Encoding,
};
export const n: Encoding = { t: "n" };
export const z: Encoding = { t: "z" };
export const float: Encoding = { t: "float" };
export const rangedInt = (min: number, max: number): Encoding => ({ t: "ranged_int", min, max });
export const rangedFloat = (min: number, max: number): Encoding => ({ t: "ranged_float", min, max });
/** data-encoding's `uint30` is a ranged integer. */
export const uint30: Encoding = rangedInt(0, 1073741823);

// ---- bytes and strings ----
export const dynamicSize = (e: Encoding, kind: LengthKind = "Uint30"): Encoding => ({ t: "dynamic_size", kind, e });
export const variableBytes: Encoding = { t: "bytes", size: "variable" };
export const variableString: Encoding = { t: "string", size: "variable" };
export const fixedBytes = (size: number): Encoding => ({ t: "bytes", size });
export const fixedString = (size: number): Encoding => ({ t: "string", size });
/** Length-prefixed bytes; JSON: a hex string. */
export const bytes: Encoding = dynamicSize(variableBytes);
/** Length-prefixed text; JSON: `$ref unistring`. */
export const string: Encoding = dynamicSize(variableString);
/** String enumeration; `jsonOrder` is the order of the JSON `enum` list (defaults to `cases`). */
export const stringEnum = (cases: readonly string[], jsonOrder: readonly string[] = cases): Encoding => {
  if ([...jsonOrder].sort().join() !== [...cases].sort().join()) throw new Error("jsonOrder must list the same cases");
  return { t: "string_enum", cases, jsonOrder };
};
export const checkSize = (limit: number, e: Encoding): Encoding => ({ t: "check_size", limit, e });
export const padded = (e: Encoding, n: number): Encoding => ({ t: "padded", e, n });

// ---- sequences ----
export const variableList = (elts: Encoding, limit?: LengthLimit): Encoding =>
  limit ? { t: "list", elts, limit } : { t: "list", elts };
/** A list: 4-byte byte count, then the elements. */
export const list = (elts: Encoding, limit?: LengthLimit): Encoding => dynamicSize(variableList(elts, limit));
export const array = list;
/** A list preceded by its element count. */
export const listWithLength = (lengthEncoding: Encoding, elts: Encoding, limit?: LengthLimit): Encoding =>
  limit ? { t: "list", elts, lengthEncoding, limit } : { t: "list", elts, lengthEncoding };

// ---- objects and tuples ----
export const req = (name: string, encoding: Encoding, d?: Doc): Field => ({ presence: "req", name, encoding, ...doc(d) });
export const opt = (name: string, encoding: Encoding, d?: Doc): Field => ({ presence: "opt", name, encoding, ...doc(d) });
/**
 * A field with a default: optional in JSON, always written in binary. `dflt` is the JSON form of
 * the default; when given, the JSON schema states it (`default`), so that an encoder can write a
 * value that leaves the field out. Leave it `undefined` when the default is not knowable.
 */
export const dft = (name: string, encoding: Encoding, dflt: Json | undefined, d?: Doc): Field => ({
  presence: "dft",
  name,
  encoding,
  ...(dflt === undefined ? {} : { default: dflt }),
  ...doc(d),
});

/** An object; fields are laid out in binary in this order. */
export function obj(fields: readonly Field[]): Encoding {
  if (fields.length === 0) return empty;
  const [first, ...rest] = fields;
  const head: Encoding = { t: "obj", field: first! };
  return rest.length === 0 ? head : { t: "objs", left: head, right: obj(rest) };
}
export const mergeObjs = (left: Encoding, right: Encoding): Encoding => ({ t: "objs", left, right });

export function tup(items: readonly Encoding[]): Encoding {
  const [first, ...rest] = items;
  if (first === undefined) throw new Error("empty tuple");
  const head: Encoding = { t: "tup", e: first };
  return rest.length === 0 ? head : { t: "tups", left: head, right: tup(rest) };
}

// ---- unions ----
export const kase = (tag: number, title: string, encoding: Encoding, description?: string): Case =>
  description !== undefined ? { tag, title, encoding, description } : { tag, title, encoding };
/** A case that exists only in JSON. */
export const jsonOnlyCase = (title: string, encoding: Encoding, description?: string): Case =>
  description !== undefined ? { tag: null, title, encoding, description } : { tag: null, title, encoding };
export const union = (cases: readonly Case[], tagSize: TagSize = "Uint8"): Encoding => ({ t: "union", tagSize, cases });

/** data-encoding's `option`: a union None (tag 0) / Some (tag 1); JSON `null` for None. */
export const option = (e: Encoding): Encoding => union([kase(1, "Some", e), kase(0, "None", nul)]);

// ---- naming and representation changes ----
/** Names an encoding (JSON `definitions` entry; binary definition title where it is one). */
export const def = (id: string, e: Encoding, d?: Doc): Encoding => ({ t: "describe", id, e, ...doc(d) });
export const splitted = (json: Encoding, binary: Encoding): Encoding => ({ t: "splitted", json, binary });
/** An encoding whose JSON schema is given explicitly. */
export const withJsonSchema = (schema: { [k: string]: Json }, e: Encoding): Encoding => ({ t: "custom_json", schema, e });

/** A recursive encoding; `body` gets the encoding itself to refer to. */
export const mu = (
  name: string,
  body: (self: Encoding) => Encoding,
  d?: Doc & { kind?: import("./encoding.ts").Kind },
): Encoding => ({ t: "mu", name, body, kind: d?.kind ?? "dynamic", ...doc(d) });

/** A free JSON value: any JSON; binary: a length-prefixed string (BSON). */
export const anyJson: Encoding = withJsonSchema({}, string);

/**
 * A Base58Check hash type: JSON a titled reference to `unistring`; binary `size` raw bytes,
 * described as a single field named after the type.
 */
export const hash = (name: string, title: string, size: number): Encoding =>
  def(name, splitted(string, obj([req(name, fixedBytes(size))])), { title });

/** Asserts that an encoding has a fixed size (used by tests and definitions). */
export function fixedSize(e: Encoding): number {
  const k = classify(e);
  if (typeof k !== "object") throw new Error("not a fixed-size encoding");
  return k.fixed;
}
