/**
 * Malformed describe trees are rejected with a DescribeFormatError naming the JSON pointer of
 * the offending place and what is wrong there.
 */
import { describe, expect, it } from "vitest";
import {
  DescribeError,
  DescribeFormatError,
  readBinarySchema,
  readDescribeTree,
} from "../../../generator/describe/index.ts";
import { body, EMPTY_BODY, fixed, service, syntheticTree } from "./fixtures.ts";

type Json = Record<string, any>;

function formatError(run: () => unknown): DescribeFormatError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DescribeFormatError);
    expect(error).toBeInstanceOf(DescribeError);
    return error as DescribeFormatError;
  }
  throw new Error("no error was thrown");
}

/** A tree whose only service is `GET /x` with the given output fields and definitions. */
function withOutput(fields: unknown[], definitions: unknown[] = []): Json {
  return {
    static: {
      subdirs: { suffixes: [{ name: "x", tree: { static: { get_service: service("GET", ["x"], { output: body({ fields }, definitions as Json[]) }) } } }] },
    },
  };
}
const OUT = "/static/subdirs/suffixes/0/tree/static/get_service/output/binary_schema";

const uint8 = (extra: Json = {}) => ({ layout: { size: "Uint8", kind: "Int" }, kind: "anon", data_kind: fixed(1), ...extra });
const tag = (size = "Uint8") => ({ name: "Tag", layout: { size, kind: "Int" }, data_kind: fixed(size === "Uint8" ? 1 : 2), kind: "named" });
const union = (cases: unknown[], tagSize = "Uint8") => ({ tag_size: tagSize, kind: { kind: "Dynamic" }, cases });
const def = (title: string, encoding: unknown) => ({ description: { title }, encoding });
const refTo = (name: string) => ({ layout: { name, kind: "Ref" }, kind: "anon", data_kind: { kind: "Dynamic" } });

/** [label, document, expected pointer, expected problem]. */
const CASES: Array<[string, unknown, string, RegExp]> = [
  ["a string node other than empty", { static: { subdirs: { suffixes: [{ name: "a", tree: "emty" }] } } }, "/static/subdirs/suffixes/0/tree", /must be "empty"/],
  ["an object node of no known kind", { static: { subdirs: { suffixes: [{ name: "a", tree: { statik: {} } }] } } }, "/static/subdirs/suffixes/0/tree", /tree node must be/],
  ["static and dynamic together", { static: {}, dynamic: null }, "", /unexpected property "static"/],
  ["a dynamic description that is not a string", { dynamic: 42 }, "/dynamic", /type string or null/],
  ["a node that is an array", [], "", /type object/],
  ["unknown sub-directory form", { static: { subdirs: { prefixes: [] } } }, "/static/subdirs", /suffixes.*dynamic_dispatch/],
  ["missing meth", { static: { get_service: (({ meth: _m, ...rest }) => rest)(service("GET", []) as Json) } }, "/static/get_service/meth", /missing required property "meth"/],
  ["unknown meth", { static: { get_service: { ...service("GET", []), meth: "HEAD" } } }, "/static/get_service/meth", /must be one of "GET", "POST"/],
  ["meth not matching its slot", { static: { post_service: { ...service("POST", []), meth: "PUT" } } }, "/static/post_service/meth", /POST slot says "PUT"/],
  ["an unknown service slot", { static: { head_service: service("GET", []) } }, "/static", /unexpected property "head_service"/],
  ["missing output", { static: { get_service: (({ output: _o, ...rest }) => rest)(service("GET", []) as Json) } }, "/static/get_service/output", /missing required property "output"/],
  ["a path arg with a bad id", { static: { get_service: service("GET", [{ id: "some", name: "a" }]) } }, "/static/get_service/path/0/id", /"single", "multiple"/],
  ["a query kind with two keys", { static: { get_service: service("GET", [], { query: [{ name: "q", kind: { flag: {}, multi: { id: "single", name: "x" } } }] }) } }, "/static/get_service/query/0/kind", /exactly one of/],
  ["a multiple arg in a query", { static: { get_service: service("GET", [], { query: [{ name: "q", kind: { multi: { id: "multiple", name: "x" } } }] }) } }, "/static/get_service/query/0/kind/multi/id", /must be "single"/],
  ["duplicate suffixes", { static: { subdirs: { suffixes: [{ name: "a", tree: "empty" }, { name: "a", tree: "empty" }] } } }, "/static/subdirs/suffixes/1/name", /duplicate sub-directory "a"/],
  ["a suffix with a slash", { static: { subdirs: { suffixes: [{ name: "a/b", tree: "empty" }] } } }, "/static/subdirs/suffixes/0/name", /not a path segment/],
  ["an unknown layout kind", withOutput([{ layout: { kind: "Decimal" }, kind: "anon", data_kind: fixed(8) }]), `${OUT}/toplevel/fields/0/layout/kind`, /must be one of "Zero_width"/],
  ["an Int layout without size", withOutput([{ layout: { kind: "Int" }, kind: "anon", data_kind: fixed(1) }]), `${OUT}/toplevel/fields/0/layout/size`, /missing required property "size"/],
  ["an Int of an unknown size", withOutput([{ layout: { size: "Uint32", kind: "Int" }, kind: "anon", data_kind: fixed(4) }]), `${OUT}/toplevel/fields/0/layout/size`, /must be one of "Int8"/],
  ["an unknown endianness", withOutput([{ layout: { size: "Int16", endianness: "Middle", kind: "Int" }, kind: "anon", data_kind: fixed(2) }]), `${OUT}/toplevel/fields/0/layout/endianness`, /"Big", "Little"/],
  ["an extra key in a layout", withOutput([{ layout: { kind: "Bytes", size: 3 }, kind: "anon", data_kind: fixed(3) }]), `${OUT}/toplevel/fields/0/layout`, /unexpected property "size"/],
  ["a non-integer size", withOutput([uint8({ data_kind: { size: 1.5, kind: "Fixed" } })]), `${OUT}/toplevel/fields/0/data_kind/size`, /must be of type integer/],
  ["a negative size", withOutput([uint8({ data_kind: { size: -1, kind: "Float" } })]), `${OUT}/toplevel/fields/0/data_kind/size`, /must be >= 0/],
  ["a size given as a string", withOutput([uint8({ data_kind: { size: "1", kind: "Fixed" } })]), `${OUT}/toplevel/fields/0/data_kind/size`, /must be of type integer/],
  ["an unknown data kind", withOutput([uint8({ data_kind: { kind: "Sized" } })]), `${OUT}/toplevel/fields/0/data_kind/kind`, /"Fixed", "Float", "Dynamic", "Variable"/],
  ["a fixed data kind without size", withOutput([uint8({ data_kind: { kind: "Fixed" } })]), `${OUT}/toplevel/fields/0/data_kind/size`, /missing required property "size"/],
  ["an unknown field kind", withOutput([{ kind: "constant", name: "c" }]), `${OUT}/toplevel/fields/0/kind`, /"named", "anon", "dyn", "option_indicator"/],
  ["a named field without name", withOutput([{ layout: { kind: "Bool" }, data_kind: fixed(1), kind: "named" }]), `${OUT}/toplevel/fields/0/name`, /missing required property "name"/],
  ["a dyn size of Uint32", withOutput([{ kind: "dyn", num_fields: 1, size: "Uint32" }, uint8()]), `${OUT}/toplevel/fields/0/size`, /"Uint8", "Uint16", "Uint30", "N"/],
  ["a dyn covering missing fields", withOutput([{ kind: "dyn", num_fields: 2, size: "Uint8" }, uint8()]), `${OUT}/toplevel/fields/0/num_fields`, /covers 2 field\(s\) but only 1 follow/],
  ["an option indicator alone", withOutput([{ kind: "option_indicator", name: "a" }, uint8()]), `${OUT}/toplevel/fields/0`, /not followed by the field "a"/],
  ["both length_limit and max_length", withOutput([{ layout: { layout: { kind: "Bool" }, kind: "Seq", max_length: 2, length_limit: { kind: "no-limit" } }, kind: "anon", data_kind: { kind: "Variable" } }]), `${OUT}/toplevel/fields/0/layout`, /must not have both/],
  ["an at-most limit without at_most", withOutput([{ layout: { layout: { kind: "Bool" }, kind: "Seq", length_limit: { kind: "at-most" } }, kind: "anon", data_kind: { kind: "Variable" } }]), `${OUT}/toplevel/fields/0/layout/length_limit/at_most`, /missing required property "at_most"/],
  ["a bad element layout", withOutput([{ layout: { layout: { kind: "Ref" }, kind: "Seq" }, kind: "anon", data_kind: { kind: "Variable" } }]), `${OUT}/toplevel/fields/0/layout/layout/name`, /missing required property "name"/],
  ["a tag size of Uint32", withOutput([refTo("U")], [def("U", union([], "Uint32"))]), `${OUT}/fields/0/encoding/tag_size`, /"Uint8", "Uint16"/],
  ["a tag too large for Uint8", withOutput([refTo("U")], [def("U", union([{ tag: 256, fields: [tag()] }]))]), `${OUT}/fields/0/encoding/cases/0/tag`, /does not fit a Uint8 tag/],
  ["duplicate tags", withOutput([refTo("U")], [def("U", union([{ tag: 1, fields: [tag()] }, { tag: 1, fields: [tag()] }]))]), `${OUT}/fields/0/encoding/cases/1/tag`, /duplicate tag 1/],
  ["a case without fields", withOutput([refTo("U")], [def("U", union([{ tag: 1 }]))]), `${OUT}/fields/0/encoding/cases/0/fields`, /missing required property "fields"/],
  ["an encoding of no known shape", withOutput([refTo("U")], [def("U", { cases: [] })]), `${OUT}/fields/0/encoding`, /an encoding must be/],
  ["an Int_enum case that is not a pair", withOutput([refTo("E")], [def("E", { size: "Uint8", cases: [[0]] })]), `${OUT}/fields/0/encoding/cases/0`, /fewer than 2 items/],
  ["duplicate definition titles", withOutput([refTo("D")], [def("D", { fields: [] }), def("D", { fields: [] })]), `${OUT}/fields/1/description/title`, /duplicate definition title "D"/],
  ["an Enum referring to an object", withOutput([{ layout: { size: "Uint8", reference: "D", kind: "Enum" }, kind: "anon", data_kind: fixed(1) }], [def("D", { fields: [] })]), `${OUT}/toplevel/fields/0/layout/reference`, /not an Int_enum/],
  ["an Enum referring to nothing", withOutput([{ layout: { size: "Uint8", reference: "E", kind: "Enum" }, kind: "anon", data_kind: fixed(1) }]), `${OUT}/toplevel/fields/0/layout/reference`, /undefined definition "E"/],
  ["a definition without title", withOutput([], [{ description: {}, encoding: { fields: [] } }]), `${OUT}/fields/0/description/title`, /missing required property "title"/],
  ["a JSON schema that is not an object", { static: { get_service: { ...service("GET", []), output: { json_schema: "any", binary_schema: EMPTY_BODY.binary_schema } } } }, "/static/get_service/output/json_schema", /type object/],
];

describe("malformed describe trees", () => {
  for (const [label, doc, pointer, problem] of CASES) {
    it(`rejects ${label}`, () => {
      const error = formatError(() => readDescribeTree(doc));
      expect(error.pointer).toBe(pointer);
      expect(error.problem).toMatch(problem);
      expect(error.message).toBe(`malformed describe tree at ${pointer === "" ? "/" : pointer}: ${error.problem}`);
    });
  }

  it("pointers of a standalone binary schema are relative to the given base", () => {
    const error = formatError(() => readBinarySchema({ toplevel: { fields: [uint8({ kind: "anonymous" })] }, fields: [] }, { pointer: "/x" }));
    expect(error.pointer).toBe("/x/toplevel/fields/0/kind");
  });

  it("escapes ~ and / in pointers", () => {
    const tree = syntheticTree() as Json;
    tree.static.subdirs.suffixes[0] = { name: "a~b/c", tree: "empty" };
    expect(formatError(() => readDescribeTree(tree)).pointer).toBe("/static/subdirs/suffixes/0/name");
    const error = formatError(() => readDescribeTree({ static: { get_service: { ...service("GET", []), "x/y": 1 } } }));
    expect(error.problem).toBe('unexpected property "x/y"');
  });
});

describe("the describe JSON Schema itself", () => {
  it("is a valid draft-07 schema", async () => {
    const { Ajv } = await import("ajv");
    const { describeFormatSchema } = await import("../../../generator/describe/describe-answer-schema.ts");
    const { AJV_OPTIONS } = await import("../../../generator/describe/validate.ts");
    const ajv = new Ajv({ ...AJV_OPTIONS, validateSchema: true });
    expect(ajv.validateSchema(describeFormatSchema), JSON.stringify(ajv.errors)).toBe(true);
  });
});
