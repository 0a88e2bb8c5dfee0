/**
 * Small synthetic describe trees, through the generated codecs and the IR interpreter alike:
 * - an optional JSON property the binary layout has no field for is refused, when a value has
 *   it, as existing only in JSON (not as a property the schema lacks), naming it;
 * - a union whose discriminant is named like a property of `Object.prototype` (`constructor`)
 *   reads it as an own property: `{}` is a typed error, and an inherited value chooses nothing;
 * - a union whose tags are `Uint16` reads and writes two tag bytes;
 * - Jakarta's transaction destination, whose third case is a transaction rollup (`txr1…`, a
 *   hash behind its own definition `alpha.tx_rollup_id`), decodes and encodes all three cases.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodeError, encodeHex } from "./encoding.ts";
import { loadInterface, renderInterface, type LoadedInterface } from "../../../generator/pipeline.ts";
import { Interpreter } from "../../../generator/ir/interpret.ts";
import { BASE58, BinaryReader, BinaryWriter, DecodeError, EncodeError, bytesToHex, decodeBase58Check, hexToBytes, type Codec } from "../../../runtime/index.ts";
import { temporaryDirectory } from "../emit/support.ts";

const DRAFT_04 = "http://json-schema.org/draft-04/schema#";
const INT32 = { type: "integer", minimum: -2147483648, maximum: 2147483647 };
const INT32_FIELD = (name: string) => ({ name, layout: { size: "Int32", kind: "Int" }, data_kind: { size: 4, kind: "Fixed" }, kind: "named" });
const TAG = { name: "Tag", layout: { size: "Uint8", kind: "Int" }, data_kind: { size: 1, kind: "Fixed" }, kind: "named" };
const ERROR_BODY = {
  json_schema: { $schema: DRAFT_04 },
  binary_schema: { toplevel: { fields: [{ kind: "dyn", num_fields: 1, size: "Uint30" }, { layout: { kind: "String" }, kind: "anon", data_kind: { kind: "Variable" } }] }, fields: [] },
};

/** `{a, note?}` in JSON; binary has `a` only. */
const JSON_EXTRA = {
  json_schema: { $schema: DRAFT_04, type: "object", properties: { a: INT32, note: { type: "string" } }, required: ["a"], additionalProperties: false },
  binary_schema: { toplevel: { fields: [INT32_FIELD("a")] }, fields: [] },
};

/** Two cases told apart by a constant property named `constructor`. */
const CONSTRUCTOR_UNION = {
  json_schema: {
    $schema: DRAFT_04,
    oneOf: [
      { title: "A", type: "object", properties: { constructor: { type: "string", enum: ["a"] }, x: INT32 }, required: ["x", "constructor"], additionalProperties: false },
      { title: "B", type: "object", properties: { constructor: { type: "string", enum: ["b"] }, y: INT32 }, required: ["y", "constructor"], additionalProperties: false },
    ],
  },
  binary_schema: {
    toplevel: { fields: [{ layout: { name: "X_0", kind: "Ref" }, kind: "anon", data_kind: { size: 5, kind: "Fixed" } }] },
    fields: [
      {
        description: { title: "X_0" },
        encoding: {
          tag_size: "Uint8",
          kind: { size: 5, kind: "Fixed" },
          cases: [
            { tag: 0, fields: [TAG, INT32_FIELD("x")], name: "A" },
            { tag: 1, fields: [TAG, INT32_FIELD("y")], name: "B" },
          ],
        },
      },
    ],
  },
};

const TAG16 = { name: "Tag", layout: { size: "Uint16", kind: "Int" }, data_kind: { size: 2, kind: "Fixed" }, kind: "named" };

/** Two cases with two-byte tags 0 and 0x0102. */
const UINT16_UNION = {
  json_schema: {
    $schema: DRAFT_04,
    oneOf: [
      { title: "Low", type: "object", properties: { kind: { type: "string", enum: ["low"] }, x: INT32 }, required: ["kind", "x"], additionalProperties: false },
      { title: "High", type: "object", properties: { kind: { type: "string", enum: ["high"] }, y: INT32 }, required: ["kind", "y"], additionalProperties: false },
    ],
  },
  binary_schema: {
    toplevel: { fields: [{ layout: { name: "X_0", kind: "Ref" }, kind: "anon", data_kind: { size: 6, kind: "Fixed" } }] },
    fields: [
      {
        description: { title: "X_0" },
        encoding: {
          tag_size: "Uint16",
          kind: { size: 6, kind: "Fixed" },
          cases: [
            { tag: 0, fields: [TAG16, INT32_FIELD("x")], name: "Low" },
            { tag: 0x0102, fields: [TAG16, INT32_FIELD("y")], name: "High" },
          ],
        },
      },
    ],
  },
};

const fixedSize = (size: number) => ({ size, kind: "Fixed" });
const PADDING = { name: "padding", layout: { kind: "Padding" }, data_kind: fixedSize(1), kind: "named" };
const PKH_CASE = (tag: number, curve: string) => ({ tag, name: curve, fields: [TAG, { name: `${curve}.Public_key_hash`, layout: { kind: "Bytes" }, data_kind: fixedSize(20), kind: "named" }] });

/** Jakarta's `alpha.transaction_destination` (destination_repr.ml): implicit, originated, or a transaction rollup. */
const DESTINATION = {
  json_schema: {
    $schema: DRAFT_04,
    $ref: "#/definitions/alpha.transaction_destination",
    definitions: {
      "alpha.transaction_destination": { title: "A destination of a transaction", $ref: "#/definitions/unistring" },
      unistring: { title: "Universal string representation", type: "string" },
    },
  },
  binary_schema: {
    toplevel: { fields: [{ layout: { name: "alpha.transaction_destination", kind: "Ref" }, kind: "anon", data_kind: fixedSize(22) }] },
    fields: [
      {
        description: { title: "alpha.transaction_destination" },
        encoding: {
          tag_size: "Uint8",
          kind: fixedSize(22),
          cases: [
            { tag: 0, name: "Implicit", fields: [TAG, { name: "Signature.Public_key_hash", layout: { name: "public_key_hash", kind: "Ref" }, data_kind: fixedSize(21), kind: "named" }] },
            { tag: 1, name: "Originated", fields: [TAG, { name: "Contract_hash", layout: { kind: "Bytes" }, data_kind: fixedSize(20), kind: "named" }, PADDING] },
            { tag: 2, name: "Tx_rollup", fields: [TAG, { name: "alpha.tx_rollup_id", layout: { name: "alpha.tx_rollup_id", kind: "Ref" }, data_kind: fixedSize(20), kind: "named" }, PADDING] },
          ],
        },
      },
      { description: { title: "public_key_hash" }, encoding: { tag_size: "Uint8", kind: fixedSize(21), cases: [PKH_CASE(0, "Ed25519"), PKH_CASE(1, "Secp256k1"), PKH_CASE(2, "P256")] } },
      { description: { title: "alpha.tx_rollup_id" }, encoding: { fields: [{ name: "Rollup_hash", layout: { kind: "Bytes" }, data_kind: fixedSize(20), kind: "named" }] } },
    ],
  },
};

const service = (path: string, output: unknown) => ({ meth: "GET", path: [path], query: [], output, error: ERROR_BODY });
const DESCRIBE = {
  static: {
    subdirs: {
      suffixes: [
        { name: "extra", tree: { static: { get_service: service("extra", JSON_EXTRA) } } },
        { name: "union", tree: { static: { get_service: service("union", CONSTRUCTOR_UNION) } } },
        { name: "uint16", tree: { static: { get_service: service("uint16", UINT16_UNION) } } },
        { name: "destination", tree: { static: { get_service: service("destination", DESTINATION) } } },
      ],
    },
  },
};

const tmp = temporaryDirectory();
let loaded: LoadedInterface;
let generated: Record<string, unknown>;

beforeAll(async () => {
  const source = join(tmp.path, "edge.json");
  writeFileSync(source, JSON.stringify(DESCRIBE));
  loaded = await loadInterface(source);
  const folder = join(tmp.path, "edge");
  await mkdir(folder);
  for (const file of await renderInterface(loaded)) await writeFile(join(folder, file.name), file.contents);
  generated = (await import(pathToFileURL(join(folder, "codecs.ts")).href)) as Record<string, unknown>;
});
afterAll(() => tmp.cleanup());

/** The generated and the interpreted codec of a route's output. */
function codecs(path: string, name: string): Array<[string, Codec<unknown>]> {
  const entry = loaded.model.services.find((s) => s.service.route.some((segment) => segment.kind === "static" && segment.name === path))!;
  return [
    ["generated", { encode: generated[`encode${name}`] as Codec<unknown>["encode"], decode: generated[`decode${name}`] as Codec<unknown>["decode"] }],
    ["interpreter", new Interpreter(loaded.model.definitions).codec(entry.output.codec)],
  ];
}

const encode = encodeHex;

describe("an optional property that exists only in JSON", () => {
  it.each(["generated", "interpreter"])("is refused as such, naming it (%s)", (which) => {
    const codec = codecs("extra", "GetExtraOutput").find(([name]) => name === which)![1];
    expect(encode(codec, { a: 7 })).toBe("00000007");
    const error = encodeError(codec, { a: 7, note: "hi" });
    expect(error.path).toBe("$.note");
    expect(error.expected).toMatch(/exists only in JSON/);
    expect(error.message).not.toMatch(/schema does not have it/);
    // A property the schema lacks is still told as such.
    expect(encodeError(codec, { a: 7, other: 1 }).expected).toMatch(/the schema does not have it/);
  });
});

describe("a union discriminant named constructor", () => {
  it.each(["generated", "interpreter"])("is read as an own property (%s)", (which) => {
    const codec = codecs("union", "GetUnionOutput").find(([name]) => name === which)![1];
    expect(encode(codec, JSON.parse('{"constructor":"b","y":2}'))).toBe("0100000002");
    expect(encode(codec, JSON.parse('{"constructor":"a","x":1}'))).toBe("0000000001");
    const decoded = codec.decode(new BinaryReader(hexToBytes("0100000002"))) as Record<string, unknown>;
    expect(Object.hasOwn(decoded, "constructor") && decoded.constructor).toBe("b");
    // `{}` has no own `constructor` (its inherited one is Object): a typed error, never a TypeError.
    expect(encodeError(codec, {}).path).toBe("$");
    // An inherited discriminant chooses no case (JSON.parse never builds one).
    const inherited = Object.assign(Object.create({ constructor: "b" }) as object, { y: 2 });
    encodeError(codec, inherited);
  });
});

describe("a union with Uint16 tags", () => {
  it.each(["generated", "interpreter"])("reads and writes two tag bytes (%s)", (which) => {
    const codec = codecs("uint16", "GetUint16Output").find(([name]) => name === which)![1];
    expect(encode(codec, { kind: "high", y: 2 })).toBe("010200000002");
    expect(encode(codec, { kind: "low", x: 1 })).toBe("000000000001");
    expect(codec.decode(new BinaryReader(hexToBytes("010200000002")))).toEqual({ kind: "high", y: 2 });
    expect(codec.decode(new BinaryReader(hexToBytes("000000000001")))).toEqual({ kind: "low", x: 1 });
    // One tag byte alone is not a tag: 0x01 then 0x02… names no case.
    expect(() => codec.decode(new BinaryReader(hexToBytes("0100000002ff")))).toThrow(DecodeError);
  });
});

describe("a Jakarta transaction destination", () => {
  // A transaction rollup address from Octez's tests, and its 20 bytes.
  const TXR1 = "txr1YNMEtkj5Vkqsbdmt7xaxBTMRZjzS96UAi";
  const txr1Hex = bytesToHex(decodeBase58Check(BASE58.tx_rollup_address, TXR1));
  it.each(["generated", "interpreter"])("decodes and encodes a txr1 destination, and the other two cases (%s)", (which) => {
    const codec = codecs("destination", "GetDestinationOutput").find(([name]) => name === which)![1];
    expect(loaded.model.undecided ?? []).toEqual([]);
    const cases: Array<[string, string]> = [
      [`02${txr1Hex}00`, TXR1],
      ["0000" + "02298c03ed7d454a101eb7022bc95f7e5f41ac78", "tz1KqTpEZ7Yob7QbPE4Hy4Wo8fHG8LhKxZSx"],
      ["01" + "38560805b4c8d7b7fbbafad5c59dbfa3878ca705" + "00", "KT1DieU51jzXLerQx5AqMCiLC1SsCeM8yRat"],
    ];
    for (const [hex, text] of cases) {
      expect(codec.decode(new BinaryReader(hexToBytes(hex)))).toBe(text);
      expect(encode(codec, text)).toBe(hex);
    }
  });
});
