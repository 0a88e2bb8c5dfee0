/**
 * Leaves of the codec IR: values read by one runtime call and written by one statement
 * (integers, bytes, text, known encodings, constants, references to definitions).
 */

import { BINARY_FORM_EXPECTED } from "@tezos-rpcgen/runtime";
import type { IR, Size } from "../../ir/codec-ir.ts";
import { KNOWN_BY_ID } from "../../reconcile/known-encodings.ts";
import type { CodecContext } from "./context.ts";
import { literal } from "../ts-syntax.ts";

const LEAVES = new Set<IR["kind"]>(["int", "ranged-int", "float", "ranged-float", "bool", "bytes", "string", "known", "constant", "unit", "ref", "any-json", "json-only"]);

export function isLeaf(ir: IR): boolean {
  return LEAVES.has(ir.kind);
}

const INT_READERS = { Int8: "readInt8", Uint8: "readUint8", Int16: "readInt16", Uint16: "readUint16", Int32: "readInt32", Int64: "readInt64" } as const;
const INT_WRITERS = { Int8: "writeInt8", Uint8: "writeUint8", Int16: "writeInt16", Uint16: "writeUint16", Int32: "writeInt32", Int64: "writeInt64" } as const;

/** Runtime codec objects of the known encodings that are not plain hashes. */
const KNOWN_CODECS: Record<string, string> = {
  public_key_hash: "publicKeyHashCodec",
  public_key: "publicKeyCodec",
  contract_id: "contractIdCodec",
  timestamp_protocol: "timestampProtocolCodec",
  timestamp_system: "timestampSystemCodec",
};

/** The expression reading a leaf from `r`. */
export function decodeLeaf(context: CodecContext, ir: IR): string {
  switch (ir.kind) {
    case "int": {
      const little = ir.endianness === "Little" && ir.size !== "Int8" && ir.size !== "Uint8" ? ", true" : "";
      const read = `${context.use(INT_READERS[ir.size])}(r${little})`;
      return ir.decimal && ir.size !== "Int64" ? `String(${read})` : read;
    }
    case "ranged-int":
      return `${context.use("readRangedInt")}(r, ${ir.min}, ${ir.max}${ir.endianness === "Little" ? ", true" : ""})`;
    case "float":
      return `${context.use("readFloat")}(r)`;
    case "ranged-float":
      return `${context.use("readRangedFloat")}(r, ${ir.min}, ${ir.max})`;
    case "bool":
      return `${context.use("readBool")}(r)`;
    case "bytes":
      return sized(ir.size, () => `${context.use("readHex")}(r, ${fixed(ir.size)})`, () => `${context.use("readRestHex")}(r)`);
    case "string":
      return sized(ir.size, () => `${context.use("readUnistring")}(r, ${fixed(ir.size)})`, () => `${context.use("readRestUnistring")}(r)`);
    case "known":
      return knownDecode(context, ir);
    case "constant":
      return typeof ir.value === "object" && ir.value !== null ? `structuredClone(${JSON.stringify(ir.value)})` : `${JSON.stringify(ir.value)} as const`;
    case "unit":
      return "{}";
    case "ref":
      return `${context.definitionFunctions(ir.name).decode}(r)`;
    case "any-json":
      return sized(ir.size, () => `${context.use("readBsonValue")}(r, ${fixed(ir.size)})`, () => `${context.use("readBsonValue")}(r)`);
    case "json-only":
      return `${context.use("failDecode")}(r.offset, ${JSON.stringify(BINARY_FORM_EXPECTED)}, ${JSON.stringify(`a value that exists only in JSON (${ir.reason})`)})`;
    default:
      throw new Error(`${ir.kind} is not a leaf`);
  }
}

/** The statements writing the leaf value `value` to `w`. */
export function encodeLeaf(context: CodecContext, ir: IR, value: string): string[] {
  switch (ir.kind) {
    case "int": {
      const little = ir.endianness === "Little" && ir.size !== "Int8" && ir.size !== "Uint8" ? ", true" : "";
      const argument = ir.decimal && ir.size !== "Int64" ? `${context.use("decimalToNumber")}(w, ${value})` : value;
      return [`${context.use(INT_WRITERS[ir.size])}(w, ${argument}${little});`];
    }
    case "ranged-int":
      return [`${context.use("writeRangedInt")}(w, ${value}, ${ir.min}, ${ir.max}${ir.endianness === "Little" ? ", true" : ""});`];
    case "float":
      return [`${context.use("writeFloat")}(w, ${value});`];
    case "ranged-float":
      return [`${context.use("writeRangedFloat")}(w, ${value}, ${ir.min}, ${ir.max});`];
    case "bool":
      return [`${context.use("writeBool")}(w, ${value});`];
    case "bytes":
      return [`${context.use("writeHex")}(w, ${value}${ir.size.kind === "fixed" ? `, ${ir.size.bytes}` : ""});`];
    case "string":
      return [`${context.use("writeUnistring")}(w, ${value}${ir.size.kind === "fixed" ? `, ${ir.size.bytes}` : ""});`];
    case "known":
      return [knownEncode(context, ir, value)];
    case "constant":
    case "unit":
      return [];
    case "ref":
      return [`${context.definitionFunctions(ir.name).encode}(w, ${value});`];
    case "any-json":
      return [`${context.use("writeBsonValue")}(w, ${value}${ir.size.kind === "fixed" ? `, ${ir.size.bytes}` : ""});`];
    case "json-only":
      return [`${context.use("failEncode")}(w, ${JSON.stringify(BINARY_FORM_EXPECTED)}, ${JSON.stringify(`a value that exists only in JSON (${ir.reason})`)});`];
    default:
      throw new Error(`${ir.kind} is not a leaf`);
  }
}

function knownDecode(context: CodecContext, ir: Extract<IR, { kind: "known" }>): string {
  const entry = KNOWN_BY_ID.get(ir.id);
  if (entry?.base58) return `${context.use("readHash")}(r, ${context.use("BASE58")}.${entry.base58})`;
  switch (ir.id) {
    case "zarith_n":
      return `${context.use("readZarithN")}(r)`;
    case "zarith_z":
      return `${context.use("readZarithZ")}(r)`;
    case "signature":
      return `${context.use(ir.size.kind === "fixed" ? "signatureCodec" : "variableSignatureCodec")}.decode(r)`;
    case "micheline":
      return `${michelineCodec(context, ir.params, ir.size)}.decode(r)`;
    case "base58_union":
      return `${base58UnionCodec(context, ir.params)}.decode(r)`;
    default: {
      const codec = KNOWN_CODECS[ir.id];
      if (codec === undefined) throw new Error(`no runtime codec for the known encoding ${ir.id}`);
      return `${context.use(codec)}.decode(r)`;
    }
  }
}

function knownEncode(context: CodecContext, ir: Extract<IR, { kind: "known" }>, value: string): string {
  const entry = KNOWN_BY_ID.get(ir.id);
  if (entry?.base58) return `${context.use("writeHash")}(w, ${context.use("BASE58")}.${entry.base58}, ${value});`;
  switch (ir.id) {
    case "zarith_n":
      return `${context.use("writeZarithN")}(w, ${value});`;
    case "zarith_z":
      return `${context.use("writeZarithZ")}(w, ${value});`;
    case "signature":
      return `${context.use(ir.size.kind === "fixed" ? "signatureCodec" : "variableSignatureCodec")}.encode(w, ${value});`;
    case "micheline":
      return `${michelineCodec(context, ir.params, ir.size)}.encode(w, ${value});`;
    case "base58_union":
      return `${base58UnionCodec(context, ir.params)}.encode(w, ${value});`;
    default: {
      const codec = KNOWN_CODECS[ir.id];
      if (codec === undefined) throw new Error(`no runtime codec for the known encoding ${ir.id}`);
      return `${context.use(codec)}.encode(w, ${value});`;
    }
  }
}

/**
 * A module constant holding the Micheline codec for the primitives a body's schema lists (one
 * per list of primitives, however many values use it).
 */
function michelineCodec(context: CodecContext, params: unknown, size: Size): string {
  const primitives = (params as { primitives?: string[] } | undefined)?.primitives;
  // A structured expression inside a larger value delimits itself; a lazy one fills its frame.
  const factory = size.kind === "self-delimited" ? "michelineSelfDelimited" : "micheline";
  return context.constant(factory === "micheline" ? "michelineCodec" : "michelineSelfDelimitedCodec", `${context.use(factory)}(${literal(primitives ? { primitives } : {})})`);
}

/** A module constant holding the codec of a Base58 union (one per list of cases). */
function base58UnionCodec(context: CodecContext, params: unknown): string {
  const { tagSize, cases } = params as { tagSize: string; cases: unknown[] };
  return context.constant("base58UnionCodec", `${context.use("base58Union")}(${JSON.stringify(tagSize)}, ${JSON.stringify(cases)})`);
}

function sized(size: Size, fixedRead: () => string, restRead: () => string): string {
  if (size.kind === "fixed") return fixedRead();
  if (size.kind === "variable") return restRead();
  throw new Error("a byte or text value needs a fixed size or a frame");
}

function fixed(size: Size): number {
  return size.kind === "fixed" ? size.bytes : 0;
}
