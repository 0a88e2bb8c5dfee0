/**
 * The describe JSON as published, after validation against `describe-answer-schema.ts`.
 * These types only let the reader walk a validated document without casts at every step;
 * they admit every format generation (legacy spellings included).
 */

/** A data-encoding string: plain, or bytes when not valid UTF-8. */
export type RawString = string | { invalid_utf8_string: number[] };

export type RawNode = "empty" | { dynamic: string | null } | { static: RawStaticDirectory };

export interface RawStaticDirectory {
  get_service?: RawService;
  post_service?: RawService;
  delete_service?: RawService;
  put_service?: RawService;
  patch_service?: RawService;
  subdirs?: RawSubdirectories;
}

export type RawSubdirectories =
  | { suffixes: Array<{ name: RawString; tree: RawNode }> }
  | { dynamic_dispatch: { arg: RawArg; tree: RawNode } };

export interface RawArg {
  id: "single" | "multiple";
  name: RawString;
  descr?: RawString;
}

export type RawPathItem = RawString | RawArg;

export interface RawQueryItem {
  name: RawString;
  description?: RawString;
  kind: { single: RawArg } | { optional: RawArg } | { flag: Record<string, never> } | { multi: RawArg };
}

export interface RawService {
  meth: "GET" | "POST" | "DELETE" | "PUT" | "PATCH";
  path: RawPathItem[];
  description?: RawString;
  query: RawQueryItem[];
  input?: RawBody;
  output: RawBody;
  error: RawBody;
}

export interface RawBody {
  json_schema: Record<string, unknown>;
  /** Absent when the tree was made from JSON schemas alone (an OpenAPI document). */
  binary_schema?: RawBinarySchema;
}

export interface RawBinarySchema {
  toplevel: RawEncoding;
  fields: Array<{ description: { title: RawString; description?: RawString }; encoding: RawEncoding }>;
}

export type RawEncoding =
  | { fields: RawField[] }
  | { tag_size: "Uint8" | "Uint16"; kind: RawDataKind; cases: RawCase[] }
  | { size: "Int8" | "Uint8" | "Int16" | "Uint16"; cases: Array<[number, RawString]> };

export interface RawCase {
  tag: number;
  fields: RawField[];
  name?: RawString;
}

export type RawField =
  | { kind: "named"; name: RawString; layout: RawLayout; data_kind: RawDataKind }
  | { kind: "anon"; layout: RawLayout; data_kind: RawDataKind }
  | { kind: "dyn"; name?: RawString; num_fields: number; size: "Uint8" | "Uint16" | "Uint30" | "N" }
  | { kind: "option_indicator"; name: RawString };

export type RawDataKind =
  | { kind: "Fixed"; size: number }
  | { kind: "Float"; size: number }
  | { kind: "Dynamic" }
  | { kind: "Variable" };

export type RawEndianness = "Big" | "Little";

export type RawLayout =
  | { kind: "Zero_width" | "Bool" | "Float" | "Bytes" | "String" | "Padding" }
  | { kind: "Int"; size: "Int8" | "Uint8" | "Int16" | "Uint16" | "Int32" | "Int64"; endianness?: RawEndianness }
  | { kind: "RangedInt"; min: number; max: number; endianness?: RawEndianness }
  | { kind: "RangedFloat"; min: number; max: number }
  | { kind: "Enum"; size: "Int8" | "Uint8" | "Int16" | "Uint16"; reference: RawString }
  | { kind: "Seq"; layout: RawLayout; length_limit?: RawLengthLimit; max_length?: number }
  | { kind: "Ref"; name: RawString };

export type RawLengthLimit =
  | { kind: "no-limit" }
  | { kind: "at-most"; at_most: number }
  | { kind: "exactly"; exactly: number };

/** Decodes a data-encoding string; invalid UTF-8 bytes become U+FFFD. */
export function rawString(value: RawString): string {
  if (typeof value === "string") return value;
  return new TextDecoder("utf-8", { fatal: false }).decode(Uint8Array.from(value.invalid_utf8_string));
}

const SERVICE_KEYS = ["get_service", "post_service", "delete_service", "put_service", "patch_service"] as const;

/**
 * Calls `visit` for every service of a raw describe tree (not validated), with its method and
 * the path to it (`<name>` for a path argument), a directory's services before its subdirectories'.
 */
export function forEachRawService(node: RawNode, visit: (service: RawService, method: RawService["meth"], path: readonly string[]) => void, path: readonly string[] = []): void {
  if (node === null || typeof node !== "object" || !("static" in node)) return;
  const directory = node.static;
  for (const key of SERVICE_KEYS) {
    const service = directory[key];
    if (service !== undefined) visit(service, key.slice(0, -"_service".length).toUpperCase() as RawService["meth"], path);
  }
  const subdirs = directory.subdirs;
  if (subdirs !== undefined && "suffixes" in subdirs) for (const suffix of subdirs.suffixes) forEachRawService(suffix.tree, visit, [...path, rawString(suffix.name)]);
  if (subdirs !== undefined && "dynamic_dispatch" in subdirs) forEachRawService(subdirs.dynamic_dispatch.tree, visit, [...path, `<${rawString(subdirs.dynamic_dispatch.arg.name)}>`]);
}
