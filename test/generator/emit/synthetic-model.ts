/**
 * A hand-built codec model covering every IR kind: integers of each size, ranged values, text
 * and bytes, known encodings, objects with optional, constant, framed, padded and merged items,
 * tuples, lists, named unions with object, scalar and JSON-only cases, recursion, options,
 * enums, constants, unit, free JSON and JSON-only values; services of every method and
 * streaming rule, with query arguments of each kind.
 */
import type { CodecDefinition, IR } from "../../../generator/ir/codec-ir.ts";
import type { HttpMethod, QueryParameter, RouteSegment, Service } from "../../../generator/model/describe-tree.ts";
import type { JsonSchema } from "../../../generator/model/json-schema.ts";
import type { BodyCodec, CodecModel, ServiceCodecs } from "../../../generator/reconcile/codec-model.ts";
import type { Streaming } from "../../../generator/reconcile/streaming-routes.ts";

const DRAFT = "http://json-schema.org/draft-04/schema#";

const s = (name: string): RouteSegment => ({ kind: "static", name });
const a = (name: string, multiple = false): RouteSegment => ({ kind: "arg", name, multiple, description: `A ${name}.` });
const ref = (name: string): IR => ({ kind: "ref", name });
const int32: IR = { kind: "int", size: "Int32", endianness: "Big" };
const variableString: IR = { kind: "string", size: { kind: "variable" } };

/** JSON schemas shared by the bodies below (they also feed the validators). */
export const DEFINITION_SCHEMAS: Record<string, JsonSchema> = {
  block_hash: { title: "A block identifier (Base58Check-encoded)", type: "string", pattern: "^B[1-9A-HJ-NP-Za-km-z]{50}$" },
  "int64": { type: "string", pattern: "^-?[0-9]+$" },
  unistring: {
    title: "Universal string representation",
    oneOf: [
      { type: "string" },
      { type: "object", properties: { invalid_utf8_string: { type: "array", items: { type: "integer", minimum: 0, maximum: 255 } } }, required: ["invalid_utf8_string"], additionalProperties: false },
    ],
  },
  shell_header: {
    type: "object",
    properties: {
      level: { type: "integer", minimum: -2147483648, maximum: 2147483647 },
      predecessor: { $ref: "#/definitions/block_hash" },
    },
    required: ["level", "predecessor"],
    additionalProperties: false,
  },
  old_transaction: {
    title: "Old transaction",
    type: "object",
    properties: { kind: { type: "string", enum: ["old_transaction"] }, memo: { $ref: "#/definitions/unistring" }, extra: { $ref: "#/definitions/legacy_extra" } },
    required: ["kind"],
    additionalProperties: false,
  },
  legacy_extra: {
    description: "Extra data of old transactions, recursive.",
    type: "object",
    properties: { more: { type: "array", items: { $ref: "#/definitions/legacy_extra" } }, tag: { type: ["string", "null"] } },
    additionalProperties: false,
  },
};

export const HEADER_SCHEMA: JsonSchema = {
  $schema: DRAFT,
  $ref: "#/definitions/shell_header",
  definitions: { block_hash: DEFINITION_SCHEMAS.block_hash!, shell_header: DEFINITION_SCHEMAS.shell_header! },
};

const ANY_SCHEMA: JsonSchema = { $schema: DRAFT };

const PENDING_SCHEMA: JsonSchema = {
  $schema: DRAFT,
  type: "object",
  properties: {
    applied: { type: "array", items: { $ref: "#/definitions/old_transaction" } },
    unprocessed: { type: "array", items: { $ref: "#/definitions/shell_header" } },
  },
  required: ["applied"],
  additionalProperties: false,
  definitions: { ...DEFINITION_SCHEMAS },
};

const VERSION_SCHEMA: JsonSchema = {
  $schema: DRAFT,
  type: "object",
  properties: { version: { type: "object", properties: { major: { type: "integer", minimum: -1073741824, maximum: 1073741823 } }, required: ["major"] }, commit: { type: "string" } },
  required: ["version", "commit"],
  additionalProperties: false,
};

const DEFINITIONS: CodecDefinition[] = [
  {
    name: "shell_header",
    title: "Shell header",
    description: "The part of a block header every protocol shares.\n\nIt is */ careful with comments.",
    codec: {
      kind: "object",
      items: [
        { kind: "field", name: "level", codec: int32, presence: "required" },
        { kind: "field", name: "predecessor", codec: { kind: "known", id: "block_hash", size: { kind: "fixed", bytes: 32 } }, presence: "required" },
      ],
    },
  },
  {
    name: "block_header",
    title: "Block header",
    codec: {
      kind: "object",
      items: [
        { kind: "merge", codec: ref("shell_header") },
        { kind: "field", name: "priority", codec: { kind: "int", size: "Uint16", endianness: "Big" }, presence: "required" },
        { kind: "field", name: "tiny", codec: { kind: "int", size: "Int8", endianness: "Big" }, presence: "required" },
        { kind: "field", name: "counter", codec: { kind: "int", size: "Int64", endianness: "Big" }, presence: "required" },
        { kind: "field", name: "round", codec: { kind: "ranged-int", min: 0, max: 1000, endianness: "Big" }, presence: "required" },
        { kind: "field", name: "ratio", codec: { kind: "ranged-float", min: 0, max: 1 }, presence: "required" },
        { kind: "field", name: "weight", codec: { kind: "float" }, presence: "required" },
        { kind: "field", name: "ready", codec: { kind: "bool" }, presence: "required" },
        { kind: "field", name: "proof-of-work", codec: { kind: "bytes", size: { kind: "fixed", bytes: 8 } }, presence: "required" },
        { kind: "field", name: "timestamp", codec: { kind: "known", id: "timestamp_protocol", size: { kind: "fixed", bytes: 8 } }, presence: "required" },
        { kind: "field", name: "seed_nonce_hash", codec: { kind: "known", id: "nonce_hash", size: { kind: "fixed", bytes: 32 } }, presence: "indicator" },
        { kind: "constant", name: "kind", value: "header" },
        { kind: "padding", bytes: 2 },
        {
          kind: "frame",
          header: "Uint30",
          items: [
            { kind: "field", name: "balance", codec: { kind: "known", id: "zarith_n", size: { kind: "variable" } }, presence: "required" },
            { kind: "field", name: "note", codec: variableString, presence: "rest-of-frame" },
          ],
        },
        { kind: "field", name: "script", codec: { kind: "dynamic", header: "Uint30", inner: { kind: "known", id: "micheline", size: { kind: "variable" } } }, presence: "required" },
        { kind: "field", name: "vote", codec: ref("ballot"), presence: "required" },
        { kind: "field", name: "pair", codec: ref("012-Psithaca.pair"), presence: "required" },
        { kind: "field", name: "tree", codec: { kind: "option", some: ref("tree") }, presence: "required" },
        { kind: "field", name: "nothing", codec: ref("unit_value"), presence: "required" },
        { kind: "field", name: "extra", codec: { kind: "dynamic", header: "Uint30", inner: { kind: "any-json", size: { kind: "variable" } } }, presence: "required" },
        { kind: "field", name: "fixed_marker", codec: { kind: "constant", value: { version: 1, tags: ["a", null, true] } }, presence: "required" },
        { kind: "field", name: "negative_marker", codec: { kind: "constant", value: -1 }, presence: "required" },
        { kind: "field", name: "padded", codec: { kind: "padded", inner: { kind: "int", size: "Int16", endianness: "Little" }, bytes: 3 }, presence: "required" },
        { kind: "field", name: "legacy", codec: { kind: "json-only", reason: "no binary form", schema: { type: "array", items: { $ref: "#/definitions/legacy_extra" } } }, presence: "rest-of-frame" },
      ],
    },
  },
  {
    name: "ballot",
    description: "A vote.",
    codec: { kind: "enum", size: "Int8", values: [{ name: "yay", code: 0 }, { name: "nay", code: 1 }, { name: "pass", code: 2 }] },
  },
  {
    name: "012-Psithaca.pair",
    codec: {
      kind: "tuple",
      elements: [
        { kind: "element", codec: int32 },
        { kind: "frame", header: "Uint8", elements: [{ kind: "element", codec: { kind: "string", size: { kind: "fixed", bytes: 3 } } }] },
        { kind: "padding", bytes: 1 },
        { kind: "element", codec: { kind: "list", element: { kind: "option", some: { kind: "bool" } }, count: "Uint30" } },
      ],
    },
  },
  {
    name: "tree",
    title: "A recursive tree",
    codec: {
      kind: "union",
      tagSize: "Uint8",
      cases: [
        { tag: 0, name: "Leaf", payload: { kind: "object", items: [{ kind: "field", name: "value", codec: int32, presence: "required" }] }, match: { kind: "object", properties: [{ name: "value", required: true, types: ["number"] }], closed: true } },
        {
          tag: 1,
          name: "Node",
          payload: { kind: "object", items: [{ kind: "field", name: "children", codec: { kind: "list", element: ref("tree"), limit: { kind: "at-most", max: 4 } }, presence: "required" }] },
          match: { kind: "object", properties: [{ name: "children", required: true, types: ["array"] }], closed: true },
        },
        { tag: 2, name: "Empty", payload: { kind: "constant", value: "empty" }, match: { kind: "value", value: "empty" } },
      ],
      jsonOnlyCases: [],
    },
  },
  {
    name: "alpha.operation.alpha.contents",
    title: "Operation contents",
    codec: {
      kind: "union",
      tagSize: "Uint8",
      cases: [
        {
          tag: 108,
          name: "Transaction",
          payload: {
            kind: "object",
            items: [
              { kind: "constant", name: "kind", value: "transaction" },
              { kind: "field", name: "source", codec: { kind: "known", id: "public_key_hash", size: { kind: "fixed", bytes: 21 } }, presence: "required" },
              { kind: "field", name: "amount", codec: { kind: "known", id: "zarith_n", size: { kind: "variable" } }, presence: "required" },
              { kind: "field", name: "parameters", codec: ref("tree"), presence: "indicator" },
            ],
          },
          match: { kind: "object", properties: [{ name: "kind", required: true, constant: "transaction" }], closed: false },
        },
        {
          tag: 107,
          name: "Reveal",
          payload: {
            kind: "object",
            items: [
              { kind: "constant", name: "kind", value: "reveal" },
              { kind: "field", name: "public_key", codec: { kind: "known", id: "public_key", size: { kind: "variable" } }, presence: "required" },
            ],
          },
          match: { kind: "object", properties: [{ name: "kind", required: true, constant: "reveal" }], closed: false },
        },
        { tag: 1, name: "Raw", payload: { kind: "bytes", size: { kind: "variable" } }, match: { kind: "type", types: ["string"] } },
      ],
      jsonOnlyCases: [{ title: "old_transaction", schema: { $ref: "#/definitions/old_transaction" }, match: { kind: "object", properties: [{ name: "kind", required: true, constant: "old_transaction" }], closed: false } }],
    },
  },
  { name: "unit_value", codec: { kind: "unit" } },
  { name: "empty_object", codec: { kind: "object", items: [] } },
  { name: "counted", codec: { kind: "list", element: { kind: "int", size: "Uint8", endianness: "Big" }, limit: { kind: "exactly", count: 3 } } },
  { name: "timestamp.protocol", codec: { kind: "known", id: "timestamp_protocol", size: { kind: "fixed", bytes: 8 } } },
  // Collides with `alpha.operation.alpha.contents` + `Transaction` once both are made identifiers.
  { name: "alpha.operation.alpha.contents.transaction", codec: { kind: "bool" } },
  // Names that are reserved words or runtime types.
  { name: "Promise", codec: { kind: "int", size: "Int16", endianness: "Big" } },
  { name: "string", codec: variableString },
];

function body(codec: IR, schema: JsonSchema, jsonOnly?: string): BodyCodec {
  return jsonOnly === undefined ? { codec, schema } : { codec, schema, jsonOnly };
}

function service(
  method: HttpMethod,
  route: RouteSegment[],
  parts: { query?: QueryParameter[]; input?: BodyCodec; output: BodyCodec; error?: BodyCodec; streaming?: Streaming; description?: string },
): ServiceCodecs {
  const dummy = { json: {}, binary: { toplevel: { kind: "Obj" as const, fields: [] }, definitions: new Map() } };
  const svc: Service = { method, route, declaredPath: route, query: parts.query ?? [], output: dummy, error: dummy };
  if (parts.description !== undefined) svc.description = parts.description;
  if (parts.input) svc.input = dummy;
  const entry: ServiceCodecs = {
    service: svc,
    streaming: parts.streaming ?? "never",
    output: parts.output,
    error: parts.error ?? body({ kind: "any-json", size: { kind: "variable" } }, ANY_SCHEMA),
  };
  if (parts.input) entry.input = parts.input;
  return entry;
}

/** The synthetic model (a fresh copy each call). */
export function syntheticModel(): CodecModel {
  const definitions = new Map<string, CodecDefinition>();
  for (const definition of structuredClone(DEFINITIONS)) definitions.set(definition.name, definition);
  const header = (): BodyCodec => body(ref("shell_header"), HEADER_SCHEMA);
  const services: ServiceCodecs[] = [
    service("GET", [s("chains"), a("chain_id"), s("blocks"), a("block_id"), s("header")], {
      description: "The block's header.",
      query: [
        { name: "force_metadata", kind: "flag", description: "Recompute metadata." },
        { name: "metadata", kind: "optional", type: "string" },
        { name: "protocol", kind: "multi", type: "protocol_hash" },
        { name: "version", kind: "single", type: "int" },
        { name: "with-dash", kind: "single", type: "bool" },
      ],
      output: body(ref("block_header"), { $schema: DRAFT, type: "object" }),
    }),
    service("POST", [s("chains"), a("chain_id"), s("blocks"), a("block_id"), s("helpers"), s("forge"), s("operations")], {
      input: body({ kind: "object", items: [{ kind: "field", name: "contents", codec: { kind: "dynamic", header: "Uint30", inner: { kind: "list", element: ref("alpha.operation.alpha.contents") } }, presence: "required" }] }, { $schema: DRAFT, type: "object" }),
      output: body({ kind: "bytes", size: { kind: "variable" } }, { $schema: DRAFT, type: "string", pattern: "^([a-zA-Z0-9][a-zA-Z0-9])*$" }),
    }),
    service("GET", [s("monitor"), s("heads"), a("chain_id")], { output: header(), streaming: "always" }),
    service("GET", [s("network"), s("peers"), a("peer_id"), s("log")], {
      query: [{ name: "monitor", kind: "flag" }],
      output: body({ kind: "list", element: ref("tree") }, { $schema: DRAFT, type: "array" }),
      streaming: { whenFlag: "monitor" },
    }),
    service("GET", [s("chains"), a("chain_id"), s("mempool"), s("pending_operations")], {
      output: body({ kind: "json-only", reason: "no case of this union has a binary form", schema: PENDING_SCHEMA }, PENDING_SCHEMA, "no case of this union has a binary form"),
    }),
    service("GET", [s("version")], {
      output: body(
        {
          kind: "object",
          items: [
            { kind: "field", name: "version", codec: { kind: "object", items: [{ kind: "field", name: "major", codec: { kind: "ranged-int", min: -1073741824, max: 1073741823, endianness: "Big" }, presence: "required" }] }, presence: "required" },
            { kind: "field", name: "commit", codec: variableString, presence: "required" },
          ],
        },
        VERSION_SCHEMA,
      ),
    }),
    service("DELETE", [], { output: body({ kind: "unit" }, { $schema: DRAFT, type: "object", properties: {}, additionalProperties: false }) }),
    service("GET", [s("things"), a("id"), s("items")], { output: header() }),
    service("GET", [s("things"), s("items")], { output: header() }),
    service("PUT", [s("files"), a("path", true)], {
      input: body({ kind: "tuple", elements: [{ kind: "element", codec: { kind: "enum", size: "Uint8", values: [{ name: "append", code: 0 }, { name: "replace", code: 1 }] } }, { kind: "element", codec: variableString }] }, { $schema: DRAFT, type: "array" }, "binary input not offered"),
      output: body({ kind: "option", some: ref("counted") }, { $schema: DRAFT }),
    }),
    service("PATCH", [s("pairs"), a("id"), s("with"), a("id")], { output: body(ref("012-Psithaca.pair"), { $schema: DRAFT, type: "array" }) }),
  ];
  return { definitions, services };
}
