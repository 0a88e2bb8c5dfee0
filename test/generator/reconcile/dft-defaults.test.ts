/**
 * data-encoding's `dft` fields whose default no schema states (generator/reconcile/dft-defaults.ts):
 * JSON may leave them out, binary always writes them. A field whose type has a zero takes it as
 * its default: decoding leaves it out when it holds it (as Octez's JSON does), encoding writes it
 * when absent; a text field gets no default. Checked through the IR interpreter and through the
 * emitted codecs, on a receipt shaped like Octez's (`storage_size: Z`, `allocated: bool`,
 * `entrypoint: string`, a fixed `nonce`, a `Uint16` count).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildCodecModel, type CodecModel } from "../../../generator/reconcile/codec-model.ts";
import { Interpreter } from "../../../generator/ir/interpret.ts";
import { zeroOf } from "../../../generator/reconcile/dft-defaults.ts";
import { defaultedReport } from "../../../generator/cli/commands/generate.ts";
import type { JsonSchema } from "../../../generator/model/json-schema.ts";
import type { RawBinarySchema } from "../../../generator/describe/raw.ts";
import { BinaryReader, BinaryWriter, bytesToHex, decodeBytes, encodeBytes, hexToBytes } from "../../../runtime/index.ts";
import { importEmittedCodecs, type Decoder, type Encoder } from "../../support/emitted-codecs.ts";

const DRAFT = "http://json-schema.org/draft-04/schema#";
const named = (name: string, layout: unknown, dataKind: unknown) => ({ name, layout, data_kind: dataKind, kind: "named" });

/** A registered encoding `test.receipt`: `status` required, the others `dft` (not `required` in JSON). */
const json: JsonSchema = {
  $schema: DRAFT,
  type: "object",
  properties: {
    status: { type: "string", enum: ["applied"] },
    storage_size: { $ref: "#/definitions/bignum" },
    allocated: { type: "boolean" },
    count: { type: "integer", minimum: 0, maximum: 65535 },
    nonce: { type: "string", pattern: "^([a-zA-Z0-9][a-zA-Z0-9])*$" },
    entrypoint: { type: "string" },
    gas: { type: "integer", minimum: 0, maximum: 65535, default: 7 },
  },
  required: ["status"],
  additionalProperties: false,
  definitions: { bignum: { title: "Big number", type: "string", pattern: "^-?[0-9]+$" } },
};
const binary = {
  toplevel: {
    fields: [
      named("storage_size", { name: "Z.t", kind: "Ref" }, { kind: "Dynamic" }),
      named("allocated", { kind: "Bool" }, { size: 1, kind: "Fixed" }),
      named("count", { size: "Uint16", kind: "Int" }, { size: 2, kind: "Fixed" }),
      named("nonce", { kind: "Bytes" }, { size: 4, kind: "Fixed" }),
      named("entrypoint", { kind: "String" }, { size: 3, kind: "Fixed" }),
      named("gas", { size: "Uint16", kind: "Int" }, { size: 2, kind: "Fixed" }),
    ],
  },
  fields: [{ description: { title: "Z.t" }, encoding: { fields: [named("Z.t", { kind: "Bytes" }, { kind: "Dynamic" })] } }],
} as unknown as RawBinarySchema;

const model: CodecModel = buildCodecModel({ services: [], dynamicDirectories: [], encodings: [{ id: "test.receipt", json, binary }] });
const definition = model.encodings![0]!.definition!;

/** Zeros everywhere, `"def"` as the entrypoint, 7 as the stated gas. */
const ZEROS = "00" + "00" + "0000" + "00000000" + "646566" + "0007";
/** Storage size 5, allocated, count 2, nonce 01020304, entrypoint "abc", gas 9. */
const FULL = "05" + "ff" + "0002" + "01020304" + "616263" + "0009";
const full = { status: "applied", storage_size: "5", allocated: true, count: 2, nonce: "01020304", entrypoint: "abc", gas: 9 };

/** The two ways the generator's codecs run: the IR interpreter and the emitted code. */
const dir = mkdtempSync(join(tmpdir(), "dft-defaults-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
async function codecs(): Promise<Array<{ via: string; decode: (hex: string) => unknown; encode: (value: unknown) => string }>> {
  const interpreted = new Interpreter(model.definitions).codec({ kind: "ref", name: definition });
  const emitted = await importEmittedCodecs(model, dir, "receipt", { validators: false });
  const type = emitted.names.definitions.get(definition)!;
  const decode = emitted.functions[`decode${type}`] as Decoder;
  const encode = emitted.functions[`encode${type}`] as Encoder;
  return [
    { via: "interpreter", decode: (hex) => decodeBytes(interpreted, hexToBytes(hex)), encode: (value) => bytesToHex(encodeBytes(interpreted, value as never)) },
    {
      via: "emitted codecs",
      decode: (hex) => decode(new BinaryReader(hexToBytes(hex))),
      encode: (value) => {
        const w = new BinaryWriter();
        encode(w, value);
        return bytesToHex(w.finish());
      },
    },
  ];
}

describe("dft fields without a stated default", () => {
  it("take their type's zero: 0 or \"0\", false, [], zero bytes; none for text, objects, unions or hashes", () => {
    expect(zeroOf({ kind: "known", id: "zarith_z", size: { kind: "self-delimited" } })).toBe("0");
    expect(zeroOf({ kind: "known", id: "zarith_n", size: { kind: "self-delimited" } })).toBe("0");
    expect(zeroOf({ kind: "int", size: "Int64", endianness: "Big", decimal: true })).toBe("0");
    expect(zeroOf({ kind: "int", size: "Int32", endianness: "Big" })).toBe(0);
    expect(zeroOf({ kind: "ranged-int", min: 0, max: 10, endianness: "Big" })).toBe(0);
    expect(zeroOf({ kind: "ranged-int", min: 1, max: 10, endianness: "Big" })).toBeUndefined();
    expect(zeroOf({ kind: "bool" })).toBe(false);
    expect(zeroOf({ kind: "list", element: { kind: "bool" } })).toEqual([]);
    expect(zeroOf({ kind: "bytes", size: { kind: "fixed", bytes: 3 } })).toBe("000000");
    expect(zeroOf({ kind: "bytes", size: { kind: "variable" } })).toBeUndefined();
    expect(zeroOf({ kind: "string", size: { kind: "variable" } })).toBeUndefined();
    expect(zeroOf({ kind: "known", id: "public_key_hash", size: { kind: "fixed", bytes: 21 } })).toBeUndefined();
    expect(zeroOf({ kind: "object", items: [] })).toBeUndefined();
    expect(zeroOf({ kind: "float" })).toBeUndefined();
  });

  it("are left out when decoded at their zero and written as it when absent; a text field gets no default; a stated default wins", async () => {
    const items = (model.definitions.get(definition)!.codec as { items: Array<{ kind: string; name?: string; default?: unknown; zeroDefault?: true }> }).items;
    expect(Object.fromEntries(items.filter((i) => i.kind === "field").map((i) => [i.name, i.default]))).toEqual({
      storage_size: "0",
      allocated: false,
      count: 0,
      nonce: "00000000",
      entrypoint: undefined,
      gas: 7,
    });
    expect(items.find((i) => i.name === "gas")?.zeroDefault).toBeUndefined();
    for (const { via, decode, encode } of await codecs()) {
      // Decoding: the zeros are left out, the text is shown (no default known), as is a non-default gas.
      expect(decode(ZEROS), via).toEqual({ status: "applied", entrypoint: "def" });
      expect(decode(FULL), via).toEqual(full);
      // Encoding: absent fields are written as their default; the text field cannot be.
      expect(encode({ status: "applied", entrypoint: "def" }), via).toBe(ZEROS);
      expect(encode(full), via).toBe(FULL);
      expect(encode({ status: "applied", storage_size: "0", allocated: false, count: 0, nonce: "00000000", entrypoint: "def", gas: 7 }), via).toBe(ZEROS);
      expect(() => encode({ status: "applied" }), via).toThrow(/entrypoint.*(schema does not give the default|no default)/s);
    }
  });

  it("are listed for `generate`'s report: the zeros counted by field, the ones without a default each named", () => {
    expect(model.defaulted).toEqual([
      { where: `${definition}.storage_size`, zero: "0" },
      { where: `${definition}.allocated`, zero: false },
      { where: `${definition}.count`, zero: 0 },
      { where: `${definition}.nonce`, zero: "00000000" },
      { where: `${definition}.entrypoint` },
    ]);
    expect(defaultedReport("x.json", model.defaulted)).toEqual([
      "note: x.json: 4 fields JSON may leave out (data-encoding dft, no default stated) default to their type's zero, left out of decoded values that hold it: storage_size \"0\", allocated false, count 0, nonce \"00000000\"",
      `note: x.json: ${definition}.entrypoint: JSON may leave it out but binary always writes it, and its type has no zero to assume: decoding shows it, encoding needs it`,
    ]);
    expect(defaultedReport("x.json", undefined)).toEqual([]);
  });
});
