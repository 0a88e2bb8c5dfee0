/**
 * Which codec of a reconciled mempool dump decodes each Octez codec id of the recorded vectors.
 * The vector files name Octez codecs (`alpha.operation`, `alpha.tez`…), not describe
 * definitions; this table says, for each, which definition or field of the dump carries that
 * encoding, or how the Octez codec is built from them (an operation is its branch, its contents
 * list and its signature).
 */

import type { CodecModel } from "../../../generator/reconcile/codec-model.ts";
import type { IR, ObjectItem } from "../../../generator/ir/codec-ir.ts";

/** One recorded vector: Octez codec id, input JSON, the hex Octez wrote, the JSON it read back. */
export interface Vector {
  encoding: string;
  json: unknown;
  hex: string;
  decoded_json: unknown;
}

/** The route the mempool dumps were captured at (`/chains/<chain_id>/mempool`). */
export const MEMPOOL_PREFIX = ["chains", { kind: "arg" as const, name: "chain_id", multiple: false }, "mempool"];

/** The IR for an Octez codec id, or `undefined` when the dump has no such encoding. */
export function vectorCodec(model: CodecModel, codecId: string): IR | undefined {
  const [protocol, ...rest] = splitId(codecId);
  const kind = rest.join(".");
  const contents = `${protocol}.operation.alpha.contents`;
  const header = `${protocol}.block_header.alpha.full_header`;
  const branch: ObjectItem = { kind: "field", name: "branch", codec: { kind: "known", id: "block_hash", size: { kind: "fixed", bytes: 32 } }, presence: "required" };
  const contentsList: ObjectItem = { kind: "field", name: "contents", codec: { kind: "list", element: { kind: "ref", name: contents } }, presence: "required" };
  switch (kind) {
    case "operation":
      return has(model, contents)
        ? { kind: "object", items: [branch, contentsList, { kind: "field", name: "signature", codec: { kind: "known", id: "signature", size: { kind: "fixed", bytes: 64 } }, presence: "required" }] }
        : undefined;
    case "operation.unsigned":
      return has(model, contents) ? { kind: "object", items: [branch, contentsList] } : undefined;
    case "operation.raw":
      return { kind: "object", items: [branch, { kind: "field", name: "data", codec: { kind: "bytes", size: { kind: "variable" } }, presence: "required" }] };
    case "block_header":
      return has(model, header) ? { kind: "ref", name: header } : undefined;
    case "block_header.unsigned": {
      const full = model.definitions.get(header)?.codec;
      if (full?.kind !== "object") return undefined;
      return { kind: "object", items: full.items.filter((item) => !(item.kind === "field" && item.name === "signature")) };
    }
    case "contract":
      return caseField(model, contents, "Transaction", "destination");
    case "tez":
      return caseField(model, contents, "Transaction", "amount");
    case "raw_level":
      return caseField(model, contents, "Seed_nonce_revelation", "level");
    case "nonce":
      return caseField(model, contents, "Seed_nonce_revelation", "nonce");
    case "vote.ballot":
      return caseField(model, contents, "Ballot", "ballot");
    case "timestamp":
      return headerField(model, header, "timestamp");
    default:
      return undefined;
  }
}

function splitId(id: string): string[] {
  const match = /^(alpha|\d{3}-[A-Za-z0-9]{8})\.(.*)$/.exec(id);
  if (!match) throw new Error(`unexpected codec id ${id}`);
  return [match[1]!, ...match[2]!.split(".")];
}

function has(model: CodecModel, name: string): boolean {
  return model.definitions.has(name);
}

function caseField(model: CodecModel, union: string, caseName: string, field: string): IR | undefined {
  const codec = model.definitions.get(union)?.codec;
  if (codec?.kind !== "union") return undefined;
  const payload = codec.cases.find((c) => c.name === caseName)?.payload;
  if (payload?.kind !== "object") return undefined;
  return findField(payload.items, field);
}

function headerField(model: CodecModel, header: string, field: string): IR | undefined {
  const codec = model.definitions.get(header)?.codec;
  return codec?.kind === "object" ? findField(codec.items, field) : undefined;
}

function findField(items: readonly ObjectItem[], name: string): IR | undefined {
  for (const item of items) {
    if (item.kind === "field" && item.name === name) return item.codec;
    if (item.kind === "frame") {
      const inner = findField(item.items, name);
      if (inner) return inner;
    }
  }
  return undefined;
}
