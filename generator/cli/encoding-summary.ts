/** One-line summaries of codecs, for `list encodings` and `describe`. */

import type { CodecDefinition, IR } from "../ir/codec-ir.ts";
import { fixedSize } from "../ir/codec-ir.ts";
import { extendsToFrameEnd } from "../ir/frame-extent.ts";
import { hasBinaryForm } from "../ir/binary-form.ts";
import type { BodyCodec } from "../reconcile/codec-model.ts";

/** What a value is: `known encoding chain_id, 4 bytes`, `structure (object), variable size`… */
export function summarizeIr(ir: IR, definitions: ReadonlyMap<string, CodecDefinition>): string {
  const binary = hasBinaryForm(ir, definitions);
  if (binary !== true) return `JSON only (${binary})`;
  return `${kindOf(ir, definitions)}, ${sizeWords(ir, definitions)}`;
}

function kindOf(ir: IR, definitions: ReadonlyMap<string, CodecDefinition>): string {
  switch (ir.kind) {
    case "known":
      return `known encoding ${ir.id}`;
    case "ref": {
      const definition = definitions.get(ir.name);
      const what = definition ? structureWord(definition.codec) : "missing definition";
      return `structure (${what}, definition ${ir.name})`;
    }
    case "dynamic":
      return `${kindOf(ir.inner, definitions)} behind a ${ir.header} length`;
    case "padded":
      return `${kindOf(ir.inner, definitions)} and ${ir.bytes} bytes of padding`;
    case "int":
      return ir.decimal ? `${ir.size.toLowerCase()} (decimal string)` : ir.size.toLowerCase();
    case "ranged-int":
      return `integer in ${ir.min}..${ir.max}`;
    case "object":
    case "tuple":
    case "list":
    case "union":
    case "option":
    case "enum":
      return `structure (${structureWord(ir)})`;
    case "string":
      return "text";
    case "any-json":
      return "any JSON (BSON)";
    default:
      return ir.kind;
  }
}

function structureWord(ir: IR): string {
  switch (ir.kind) {
    case "union":
      return `union of ${ir.cases.length} case${ir.cases.length === 1 ? "" : "s"}`;
    case "enum":
      return `enumeration of ${ir.values.length}`;
    case "option":
      return "optional value";
    default:
      return ir.kind;
  }
}

export function sizeWords(ir: IR, definitions: ReadonlyMap<string, CodecDefinition>): string {
  const fixed = fixedSize(ir, definitions);
  if (fixed !== undefined) return `${fixed} byte${fixed === 1 ? "" : "s"}`;
  return extendsToFrameEnd(ir, definitions) ? "variable size (to the end of its frame)" : "size determined from data";
}

/** A body slot: its codec summary, or why it has no binary form. */
export function summarizeBody(body: BodyCodec, definitions: ReadonlyMap<string, CodecDefinition>): string {
  if (body.jsonOnly !== undefined) return `JSON only (${body.jsonOnly})`;
  return summarizeIr(body.codec, definitions);
}
