/**
 * The block's own routes rebuilt for the protocol (generator/assemble/block-directory.ts) on the
 * real Tallinn files: Octez's `tallinn-openapi.json` types them for the genesis head it was
 * written at; rebuilt, they accept Octez's own T024 values (the codec vectors) in the route's
 * envelope, `/header` decodes Octez's bytes, an operation's three receipt cases decode and
 * encode back Octez's bytes in block_services' wrapping (through the interpreter and the
 * generated codecs), and the same files with the protocol renamed go through unchanged.
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
import { BASE58, bytesToHex, decodeBytes, encodeBase58Check, encodeBytes, EncodeError, hexToBytes } from "../../../runtime/index.ts";
import { decodeGetBlockOperationByListOffsetByOperationOffsetOutput, encodeGetBlockOperationByListOffsetByOperationOffsetOutput } from "../../../generated/tallinn/codecs.ts";
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

/** Codecs of the outputs at `paths` of a rebuilt tree, by route (`/header`), through the interpreter. */
function codecsOf(tree: RawNode, ...paths: string[][]): (route: string) => { decode: (hex: string) => unknown; encode: (value: unknown) => string } {
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
    return { decode: (hex) => decodeBytes(codec, hexToBytes(hex)), encode: (value) => bytesToHex(encodeBytes(codec, value)) };
  };
}

/** Decoders of the outputs at `paths` of a rebuilt tree, by route. */
function binaryOf(tree: RawNode, ...paths: string[][]): (route: string) => (hex: string) => unknown {
  const codecs = codecsOf(tree, ...paths);
  return (route) => codecs(route).decode;
}

/** `hex` behind data-encoding's `dynamic_size`: its byte length as a big-endian `Uint30`. */
const sized = (hex: string) => (hex.length / 2).toString(16).padStart(8, "0") + hex;

describe("the block's own routes typed for the protocol", () => {
  itWithReference([OPENAPI, VECTORS])("accept Octez's T024 values in block_services' envelopes; /header and the operations decode Octez's bytes, the operations encode them back", () => {
    const { openapi, encodings } = t024();
    const genesisHeader = at(openapi, "header").get_service!.output.json_schema;
    const { tree, report } = rebuildBlockDirectory(openapi, encodings);
    expect(report.protocol).toBe(TALLINN);
    expect(report.rebuilt.map((r) => `${r.body}${r.binary ? " (binary)" : ""}`)).toEqual([
      "GET /header output (binary)",
      "GET /header/protocol_data output (binary)",
      "GET /operations/<list_offset>/<operation_offset> output (binary)",
      "GET /operations/<list_offset> output (binary)",
      "GET /operations output (binary)",
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

    // In binary as block_services writes it: the chain id, the hash, the shell header behind its
    // length, then behind its length the receipt union: tag 2 and the protocol's receipt union
    // (Octez's data_and_metadata vectors), tag 1 the operation alone, tag 0 the operation whose
    // receipt was too large. Each decodes to its JSON and encodes back to the same bytes: the
    // encoder tells 1 from 2 by trying them in tag order, strictly (inside contents).
    // The whole `/operations` directory: its three routes.
    const operationCodec = codecsOf(tree, ["operations"]);
    const one = operationCodec("/operations/<list_offset>/<operation_offset>");
    const head = `7a06a770${"cd".repeat(32)}${sized("ab".repeat(32))}`;
    const binaryEnvelope = { protocol: TALLINN, chain_id: CHAIN, hash: encodeBase58Check(BASE58.operation_hash, new Uint8Array(32).fill(0xcd)), branch: encodeBase58Check(BASE58.block_hash, new Uint8Array(32).fill(0xab)) };
    const receiptBytes = withReceipts.map((v) => head + sized(`02${v.hex}`));
    withReceipts.forEach((v, i) => {
      expect(one.decode(receiptBytes[i]!), v.name).toEqual({ ...binaryEnvelope, ...v.json });
      expect(one.encode({ ...binaryEnvelope, ...v.json }), v.name).toBe(receiptBytes[i]);
    });
    const transferVector = vectors.find((v) => v.encoding === "operation" && v.name.includes("transaction"))!;
    const { branch: _b, ...transferData } = transfer;
    const withoutBytes = head + sized(`01${transferVector.hex.slice(64)}`);
    expect(one.decode(withoutBytes)).toEqual({ ...binaryEnvelope, ...transferData });
    expect(one.encode({ ...binaryEnvelope, ...transferData })).toBe(withoutBytes);
    const tooLargeBytes = head + sized(`00${transferVector.hex.slice(64)}`);
    expect(one.decode(tooLargeBytes)).toEqual({ ...binaryEnvelope, ...transferData, metadata: "too large" });
    expect(one.encode({ ...binaryEnvelope, ...transferData, metadata: "too large" })).toBe(tooLargeBytes);
    // Tag 2 then the receipt's own receipt-less case (tag 1) reads as an operation without
    // metadata, which JSON writes back as block_services' case 1, as data-encoding would.
    expect(one.decode(head + sized(`0201${sized(transferVector.hex.slice(64, -128))}${transferVector.hex.slice(-128)}`))).toEqual(one.decode(withoutBytes));
    // A value no case fits (a content with a receipt that is not one) is a typed error naming where.
    const [firstContent] = transferData.contents as Array<Record<string, unknown>>;
    const unfit = { ...binaryEnvelope, ...transferData, contents: [{ ...firstContent, metadata: "none" }] };
    expect(() => one.encode(unfit)).toThrow(EncodeError);
    expect(() => one.encode(unfit)).toThrow(/contents\[0\]\.metadata/);
    // The emitted codecs (generated/tallinn, from the committed snapshot) choose the same cases.
    const emitted = { decode: decodeGetBlockOperationByListOffsetByOperationOffsetOutput, encode: encodeGetBlockOperationByListOffsetByOperationOffsetOutput };
    for (const bytes of [...receiptBytes, withoutBytes, tooLargeBytes]) {
      const value = decodeBytes(emitted, hexToBytes(bytes));
      expect(value).toEqual(one.decode(bytes));
      expect(bytesToHex(encodeBytes(emitted, value))).toBe(bytes);
    }
    expect(() => encodeBytes(emitted, unfit as never)).toThrow(/contents\[0\]\.metadata/);
    // A validation pass is its operations one after the other; the block's are each pass behind its length.
    const pass = receiptBytes[0]! + withoutBytes;
    const passValue = [one.decode(receiptBytes[0]!), one.decode(withoutBytes)];
    expect(operationCodec("/operations/<list_offset>").decode(pass)).toEqual(passValue);
    expect(operationCodec("/operations/<list_offset>").encode(passValue)).toBe(pass);
    const all = `${sized("")}${sized(pass)}${sized(tooLargeBytes)}`;
    const allValue = [[], passValue, [one.decode(tooLargeBytes)]];
    expect(operationCodec("/operations").decode(all)).toEqual(allValue);
    expect(operationCodec("/operations").encode(allValue)).toBe(all);

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
