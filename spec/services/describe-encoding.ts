/**
 * The encoding of a describe answer: the `service_tree` of resto, with the service, query,
 * path and binary-schema encodings it contains. Shapes and definition names (`service_tree`,
 * `layout`, `schema.field`, `schema.kind`, `union case`) follow the describe format of Octez;
 * the binary layout follows data-encoding conventions (cases tagged in order).
 */
import { E } from "./common.ts";
import type { Encoding } from "../combinators/index.ts";

const argDescr = (id: "single" | "multiple") =>
  E.obj([E.req("id", E.constant(id)), E.req("name", E.string), E.opt("descr", E.string)]);

const pathItem = E.union([
  E.kase(0, "PStatic", E.string),
  E.kase(1, "PDynamic", argDescr("single")),
  E.kase(2, "PDynamicTail", argDescr("multiple")),
]);

const queryItem = E.obj([
  E.req("name", E.string),
  E.opt("description", E.string),
  E.req(
    "kind",
    E.union([
      E.kase(0, "Single", E.obj([E.req("single", argDescr("single"))])),
      E.kase(1, "Optional", E.obj([E.req("optional", argDescr("single"))])),
      E.kase(2, "Flag", E.obj([E.req("flag", E.empty)])),
      E.kase(3, "Multi", E.obj([E.req("multi", argDescr("single"))])),
    ]),
  ),
]);

const dataKind = E.def(
  "schema.kind",
  E.union([
    E.kase(0, "Fixed", E.obj([E.req("size", E.int31), E.req("kind", E.constant("Fixed"))])),
    E.kase(1, "Dynamic", E.obj([E.req("kind", E.constant("Dynamic"))])),
    E.kase(2, "Variable", E.obj([E.req("kind", E.constant("Variable"))])),
  ]),
);

const intSize = E.stringEnum(["Int8", "Uint8", "Int16", "Uint16", "Int32", "Int64"], ["Int32", "Int16", "Uint16", "Int64", "Int8", "Uint8"]);
const enumSize = E.stringEnum(["Int8", "Uint8", "Int16", "Uint16"], ["Int16", "Uint16", "Int8", "Uint8"]);
const endianness = E.stringEnum(["Big", "Little"], ["Little", "Big"]);
const kindOnly = (k: string) => E.obj([E.req("kind", E.constant(k))]);

const layout = E.mu("layout", (self) =>
  E.union([
    E.kase(0, "Zero_width", kindOnly("Zero_width")),
    E.kase(1, "Int", E.obj([E.req("size", intSize), E.opt("endianness", endianness), E.req("kind", E.constant("Int"))])),
    E.kase(2, "Bool", kindOnly("Bool")),
    E.kase(
      3,
      "RangedInt",
      E.obj([E.req("min", E.int31), E.opt("endianness", endianness), E.req("max", E.int31), E.req("kind", E.constant("RangedInt"))]),
    ),
    E.kase(4, "RangedFloat", E.obj([E.req("min", E.float), E.req("max", E.float), E.req("kind", E.constant("RangedFloat"))])),
    E.kase(5, "Float", kindOnly("Float")),
    E.kase(6, "Bytes", kindOnly("Bytes")),
    E.kase(7, "String", kindOnly("String")),
    E.kase(8, "Enum", E.obj([E.req("size", enumSize), E.req("reference", E.string), E.req("kind", E.constant("Enum"))])),
    E.kase(
      9,
      "Seq",
      E.obj([
        E.req("layout", self),
        E.req("kind", E.constant("Seq")),
        E.opt(
          "length_limit",
          E.union([
            E.kase(0, "No_limit", kindOnly("no-limit")),
            E.kase(1, "At_most", E.obj([E.req("kind", E.constant("at-most")), E.req("at_most", E.int31)])),
            E.kase(2, "Exactly", E.obj([E.req("kind", E.constant("exactly")), E.req("exactly", E.int31)])),
          ]),
        ),
      ]),
    ),
    E.kase(10, "Ref", E.obj([E.req("name", E.string), E.req("kind", E.constant("Ref"))])),
    E.kase(11, "Padding", kindOnly("Padding")),
  ]),
);

const field = E.def(
  "schema.field",
  E.union([
    E.kase(
      0,
      "Named_field",
      E.obj([E.req("name", E.string), E.req("layout", layout), E.req("data_kind", dataKind), E.req("kind", E.constant("named"))]),
    ),
    E.kase(1, "Anonymous_field", E.obj([E.req("layout", layout), E.req("kind", E.constant("anon")), E.req("data_kind", dataKind)])),
    E.kase(
      2,
      "Dynamic_field",
      E.obj([
        E.req("kind", E.constant("dyn")),
        E.opt("name", E.string),
        E.req("num_fields", E.int31),
        E.req("size", E.stringEnum(["Uint8", "Uint16", "Uint30", "N"], ["N", "Uint30", "Uint16", "Uint8"])),
      ]),
    ),
    E.kase(3, "Optional_field", E.obj([E.req("kind", E.constant("option_indicator")), E.req("name", E.string)])),
  ]),
);

const unionCase = E.def("union case", E.obj([E.req("tag", E.int31), E.req("fields", E.list(field)), E.opt("name", E.string)]));

const toplevelEncoding = E.union([
  E.kase(0, "Obj", E.obj([E.req("fields", E.list(field))])),
  E.kase(
    1,
    "Cases",
    E.obj([
      E.req("tag_size", E.stringEnum(["Uint8", "Uint16"], ["Uint16", "Uint8"])),
      E.req("kind", dataKind),
      E.req("cases", E.list(unionCase)),
    ]),
  ),
  E.kase(2, "Int_enum", E.obj([E.req("size", enumSize), E.req("cases", E.list(E.tup([E.int31, E.string])))])),
]);

const binarySchema = E.obj([
  E.req("toplevel", toplevelEncoding),
  E.req(
    "fields",
    E.list(
      E.obj([
        E.req("description", E.obj([E.req("title", E.string), E.opt("description", E.string)])),
        E.req("encoding", toplevelEncoding),
      ]),
    ),
  ),
]);

const bodySchemas = E.obj([E.req("json_schema", E.anyJson), E.req("binary_schema", binarySchema)]);

const service = E.obj([
  E.req("meth", E.stringEnum(["GET", "POST", "DELETE", "PUT", "PATCH"], ["PATCH", "GET", "POST", "PUT", "DELETE"])),
  E.req("path", E.list(pathItem)),
  E.opt("description", E.string),
  E.req("query", E.list(queryItem)),
  E.opt("input", E.dynamicSize(bodySchemas)),
  E.req("output", E.dynamicSize(bodySchemas)),
  E.req("error", E.dynamicSize(bodySchemas)),
]);

/** `service_tree`: a static directory, a dynamic one, or the empty directory. */
export const describeAnswer: Encoding = E.mu("service_tree", (tree) =>
  E.union([
    E.kase(
      0,
      "Static",
      E.obj([
        E.req(
          "static",
          E.obj([
            E.opt("get_service", service),
            E.opt("post_service", service),
            E.opt("delete_service", service),
            E.opt("put_service", service),
            E.opt("patch_service", service),
            E.opt(
              "subdirs",
              E.union([
                E.kase(0, "Suffixes", E.obj([E.req("suffixes", E.list(E.obj([E.req("name", E.string), E.req("tree", tree)])))])),
                E.kase(
                  1,
                  "Arg",
                  E.obj([E.req("dynamic_dispatch", E.obj([E.req("arg", argDescr("single")), E.req("tree", tree)]))]),
                ),
              ]),
            ),
          ]),
        ),
      ]),
    ),
    E.kase(1, "Dynamic", E.obj([E.req("dynamic", E.option(E.string))])),
    E.kase(2, "Empty", E.constant("empty")),
  ]),
);
