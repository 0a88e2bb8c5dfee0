/**
 * Shapes absent from the real dumps, on synthetic answers built from the format definition
 * (fixtures.ts), and agreement of our schema with the Octez meta-schema.
 */
import { describe, expect, it } from "vitest";
import { readDescribeTree, validateDescribeAnswer } from "../../../generator/describe/index.ts";
import { itWithReference, readReference } from "../../support/reference.ts";
import { clone, legacyService, service, syntheticTree } from "./fixtures.ts";
import { definition, DUMPS, findService, rewriteLegacyFixed, routeTable } from "./helpers.ts";
import { META_SCHEMA, metaSchemaValidator } from "./meta-schema.ts";

type Json = Record<string, any>;

/** The synthetic tree plus a `/legacy` directory in the older spellings. */
function treeWithLegacy(): Json {
  const tree = syntheticTree() as Json;
  const suffixes = tree.static.subdirs.suffixes as Json[];
  suffixes.splice(3, 0, { name: "legacy", tree: { static: { post_service: legacyService() } } });
  return tree;
}

describe("synthetic describe answers", () => {
  it("builds routes from tree positions: dispatch args, dynamic tails, all methods", () => {
    const tree = readDescribeTree(treeWithLegacy());
    expect(routeTable(tree)).toEqual([
      "GET /",
      "GET /chains/<chain_id>",
      "GET /chains/<chain_id>/blocks",
      "GET /files/<path>*",
      "POST /legacy",
      "GET /network/points/<point>",
      "DELETE /network/points/<point>",
      "PUT /network/points/<point>",
      "PATCH /network/points/<point>",
      "GET /network/points/<point>/log",
      "GET /types",
    ]);
    expect(tree.dynamicDirectories).toEqual([
      {
        route: [
          { kind: "static", name: "chains" },
          { kind: "arg", name: "chain_id", description: "A chain identifier", multiple: false },
          { kind: "static", name: "blocks" },
          { kind: "arg", name: "block_id", multiple: false },
        ],
        description: "The block directory",
      },
      {
        route: [
          { kind: "static", name: "chains" },
          { kind: "arg", name: "chain_id", description: "A chain identifier", multiple: false },
          { kind: "static", name: "mempool" },
        ],
        description: null,
      },
    ]);
    expect(tree.expansions).toEqual([]);
    expect(tree.warnings).toEqual([]);
  });

  it("keeps the declared path and its arguments", () => {
    const tree = readDescribeTree(syntheticTree());
    const files = findService(tree, "GET", "/files/<path>*");
    expect(files.route.at(-1)).toEqual({ kind: "arg", name: "path", description: "A file path", multiple: true });
    expect(files.declaredPath).toEqual([
      { kind: "static", name: "files" },
      { kind: "arg", name: "path", description: "A file path", multiple: true },
    ]);
    const chain = findService(tree, "GET", "/chains/<chain_id>");
    expect(chain.declaredPath[1]).toEqual({ kind: "arg", name: "chain_id", description: "A chain identifier", multiple: false });
    expect(findService(tree, "PATCH", "/network/points/<point>").description).toBe("Change a point");
    expect(findService(tree, "DELETE", "/network/points/<point>").input).toBeDefined();
  });

  it("reads the four query kinds", () => {
    const tree = readDescribeTree(syntheticTree());
    expect(findService(tree, "GET", "/network/points/<point>").query).toEqual([
      { name: "monitor", description: "Stream changes", kind: "flag" },
      { name: "filter", kind: "multi", type: "string", typeDescription: "A filter" },
      { name: "limit", kind: "single", type: "int" },
    ]);
    expect(findService(tree, "GET", "/chains/<chain_id>/blocks").query).toEqual([{ name: "length", kind: "optional", type: "uint" }]);
  });

  it("normalises the current-format layouts", () => {
    const schema = findService(readDescribeTree(syntheticTree()), "GET", "/types").output.binary!;
    const fields = schema.toplevel.kind === "Obj" ? schema.toplevel.fields : [];
    expect(fields.map((f) => (f.kind === "named" || f.kind === "anon" ? f.layout : f))).toEqual([
      { kind: "Bool" },
      { kind: "Float" },
      { kind: "RangedFloat", min: 0, max: 1 },
      { kind: "Int", size: "Int32", endianness: "Little" },
      { kind: "RangedInt", min: 1, max: 1000, endianness: "Little" },
      { kind: "Enum", size: "Uint8", reference: "vote_enum" },
      { kind: "option_indicator", name: "note" },
      { kind: "Ref", name: "X_1" },
      { kind: "dyn", name: "items", numFields: 1, size: "N" },
      { kind: "Seq", layout: { kind: "Int", size: "Int64", endianness: "Big" } }, // no-limit → no limit
      { kind: "Seq", layout: { kind: "Int", size: "Uint8", endianness: "Big" }, limit: { kind: "exactly", count: 2 } },
      { kind: "Padding" },
    ]);
    expect(definition(schema, "vote_enum")).toEqual({
      title: "vote_enum",
      description: "A vote",
      encoding: { kind: "Int_enum", size: "Uint8", cases: [[0, "yay"], [1, "nay"], [2, "pass"]] },
    });
    const x1 = definition(schema, "X_1").encoding;
    expect(x1.kind === "Cases" && x1.cases.map((c) => [c.tag, c.name])).toEqual([[0, "none"], [300, undefined]]);
  });

  it("normalises the legacy spellings", () => {
    const legacy = findService(readDescribeTree(treeWithLegacy()), "POST", "/legacy");
    expect(legacy.input?.binary!.toplevel).toEqual({
      kind: "Obj",
      fields: [
        // the anonymous Zero_width field is gone
        { kind: "named", name: "n", layout: { kind: "Int", size: "Uint16", endianness: "Big" }, dataKind: { kind: "Fixed", size: 2 } },
        { kind: "dyn", numFields: 1, size: "Uint30" },
        { kind: "named", name: "l", layout: { kind: "Seq", layout: { kind: "Bool" }, limit: { kind: "at-most", max: 10 } }, dataKind: { kind: "Variable" } },
      ],
    });
  });

  it("decodes names given as invalid_utf8_string byte lists", () => {
    const tree = syntheticTree() as Json;
    tree.static.subdirs.suffixes[3].name = { invalid_utf8_string: [0x6e, 0x65, 0x74, 0xff] };
    const read = readDescribeTree(tree);
    expect(routeTable(read)).toContain("GET /net\uFFFD/points/<point>");
  });

  it("accepts describe-style path arguments in the prefix option", () => {
    const tree = readDescribeTree({ static: { get_service: service("GET", ["x"]) } }, { prefix: ["chains", { id: "single", name: "chain_id", descr: "d" }, "x"] });
    expect(tree.services[0]?.route).toEqual([
      { kind: "static", name: "chains" },
      { kind: "arg", name: "chain_id", description: "d", multiple: false },
      { kind: "static", name: "x" },
    ]);
  });

  it("a bare empty or dynamic root", () => {
    expect(readDescribeTree("empty")).toEqual({ services: [], dynamicDirectories: [], warnings: [], expansions: [] });
    expect(readDescribeTree({ dynamic: "x" }, { prefix: ["a"] }).dynamicDirectories).toEqual([
      { route: [{ kind: "static", name: "a" }], description: "x" },
    ]);
  });

  it("keeps a zero-width anonymous field covered by a length header", () => {
    const tree = syntheticTree() as Json;
    tree.static.get_service.output.binary_schema.toplevel.fields = [
      { kind: "dyn", num_fields: 1, size: "Uint8" },
      { layout: { kind: "Zero_width" }, kind: "anon", data_kind: { size: 0, kind: "Fixed" } },
    ];
    const root = findService(readDescribeTree(tree), "GET", "/");
    expect(root.output.binary!.toplevel).toMatchObject({ fields: [{ kind: "dyn" }, { kind: "anon", layout: { kind: "Zero_width" } }] });
  });
});

describe("agreement with the Octez meta-schema (OpenAPI, v25.1)", () => {
  itWithReference(META_SCHEMA)("both accept the synthetic current-format answer", () => {
    const validate = metaSchemaValidator();
    const tree = syntheticTree();
    expect(validate(tree), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
    expect(() => validateDescribeAnswer(tree)).not.toThrow();
    for (const node of ["empty", { dynamic: null }, { dynamic: "d" }, { static: {} }]) {
      expect(validate(node)).toBe(true);
      expect(() => validateDescribeAnswer(node)).not.toThrow();
    }
  });

  itWithReference([META_SCHEMA, ...Object.values(DUMPS)])("both accept the three dumps once Float is rewritten to Fixed", () => {
    const validate = metaSchemaValidator();
    for (const name of Object.values(DUMPS)) {
      const raw = readReference(name);
      expect(validate(raw), `${name} as published`).toBe(false); // legacy "Float" data kinds
      expect(() => validateDescribeAnswer(raw), name).not.toThrow();
      const rewritten = rewriteLegacyFixed(raw);
      expect(validate(rewritten), `${name} rewritten: ${JSON.stringify(validate.errors?.[0])}`).toBe(true);
      expect(() => validateDescribeAnswer(rewritten), name).not.toThrow();
    }
  });

  itWithReference(META_SCHEMA)("both reject malformed answers the meta-schema can see", () => {
    const validate = metaSchemaValidator();
    const types = (t: Json) => t.static.subdirs.suffixes[4].tree.static.get_service.output.binary_schema;
    const blocks = (t: Json) =>
      t.static.subdirs.suffixes[0].tree.static.subdirs.dynamic_dispatch.tree.static.subdirs.suffixes[0].tree.static.get_service;
    // Each mutation edits the tree in place, or returns a whole replacement document.
    const mutations: Array<[string, (t: Json) => unknown]> = [
      ["unknown node string", () => "nothing"],
      ["dynamic not a string", () => ({ dynamic: 3 })],
      ["missing meth", (t) => void delete t.static.get_service.meth],
      ["bad method", (t) => void (t.static.get_service.meth = "HEAD")],
      ["bad query kind", (t) => void (blocks(t).query[0].kind = { sometimes: {} })],
      ["bad path item", (t) => void (t.static.get_service.path = [{ id: "several", name: "x" }])],
      ["unknown layout", (t) => void (types(t).toplevel.fields[0].layout = { kind: "Decimal" })],
      ["non-integer size", (t) => void (types(t).toplevel.fields[0].data_kind.size = 1.5)],
      ["bad tag size", (t) => void (types(t).fields[1].encoding.tag_size = "Uint32")],
      ["Int without size", (t) => void delete types(t).toplevel.fields[3].layout.size],
      ["query item without name", (t) => void delete blocks(t).query[0].name],
    ];
    for (const [label, mutate] of mutations) {
      const tree = syntheticTree() as Json;
      const doc = mutate(tree) ?? tree;
      expect(validate(doc), label).toBe(false);
      expect(() => validateDescribeAnswer(doc), label).toThrow();
    }
  });

  it("ours is stricter: unknown keys in the closed format are rejected", () => {
    const tree = syntheticTree() as Json;
    tree.static.get_service.output.binary_schema.toplevel.fields = [{ layout: { kind: "Bool", width: 1 }, kind: "anon", data_kind: { size: 1, kind: "Fixed" } }];
    expect(() => validateDescribeAnswer(clone(tree))).toThrow(/unexpected property "width"/);
  });
});
