/**
 * The block's own routes rebuilt for the protocol (generator/assemble/block-directory.ts) on the
 * real Tallinn files: Octez's `tallinn-openapi.json` types them for the genesis head it was
 * written at; rebuilt, they accept Octez's own T024 values (the codec vectors) in the route's
 * envelope, `/header` decodes Octez's bytes, and the same files with the protocol renamed go
 * through unchanged.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect } from "vitest";
import { BlockDirectoryError, rebuildBlockDirectory } from "../../../generator/assemble/block-directory.ts";
import { readDescribeTree } from "../../../generator/describe/index.ts";
import type { RawNode } from "../../../generator/describe/raw.ts";
import type { RegisteredEncoding } from "../../../generator/encodings/registered.ts";
import { Interpreter } from "../../../generator/ir/interpret.ts";
import { routeToString } from "../../../generator/model/describe-tree.ts";
import { openApiToDescribe } from "../../../generator/openapi/index.ts";
import { buildCodecModel } from "../../../generator/reconcile/codec-model.ts";
import { decodeBytes, hexToBytes } from "../../../runtime/index.ts";
import { itWithReference, readReference, referenceDir } from "../../support/reference.ts";
import { repoRoot } from "../cli/support.ts";

// ajv (a dependency of the generator) checks the rebuilt schemas as the generated validators do.
const require = createRequire(import.meta.url);
const Ajv04 = require("ajv-draft-04") as typeof import("ajv-draft-04").default;

const OPENAPI = "protocols/t024/openapi.json";
const VECTORS = "protocols/t024/codec-vectors.json";
const TALLINN = "PtTALLiNtPec7mE7yY4m3k26J8Qukef3E3ehzhfXgFZKGtDdAXu";
const CHAIN = "NetXdQprcVkpaWU";
const BLOCK = "BKpbfCvh777DQHnXjU2sqHvVUNZ7dBAdqEfKkdw8EGSkD9LSYXb";
const OPERATION = "opWoQfhXLbHZdcsAH27EdLWxYarL1SfaCNACYeDCNnJ7PJ6KSot";

type Vector = { encoding: string; name: string; json: Record<string, unknown>; hex: string };
type Node = { static: { subdirs?: { suffixes?: Array<{ name: string; tree: Node }>; dynamic_dispatch?: { tree: Node } }; get_service?: { output: { json_schema: unknown; binary_schema?: unknown } }; post_service?: { input: { json_schema: unknown } } } };

/** The service node at `path` (`<>` for an argument). */
function at(tree: RawNode, ...path: string[]): Node["static"] {
  let node = tree as unknown as Node;
  for (const name of path) node = name === "<>" ? node.static.subdirs!.dynamic_dispatch!.tree : node.static.subdirs!.suffixes!.find((s) => s.name === name)!.tree;
  return node.static;
}
const check = (schema: unknown) => new Ajv04({ strict: false, allErrors: true }).compile(schema as object);

let loaded: RegisteredEncoding[] | undefined;
/**
 * The T024 OpenAPI document and registered encodings, or with `rename` applied to every text.
 * The encodings are those `spec/snapshots/tallinn.json` carries: the Kaitai files paired with the
 * document by `assemble` (assemble.test.ts checks the snapshot is its output byte for byte),
 * read here without pairing the 70 files again.
 */
function t024(rename?: (text: string) => string): { openapi: RawNode; encodings: RegisteredEncoding[] } {
  const text = readFileSync(referenceDir + OPENAPI, "utf8");
  const encodings = (loaded ??= (JSON.parse(readFileSync(`${repoRoot}spec/snapshots/tallinn.json`, "utf8")) as { encodings: RegisteredEncoding[] }).encodings);
  if (rename === undefined) return { openapi: openApiToDescribe(JSON.parse(text) as Record<string, unknown>), encodings };
  // The renamed Kaitai files and OpenAPI document, as a user's next-protocol files would be.
  return { openapi: openApiToDescribe(JSON.parse(rename(text)) as Record<string, unknown>), encodings: encodings.map((e) => JSON.parse(rename(JSON.stringify(e))) as RegisteredEncoding) };
}

/** Decoders of the outputs at `paths` of a rebuilt tree, by route (`/header`), through the interpreter. */
function binaryOf(tree: RawNode, ...paths: string[][]): (route: string) => (hex: string) => unknown {
  // A tree of the routes asked alone: a model of a few bodies, not of the protocol's 192 routes.
  const pick = (node: Node, path: string[]): Node => {
    if (path.length === 0) return node;
    const [head, ...rest] = path;
    const subdirs = node.static.subdirs!;
    if (head === "<>") return { static: { subdirs: { dynamic_dispatch: { ...subdirs.dynamic_dispatch!, tree: pick(subdirs.dynamic_dispatch!.tree, rest) } } } };
    return { static: { subdirs: { suffixes: [{ name: head!, tree: pick(subdirs.suffixes!.find((s) => s.name === head)!.tree, rest) }] } } };
  };
  const model = buildCodecModel(readDescribeTree({ static: { subdirs: { suffixes: paths.map((path) => pick(tree as unknown as Node, path).static.subdirs!.suffixes![0]!) } } }));
  const interpreter = new Interpreter(model.definitions);
  return (route) => {
    const service = model.services.find((s) => routeToString(s.service.route) === route)!;
    expect(service.output.jsonOnly, route).toBeUndefined();
    const codec = interpreter.codec(service.output.codec);
    return (hex) => decodeBytes(codec, hexToBytes(hex));
  };
}

describe("the block's own routes typed for the protocol", () => {
  itWithReference([OPENAPI, VECTORS])("accept Octez's T024 values in block_services' envelopes, and /header decodes Octez's bytes", () => {
    const { openapi, encodings } = t024();
    const genesisHeader = at(openapi, "header").get_service!.output.json_schema;
    const { tree, report } = rebuildBlockDirectory(openapi, encodings);
    expect(report.protocol).toBe(TALLINN);
    expect(report.rebuilt.map((r) => `${r.body}${r.binary ? " (binary)" : ""}`)).toEqual([
      "GET /header output (binary)",
      "GET /header/protocol_data output (binary)",
      "GET /operations/<list_offset>/<operation_offset> output",
      "GET /operations/<list_offset> output",
      "GET /operations output",
      "GET /metadata output",
      "GET / output",
    ]);
    expect(report.shellOperation).toEqual(["POST /helpers/parse/operations input"]);
    const vectors = readReference<{ vectors: Vector[] }>(VECTORS).vectors;

    // The header: Octez's block_header vector behind `protocol`, `chain_id` and `hash`.
    const vector = vectors.find((v) => v.encoding === "block_header")!;
    const header = { protocol: TALLINN, chain_id: CHAIN, hash: BLOCK, ...vector.json };
    expect(check(genesisHeader)(header)).toBe(false);
    const headerSchema = at(tree, "header").get_service!.output;
    expect(check(headerSchema.json_schema)(header)).toBe(true);
    expect(check(headerSchema.json_schema)({ ...header, protocol: "PtSeouLouXkxhg39oWzjxDWaCydNfR3RxCUrNe4Q9Ro8BTehcbh" })).toBe(false);
    const { payload_hash: _, ...incomplete } = header as Record<string, unknown>;
    expect(check(headerSchema.json_schema)(incomplete)).toBe(false);
    // In binary: the constant takes no bytes, then the chain id (4 bytes) and the hash (32).
    const decoder = binaryOf(tree, ["header"]);
    expect(decoder("/header")(`7a06a770${"ab".repeat(32)}${vector.hex}`)).toEqual({ ...header, hash: "BM1tRv3dk8FiRKMU12rbBuMtzB4mJ29X4hZAv7BfzN1JC9tVPpb" });

    // An operation of the block: with its receipt (the data_and_metadata vectors), or without.
    const operation = check(at(tree, "operations", "<>", "<>").get_service!.output.json_schema);
    const envelope = { protocol: TALLINN, chain_id: CHAIN, hash: OPERATION, branch: BLOCK };
    const withReceipts = vectors.filter((v) => v.encoding === "operation.data_and_metadata");
    expect(withReceipts.length).toBeGreaterThan(0);
    for (const v of withReceipts) expect(operation({ ...envelope, ...v.json }), v.name).toBe(true);
    const transfer = vectors.find((v) => v.encoding === "operation" && v.name.includes("transaction"))!.json;
    expect(operation({ ...envelope, ...transfer })).toBe(true);
    expect(operation({ ...envelope, ...transfer, metadata: "too large" })).toBe(true);
    expect(operation({ ...envelope, ...transfer, protocol: "ProtoGenesisGenesisGenesisGenesisGenesisGenesk612im" })).toBe(false);
    // Each case refuses the others' values: contents with receipts are not contents without.
    const [withReceipt] = withReceipts;
    const { metadata: _m, ...withoutItsReceipt } = (withReceipt!.json["contents"] as Array<Record<string, unknown>>)[0]!;
    expect(operation({ ...envelope, ...withReceipt!.json, metadata: "too large" })).toBe(false);
    expect(operation({ ...envelope, contents: [withoutItsReceipt], signature: withReceipt!.json["signature"] })).toBe(true);

    // helpers/parse/operations reads the shell's `{branch, data}`.
    const parse = check(at(tree, "helpers", "parse", "operations").post_service!.input.json_schema);
    expect(parse({ operations: [{ branch: BLOCK, data: "6c00" }] })).toBe(true);
    expect(parse({ operations: [{ branch: BLOCK }] })).toBe(false);
  });

  itWithReference([OPENAPI])("go through unchanged when every name says another protocol; encodings of no protocol the document names are refused", () => {
    // 025-PtNextPr is no real protocol: the T024 files with the protocol's id and hash renamed.
    const next = "PtNextPr" + TALLINN.slice(8);
    const renamed = t024((text) => text.replaceAll("024-PtTALLiN", "025-PtNextPr").replaceAll(TALLINN, next));
    const { tree, report } = rebuildBlockDirectory(renamed.openapi, renamed.encodings);
    expect(report.protocol).toBe(next);
    expect(report.rebuilt).toHaveLength(7);
    expect(report.rebuilt[0]!.from).toBe("block_header.shell, 025-PtNextPr.block_header.protocol_data");
    const schema = at(tree, "header", "protocol_data").get_service!.output.json_schema as { properties: Record<string, unknown> };
    expect(schema.properties["protocol"]).toEqual({ type: "string", enum: [next] });
    // The encodings renamed, the document not: no constant names their protocol.
    const onlyIds = t024((text) => text.replaceAll("024-PtTALLiN", "025-PtNextPr"));
    const { openapi } = t024();
    expect(() => rebuildBlockDirectory(openapi, onlyIds.encodings)).toThrow(BlockDirectoryError);
    expect(() => rebuildBlockDirectory(openapi, onlyIds.encodings)).toThrow(/no `protocol` or `next_protocol` constant of the document starts with PtNextPr/);
  });
});
