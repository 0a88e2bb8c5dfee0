/**
 * Protocol 025's operation signature split: the `Signature_prefix` contents element is a union of
 * two cases with the same JSON (hex text), `Bls_prefix` (32 bytes) and `Mldsa44_prefix` (2356
 * bytes), which only the byte count tells apart; and `Signature.V3` (ML-DSA-44 `mdsig…`, 2420
 * bytes) is a known signature. The schemas are small made-up ones of the shape Octez's 025
 * Kaitai files and OpenAPI give (`src/proto_025_PsUshuai/lib_protocol/operation_repr.ml`).
 */
import { describe, expect, it } from "vitest";
import { readBinarySchema } from "../../../generator/describe/index.ts";
import { BodyReconciler } from "../../../generator/reconcile/reconciler.ts";
import { DefinitionRegistry } from "../../../generator/reconcile/definition-registry.ts";
import { Interpreter } from "../../../generator/ir/interpret.ts";
import type { JsonSchema } from "../../../generator/model/json-schema.ts";
import { BASE58, bytesToHex, decodeBytes, encodeBase58Check, encodeBytes } from "../../../runtime/index.ts";

const DRAFT = "http://json-schema.org/draft-04/schema#";
const named = (name: string, layout: unknown, dataKind: unknown) => ({ kind: "named", name, layout, data_kind: dataKind });
const tag = named("Tag", { kind: "Int", size: "Uint8" }, { kind: "Fixed", size: 1 });
const fixedBytes = (name: string, size: number) => named(name, { kind: "Bytes" }, { kind: "Fixed", size });
const hex = (title: string): JsonSchema => ({ title, type: "string", pattern: "^([a-zA-Z0-9][a-zA-Z0-9])*$" });
const base58 = (title: string): JsonSchema => ({ title: `${title} (Base58Check-encoded)`, $ref: "#/definitions/unistring" });

const binary = {
  toplevel: { fields: [named("contents", { kind: "Seq", layout: { kind: "Ref", name: "contents_or_signature_prefix" } }, { kind: "Variable" }), fixedBytes("signature", 64)] },
  fields: [
    {
      description: { title: "contents_or_signature_prefix" },
      encoding: {
        tag_size: "Uint8",
        kind: { kind: "Dynamic" },
        cases: [
          { tag: 107, name: "Reveal", fields: [tag, named("source", { kind: "Ref", name: "public_key_hash" }, { kind: "Fixed", size: 21 }), named("public_key", { kind: "Ref", name: "public_key" }, { kind: "Dynamic" })] },
          { tag: 255, name: "Signature_prefix", fields: [tag, named("signature_prefix", { kind: "Ref", name: "signature_prefix" }, { kind: "Dynamic" })] },
        ],
      },
    },
    {
      description: { title: "signature_prefix" },
      encoding: {
        tag_size: "Uint8",
        kind: { kind: "Dynamic" },
        cases: [
          { tag: 3, name: "Bls_prefix", fields: [tag, fixedBytes("bls_prefix", 32)] },
          { tag: 4, name: "Mldsa44_prefix", fields: [tag, fixedBytes("mldsa44_prefix", 2356)] },
        ],
      },
    },
  ],
};

const json: JsonSchema = {
  $schema: DRAFT,
  type: "object",
  properties: {
    contents: {
      type: "array",
      items: {
        oneOf: [
          {
            title: "Reveal",
            type: "object",
            properties: { kind: { type: "string", enum: ["reveal"] }, source: { $ref: "#/definitions/Signature.Public_key_hash" }, public_key: { $ref: "#/definitions/Signature.Public_key" } },
            required: ["kind", "source", "public_key"],
            additionalProperties: false,
          },
          { title: "Signature_prefix", oneOf: [hex("Bls_prefix"), hex("Mldsa44_prefix")] },
        ],
      },
    },
    signature: { $ref: "#/definitions/Signature.V3" },
  },
  required: ["contents"],
  additionalProperties: false,
  definitions: {
    "Signature.Public_key_hash": base58("A Ed25519, Secp256k1, P256, BLS or Mldsa44 public key hash"),
    "Signature.Public_key": base58("A Ed25519, Secp256k1, P256, BLS or Mldsa44 public key"),
    "Signature.V3": base58("A Ed25519, Secp256k1, P256, BLS or Mldsa44 signature"),
    unistring: { type: "string" },
  },
};

const bytes = (length: number, seed: number) => Uint8Array.from({ length }, (_, i) => (i * 29 + seed) & 0xff);

describe("an operation of protocol 025 signed with ML-DSA-44 or BLS", () => {
  const registry = new DefinitionRegistry();
  const ir = new BodyReconciler(json, readBinarySchema(binary), registry.sinkForBody()).reconcile("operation");
  registry.finish();
  const codec = new Interpreter(registry.definitions).codec(ir);
  const hash = bytes(20, 1);
  const key = bytes(1312, 2);
  const reveal = { kind: "reveal", source: encodeBase58Check(BASE58.mldsa44_public_key_hash, hash), public_key: encodeBase58Check(BASE58.mldsa44_public_key, key) };

  it("reconciles with the signature split and Signature.V3 known", () => {
    expect(ir).toMatchObject({ kind: "object", signatureSplit: true });
  });

  it("writes an mdsig as a tag-4 prefix element of its first 2356 bytes, then its last 64, and reads it back", () => {
    const signature = bytes(2420, 3);
    const value = { contents: [reveal], signature: encodeBase58Check(BASE58.mldsa44_signature, signature) };
    const written = encodeBytes(codec, value);
    const revealHex = "6b" + "04" + bytesToHex(hash) + "04" + bytesToHex(key);
    expect(bytesToHex(written)).toBe(revealHex + "ff04" + bytesToHex(signature.subarray(0, 2356)) + bytesToHex(signature.subarray(2356)));
    expect(decodeBytes(codec, written)).toEqual(value);
  });

  it("still writes a BLS signature's 32-byte prefix as tag 3, and a 64-byte signature with no prefix", () => {
    const bls = bytes(96, 4);
    const value = { contents: [reveal], signature: encodeBase58Check(BASE58.bls12_381_signature, bls) };
    const written = encodeBytes(codec, value);
    expect(bytesToHex(written).endsWith("ff03" + bytesToHex(bls))).toBe(true);
    expect(decodeBytes(codec, written)).toEqual(value);
    const plain = { contents: [reveal], signature: encodeBase58Check(BASE58.generic_signature, bytes(64, 5)) };
    expect(bytesToHex(encodeBytes(codec, plain)).endsWith("04" + bytesToHex(key) + bytesToHex(bytes(64, 5)))).toBe(true);
    expect(decodeBytes(codec, encodeBytes(codec, plain))).toEqual(plain);
  });
});
