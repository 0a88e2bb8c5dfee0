/**
 * The codec IR: one description per value that says both how it looks in JSON and how it is
 * laid out in binary. The reconciler (`generator/reconcile/`) builds it from a service body's
 * JSON schema and binary schema together; the emitters and the interpreter only read it.
 *
 * Every node describes a value of the value model (DESIGN.md): what the decoder produces is
 * exactly what `JSON.parse` gives for the node's JSON form.
 */

import type { DynSize, Endianness, EnumSize, IntSize, SeqLimit, TagSize } from "../model/binary-schema.ts";
import type { JsonSchema } from "../model/json-schema.ts";
import { intSizeBytes, lengthHeaderSize, rangedIntSize, type CaseShape } from "@tezos-rpcgen/runtime";

/**
 * Byte size of a value: fixed, the rest of the enclosing frame (`variable`), or told by the
 * value's own bytes (`self-delimited`: zarith numbers, tagged keys).
 */
export type Size = { kind: "fixed"; bytes: number } | { kind: "variable" } | { kind: "self-delimited" };

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

export type IR =
  /**
   * An integer; JSON numbers, except `Int64` values and any integer whose JSON schema is a
   * string (`decimal`), which are decimal strings (compact int64 encodings use small widths).
   */
  | { kind: "int"; size: IntSize; endianness: Endianness; decimal?: true }
  /** An integer restricted to `[min, max]`, stored in the smallest width (offset when `min >= 0`). */
  | { kind: "ranged-int"; min: number; max: number; endianness: Endianness }
  | { kind: "float" }
  | { kind: "ranged-float"; min: number; max: number }
  | { kind: "bool" }
  /** Raw bytes, a lowercase hex string in JSON. */
  | { kind: "bytes"; size: Size }
  /** Text: a string, or `{invalid_utf8_string: [...]}` when the bytes are not UTF-8. */
  | { kind: "string"; size: Size }
  /** A value-model encoding from the known-encodings table (hashes, keys, timestamps, zarith…). */
  | { kind: "known"; id: KnownId; size: Size; params?: JsonValue }
  /**
   * `jsonOnly`: optional JSON properties that have no binary field; an encoder given one refuses
   * it as such (binary cannot carry it), not as a property the schema lacks.
   */
  | {
      kind: "object";
      items: ObjectItem[];
      jsonOnly?: string[];
      /**
       * Octez's signature split (`contents` then `signature`, a BLS signature's first 32 bytes as
       * a last contents element): the codec joins and splits them at its edges (the runtime's
       * `joinSignaturePrefix` / `splitSignaturePrefix`).
       */
      signatureSplit?: true;
    }
  /** A JSON array of fixed length whose elements are laid out one after another. */
  | { kind: "tuple"; elements: TupleElement[] }
  /** A JSON array; in binary, elements fill the frame unless `limit` is exact or a count precedes them. */
  | { kind: "list"; element: IR; limit?: SeqLimit; count?: DynSize }
  | { kind: "union"; tagSize: TagSize; cases: UnionCase[]; jsonOnlyCases: JsonOnlyCase[] }
  /** data-encoding's `option` combinator: JSON `null` ↔ tag 0, any other value ↔ tag 1. */
  | { kind: "option"; some: IR }
  /** A string enumeration written as an integer code. */
  | { kind: "enum"; size: EnumSize; values: Array<{ name: string; code: number }> }
  /** A value that takes no bytes and is always `value` in JSON. */
  | { kind: "constant"; value: JsonValue }
  /** A value with no content: zero bytes; `{}` in JSON (any JSON is accepted on input). */
  | { kind: "unit" }
  /** A length header (`dyn`) followed by the value inside a frame of exactly that length. */
  | { kind: "dynamic"; header: DynSize; inner: IR }
  /** A value followed by `bytes` zero bytes of padding. */
  | { kind: "padded"; inner: IR; bytes: number }
  /** A named definition of the model (see {@link CodecDefinition}); resolved lazily, so cycles are fine. */
  | { kind: "ref"; name: string }
  /** Any JSON value; in binary a BSON document taking `size` bytes (usually the rest of a `dyn` frame). */
  | { kind: "any-json"; size: Size }
  /** A value that has no binary form; binary encode and decode fail with a typed error. `schema` types it. */
  | { kind: "json-only"; reason: string; schema: JsonSchema };

/** A value-model encoding implemented by the runtime; see `generator/reconcile/known-encodings.ts`. */
export type KnownId = string;

export type ObjectItem =
  /** A JSON property present in binary. */
  | {
      kind: "field";
      name: string;
      codec: IR;
      presence: FieldPresence;
      /** A `required` field that JSON may omit (data-encoding's `dft`): binary always writes it. */
      jsonOptional?: true;
      /**
       * The value written for an omitted `jsonOptional` field, and left out when decoded: the
       * schema's `default`, else its type's zero (`generator/reconcile/dft-defaults.ts`).
       */
      default?: JsonValue;
      /** `default` is the type's zero, assumed: no schema states it (reported by `generate`). */
      zeroDefault?: true;
    }
  /** A JSON property that has no bytes: its value is fixed (`kind` of operation contents). */
  | { kind: "constant"; name: string; value: JsonValue }
  /** A `dyn` length header framing the items it covers. */
  | { kind: "frame"; header: DynSize; items: ObjectItem[] }
  /** Filler bytes: written as zeros, skipped when read. */
  | { kind: "padding"; bytes: number }
  /** The fields of another object laid out inline (data-encoding's `merge_objs` of a named object). */
  | { kind: "merge"; codec: IR };

/**
 * How an object field is present:
 * - `required`: always there;
 * - `indicator`: optional, behind a presence byte (0x00 absent, anything else present);
 * - `rest-of-frame`: optional and variable-sized, present exactly when bytes remain in its frame.
 */
export type FieldPresence = "required" | "indicator" | "rest-of-frame";

export type TupleElement =
  | { kind: "element"; codec: IR }
  | { kind: "frame"; header: DynSize; elements: TupleElement[] }
  | { kind: "padding"; bytes: number };

export interface UnionCase {
  tag: number;
  /** Binary case name (unique per union only by tag). */
  name: string;
  /** The value carried by the case, in JSON and in binary (after the tag). */
  payload: IR;
  /** How an encoder recognises a JSON value of this case. */
  match: CaseMatch;
}

/** A case that exists only in JSON (older shapes accepted on input, or all cases of an empty `cases`). */
export interface JsonOnlyCase {
  title: string;
  schema: JsonSchema;
  match: CaseMatch;
}

/**
 * How to tell which union case a JSON value belongs to: the case's whole JSON shape (see the
 * runtime's `selectCase`: exactly one case must accept a value), or, for the cases of a compact
 * encoding (one JSON form, several binary widths), the first case whose binary encoder accepts
 * the value.
 */
export type CaseMatch = CaseShape | { kind: "first-that-fits" };

/** A named definition shared by every service of one generated interface. */
export interface CodecDefinition {
  /** Definition name as published (`block_header`, `alpha.operation.alpha.contents`). */
  name: string;
  /** The JSON schema title and description, for TSDoc. */
  title?: string;
  description?: string;
  codec: IR;
}

/** Bytes taken by a value when its size does not depend on the value, else `undefined`. */
export function fixedSize(ir: IR, definitions: ReadonlyMap<string, CodecDefinition>, seen: Set<string> = new Set()): number | undefined {
  switch (ir.kind) {
    case "int":
      return intSizeBytes(ir.size);
    case "ranged-int":
      return rangedIntSize(ir.min, ir.max);
    case "float":
    case "ranged-float":
      return 8;
    case "bool":
      return 1;
    case "bytes":
    case "string":
    case "known":
      return ir.size.kind === "fixed" ? ir.size.bytes : undefined;
    case "enum":
      return ir.size === "Int16" || ir.size === "Uint16" ? 2 : 1;
    case "constant":
    case "unit":
      return 0;
    case "object": {
      let total = 0;
      for (const item of ir.items) {
        const size = itemFixedSize(item, definitions, seen);
        if (size === undefined) return undefined;
        total += size;
      }
      return total;
    }
    case "tuple": {
      let total = 0;
      for (const element of ir.elements) {
        const size = element.kind === "element" ? fixedSize(element.codec, definitions, seen) : element.kind === "padding" ? element.bytes : undefined;
        if (size === undefined) return undefined;
        total += size;
      }
      return total;
    }
    case "list":
      if (ir.limit?.kind === "exactly" && ir.count === undefined) {
        const element = fixedSize(ir.element, definitions, seen);
        return element === undefined ? undefined : element * ir.limit.count;
      }
      return undefined;
    case "union": {
      if (ir.cases.length === 0) return undefined;
      let size: number | undefined;
      for (const c of ir.cases) {
        const payload = fixedSize(c.payload, definitions, seen);
        if (payload === undefined || (size !== undefined && size !== payload)) return undefined;
        size = payload;
      }
      return size === undefined ? undefined : size + (ir.tagSize === "Uint8" ? 1 : 2);
    }
    case "ref": {
      if (seen.has(ir.name)) return undefined;
      const def = definitions.get(ir.name);
      if (!def) return undefined;
      seen.add(ir.name);
      const size = fixedSize(def.codec, definitions, seen);
      seen.delete(ir.name);
      return size;
    }
    case "dynamic": {
      const inner = fixedSize(ir.inner, definitions, seen);
      const header = lengthHeaderSize(ir.header);
      return inner === undefined || header === undefined ? undefined : header + inner;
    }
    case "padded": {
      const inner = fixedSize(ir.inner, definitions, seen);
      return inner === undefined ? undefined : inner + ir.bytes;
    }
    case "any-json":
      return ir.size.kind === "fixed" ? ir.size.bytes : undefined;
    case "option":
    case "json-only":
      return undefined;
  }
}

function itemFixedSize(item: ObjectItem, definitions: ReadonlyMap<string, CodecDefinition>, seen: Set<string>): number | undefined {
  switch (item.kind) {
    case "field":
      return item.presence === "required" ? fixedSize(item.codec, definitions, seen) : undefined;
    case "constant":
      return 0;
    case "padding":
      return item.bytes;
    case "frame": {
      const header = lengthHeaderSize(item.header);
      if (header === undefined) return undefined;
      let total = header;
      for (const inner of item.items) {
        const size = itemFixedSize(inner, definitions, seen);
        if (size === undefined) return undefined;
        total += size;
      }
      return total;
    }
    case "merge":
      return fixedSize(item.codec, definitions, seen);
  }
}
