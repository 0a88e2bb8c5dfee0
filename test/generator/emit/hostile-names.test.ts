/**
 * Issue 14: property names that are also names of `Object.prototype` (`__proto__`,
 * `constructor`, `toString`) are data in generated code: object literals, codec reads and
 * writes, and the validators' `required` and `properties` checks. And a validator answers on a
 * 10-million-character hex string instead of throwing.
 */
import { writeFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { thrown } from "../../runtime/encodings/support/helpers.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BinaryReader, BinaryWriter, EncodeError, type JsonValidator } from "../../../runtime/index.ts";
import { loadInterface, renderInterface } from "../../../generator/pipeline.ts";
import { postInjectionOperationRoute } from "../../../generated/shell/routes.ts";
import { temporaryDirectory } from "./support.ts";

const DRAFT_04 = "http://json-schema.org/draft-04/schema#";

/** `{ "__proto__": schema, ...rest }` as an own property, as JSON.parse builds it. */
function withProto(schema: unknown, rest: Record<string, unknown>): Record<string, unknown> {
  return JSON.parse(`{"__proto__": ${JSON.stringify(schema)}, ${JSON.stringify(rest).slice(1)}`) as Record<string, unknown>;
}

const INT32 = { type: "integer", minimum: -2147483648, maximum: 2147483647 };
const ERROR_BODY = {
  json_schema: { $schema: DRAFT_04 },
  binary_schema: { toplevel: { fields: [{ kind: "dyn", num_fields: 1, size: "Uint30" }, { layout: { kind: "String" }, kind: "anon", data_kind: { kind: "Variable" } }] }, fields: [] },
};
/** A binary body whose fields are named `__proto__`, `constructor` (strings) and `toString` (an optional int32). */
const BINARY_BODY = {
  json_schema: { $schema: DRAFT_04, type: "object", properties: withProto({ type: "string" }, { constructor: { type: "string" }, toString: INT32 }), required: ["__proto__", "constructor"], additionalProperties: false },
  binary_schema: {
    toplevel: {
      fields: [
        { kind: "dyn", num_fields: 1, size: "Uint30" },
        { name: "__proto__", layout: { kind: "String" }, data_kind: { kind: "Variable" }, kind: "named" },
        { kind: "dyn", num_fields: 1, size: "Uint30" },
        { name: "constructor", layout: { kind: "String" }, data_kind: { kind: "Variable" }, kind: "named" },
        { kind: "option_indicator", name: "toString" },
        { name: "toString", layout: { size: "Int32", kind: "Int" }, data_kind: { kind: "Dynamic" }, kind: "named" },
      ],
    },
    fields: [],
  },
};
/** A JSON-only body (its binary form does not match) with a `__proto__` property. */
const JSON_ONLY_BODY = {
  json_schema: { $schema: DRAFT_04, type: "object", properties: withProto({ type: "integer" }, { toString: { type: "string" } }), required: ["toString"] },
  binary_schema: { toplevel: { fields: [{ layout: { kind: "Zero_width" }, kind: "anon", data_kind: { size: 0, kind: "Fixed" } }] }, fields: [] },
};
const service = (path: string, output: unknown) => ({ meth: "GET", path: [path], query: [], output, error: ERROR_BODY });
const DESCRIBE = {
  static: {
    subdirs: {
      suffixes: [
        { name: "binary", tree: { static: { get_service: service("binary", BINARY_BODY) } } },
        { name: "jsononly", tree: { static: { get_service: service("jsononly", JSON_ONLY_BODY) } } },
      ],
    },
  },
};

const tmp = temporaryDirectory();
let codecs: Record<string, (...args: never[]) => unknown>;
let validators: Record<string, JsonValidator>;

beforeAll(async () => {
  const source = join(tmp.path, "proto.json");
  writeFileSync(source, JSON.stringify(DESCRIBE));
  const folder = join(tmp.path, "proto");
  await mkdir(folder);
  for (const file of await renderInterface(await loadInterface(source))) await writeFile(join(folder, file.name), file.contents);
  codecs = (await import(pathToFileURL(join(folder, "codecs.ts")).href)) as typeof codecs;
  validators = (await import(pathToFileURL(join(folder, "validators.js")).href)) as typeof validators;
});
afterAll(() => tmp.cleanup());

const decode = (bytes: number[]) => (codecs.decodeGetBinaryOutput as unknown as (r: BinaryReader) => Record<string, unknown>)(new BinaryReader(Uint8Array.from(bytes)));
const encode = (value: unknown): number[] => {
  const w = new BinaryWriter();
  (codecs.encodeGetBinaryOutput as unknown as (w: BinaryWriter, v: unknown) => void)(w, value);
  return [...w.finish()];
};
const BYTES = [0, 0, 0, 1, 0x61, 0, 0, 0, 1, 0x62, 0xff, 0, 0, 0, 7];

describe("names of Object.prototype in generated code", () => {
  it("decodes __proto__ and constructor as own properties, and encodes them back", () => {
    const value = decode(BYTES);
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.keys(value)).toEqual(["__proto__", "constructor", "toString"]);
    expect(JSON.stringify(value)).toBe('{"__proto__":"a","constructor":"b","toString":7}');
    expect(encode(JSON.parse('{"__proto__":"a","constructor":"b","toString":7}'))).toEqual(BYTES);
    // An optional field named toString is absent from {…} without one: the presence byte is 0.
    expect(encode(JSON.parse('{"__proto__":"a","constructor":"b"}'))).toEqual([...BYTES.slice(0, 10), 0]);
  });

  it("refuses to encode {} (no own __proto__ or constructor) with an EncodeError naming the field", () => {
    for (const [value, field] of [[{}, "__proto__"], [JSON.parse('{"__proto__":"a"}'), "constructor"]] as const) {
      const error = thrown(() => encode(value));
      expect(error).toBeInstanceOf(EncodeError);
      expect((error as EncodeError).path).toBe(`$.${field}`);
      expect((error as EncodeError).found).toBe("nothing");
    }
  });

  it("validates required and typed properties of those names as own properties", () => {
    const validate = validators.validateGetBinaryOutput!;
    expect(validate(JSON.parse('{"__proto__":"a","constructor":"b","toString":7}'))).toBe(true);
    expect(validate({})).toBe(false);
    expect(validate(JSON.parse('{"__proto__":"a"}'))).toBe(false); // no own constructor
    expect(validate(JSON.parse('{"__proto__":1,"constructor":"b"}'))).toBe(false); // __proto__ must be a string
    expect(validate(JSON.parse('{"__proto__":"a","constructor":"b","extra":1}'))).toBe(false);
    const jsonOnly = validators.validateGetJsononlyOutput!;
    expect(jsonOnly({})).toBe(false); // toString is required, and {} has none of its own
    expect(jsonOnly({ toString: "x" })).toBe(true);
    expect(jsonOnly(JSON.parse('{"toString":"x","__proto__":"not an integer"}'))).toBe(false);
  });
});

describe("generated validators on huge strings", () => {
  it("answer on a 10 M-character hex string (POST /injection/operation input) instead of throwing", () => {
    const validate = postInjectionOperationRoute.input!.validate;
    const hex = "ab".repeat(5_000_000);
    expect(validate(hex)).toBe(true);
    expect(validate(`${hex}a`)).toBe(false);
    expect(validate(`${hex}zz!`)).toBe(false);
  });
});
