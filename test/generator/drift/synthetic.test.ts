/**
 * Drift between synthetic trees: one change at a time, each with its classification for a
 * client of OLD talking to NEW.
 */
import { describe, expect, it } from "vitest";
import { compareTrees, driftExitCode, formatDriftReport, type DriftReport } from "../../../generator/drift/index.ts";
import { readDescribeTree } from "../../../generator/describe/index.ts";
import {
  anon,
  at,
  baseRoot,
  baseSnapshot,
  body,
  clone,
  dir,
  dyn,
  fixed,
  flag,
  int,
  multi,
  named,
  optional,
  read,
  service,
  single,
  type Json,
} from "./fixtures.ts";

/** `severity kind METHOD route slot form at` per change. */
function lines(report: DriftReport): string[] {
  return report.changes.map((c) => [c.severity, c.kind, c.method, c.route, c.slot, c.form, c.at].filter((x) => x !== undefined).join(" "));
}

function drift(mutate: (root: Json) => void, options: { reconcile?: boolean } = {}): DriftReport {
  const before = baseRoot();
  const after = clone(before);
  mutate(after);
  return compareTrees(read(before), read(after), options);
}

const items = (root: Json) => at(root, ["items"]).static;
const getItems = (root: Json) => items(root).get_service;
const postItems = (root: Json) => items(root).post_service;
const itemDef = (root: Json) => getItems(root).output.json_schema.definitions.item;
const itemBin = (root: Json) => getItems(root).output.binary_schema.fields[0].encoding;
const inputJson = (root: Json) => postItems(root).input.json_schema;

describe("drift: identical and renamed trees", () => {
  it("a tree against itself: no drift, exit code 0 at every level", () => {
    const report = drift(() => {});
    expect(report.changes).toEqual([]);
    expect(report.summary).toEqual({ breaking: 0, compatible: 0, total: 0 });
    for (const level of ["breaking", "any", "none"] as const) expect(driftExitCode(report, level)).toBe(0);
    expect(formatDriftReport(report, "text")).toContain("no drift");
  });

  it("JSON definition names and binary X_n titles do not matter, nor descriptions", () => {
    const report = drift((root) => {
      const output = getItems(root).output;
      const defs = output.json_schema.definitions;
      output.json_schema.definitions = { "proto.item": defs.item, text: defs.unistring };
      output.json_schema.items.$ref = "#/definitions/proto.item";
      defs.item.properties.note.$ref = "#/definitions/text";
      defs.item.description = "now documented";
      const bin = output.binary_schema;
      bin.toplevel.fields[0].layout.layout.name = "X_900";
      bin.fields[0].description.title = "X_900";
      bin.fields[0].encoding.fields[0].layout.reference = "X_901";
      bin.fields[1].description.title = "X_901";
      bin.fields[0].encoding.fields[3].layout.name = "X_902";
      bin.fields[2].description.title = "X_902";
      getItems(root).description = "a new description";
    });
    expect(lines(report)).toEqual([]);
  });

  it("a $ref with a hash title compares equal to the same schema written inline (2021 vs 2022 forms)", () => {
    const before = body({ $ref: "#/definitions/Operation_hash", definitions: { Operation_hash: { title: "A Tezos operation ID (Base58Check-encoded)", $ref: "#/definitions/unistring" }, unistring: { type: "string" } } }, { fields: [named("Operation_hash", { kind: "Bytes" }, fixed(32))] });
    const after = body({ title: "A Tezos operation ID (Base58Check-encoded)", $ref: "#/definitions/unistring", definitions: { unistring: { type: "string" } } }, { fields: [named("Operation_hash", { kind: "Bytes" }, fixed(32))] });
    const hashed = body({ title: "A block identifier (Base58Check-encoded)", $ref: "#/definitions/unistring", definitions: { unistring: { type: "string" } } }, { fields: [named("Operation_hash", { kind: "Bytes" }, fixed(32))] });
    const tree = (input: Json) => read(dir([], { ban: dir([service("POST", ["ban"], { input })]) }));
    expect(compareTrees(tree(before), tree(after)).changes).toEqual([]);
    expect(lines(compareTrees(tree(after), tree(hashed)))).toEqual(["breaking json-hash-type-changed POST /ban input json $"]);
  });
});

describe("drift: routes, methods, dynamic directories, path arguments", () => {
  it("route removed is breaking, route added compatible; methods per route", () => {
    const report = drift((root) => {
      root.static.subdirs.suffixes = root.static.subdirs.suffixes.filter((s: Json) => s.name !== "version");
      root.static.subdirs.suffixes.push({ name: "zz", tree: dir([service("GET", ["zz"]), service("DELETE", ["zz"])]) });
      delete at(root, ["ops"]).static.post_service;
      at(root, ["ops"]).static.put_service = service("PUT", ["ops"]);
    });
    expect(lines(report)).toEqual([
      "breaking method-removed POST /ops",
      "compatible method-added PUT /ops",
      "breaking route-removed /version",
      "compatible route-added /zz",
    ]);
    expect(report.changes.find((c) => c.kind === "route-added")?.new).toEqual(["GET", "DELETE"]);
    expect(driftExitCode(report, "breaking")).toBe(1);
  });

  it("only compatible changes: exit 0 with --fail-on breaking, 1 with any", () => {
    const report = drift((root) => root.static.subdirs.suffixes.push({ name: "zz", tree: dir([service("GET", ["zz"])]) }));
    expect(report.summary).toEqual({ breaking: 0, compatible: 1, total: 1 });
    expect(driftExitCode(report, "breaking")).toBe(0);
    expect(driftExitCode(report, "any")).toBe(1);
    expect(driftExitCode(report, "none")).toBe(0);
    expect(driftExitCode({ status: "failed", side: "NEW", message: "unreachable" }, "none")).toBe(2);
  });

  it("dynamic directories added and removed", () => {
    const report = drift((root) => {
      const chain = at(root, ["chains"]).static.subdirs.dynamic_dispatch.tree;
      chain.static.subdirs.suffixes = [
        chain.static.subdirs.suffixes[0],
        { name: "mempool_v2", tree: { dynamic: "the new mempool" } },
      ];
    });
    expect(lines(report)).toEqual([
      "breaking dynamic-directory-removed /chains/<chain_id>/mempool",
      "compatible dynamic-directory-added /chains/<chain_id>/mempool_v2",
    ]);
  });

  it("a path argument parsed as another type is breaking; the route is the same", () => {
    const report = drift((root) => {
      at(root, ["chains"]).static.subdirs.dynamic_dispatch.arg.name = "chain_hash";
      root.static.subdirs.suffixes.push({ name: "x", tree: dispatchOf("int") });
    });
    expect(lines(report)).toEqual(["compatible route-added /x/<int>"]);
    // The chains route has no service of its own, so check with one that does.
    const before = read(dir([], { x: dispatchOf("int") }));
    const after = read(dir([], { x: dispatchOf("int64") }));
    expect(lines(compareTrees(before, after))).toEqual(["breaking path-argument-changed /x/<int64>"]);
  });

  it("services below a dynamic directory expanded on one side only are not compared", () => {
    const report = compareTrees(read(baseRoot()), read(baseSnapshot()));
    expect(report.changes).toEqual([]);
    expect(report.notCompared).toEqual([
      "/chains/<chain_id>/blocks/<block_id>: dynamic directory expanded in NEW only; its services are not compared",
      "/chains/<chain_id>/mempool: dynamic directory expanded in NEW only; its services are not compared",
    ]);
    expect(report.new.expansions).toEqual([
      { route: "/chains/<chain_id>/blocks/<block_id>", prefix: "/chains/main/blocks/head" },
      { route: "/chains/<chain_id>/mempool", prefix: "/chains/main/mempool" },
    ]);
  });

  it("services inside expansions are compared when both sides expanded them", () => {
    const after = baseSnapshot();
    after.expansions[1].tree.static.subdirs.suffixes.pop(); // pending
    const report = compareTrees(read(baseSnapshot()), read(after));
    expect(lines(report)).toEqual(["breaking route-removed /chains/<chain_id>/mempool/pending"]);
  });
});

function dispatchOf(argType: string): Json {
  const node = dir([]);
  node.static.subdirs = { dynamic_dispatch: { arg: { id: "single", name: argType }, tree: dir([service("GET", ["x", { id: "single", name: argType }])]) } };
  return node;
}

describe("drift: query arguments", () => {
  it("added (any kind) compatible; removed, type changed, to/from flag, from multi breaking; single/optional/multi widening compatible", () => {
    const report = drift((root) => {
      getItems(root).query = [
        optional("limit", "int"), // single → optional: compatible
        single("tag", "string"), // multi → single: breaking
        single("verbose", "bool"), // flag → single: breaking
        // peer removed: breaking
        multi("since", "date"), // added: compatible
        single("level", "int32"), // added (single, has a default): compatible
      ];
      postItems(root).query = [flag("async")];
    });
    expect(lines(report)).toEqual([
      "compatible query-argument-kind-changed GET /items",
      "breaking query-argument-kind-changed GET /items",
      "breaking query-argument-kind-changed GET /items",
      "breaking query-argument-removed GET /items",
      "compatible query-argument-added GET /items",
      "compatible query-argument-added GET /items",
      "compatible query-argument-added POST /items",
    ]);
    expect(report.changes[3]?.message).toBe("query argument peer (optional) removed; the node now ignores it");
  });

  it("a query argument's type changed is breaking; single → multi is compatible", () => {
    const report = drift((root) => {
      getItems(root).query[0] = single("limit", "uint16");
      getItems(root).query[3] = multi("peer", "peer_id");
    });
    expect(lines(report)).toEqual(["breaking query-argument-type-changed GET /items", "compatible query-argument-kind-changed GET /items"]);
  });
});

describe("drift: JSON bodies, direction-aware", () => {
  it("an output enumeration widened is breaking, narrowed compatible; in an input the reverse", () => {
    expect(lines(drift((root) => itemDef(root).properties.kind.enum.push("c")))).toEqual(["breaking json-enum-changed GET /items output json $[].kind"]);
    expect(lines(drift((root) => itemDef(root).properties.kind.enum.pop()))).toEqual(["compatible json-enum-changed GET /items output json $[].kind"]);
    expect(lines(drift((root) => inputJson(root).properties.kind.enum.push("c")))).toEqual(["compatible json-enum-changed POST /items input json $.kind"]);
    expect(lines(drift((root) => inputJson(root).properties.kind.enum.pop()))).toEqual(["breaking json-enum-changed POST /items input json $.kind"]);
    const swapped = drift((root) => (itemDef(root).properties.kind.enum = ["a", "c"]));
    expect(lines(swapped)).toEqual(["breaking json-enum-changed GET /items output json $[].kind"]);
    expect(swapped.changes[0]?.message).toBe('enumeration changed: removed "b"; added "c"');
  });

  it("ranges: a narrowed input range is breaking, a narrowed output range compatible, widened the reverse", () => {
    expect(lines(drift((root) => (inputJson(root).properties.amount.maximum = 999)))).toEqual(["breaking json-bounds-changed POST /items input json $.amount"]);
    expect(lines(drift((root) => (inputJson(root).properties.amount.minimum = -5)))).toEqual(["compatible json-bounds-changed POST /items input json $.amount"]);
    expect(lines(drift((root) => (itemDef(root).properties.amount.minimum = 1)))).toEqual(["compatible json-bounds-changed GET /items output json $[].amount"]);
    const wider = drift((root) => delete itemDef(root).properties.amount.maximum);
    expect(lines(wider)).toEqual(["breaking json-bounds-changed GET /items output json $[].amount"]);
    expect(wider.changes[0]?.message).toBe("range widened: maximum 1000 → none");
  });

  it("a JSON default: changed on both sides is one compatible change naming both values; stated on one side only, none", () => {
    const withDefault = (before: unknown, after: unknown) => {
      const old = baseRoot();
      const now = clone(old);
      if (before !== undefined) inputJson(old).properties.amount.default = before;
      if (after !== undefined) inputJson(now).properties.amount.default = after;
      return compareTrees(read(old), read(now));
    };
    const changed = withDefault(10, 20);
    expect(lines(changed)).toEqual(["compatible json-keyword-changed POST /items input json $.amount"]);
    expect(changed.changes[0]?.message).toBe("default 10 → 20");
    expect(changed.changes[0]).toMatchObject({ old: 10, new: 20 });
    expect(lines(withDefault(10, 10))).toEqual([]);
    // Octez's describe leaves defaults out where our spec states them: not a change.
    expect(lines(withDefault(10, undefined))).toEqual([]);
    expect(lines(withDefault(undefined, 20))).toEqual([]);
  });

  it("patterns: imposed on an input is breaking, lifted compatible, changed breaking", () => {
    const withPattern = (p: string | undefined) => (root: Json) => {
      const prop = { type: "string" } as Json;
      if (p !== undefined) prop.pattern = p;
      inputJson(root).properties.data = prop;
    };
    const base = baseRoot();
    const tree = (p: string | undefined) => {
      const root = clone(base);
      withPattern(p)(root);
      return read(root);
    };
    expect(lines(compareTrees(tree(undefined), tree("^[a-f0-9]*$")))).toEqual(["breaking json-pattern-changed POST /items input json $.data"]);
    expect(lines(compareTrees(tree("^[a-f0-9]*$"), tree(undefined)))).toEqual(["compatible json-pattern-changed POST /items input json $.data"]);
    expect(lines(compareTrees(tree("^[a-zA-Z0-9]+$"), tree("^([a-zA-Z0-9][a-zA-Z0-9])*$")))).toEqual(["breaking json-pattern-changed POST /items input json $.data"]);
  });

  // These change one form only; without `reconcile: false` the mismatch would also report the
  // body's binary form as lost (the reconciler cannot pair the two schemas any more).
  it("properties: added required input breaking, optional compatible; removed required output breaking, optional compatible", () => {
    expect(
      lines(
        drift((root) => {
          inputJson(root).properties.fee = { type: "string" };
          inputJson(root).required.push("fee");
          inputJson(root).properties.memo = { type: "string" };
        }, { reconcile: false }),
      ),
    ).toEqual(["breaking json-property-added POST /items input json $.fee", "compatible json-property-added POST /items input json $.memo"]);
    expect(
      lines(
        drift((root) => {
          delete itemDef(root).properties.amount;
          itemDef(root).required = ["kind"];
          delete itemDef(root).properties.note;
          itemDef(root).properties.extra = { type: "boolean" };
        }, { reconcile: false }),
      ).filter((l) => l.includes("json")),
    ).toEqual([
      "breaking json-property-removed GET /items output json $[].amount",
      "compatible json-property-removed GET /items output json $[].note",
      "compatible json-property-added GET /items output json $[].extra",
    ]);
  });

  it("required lists: an input property becoming required is breaking; an output property becoming optional is breaking", () => {
    expect(lines(drift((root) => (inputJson(root).required = ["amount"])))).toEqual(["compatible json-required-changed POST /items input json $.kind"]);
    expect(lines(drift((root) => (itemDef(root).required = ["kind"])))).toEqual(["breaking json-required-changed GET /items output json $[].amount"]);
    expect(lines(drift((root) => itemDef(root).required.push("note")))).toEqual(["compatible json-required-changed GET /items output json $[].note"]);
  });

  it("types: unrelated change breaking; any → object is a narrowing", () => {
    expect(lines(drift((root) => (itemDef(root).properties.amount = { type: "string" })))).toEqual(["breaking json-type-changed GET /items output json $[].amount"]);
    const any = read(dir([], { f: dir([service("POST", ["f"], { input: body({}, { fields: [] }), output: body({}, { fields: [] }) })]) }));
    const obj = read(dir([], { f: dir([service("POST", ["f"], { input: body({ type: "object", additionalProperties: false }, { fields: [] }), output: body({ type: "object", additionalProperties: false }, { fields: [] }) })]) }));
    expect(lines(compareTrees(any, obj))).toEqual(["breaking json-type-changed POST /f input json $", "compatible json-type-changed POST /f output json $"]);
    expect(lines(compareTrees(obj, any))).toEqual(["compatible json-type-changed POST /f input json $", "breaking json-type-changed POST /f output json $"]);
  });

  it("union cases: matched by title in any order; added to an output breaking, to an input compatible", () => {
    const report = drift((root) => {
      for (const s of [at(root, ["ops"]).static.get_service.output, at(root, ["ops"]).static.post_service.input]) {
        const cases = s.json_schema.definitions.op.oneOf;
        cases.reverse();
        cases.push({ title: "Gamma", type: "object", properties: { kind: { type: "string", enum: ["gamma"] } }, required: ["kind"], additionalProperties: false });
        s.binary_schema.fields[0].encoding.cases.push({ tag: 2, fields: [{ name: "Tag", layout: int("Uint8"), data_kind: fixed(1), kind: "named" }], name: "Gamma" });
      }
    });
    expect(lines(report)).toEqual([
      "breaking json-case-added GET /ops output json $<Gamma>",
      "breaking binary-case-added GET /ops output binary $<2 Gamma>",
      "compatible json-case-added POST /ops input json $<Gamma>",
      "compatible binary-case-added POST /ops input binary $<2 Gamma>",
    ]);
  });

  it("union cases removed: from an output compatible, from an input breaking; changes inside a case are located", () => {
    const report = drift((root) => {
      for (const s of [at(root, ["ops"]).static.get_service.output, at(root, ["ops"]).static.post_service.input]) {
        const cases = s.json_schema.definitions.op.oneOf;
        cases.pop();
        cases[0].properties.x.minimum = 0;
        s.binary_schema.fields[0].encoding.cases.pop();
      }
    });
    expect(lines(report)).toEqual([
      "compatible json-case-removed GET /ops output json $<Beta>",
      "compatible json-bounds-changed GET /ops output json $<Alpha>.x",
      "compatible binary-case-removed GET /ops output binary $<1 Beta>",
      "breaking json-case-removed POST /ops input json $<Beta>",
      "breaking json-bounds-changed POST /ops input json $<Alpha>.x",
      "breaking binary-case-removed POST /ops input binary $<1 Beta>",
    ]);
  });
});

describe("drift: binary layouts", () => {
  it("any layout change is breaking: field order, integer size, data kind, tag size", () => {
    const reorder = drift((root) => {
      const fields = postItems(root).input.binary_schema.toplevel.fields;
      fields.reverse();
    });
    expect(lines(reorder)).toEqual(["breaking binary-fields-changed POST /items input binary $"]);
    expect(reorder.changes[0]?.message).toBe("fields changed: order changed");

    const size = drift((root) => {
      const fields = postItems(root).input.binary_schema.toplevel.fields;
      fields[1] = named("kind", int("Uint16"), fixed(2));
    });
    expect(lines(size)).toEqual(["breaking binary-layout-changed POST /items input binary $.kind"]);
    expect(size.changes[0]?.message).toBe("Uint8 → Uint16");

    const tags = drift((root) => {
      const enc = at(root, ["ops"]).static.get_service.output.binary_schema.fields[0].encoding;
      enc.tag_size = "Uint16";
      for (const c of enc.cases) c.fields[0] = named("Tag", int("Uint16"), fixed(2));
    });
    expect(lines(tags)).toEqual(["breaking binary-tag-size-changed GET /ops output binary $"]);

    const added = drift((root) => {
      itemBin(root).fields.splice(2, 0, named("fee", { name: "N.t", kind: "Ref" }, { kind: "Dynamic" }));
    }, { reconcile: false }); // the JSON side has no fee: the reconciler would also call the body JSON-only
    expect(lines(added)).toEqual(["breaking binary-fields-changed GET /items output binary $[]"]);
    expect(added.changes[0]?.message).toBe("fields changed: added fee");
  });

  it("a ranged integer: same bytes → classified by direction; other width or offset → breaking", () => {
    const amount = (root: Json) => postItems(root).input.binary_schema.toplevel.fields[0];
    expect(lines(drift((root) => (amount(root).layout.max = 900)))).toEqual(["breaking binary-range-changed POST /items input binary $.amount"]);
    expect(lines(drift((root) => (amount(root).layout.max = 60000)))).toEqual(["compatible binary-range-changed POST /items input binary $.amount"]);
    const wider = drift((root) => {
      amount(root).layout.max = 100000;
      amount(root).data_kind = fixed(4);
    });
    expect(lines(wider)).toEqual(["breaking binary-layout-changed POST /items input binary $.amount"]);
    const offset = drift((root) => (amount(root).layout.min = 1));
    expect(lines(offset)).toEqual(["breaking binary-layout-changed POST /items input binary $.amount"]);
  });

  it("enumerations, sequence limits, zarith references, data kinds", () => {
    const enumAdded = drift((root) => getItems(root).output.binary_schema.fields[1].encoding.cases.push([2, "c"]));
    expect(lines(enumAdded)).toEqual(["breaking binary-enum-changed GET /items output binary $[].kind"]);
    const renumbered = drift((root) => (getItems(root).output.binary_schema.fields[1].encoding.cases = [[1, "a"], [0, "b"]]));
    expect(renumbered.changes[0]?.message).toBe("enumeration values renumbered: a, b");
    const limit = drift((root) => (getItems(root).output.binary_schema.toplevel.fields[0].layout.length_limit = { kind: "at-most", at_most: 10 }));
    expect(lines(limit)).toEqual(["compatible binary-seq-limit-changed GET /items output binary $"]);
    const exact = drift((root) => (getItems(root).output.binary_schema.toplevel.fields[0].layout.length_limit = { kind: "exactly", exactly: 10 }));
    expect(lines(exact)).toEqual(["breaking binary-seq-limit-changed GET /items output binary $"]);
    const zarith = read(dir([], { z: dir([service("GET", ["z"], { output: body({ type: "string" }, { fields: [anon({ name: "N.t", kind: "Ref" }, { kind: "Dynamic" })] }, [["N.t", { fields: [named("N.t", { kind: "Bytes" }, { kind: "Dynamic" })] }]]) })]) }));
    const signed = read(dir([], { z: dir([service("GET", ["z"], { output: body({ type: "string" }, { fields: [anon({ name: "Z.t", kind: "Ref" }, { kind: "Dynamic" })] }, [["Z.t", { fields: [named("Z.t", { kind: "Bytes" }, { kind: "Dynamic" })] }]]) })]) }));
    expect(lines(compareTrees(zarith, signed))).toEqual(["breaking binary-reference-changed GET /z output binary $"]);
    const kind = drift((root) => (postItems(root).input.binary_schema.toplevel.fields[1] = named("kind", { kind: "Bytes" }, fixed(1))));
    expect(lines(kind)).toEqual(["breaking binary-layout-changed POST /items input binary $.kind"]);
    const dataKind = drift((root) => (postItems(root).input.binary_schema.toplevel.fields[1].data_kind = fixed(2)));
    expect(lines(dataKind)).toEqual(["breaking binary-data-kind-changed POST /items input binary $.kind"]);
  });

  it("a length header change is breaking", () => {
    const report = drift((root) => {
      const x3 = getItems(root).output.binary_schema.fields[2].encoding;
      x3.fields[0] = { ...dyn(), size: "Uint16" };
    });
    expect(lines(report)).toEqual(["breaking binary-layout-changed GET /items output binary $[].note"]);
  });

  it("recursive definitions terminate (JSON and binary cycles)", () => {
    const recursive = (leaf: string) =>
      read(
        dir([], {
          t: dir([
            service("GET", ["t"], {
              output: body(
                { $ref: "#/definitions/tree", definitions: { tree: { oneOf: [{ title: "Leaf", type: leaf }, { title: "Node", type: "array", items: { $ref: "#/definitions/tree" } }] } } },
                { fields: [anon({ name: "X_1", kind: "Ref" }, { kind: "Dynamic" })] },
                [["X_1", { tag_size: "Uint8", kind: { kind: "Dynamic" }, cases: [{ tag: 0, fields: [named("Tag", int("Uint8")), named("leaf", int(leaf === "string" ? "Int8" : "Int16"), fixed(leaf === "string" ? 1 : 2))], name: "Leaf" }, { tag: 1, fields: [named("Tag", int("Uint8")), dyn(), anon({ layout: { name: "X_1", kind: "Ref" }, kind: "Seq" }, { kind: "Variable" })], name: "Node" }] }]],
              ),
            }),
          ]),
        }),
      );
    expect(compareTrees(recursive("string"), recursive("string")).changes).toEqual([]);
    expect(lines(compareTrees(recursive("string"), recursive("integer")))).toEqual([
      "breaking json-type-changed GET /t output json $<Leaf>",
      "breaking binary-layout-changed GET /t output binary $<0 Leaf>.leaf",
    ]);
  });
});

describe("drift: bodies and reconciliation", () => {
  it("a service that starts taking an input is breaking", () => {
    const report = drift((root) => (getItems(root).input = body({ type: "object", additionalProperties: false }, { fields: [] })));
    expect(lines(report)).toEqual(["breaking body-added GET /items input"]);
  });

  it("additionalProperties: false → true widens (an output may now carry anything)", () => {
    expect(lines(drift((root) => (itemDef(root).additionalProperties = true), { reconcile: false }))).toEqual(["breaking json-additional-properties-changed GET /items output json $[]"]);
    expect(lines(drift((root) => (inputJson(root).additionalProperties = true), { reconcile: false }))).toEqual(["compatible json-additional-properties-changed POST /items input json $"]);
  });

  it("a body that loses its binary form (becomes JSON-only) is breaking", () => {
    const report = drift((root) => {
      const out = at(root, ["ops"]).static.get_service.output;
      out.binary_schema.fields[0].encoding.cases = [];
    });
    expect(lines(report)).toEqual([
      "compatible binary-case-removed GET /ops output binary $<0 Alpha>",
      "compatible binary-case-removed GET /ops output binary $<1 Beta>",
      "breaking binary-form-lost GET /ops output binary $",
    ]);
    expect(lines(drift((root) => (at(root, ["ops"]).static.get_service.output.binary_schema.fields[0].encoding.cases = []), { reconcile: false }))).toHaveLength(2);
  });
});

describe("drift: report formats", () => {
  const report = drift((root) => {
    itemDef(root).properties.kind.enum.push("c|d");
    root.static.subdirs.suffixes.push({ name: "zz", tree: dir([service("GET", ["zz"])]) });
    getItems(root).query.pop();
  });

  it("text", () => {
    expect(formatDriftReport(report, "text")).toBe(
      [
        "drift OLD → NEW: 3 changes: 2 breaking, 1 compatible",
        "  OLD: 5 services; NEW: 6 services",
        "",
        "GET /items",
        "  BREAKING    query argument peer (optional) removed; the node now ignores it",
        '  BREAKING    output json $[].kind: enumeration widened: added "c|d"',
        "",
        "/zz",
        "  compatible  route added (GET)",
        "",
      ].join("\n"),
    );
  });

  it("markdown escapes table cells", () => {
    const md = formatDriftReport(report, "markdown");
    expect(md).toContain("**2 breaking**, 1 compatible (3 changes).");
    expect(md).toContain("| **breaking** | `output json $[].kind` | enumeration widened: added \"c\\|d\" |");
    expect(md).toContain("### `GET /items`");
  });

  it("json round-trips the report and is stable", () => {
    const text = formatDriftReport(report, "json");
    expect(JSON.parse(text)).toEqual(report);
    expect(formatDriftReport(drift((root) => {
      itemDef(root).properties.kind.enum.push("c|d");
      root.static.subdirs.suffixes.push({ name: "zz", tree: dir([service("GET", ["zz"])]) });
      getItems(root).query.pop();
    }), "json")).toBe(text);
    expect(Object.keys(JSON.parse(text))).toEqual(["status", "old", "new", "summary", "changes", "notCompared"]);
  });

  it("a failure renders in every format", () => {
    const failure = { status: "failed", side: "NEW http://127.0.0.1:1", message: "refused" } as const;
    expect(formatDriftReport(failure, "text")).toBe("could not compare (NEW http://127.0.0.1:1): refused\n");
    expect(JSON.parse(formatDriftReport(failure, "json"))).toEqual(failure);
    expect(formatDriftReport(failure, "markdown")).toContain("**Could not compare**");
  });

  it("readDescribeTree output is accepted as is (snapshot sources carried into the report)", () => {
    const tree = readDescribeTree(baseSnapshot());
    const r = compareTrees(tree, tree, { oldLabel: "a.json", newLabel: "b.json" });
    expect(r.old.label).toBe("a.json");
    expect(r.old.source).toEqual({ url: "http://127.0.0.1:8732", captured_at: "2026-11-25T22:00:00Z", node_version: "20.3" });
    expect(r.changes).toEqual([]);
  });
});
