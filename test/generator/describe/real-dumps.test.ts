/**
 * The three real mempool dumps (answers to `GET /describe/chains/main/mempool?recurse=yes` on
 * three protocols, 2021–2022) read through `readDescribeTree`.
 */
import { describe, expect } from "vitest";
import { formatBinaryLayout, readDescribeTree, type DescribedTree } from "../../../generator/describe/index.ts";
import type { BinarySchema, Field } from "../../../generator/model/binary-schema.ts";
import { itWithReference, readReference, readReferenceText } from "../../support/reference.ts";
import { allBinarySchemas, allLayouts, definition, DUMPS, fieldsOf, findService, MEMPOOL_ROUTE, routeTable } from "./helpers.ts";

const read = (name: string): DescribedTree => readDescribeTree(readReference(name), { prefix: MEMPOOL_ROUTE });

const MEMPOOL_ROUTES = [
  "POST /chains/<chain_id>/mempool/ban_operation",
  "GET /chains/<chain_id>/mempool/filter",
  "POST /chains/<chain_id>/mempool/filter",
  "GET /chains/<chain_id>/mempool/monitor_operations",
  "GET /chains/<chain_id>/mempool/pending_operations",
  "POST /chains/<chain_id>/mempool/request_operations",
  "POST /chains/<chain_id>/mempool/unban_all_operations",
  "POST /chains/<chain_id>/mempool/unban_operation",
];

/** `METHOD route ?query:kind:type,…` */
function queryTable(tree: DescribedTree): string[] {
  return routeTable(tree).map((line, i) => {
    const service = tree.services[i];
    return `${line} ?${(service?.query ?? []).map((q) => `${q.name}:${q.kind}:${q.type ?? ""}`).join(",")}`;
  });
}

describe("real describe dumps", () => {
  itWithReference(DUMPS.granada)("reads the Granada dump from its raw served bytes (one line + newline)", () => {
    const text = readReferenceText(DUMPS.granada);
    expect(text.endsWith("}\n")).toBe(true);
    expect(text.split("\n")).toHaveLength(2);
    const tree = readDescribeTree(JSON.parse(text), { prefix: MEMPOOL_ROUTE });
    expect(tree.services).toHaveLength(8);
    expect(routeTable(tree)).toEqual(MEMPOOL_ROUTES);
  });

  itWithReference(Object.values(DUMPS))("the three dumps give the same route table, 8 services each", () => {
    for (const name of Object.values(DUMPS)) {
      const tree = read(name);
      expect(tree.services, name).toHaveLength(8);
      expect(routeTable(tree), name).toEqual(MEMPOOL_ROUTES);
      expect(tree.dynamicDirectories, name).toEqual([]);
      // The declared paths are relative to the mempool directory.
      for (const s of tree.services) expect(s.declaredPath).toEqual([s.route[3]]);
      // Every POST has an input, no GET has one (describe-format.md §4.1).
      for (const s of tree.services) expect(s.input !== undefined, `${s.method}`).toBe(s.method === "POST");
    }
  });

  itWithReference([DUMPS.alpha, DUMPS.ithaca])("Alpha and Ithaca have the same query arguments", () => {
    const alpha = queryTable(read(DUMPS.alpha));
    expect(queryTable(read(DUMPS.ithaca))).toEqual(alpha);
    expect(alpha).toContain(
      "GET /chains/<chain_id>/mempool/pending_operations ?version:single:int,applied:single:bool,refused:single:bool,outdated:single:bool,branch_refused:single:bool,branch_delayed:single:bool",
    );
    expect(alpha).toContain("POST /chains/<chain_id>/mempool/request_operations ?peer_id:optional:peer_id");
    const peer = findService(read(DUMPS.alpha), "POST", "/chains/<chain_id>/mempool/request_operations").query[0];
    expect(peer?.typeDescription).toBe("A cryptographic node identity (Base58Check-encoded)");
    const includeDefault = findService(read(DUMPS.alpha), "GET", "/chains/<chain_id>/mempool/filter").query[0];
    expect(includeDefault?.description).toMatch(/^Show fields equal to their default value/);
  });

  itWithReference(DUMPS.granada)("Granada (2021) has fewer query arguments on the same routes", () => {
    // Same routes and methods, but the 2021 mempool had no `include_default`, `outdated`,
    // `version` or `peer_id` arguments, and `pending_operations` took none at all.
    expect(queryTable(read(DUMPS.granada))).toEqual([
      "POST /chains/<chain_id>/mempool/ban_operation ?",
      "GET /chains/<chain_id>/mempool/filter ?",
      "POST /chains/<chain_id>/mempool/filter ?",
      "GET /chains/<chain_id>/mempool/monitor_operations ?applied:single:bool,refused:single:bool,branch_refused:single:bool,branch_delayed:single:bool",
      "GET /chains/<chain_id>/mempool/pending_operations ?",
      "POST /chains/<chain_id>/mempool/request_operations ?",
      "POST /chains/<chain_id>/mempool/unban_all_operations ?",
      "POST /chains/<chain_id>/mempool/unban_operation ?",
    ]);
  });

  itWithReference(DUMPS.granada)("reports the Granada dump's dangling references as warnings", () => {
    const tree = read(DUMPS.granada);
    expect(tree.warnings.map((w) => w.message)).toEqual([
      'reference to undefined definition "X_5"',
      'reference to undefined definition "X_8"',
    ]);
    expect(tree.warnings[0]?.pointer).toBe(
      "/static/subdirs/suffixes/3/tree/static/get_service/output/binary_schema/toplevel/fields/5/layout/layout/name",
    );
  });

  describe("normalised binary shapes (Alpha)", () => {
    const monitorOutput = (): BinarySchema => findService(read(DUMPS.alpha), "GET", "/chains/<chain_id>/mempool/monitor_operations").output.binary!;

    itWithReference(DUMPS.alpha)("keeps all 58 definitions of monitor_operations, in order, by title", () => {
      const schema = monitorOutput();
      expect(schema.definitions.size).toBe(58);
      for (const [title, d] of schema.definitions) expect(d.title).toBe(title);
      expect(definition(schema, "N.t").description).toMatch(/^A variable-length sequence of bytes encoding a Zarith natural number/);
    });

    itWithReference(DUMPS.alpha)("X_2456 is a Uint16-tagged union whose Tag field is a Uint16", () => {
      const x = definition(monitorOutput(), "X_2456").encoding;
      expect(x.kind).toBe("Cases");
      if (x.kind !== "Cases") return;
      expect(x.tagSize).toBe("Uint16");
      expect(x.dataKind).toEqual({ kind: "Fixed", size: 2 });
      expect(x.cases.map((c) => [c.tag, c.name])).toEqual([
        [0, "Example_arith smart contract rollup kind"],
        [1, "Wasm 2.0.0 smart contract rollup kind"],
      ]);
      expect(x.cases[0]?.fields[0]).toEqual({
        kind: "named",
        name: "Tag",
        layout: { kind: "Int", size: "Uint16", endianness: "Big" },
        dataKind: { kind: "Fixed", size: 2 },
      });
    });

    itWithReference(DUMPS.alpha)("pending_operations' output is a union with no case", () => {
      const schema = findService(read(DUMPS.alpha), "GET", "/chains/<chain_id>/mempool/pending_operations").output.binary!;
      expect(schema.toplevel).toEqual({ kind: "Obj", fields: [{ kind: "anon", layout: { kind: "Ref", name: "X_0" }, dataKind: { kind: "Dynamic" } }] });
      expect(definition(schema, "X_0").encoding).toEqual({ kind: "Cases", tagSize: "Uint8", dataKind: { kind: "Dynamic" }, cases: [] });
    });

    itWithReference(DUMPS.alpha)("contract_id: fixed 22, with a padding byte in Originated", () => {
      const c = definition(monitorOutput(), "alpha.contract_id").encoding;
      expect(c.kind === "Cases" && c.dataKind).toEqual({ kind: "Fixed", size: 22 });
      if (c.kind !== "Cases") return;
      expect(c.cases[1]?.name).toBe("Originated");
      expect(c.cases[1]?.fields[2]).toEqual({ kind: "named", name: "padding", layout: { kind: "Padding" }, dataKind: { kind: "Fixed", size: 1 } });
      expect(c.cases[0]?.fields[1]).toEqual({
        kind: "named",
        name: "Signature.Public_key_hash",
        layout: { kind: "Ref", name: "public_key_hash" },
        dataKind: { kind: "Fixed", size: 21 },
      });
    });

    itWithReference(DUMPS.alpha)("option indicators precede the field they announce", () => {
      const fields = fieldsOf(definition(monitorOutput(), "alpha.operation.alpha.contents").encoding);
      const i = fields.findIndex((f) => f.kind === "option_indicator" && f.name === "parameters");
      expect(i).toBeGreaterThan(0);
      expect(fields[i + 1]).toMatchObject({ kind: "named", name: "parameters", layout: { kind: "Ref" } });
    });

    itWithReference(DUMPS.alpha)("a Seq with exactly 32 elements", () => {
      const layouts = allLayouts(monitorOutput()).filter((l) => l.kind === "Seq" && l.limit?.kind === "exactly");
      expect(layouts).toContainEqual({ kind: "Seq", layout: { kind: "Ref", name: "X_2444" }, limit: { kind: "exactly", count: 32 } });
    });

    itWithReference(DUMPS.alpha)("N.t and Z.t are referenced as Dynamic refs and defined as Dynamic bytes", () => {
      const schema = monitorOutput();
      for (const name of ["N.t", "Z.t"]) {
        expect(definition(schema, name).encoding).toEqual({
          kind: "Obj",
          fields: [{ kind: "named", name, layout: { kind: "Bytes" }, dataKind: { kind: "Dynamic" } }],
        });
        const users = [...schema.definitions.values()].flatMap((d) => fieldsOf(d.encoding)).filter(
          (f): f is Extract<Field, { layout: unknown }> => (f.kind === "named" || f.kind === "anon") && f.layout.kind === "Ref" && f.layout.name === name,
        );
        expect(users.length).toBeGreaterThan(0);
        for (const f of users) expect(f.dataKind).toEqual({ kind: "Dynamic" });
      }
    });

    itWithReference(DUMPS.alpha)("monitor_operations' element X_0: dyn frames as published", () => {
      const x0 = definition(monitorOutput(), "X_0").encoding;
      expect(x0.kind === "Obj" && x0.fields.filter((f) => f.kind === "dyn")).toEqual([
        { kind: "dyn", numFields: 1, size: "Uint30" },
        { kind: "dyn", numFields: 2, size: "Uint30" },
        { kind: "dyn", name: "error_opt", numFields: 1, size: "Uint30" },
      ]);
    });
  });

  itWithReference(Object.values(DUMPS))("legacy spellings are normalised everywhere: Float → Fixed, endianness Big", () => {
    for (const name of Object.values(DUMPS)) {
      const raw = readReferenceText(name);
      expect(raw).toMatch(/"kind": ?"Float"/); // every dump uses the legacy spelling…
      const schemas = allBinarySchemas(read(name));
      const json = JSON.stringify(schemas.map((s) => [s.toplevel, [...s.definitions.values()]]));
      expect(json, name).not.toContain('"Float"'); // …and no Float (data kind or layout) is left
      for (const schema of schemas) {
        for (const layout of allLayouts(schema)) {
          if (layout.kind === "Int" || layout.kind === "RangedInt") expect(layout.endianness).toBe("Big");
        }
      }
    }
  });

  itWithReference(Object.values(DUMPS))("empty inputs and outputs become an Obj without fields; errors a length-prefixed string", () => {
    for (const name of Object.values(DUMPS)) {
      const unbanAll = findService(read(name), "POST", "/chains/<chain_id>/mempool/unban_all_operations");
      expect(unbanAll.input?.binary!.toplevel).toEqual({ kind: "Obj", fields: [] });
      expect(unbanAll.output.binary!.toplevel).toEqual({ kind: "Obj", fields: [] });
      expect(unbanAll.error.binary!.toplevel).toEqual({
        kind: "Obj",
        fields: [
          { kind: "dyn", numFields: 1, size: "Uint30" },
          { kind: "anon", layout: { kind: "String" }, dataKind: { kind: "Variable" } },
        ],
      });
      expect(unbanAll.description).toBe("Clear the set of banned operations.");
      expect(unbanAll.input?.json.$schema).toBe("http://json-schema.org/draft-04/schema#");
    }
  });

  itWithReference(DUMPS.granada)("keeps the JSON schemas as published (2021 error $ref)", () => {
    const s = findService(read(DUMPS.granada), "POST", "/chains/<chain_id>/mempool/unban_all_operations");
    expect(s.error.json.$ref).toBe("#/definitions/error");
    expect(s.input?.json.properties).toEqual({});
  });

  itWithReference(Object.values(DUMPS))("every binary schema of the dumps prints as a layout table", () => {
    for (const name of Object.values(DUMPS)) {
      for (const schema of allBinarySchemas(read(name))) expect(formatBinaryLayout(schema).length).toBeGreaterThan(0);
    }
    const pending = findService(read(DUMPS.alpha), "GET", "/chains/<chain_id>/mempool/pending_operations").output.binary!;
    expect(formatBinaryLayout(pending)).toBe(
      [
        "+-----------------+----------------------+----------+",
        "| Name            | Size                 | Contents |",
        "+=================+======================+==========+",
        "| Unnamed field 0 | Determined from data | $X_0     |",
        "+-----------------+----------------------+----------+",
        "",
        "",
        "X_0 (Determined from data, 8-bit tag) *************************************",
      ].join("\n"),
    );
    const monitor = formatBinaryLayout(findService(read(DUMPS.alpha), "GET", "/chains/<chain_id>/mempool/monitor_operations").output.binary!);
    expect(monitor).toContain("X_2456 (2 bytes, 16-bit tag)\n****************************\n");
    expect(monitor).toContain("| Tag  | 2 bytes | unsigned 16-bit big-endian integer |");
  });

  itWithReference(DUMPS.alpha)("reading without a prefix roots the routes at /", () => {
    const tree = readDescribeTree(readReference(DUMPS.alpha));
    expect(routeTable(tree)[0]).toBe("POST /ban_operation");
  });
});
