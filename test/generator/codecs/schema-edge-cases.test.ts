/**
 * Small synthetic describe trees, through the generated codecs and the IR interpreter alike:
 * - an optional JSON property the binary layout has no field for is refused, when a value has
 *   it, as existing only in JSON (not as a property the schema lacks), naming it;
 * - a union whose discriminant is named like a property of `Object.prototype` (`constructor`)
 *   reads it as an own property: `{}` is a typed error, and an inherited value chooses nothing.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodeError, encodeHex } from "./encoding.ts";
import { loadInterface, renderInterface, type LoadedInterface } from "../../../generator/pipeline.ts";
import { Interpreter } from "../../../generator/ir/interpret.ts";
import { BinaryReader, BinaryWriter, EncodeError, bytesToHex, hexToBytes, type Codec } from "../../../runtime/index.ts";
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

const service = (path: string, output: unknown) => ({ meth: "GET", path: [path], query: [], output, error: ERROR_BODY });
const DESCRIBE = {
  static: {
    subdirs: {
      suffixes: [
        { name: "extra", tree: { static: { get_service: service("extra", JSON_EXTRA) } } },
        { name: "union", tree: { static: { get_service: service("union", CONSTRUCTOR_UNION) } } },
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
