/**
 * The block's own routes, typed for the assembled protocol.
 *
 * Octez serves a block through `block_services.ml`'s `Make(Proto)(Next_proto)`: the routes that
 * answer the block's own values take their shapes from the protocol of the block (`Proto`) and of
 * its successor (`Next_proto`). A protocol's published OpenAPI document (`<name>-openapi.json`)
 * was written on a node whose head ran the genesis protocol, so there `Proto` is genesis: the
 * `protocol` constant is genesis's hash, the header's protocol data is genesis's `content` and
 * `signature`, an operation has no contents. This module rebuilds those routes from the shell
 * facts of `block_services.ml` (the same for every protocol) and the protocol's registered
 * encodings, so the bindings type what a node answers for a block of the protocol:
 *
 * | route under the block | `block_services.ml` | rebuilt from |
 * |---|---|---|
 * | `/header` | `block_header`: `protocol` constant, `chain_id`, `hash`, then `raw_block_header` | `block_header.shell` merged with `<id>.block_header.protocol_data` |
 * | `/header/protocol_data` | `protocol` constant merged with `Proto.block_header_data` | `<id>.block_header.protocol_data` |
 * | `/operations/<list_offset>/<operation_offset>` | `operation`: `protocol` constant, `chain_id`, `hash`, `dynamic_size` of `Operation.shell_header`, `dynamic_size` of the union below | `operation.shell_header`, `<id>.operation.protocol_data`, `<id>.operation.data_and_metadata` |
 * | `/operations/<list_offset>`, `/operations` | a list, a list of lists of `operation` | as above |
 * | `/metadata` | `block_header_metadata`: `protocol`, `next_protocol` constants and the shell's fields, merged with `Proto.block_header_metadata` | the document's shell fields; the protocol's part stays an open object (below) |
 * | `/` | `block_info`: `protocol`, `chain_id`, `hash`, `header` (`raw_block_header`), `metadata`?, `operations` | the pieces above |
 *
 * `/header`, `/header/protocol_data` and the operations are given their binary layout too
 * (`block-layouts.ts`); `/` and `/metadata` stay JSON-only, for the reason
 * {@link NO_METADATA_ENCODING} gives.
 *
 * An operation's receipt is a union (`operation_data_encoding` there, a `Uint8` tag):
 * `Operation with too large metadata` (tag 0: the operation data and `metadata: "too large"`),
 * `Operation without metadata` (1: the operation data alone), `Operation with metadata` (2:
 * `Proto.operation_data_and_receipt`, a union again). Its JSON is data-encoding's: an object
 * merged with a union is a `oneOf` of whole objects, the third case giving one per case of the
 * receipt. A draft-04 `oneOf` refuses a value that two cases accept, and data-encoding's JSON
 * reads the first case that fits: the receipt's own receipt-less case (Octez's
 * `Operation_without_metadata`, titled as block_services' case 1 but for case and separators)
 * is read by case 1 first, so it is left out (in binary, tag 2 then the receipt's tag 1 is still
 * read: the reconciler gives that inner case case 1's JSON). The pieces' objects are closed where
 * their schemas do not say, as data-encoding's are: an operation's contents without receipts must
 * refuse contents with theirs. Cases 1 and 2 differ only inside `contents` (items without or with
 * `metadata`), so the encoder tries them in tag order and takes the first whose strict encoder
 * accepts the value (the reconciler's `overlapping-cases.ts`).
 *
 * What stays open: Octez registers no encoding of `Proto.block_header_metadata` (a block's
 * protocol metadata: level, baker, balance updates…), so `/metadata` and the `metadata` of `/`
 * keep the shell's fields typed and the protocol's part as an open object, as the document's
 * `additionalProperties: {}` says.
 *
 * Two more repairs of the document. Octez's OpenAPI converter keys components by definition
 * name, so block_services' `operation` shadows the shell's `operation` (lib_base's `{branch,
 * data}`): a protocol route that is not one of the block's own routes above (the protocol's
 * plugin, e.g. `helpers/parse/operations`' input) and names `operation` gets the shell's registered
 * `operation` encoding. And a body already typed for the protocol (a describe answer captured at
 * a head of the protocol) is kept as it is.
 *
 * The protocol's full hash is the document's `protocol` or `next_protocol` constant whose first
 * eight characters are the registered encodings' codec prefix (`024-PtTALLiN.` → `PtTALLiN…`).
 */
import { forEachRawService, type RawBinarySchema, type RawBody, type RawNode, type RawService } from "../describe/raw.ts";
import { BlockDirectoryError } from "./block-directory-error.ts";
import { fixedBytes, LayoutBuilder, operationFields, operationList, operationPasses, type OperationPieces } from "./block-layouts.ts";
import type { JsonSchema } from "../model/json-schema.ts";
import { definitionOf } from "../reconcile/json-view.ts";
import type { RegisteredEncoding } from "../encodings/registered.ts";

export { BlockDirectoryError };

/** What the rebuild did, for `assemble`'s report. */
export interface BlockDirectoryReport {
  /** The protocol's full hash the routes are typed for. */
  protocol: string;
  /** Bodies rebuilt (`GET /header output`), with what they are made of. */
  rebuilt: Array<{ body: string; from: string; binary: boolean; jsonOnly?: string }>;
  /** Bodies given the shell's `operation` in place of block_services'. */
  shellOperation: string[];
  /** Bodies left as they were, already typed for the protocol. */
  kept: string[];
  /** Parts that stay open, with why. */
  open: string[];
}

/** `block_services.ml`'s routes under the block that answer the block's own values. */
const OWN_ROUTES = {
  block: [],
  header: ["header"],
  protocolData: ["header", "protocol_data"],
  metadata: ["metadata"],
  operations: ["operations"],
  operationsInPass: ["operations", "<list_offset>"],
  operation: ["operations", "<list_offset>", "<operation_offset>"],
} as const;

/** Why the protocol part of a block's metadata stays open (docs/protocols.md says the same). */
export const OPEN_METADATA =
  "the protocol's part of a block's metadata (Proto.block_header_metadata) stays an open object: Octez registers no encoding of it";

/** Why the block and its metadata stay JSON-only. */
export const NO_METADATA_ENCODING = "no registered encoding of the protocol's block metadata to lay it out with";

/** The definitions block_services names, which the document's genesis types used. */
const OWN_DEFINITIONS = ["raw_block_header", "block_header_metadata", "operation"] as const;

/**
 * The rebuilt bodies' name for block_services' `operation`: Octez's name is also the shell's
 * `operation` (`{branch, data}`), and definitions are keyed by name downstream (one generated
 * type per name), so the block's operation takes a name of its own.
 */
export const BLOCK_OPERATION = "block_operation";

/** The cases of block_services' `operation_data_encoding`, by tag (0, 1, 2). */
const RECEIPT_CASES = ["Operation with too large metadata", "Operation without metadata", "Operation with metadata"] as const;

/**
 * `tree` (the protocol's part, a describe-shaped tree as made from its OpenAPI document) with the
 * block's own routes typed for the protocol of `encodings` (see the module comment). Pure: the
 * input is not modified.
 */
export function rebuildBlockDirectory(tree: RawNode, encodings: readonly RegisteredEncoding[]): { tree: RawNode; report: BlockDirectoryReport } {
  const out = structuredClone(tree);
  const codecPrefix = protocolPrefixOf(encodings);
  const protocol = protocolHashIn(out, codecPrefix);
  const report: BlockDirectoryReport = { protocol, rebuilt: [], shellOperation: [], kept: [], open: [] };
  const pieces = new Pieces(encodings, codecPrefix);
  const own = new Set<string>();

  const outputOf = (path: readonly string[]): { label: string; body: RawBody } | undefined => {
    const service = serviceAt(out, path, "get_service");
    if (service === undefined) return undefined;
    const label = `GET /${path.join("/")} output`;
    own.add(label);
    return { label, body: service.output };
  };
  const rebuild = (path: readonly string[], from: string, make: (context: BodyContext, layout: LayoutBuilder) => { json: JsonSchema; binary?: RawBinarySchema; jsonOnly?: string }) => {
    const found = outputOf(path);
    if (found === undefined) return;
    const old = found.body.json_schema as JsonSchema;
    if (protocolConstantOf(old) === protocol) {
      report.kept.push(found.label);
      return;
    }
    const context = new BodyContext(old, protocol, pieces, found.label);
    const { json, binary, jsonOnly } = make(context, new LayoutBuilder(found.label));
    found.body.json_schema = context.finish(json);
    if (binary === undefined) delete found.body.binary_schema;
    else found.body.binary_schema = binary;
    report.rebuilt.push({ body: found.label, from, binary: binary !== undefined, ...(jsonOnly === undefined ? {} : { jsonOnly }) });
  };

  const headerFrom = `block_header.shell, ${pieces.id("block_header.protocol_data")}`;
  const operationFrom = `operation.shell_header, ${pieces.id("operation.protocol_data")}, ${pieces.id("operation.data_and_metadata")}`;
  const headerData = pieces.id("block_header.protocol_data");
  rebuild(OWN_ROUTES.header, headerFrom, (c, layout) => ({
    json: merge(c.envelope("hash"), c.rawBlockHeader()),
    binary: layout.finish({ fields: [fixedBytes("chain_id", 4), fixedBytes("hash", 32), ...layout.fields(pieces.binary("block_header.shell"), "block_header.shell"), ...layout.fields(pieces.binary(headerData), headerData)] }),
  }));
  rebuild(OWN_ROUTES.protocolData, headerData, (c, layout) => ({
    json: merge(object({ protocol: c.protocolConstant }), c.piece("block_header.protocol_data")),
    binary: layout.finish({ fields: layout.fields(pieces.binary(headerData), headerData) }),
  }));
  const operationPieces = (): OperationPieces => {
    const piece = (id: string) => ({ id, binary: pieces.binary(id) });
    return { shellHeader: piece("operation.shell_header"), data: piece(pieces.id("operation.protocol_data")), dataAndReceipt: piece(pieces.id("operation.data_and_metadata")) };
  };
  rebuild(OWN_ROUTES.operation, operationFrom, (c, layout) => ({ json: c.operationRef(), binary: layout.finish({ fields: operationFields(layout, operationPieces(), RECEIPT_CASES) }) }));
  rebuild(OWN_ROUTES.operationsInPass, operationFrom, (c, layout) => ({ json: { type: "array", items: c.operationRef() }, binary: layout.finish({ fields: [operationList(layout, operationPieces(), RECEIPT_CASES)] }) }));
  rebuild(OWN_ROUTES.operations, operationFrom, (c, layout) => ({ json: { type: "array", items: { type: "array", items: c.operationRef() } }, binary: layout.finish({ fields: [operationPasses(layout, operationPieces(), RECEIPT_CASES)] }) }));
  rebuild(OWN_ROUTES.metadata, "the document's shell fields of block_header_metadata", (c) => ({ json: c.metadataRef(), jsonOnly: NO_METADATA_ENCODING }));
  rebuild(OWN_ROUTES.block, `${headerFrom}; ${operationFrom}; block_header_metadata's shell fields`, (c) => {
    const { chain_id, hash } = c.envelope("hash").properties!;
    return {
      json: object(
        { protocol: c.protocolConstant, chain_id: chain_id!, hash: hash!, header: c.define("raw_block_header", c.rawBlockHeader()), metadata: c.metadataRef(), operations: { type: "array", items: { type: "array", items: c.operationRef() } } },
        ["protocol", "chain_id", "hash", "header", "operations"],
      ),
      jsonOnly: NO_METADATA_ENCODING,
    };
  });
  if (report.rebuilt.some((r) => r.body.includes("metadata") || r.body === "GET / output")) report.open.push(OPEN_METADATA);

  // The plugin's routes that name block_services' `operation` mean the shell's.
  forEachRawService(out, (service, method, path) => {
    for (const slot of ["input", "output"] as const) {
      const body = service[slot];
      const label = `${method} /${path.join("/")} ${slot}`;
      if (body === undefined || own.has(label)) continue;
      const schema = body.json_schema as JsonSchema;
      const named = schema.definitions?.["operation"];
      if (named === undefined || sameJson(named, pieces.shellOperation)) continue;
      const { definitions, ...root } = schema;
      body.json_schema = { ...root, definitions: reachedDefinitions(root, { ...definitions, ...pieces.shellOperationDefinitions, operation: pieces.shellOperation }) };
      delete body.binary_schema;
      report.shellOperation.push(label);
    }
  });
  return { tree: out, report };
}

/** `assemble`'s report lines for the rebuild. */
export function formatBlockDirectoryReport(report: BlockDirectoryReport): string[] {
  const lines = [`block directory: the block's own routes typed for ${report.protocol} (block_services.ml with the protocol's registered encodings):`];
  for (const { body, from, binary, jsonOnly } of report.rebuilt) lines.push(`  rebuilt ${body} from ${from} (${binary ? "JSON and binary" : `JSON only: ${jsonOnly ?? "no layout"}`})`);
  for (const body of report.shellOperation) lines.push(`  ${body}: the shell's operation ({branch, data}), not block_services'`);
  for (const body of report.kept) lines.push(`  kept ${body}: already typed for the protocol`);
  for (const open of report.open) lines.push(`  open: ${open}`);
  return lines;
}

/** The one protocol (`024-PtTALLiN`) whose encodings are registered. */
function protocolPrefixOf(encodings: readonly RegisteredEncoding[]): string {
  const prefixes = new Set<string>();
  for (const { id } of encodings) {
    const match = /^(\d{3}-[A-Za-z0-9]{8})\./.exec(id);
    if (match) prefixes.add(match[1]!);
  }
  if (prefixes.size !== 1) {
    const found = prefixes.size === 0 ? "none" : [...prefixes].sort().join(", ");
    throw new BlockDirectoryError("the registered encodings", `expected the encodings of one protocol (NNN-Hash8.…), found ${found}`);
  }
  return [...prefixes][0]!;
}

/** A protocol hash: `P` and 50 more Base58 characters. */
const PROTOCOL_HASH = /^P[1-9A-HJ-NP-Za-km-z]{50}$/;

/** The document's `protocol` or `next_protocol` constant that is the protocol `prefix` names. */
function protocolHashIn(tree: RawNode, prefix: string): string {
  const short = prefix.slice(4);
  const found = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (node === null || typeof node !== "object") return;
    const properties = (node as JsonSchema).properties;
    for (const name of ["protocol", "next_protocol"]) {
      const values = properties?.[name]?.enum;
      if (values?.length === 1 && typeof values[0] === "string" && PROTOCOL_HASH.test(values[0]) && values[0].startsWith(short)) found.add(values[0]);
    }
    Object.values(node).forEach(visit);
  };
  visit(tree);
  if (found.size !== 1) {
    const problem = found.size === 0 ? `no \`protocol\` or \`next_protocol\` constant of the document starts with ${short} (the codec prefix ${prefix})` : `several constants start with ${short}: ${[...found].sort().join(", ")}`;
    throw new BlockDirectoryError("the protocol's hash", problem);
  }
  return [...found][0]!;
}

/** The registered encodings the rebuild reads, each with its JSON schema. */
class Pieces {
  readonly shellOperation: JsonSchema;
  readonly shellOperationDefinitions: Record<string, JsonSchema>;

  constructor(
    private readonly encodings: readonly RegisteredEncoding[],
    private readonly prefix: string,
  ) {
    const { definitions, ...shellOperation } = this.get("operation");
    this.shellOperation = shellOperation;
    this.shellOperationDefinitions = definitions ?? {};
  }

  /** The codec id of the protocol's encoding `name`. */
  id(name: string): string {
    return `${this.prefix}.${name}`;
  }

  /** The JSON schema of the protocol's encoding `name` (`block_header.protocol_data`). */
  protocol(name: string): JsonSchema {
    return this.get(this.id(name));
  }

  /** The binary schema of the registered encoding `id` (a shell id, or a protocol one from {@link id}). */
  binary(id: string): RawBinarySchema {
    const encoding = this.encodings.find((e) => e.id === id);
    if (encoding === undefined) throw new BlockDirectoryError(id, "no such registered encoding");
    return encoding.binary;
  }

  /** The JSON schema of the registered encoding `id` (a shell id, or a protocol one from {@link id}). */
  get(id: string): JsonSchema {
    const encoding = this.encodings.find((e) => e.id === id);
    if (encoding?.json === undefined) throw new BlockDirectoryError(id, encoding === undefined ? "no such registered encoding" : "the registered encoding has no JSON schema");
    return encoding.json;
  }
}

/**
 * One body being rebuilt: its root schema is built from pieces whose definitions it gathers
 * (the document's own first, for the envelope's hashes; an encoding's win on a shared name, as
 * `attachLayouts` does), then pruned to what the root reaches.
 */
class BodyContext {
  readonly protocolConstant: JsonSchema;
  private readonly definitions: Record<string, JsonSchema>;

  constructor(
    private readonly old: JsonSchema,
    readonly protocol: string,
    private readonly pieces: Pieces,
    private readonly label: string,
  ) {
    this.protocolConstant = { type: "string", enum: [protocol] };
    this.definitions = { ...(old.definitions ?? {}) };
    for (const name of OWN_DEFINITIONS) delete this.definitions[name];
  }

  /** The protocol's encoding `name` as a schema of this body (top-level `$ref` followed, definitions gathered). */
  piece(name: string): JsonSchema {
    return this.gather(this.pieces.protocol(name));
  }

  gather(schema: JsonSchema): JsonSchema {
    const { definitions, $schema: _, ...root } = closed(schema);
    Object.assign(this.definitions, definitions ?? {});
    return followRef(root, this.definitions);
  }

  /** `{protocol, chain_id, <hash>}`: the constant and the document's schemas of the chain and the value's hash. */
  envelope(hash: "hash"): JsonSchema & { properties: Record<string, JsonSchema> } {
    const chainId = this.documentProperty("chain_id");
    return object({ protocol: this.protocolConstant, chain_id: chainId, [hash]: this.documentProperty(hash) }) as JsonSchema & { properties: Record<string, JsonSchema> };
  }

  /** Operation hashes are typed in the document's genesis `operation`: its first case's `hash`. */
  operationHash(): JsonSchema {
    const named = this.old.definitions?.["operation"];
    const found = named === undefined ? undefined : propertyIn(named, "hash");
    if (found === undefined) throw new BlockDirectoryError(this.label, "the document gives no `operation` with a `hash` to type operation hashes by");
    return found;
  }

  /** `raw_block_header`: the shell header merged with the protocol's header data. */
  rawBlockHeader(): JsonSchema {
    return merge(this.gather(this.pieces.get("block_header.shell")), this.piece("block_header.protocol_data"));
  }

  /** `#/definitions/block_operation`: block_services' operation, defined once in the body. */
  operationRef(): JsonSchema {
    if (this.definitions[BLOCK_OPERATION] === undefined) {
      const envelope = object({ protocol: this.protocolConstant, chain_id: this.documentProperty("chain_id"), hash: this.operationHash() });
      const shell = merge(envelope, this.gather(this.pieces.get("operation.shell_header")));
      const data = this.piece("operation.protocol_data");
      const receipt = this.piece("operation.data_and_metadata");
      const withReceipt = casesOf(receipt).filter((c) => !sameTitle(c.title, RECEIPT_CASES[1]));
      const cases = [
        titled(RECEIPT_CASES[0], merge(shell, merge(data, object({ metadata: { type: "string", enum: ["too large"] } })))),
        titled(RECEIPT_CASES[1], merge(shell, data)),
        // The protocol's receipt is a union again: one whole object per case.
        ...withReceipt.map((c) => titled(c.title ?? RECEIPT_CASES[2], merge(shell, c))),
      ];
      this.definitions[BLOCK_OPERATION] = { oneOf: cases };
    }
    return { $ref: `#/definitions/${BLOCK_OPERATION}` };
  }

  /** `#/definitions/block_header_metadata`: the document's shell fields, `protocol` the protocol's hash, the rest open. */
  metadataRef(): JsonSchema {
    if (this.definitions["block_header_metadata"] === undefined) {
      const named = this.old.definitions?.["block_header_metadata"];
      if (named?.properties === undefined) throw new BlockDirectoryError(this.label, "the document gives no `block_header_metadata` object to take the shell's fields from");
      this.definitions["block_header_metadata"] = { ...named, properties: { ...named.properties, protocol: this.protocolConstant }, additionalProperties: {} };
    }
    return { $ref: "#/definitions/block_header_metadata" };
  }

  /** Defines `name` in the body and refers to it. */
  define(name: string, schema: JsonSchema): JsonSchema {
    this.definitions[name] = schema;
    return { $ref: `#/definitions/${name}` };
  }

  /** The body's schema: `root` with the definitions it reaches. */
  finish(root: JsonSchema): JsonSchema {
    return { $schema: "http://json-schema.org/draft-04/schema#", ...root, definitions: reachedDefinitions(root, this.definitions) };
  }

  private documentProperty(name: string): JsonSchema {
    const found = propertyIn(this.old, name);
    if (found === undefined) throw new BlockDirectoryError(this.label, `the document's body has no \`${name}\` to type it by`);
    return found;
  }
}

/** The definitions `root` reaches, sorted by name (as describe prints them). */
function reachedDefinitions(root: JsonSchema, definitions: Record<string, JsonSchema>): Record<string, JsonSchema> {
  const reached: Record<string, JsonSchema> = {};
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (node === null || typeof node !== "object") return;
    const name = definitionOf((node as JsonSchema).$ref);
    if (name !== undefined && reached[name] === undefined && definitions[name] !== undefined) {
      reached[name] = definitions[name];
      visit(definitions[name]);
    }
    Object.values(node).forEach(visit);
  };
  visit(root);
  return Object.fromEntries(Object.keys(reached).sort().map((name) => [name, reached[name]!]));
}

/** The `protocol` constant a body is typed for (the first one found, definitions included). */
function protocolConstantOf(schema: JsonSchema): string | undefined {
  const found = propertyIn(schema, "protocol");
  return typeof found?.enum?.[0] === "string" ? found.enum[0] : undefined;
}

/** The first property `name` found in a schema, its definitions included (depth first). */
function propertyIn(schema: unknown, name: string): JsonSchema | undefined {
  if (Array.isArray(schema)) {
    for (const item of schema) {
      const found = propertyIn(item, name);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (schema === null || typeof schema !== "object") return undefined;
  const own = (schema as JsonSchema).properties?.[name];
  if (own !== undefined) return own;
  for (const value of Object.values(schema)) {
    const found = propertyIn(value, name);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** An object schema closed as data-encoding's objects are; every property required unless told. */
function object(properties: Record<string, JsonSchema>, required: readonly string[] = Object.keys(properties)): JsonSchema {
  return { type: "object", properties, required: [...required], additionalProperties: false };
}

function titled(title: string, schema: JsonSchema): JsonSchema {
  return schema.oneOf === undefined ? { title, ...schema } : schema;
}

/**
 * data-encoding's `merge_objs` in JSON: the properties of both (required of both); merged with a
 * union, a `oneOf` with one whole object per case; open when either side is.
 */
function merge(a: JsonSchema, b: JsonSchema): JsonSchema {
  if (a.oneOf !== undefined) return { oneOf: a.oneOf.map((c) => merge(c, b)) };
  if (b.oneOf !== undefined) return { oneOf: b.oneOf.map((c) => merge(a, c)) };
  for (const side of [a, b]) if (side.type !== "object") throw new BlockDirectoryError("merge_objs", `an object or a union of objects was expected, found ${JSON.stringify(side).slice(0, 80)}`);
  const open = a.additionalProperties !== false || b.additionalProperties !== false;
  // The parts' titles and descriptions name the parts, not the merged value.
  return {
    type: "object",
    properties: { ...a.properties, ...b.properties },
    required: [...new Set([...(a.required ?? []), ...(b.required ?? [])])],
    additionalProperties: open ? {} : false,
  };
}

/**
 * `schema` with its objects closed where they do not say (`additionalProperties: false`), as
 * the route bodies read from an OpenAPI document are (`generator/openapi/schemas.ts`):
 * data-encoding's objects refuse unknown fields. Encodings paired with OpenAPI components are
 * read so already (`json-pairing.ts`), so the rebuilt bodies share their definitions; a schema
 * from elsewhere that leaves it unsaid is closed here. Without it, an operation's contents
 * without receipts would accept contents with theirs, and a `oneOf` of the two would refuse both.
 */
function closed(schema: JsonSchema): JsonSchema {
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit);
    if (node === null || typeof node !== "object") return node;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) out[key] = key === "enum" ? value : visit(value);
    if (out["type"] === "object" && !("additionalProperties" in out)) out["additionalProperties"] = false;
    return out;
  };
  return visit(schema) as JsonSchema;
}

/** A schema whose root is a bare `$ref` to one of `definitions`, as that definition. */
function followRef(schema: JsonSchema, definitions: Record<string, JsonSchema>): JsonSchema {
  const seen = new Set<string>();
  let current = schema;
  for (let name = definitionOf(current.$ref); name !== undefined && !seen.has(name) && definitions[name] !== undefined; name = definitionOf(current.$ref)) {
    seen.add(name);
    current = definitions[name]!;
  }
  return current;
}

function casesOf(schema: JsonSchema): JsonSchema[] {
  return schema.oneOf ?? [schema];
}

/** Titles alike but for case and separators (`Operation_without_metadata`, `Operation without metadata`). */
function sameTitle(a: string | undefined, b: string): boolean {
  const words = (title: string) => title.toLowerCase().split(/[\s_]+/).join(" ");
  return a !== undefined && words(a) === words(b);
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

type ServiceKey = "get_service" | "post_service" | "delete_service" | "put_service" | "patch_service";

type StaticNode = { static: { subdirs?: { suffixes?: Array<{ name: string; tree: RawNode }>; dynamic_dispatch?: { arg: { name: string }; tree: RawNode } } } & Partial<Record<ServiceKey, RawService>> };

/** The service `key` at `path` (`<name>` for a path argument of that name), if the tree has it. */
function serviceAt(tree: RawNode, path: readonly string[], key: ServiceKey): RawService | undefined {
  let node: RawNode | undefined = tree;
  for (const segment of path) {
    if (node === undefined || typeof node !== "object" || !("static" in node)) return undefined;
    const subdirs: StaticNode["static"]["subdirs"] = (node as StaticNode).static.subdirs;
    const argument = /^<(.+)>$/.exec(segment);
    const dynamic: { arg: { name: string }; tree: RawNode } | undefined = subdirs?.dynamic_dispatch;
    node = argument ? (dynamic?.arg.name === argument[1] ? dynamic?.tree : undefined) : subdirs?.suffixes?.find((s) => s.name === segment)?.tree;
  }
  return node !== undefined && typeof node === "object" && "static" in node ? (node as StaticNode).static[key] : undefined;
}

