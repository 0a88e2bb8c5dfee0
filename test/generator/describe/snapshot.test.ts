/**
 * Rich snapshots (`tezos-rpcgen-snapshot/1`): dynamic subtrees captured at a concrete prefix
 * are grafted at the dynamic directory's route; and the describe-tree hash.
 */
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  describeTreeHash,
  DescribeFormatError,
  DescribeSnapshotError,
  readDescribeTree,
  SNAPSHOT_FORMAT,
} from "../../../generator/describe/index.ts";
import { routeToString } from "../../../generator/model/describe-tree.ts";
import { itWithReference, readReference, readReferenceText } from "../../support/reference.ts";
import { service, syntheticTree } from "./fixtures.ts";
import { DUMPS, MEMPOOL_ROUTE, routeTable } from "./helpers.ts";

type Json = Record<string, any>;

const blockTree = () => ({
  static: {
    subdirs: {
      suffixes: [
        { name: "hash", tree: { static: { get_service: service("GET", ["hash"]) } } },
        { name: "header", tree: { static: { get_service: service("GET", ["header"]) } } },
      ],
    },
  },
});

function snapshotError(run: () => unknown): DescribeSnapshotError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DescribeSnapshotError);
    return error as DescribeSnapshotError;
  }
  throw new Error("no error was thrown");
}

describe("rich snapshots", () => {
  itWithReference(DUMPS.alpha)("grafts a mempool capture at /chains/<chain_id>/mempool, recording the concrete prefix", () => {
    const snapshot = {
      format: SNAPSHOT_FORMAT,
      source: { url: "http://127.0.0.1:8732", captured_at: "2022-06-09T00:00:00Z", node_version: "13.0+dev" },
      root: syntheticTree(),
      expansions: [
        { prefix: ["chains", "main", "mempool"], protocol: "ProtoALphaALphaALphaALphaALphaALphaALphaALphaDdp3zK", tree: readReference(DUMPS.alpha) },
        { prefix: ["chains", "main", "blocks", "head"], tree: blockTree() },
      ],
      _comment: "ignored",
    };
    const tree = readDescribeTree(snapshot);
    const routes = routeTable(tree);
    expect(routes).toContain("POST /chains/<chain_id>/mempool/ban_operation");
    expect(routes).toContain("GET /chains/<chain_id>/mempool/pending_operations");
    expect(routes).toContain("GET /chains/<chain_id>/blocks/<block_id>/header");
    expect(routes).toContain("GET /network/points/<point>");
    expect(tree.services).toHaveLength(11 - 1 + 8 + 2); // synthetic (without /legacy) + mempool + block
    expect(tree.dynamicDirectories).toEqual([]); // both were expanded
    expect(tree.source).toEqual(snapshot.source);
    expect(tree.expansions.map((e) => ({ ...e, route: routeToString(e.route) }))).toEqual([
      {
        route: "/chains/<chain_id>/mempool",
        prefix: ["chains", "main", "mempool"],
        protocol: "ProtoALphaALphaALphaALphaALphaALphaALphaALphaDdp3zK",
        description: null,
        serviceCount: 8,
      },
      { route: "/chains/<chain_id>/blocks/<block_id>", prefix: ["chains", "main", "blocks", "head"], description: "The block directory", serviceCount: 2 },
    ]);
    // The chain_id argument comes from the root's dynamic_dispatch, description included.
    expect(tree.expansions[0]?.route[1]).toEqual({ kind: "arg", name: "chain_id", description: "A chain identifier", multiple: false });
  });

  itWithReference(Object.values(DUMPS))("without a root, explicit routes place the captures; same result as the prefix option", () => {
    for (const name of Object.values(DUMPS)) {
      const snapshot = {
        format: SNAPSHOT_FORMAT,
        expansions: [{ prefix: ["chains", "main", "mempool"], route: ["chains", { id: "single", name: "chain_id" }, "mempool"], tree: readReference(name) }],
      };
      const fromSnapshot = readDescribeTree(snapshot);
      const direct = readDescribeTree(readReference(name), { prefix: MEMPOOL_ROUTE });
      expect(fromSnapshot.services).toEqual(direct.services);
      expect(fromSnapshot.expansions[0]?.description).toBeUndefined();
    }
  });

  it("accepts an empty snapshot", () => {
    expect(readDescribeTree({ format: SNAPSHOT_FORMAT })).toEqual({ services: [], dynamicDirectories: [], warnings: [], expansions: [] });
  });

  it("rejects captures that do not fit the root", () => {
    const root = syntheticTree();
    const cases: Array<[Json, string, RegExp]> = [
      [{ prefix: ["chains", "main"], tree: blockTree() }, "/expansions/0/prefix", /leads to \/chains\/<chain_id>, which is not a dynamic directory/],
      [{ prefix: ["chain", "main", "mempool"], tree: blockTree() }, "/expansions/0/prefix", /"chain" is not a sub-directory of \/ in the root/],
      [{ prefix: ["chains", "main", "mempool", "x"], tree: blockTree() }, "/expansions/0/prefix", /goes through a dynamic directory at \/chains\/<chain_id>\/mempool/],
      [{ prefix: ["types", "x"], tree: blockTree() }, "/expansions/0/prefix", /\/types has no sub-directory/],
      [{ prefix: ["empty_dir", "x"], tree: blockTree() }, "/expansions/0/prefix", /goes through an empty directory/],
      [{ prefix: ["types"], route: ["types"], tree: blockTree() }, "/expansions/0", /no dynamic directory at \/types/],
      [{ prefix: ["chains", "main"], route: ["chains"], tree: blockTree() }, "/expansions/0/route", /route has 1 segment\(s\) but prefix has 2/],
      [{ prefix: ["chains", "main", "mempool"], route: ["chains", { id: "single", name: "chain_id" }, "pool"], tree: blockTree() }, "/expansions/0/route/2", /"pool" does not match prefix segment "mempool"/],
    ];
    for (const [expansion, pointer, problem] of cases) {
      const error = snapshotError(() => readDescribeTree({ format: SNAPSHOT_FORMAT, root, expansions: [expansion] }));
      expect(error.pointer, JSON.stringify(expansion)).toBe(pointer);
      expect(error.problem).toMatch(problem);
    }
    const noRoute = snapshotError(() => readDescribeTree({ format: SNAPSHOT_FORMAT, expansions: [{ prefix: ["a"], tree: "empty" }] }));
    expect(noRoute.problem).toMatch(/needs a route when the snapshot has no root/);
  });

  it("rejects a second capture of the same directory", () => {
    const twice = { prefix: ["chains", "main", "blocks", "head"], tree: blockTree() };
    const error = snapshotError(() => readDescribeTree({ format: SNAPSHOT_FORMAT, root: syntheticTree(), expansions: [twice, twice] }));
    expect(error.pointer).toBe("/expansions/1");
    const route = ["x"];
    expect(() =>
      readDescribeTree({ format: SNAPSHOT_FORMAT, expansions: [{ prefix: ["x"], route, tree: blockTree() }, { prefix: ["x"], route, tree: blockTree() }] }),
    ).toThrow(/two services for GET \/x\/hash/);
  });

  it("reports malformed snapshots with pointers into the document", () => {
    const cases: Array<[unknown, string, RegExp]> = [
      [{ format: "tezos-rpcgen-snapshot/2" }, "/format", /unsupported snapshot format/],
      [{ format: SNAPSHOT_FORMAT, extra: 1 }, "", /unexpected property "extra"/],
      [{ format: SNAPSHOT_FORMAT, expansions: [{ prefix: "chains/main", tree: "empty" }] }, "/expansions/0/prefix", /type array/],
      [{ format: SNAPSHOT_FORMAT, expansions: [{ prefix: [], route: [], tree: { static: { get_service: { meth: "GET" } } } }] }, "/expansions/0/tree/static/get_service/path", /missing required property "path"/],
      [{ format: SNAPSHOT_FORMAT, root: "nothing" }, "/root", /must be "empty"/],
    ];
    for (const [doc, pointer, problem] of cases) {
      let error: unknown;
      try {
        readDescribeTree(doc);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(DescribeFormatError);
      expect((error as DescribeFormatError).pointer).toBe(pointer);
      expect((error as DescribeFormatError).problem).toMatch(problem);
    }
    expect(() => readDescribeTree({ format: SNAPSHOT_FORMAT }, { prefix: ["a"] })).toThrow(/prefix option applies to a bare describe answer/);
  });
});

describe("describeTreeHash", () => {
  itWithReference(DUMPS.granada)("is whitespace-insensitive: raw served bytes and a re-indented copy hash alike", () => {
    const raw = readReferenceText(DUMPS.granada);
    const parsed = JSON.parse(raw);
    const reindented = JSON.parse(JSON.stringify(parsed, null, 2));
    expect(describeTreeHash(reindented)).toBe(describeTreeHash(parsed));
    expect(describeTreeHash(parsed)).toMatch(/^[0-9a-f]{64}$/);
    // The canonical form of the served bytes is the bytes without their trailing newline.
    expect(JSON.stringify(parsed)).toBe(raw.trimEnd());
  });

  it("is sensitive to content and to key order", () => {
    const a = { static: { get_service: service("GET", []) } };
    const reordered = { static: Object.fromEntries(Object.entries(a.static.get_service).reverse()) };
    const changed = { static: { get_service: { ...service("GET", []), description: "x" } } };
    expect(describeTreeHash({ static: { get_service: reordered.static } })).not.toBe(describeTreeHash(a));
    expect(describeTreeHash(changed)).not.toBe(describeTreeHash(a));
    expect(describeTreeHash(JSON.parse(JSON.stringify(a)))).toBe(describeTreeHash(a));
    // Known answer: SHA-256 of the 7 bytes `"empty"` (quotes included).
    expect(describeTreeHash("empty")).toBe(createHash("sha256").update('"empty"').digest("hex"));
  });

  it("is the SHA-256 of JSON.stringify of the document, however its parts are written", () => {
    const sha = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");
    const tree = syntheticTree();
    expect(describeTreeHash(tree)).toBe(sha(JSON.stringify(tree)));
    // Values JSON.stringify leaves out or writes as null, anywhere in the tree.
    const odd = { static: { get_service: { ...service("GET", []), description: undefined, query: [undefined, "é"] } } };
    expect(describeTreeHash(odd)).toBe(sha(JSON.stringify(odd)));
    const snapshot = { format: SNAPSHOT_FORMAT, root: tree, expansions: [{ prefix: ["a"], tree: syntheticTree() }] };
    expect(describeTreeHash(snapshot)).toBe(sha(JSON.stringify({ format: SNAPSHOT_FORMAT, root: tree, expansions: snapshot.expansions })));
  });

  it("of a snapshot covers the described content only, not its source or comments", () => {
    const base = { format: SNAPSHOT_FORMAT, root: syntheticTree(), expansions: [] };
    const h = describeTreeHash(base);
    expect(describeTreeHash({ ...base, source: { url: "http://a", captured_at: "now" }, _comment: "c" })).toBe(h);
    expect(describeTreeHash({ ...base, root: "empty" })).not.toBe(h);
  });

  it("rejects values that are not JSON", () => {
    expect(() => describeTreeHash(undefined)).toThrow(TypeError);
  });
});
