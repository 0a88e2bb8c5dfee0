/**
 * Synthetic describe answers for the drift and live tests, written in the node's JSON shapes
 * (describe-format.md §2–6), small enough to mutate one thing at a time.
 */
import { readDescribeTree, type DescribedTree } from "../../../generator/describe/index.ts";
import type { RouteSegment } from "../../../generator/model/describe-tree.ts";

export type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

const SCHEMA = "http://json-schema.org/draft-04/schema#";

export const fixed = (size: number) => ({ size, kind: "Fixed" });
export const named = (name: string, layout: Json, dataKind: Json = fixed(1)) => ({ name, layout, data_kind: dataKind, kind: "named" });
export const anon = (layout: Json, dataKind: Json) => ({ layout, kind: "anon", data_kind: dataKind });
export const dyn = (numFields = 1) => ({ kind: "dyn", num_fields: numFields, size: "Uint30" });
export const int = (size: string) => ({ size, kind: "Int" });
export const tag = (size = "Uint8") => named("Tag", int(size), fixed(size === "Uint8" ? 1 : 2));

export function body(json: Json, toplevel: Json, definitions: Array<[string, Json]> = []): Json {
  return {
    json_schema: { $schema: SCHEMA, ...json },
    binary_schema: { toplevel, fields: definitions.map(([title, encoding]) => ({ description: { title }, encoding })) },
  };
}

export const EMPTY = () => body({ type: "object", additionalProperties: false }, { fields: [] });
export const ERROR = () =>
  body({ description: "The full list of errors is available with the global RPC `GET errors`" }, { fields: [dyn(), anon({ kind: "String" }, { kind: "Variable" })] });

export function service(meth: string, path: Json[], parts: { query?: Json[]; input?: Json; output?: Json; description?: string } = {}): Json {
  const s: Json = { meth, path };
  if (parts.description !== undefined) s.description = parts.description;
  s.query = parts.query ?? [];
  if (parts.input !== undefined) s.input = parts.input;
  else if (meth !== "GET") s.input = EMPTY();
  s.output = parts.output ?? EMPTY();
  s.error = ERROR();
  return s;
}

export const single = (name: string, type: string) => ({ name, kind: { single: { id: "single", name: type } } });
export const optional = (name: string, type: string) => ({ name, kind: { optional: { id: "single", name: type } } });
export const multi = (name: string, type: string) => ({ name, kind: { multi: { id: "single", name: type } } });
export const flag = (name: string) => ({ name, kind: { flag: {} } });

/** A static directory: services by method plus named sub-directories (sorted as a node sorts them). */
export function dir(services: Json[], subdirs?: Record<string, Json>): Json {
  const node: Json = {};
  for (const s of services) node[`${String(s.meth).toLowerCase()}_service`] = s;
  if (subdirs !== undefined) {
    node.subdirs = { suffixes: Object.keys(subdirs).sort().map((name) => ({ name, tree: subdirs[name] })) };
  }
  return { static: node };
}

export function dispatch(services: Json[], argName: string, tree: Json): Json {
  const node = dir(services);
  node.static.subdirs = { dynamic_dispatch: { arg: { id: "single", name: argName }, tree } };
  return node;
}

/** `items`: a JSON list of records and its binary form (a Seq of a Ref'd Obj). */
export function itemsOutput(): Json {
  return body(
    {
      type: "array",
      items: { $ref: "#/definitions/item" },
      definitions: {
        item: {
          type: "object",
          properties: {
            kind: { type: "string", enum: ["a", "b"] },
            amount: { type: "integer", minimum: 0, maximum: 1000 },
            note: { $ref: "#/definitions/unistring" },
          },
          required: ["kind", "amount"],
          additionalProperties: false,
        },
        unistring: { title: "Universal string representation", type: "string" },
      },
    },
    { fields: [anon({ layout: { name: "X_1", kind: "Ref" }, kind: "Seq" }, { kind: "Variable" })] },
    [
      [
        "X_1",
        {
          fields: [
            named("kind", { kind: "Enum", size: "Uint8", reference: "X_2" }),
            named("amount", { min: 0, max: 1000, kind: "RangedInt" }, fixed(2)),
            { kind: "option_indicator", name: "note" },
            named("note", { name: "X_3", kind: "Ref" }, { kind: "Dynamic" }),
          ],
        },
      ],
      ["X_2", { size: "Uint8", cases: [[0, "a"], [1, "b"]] }],
      ["X_3", { fields: [dyn(), anon({ kind: "String" }, { kind: "Variable" })] }],
    ],
  );
}

/** `items` POST input: `{amount, kind}`. */
export function itemsInput(): Json {
  return body(
    {
      type: "object",
      properties: { amount: { type: "integer", minimum: 0, maximum: 1000 }, kind: { type: "string", enum: ["a", "b"] } },
      required: ["amount", "kind"],
      additionalProperties: false,
    },
    { fields: [named("amount", { min: 0, max: 1000, kind: "RangedInt" }, fixed(2)), named("kind", int("Uint8"))] },
  );
}

/** `op`: a union of two object cases told apart by `kind`. */
export function opBody(): Json {
  return body(
    {
      $ref: "#/definitions/op",
      definitions: {
        op: {
          oneOf: [
            { title: "Alpha", type: "object", properties: { kind: { type: "string", enum: ["alpha"] }, x: { type: "integer", minimum: -2147483648, maximum: 2147483647 } }, required: ["kind", "x"], additionalProperties: false },
            { title: "Beta", type: "object", properties: { kind: { type: "string", enum: ["beta"] } }, required: ["kind"], additionalProperties: false },
          ],
        },
      },
    },
    { fields: [anon({ name: "X_7", kind: "Ref" }, { kind: "Dynamic" })] },
    [
      [
        "X_7",
        {
          tag_size: "Uint8",
          kind: { kind: "Dynamic" },
          cases: [
            { tag: 0, fields: [tag(), named("x", int("Int32"), fixed(4))], name: "Alpha" },
            { tag: 1, fields: [tag()], name: "Beta" },
          ],
        },
      ],
    ],
  );
}

/**
 * The base root answer: `/chains/<chain_id>/{blocks/<block_id>, mempool}` dynamic, `/items`
 * (GET with query arguments, POST), `/ops` (GET, POST of the union), `/version` (GET).
 */
export function baseRoot(): Json {
  return dir([], {
    chains: dispatch([], "chain_id", dir([], { blocks: dispatch([], "block_id", { dynamic: null }), mempool: { dynamic: null } })),
    items: dir([
      service("GET", ["items"], { query: [single("limit", "int"), multi("tag", "string"), flag("verbose"), optional("peer", "peer_id")], output: itemsOutput() }),
      service("POST", ["items"], { input: itemsInput() }),
    ]),
    ops: dir([service("GET", ["ops"], { output: opBody() }), service("POST", ["ops"], { input: opBody() })]),
    version: dir([service("GET", ["version"], { output: body({ type: "string" }, { fields: [dyn(), anon({ kind: "String" }, { kind: "Variable" })] }) })]),
  });
}

/** A small mempool-like tree for expansions. */
export function mempoolTree(): Json {
  return dir([], {
    pending: dir([service("GET", ["pending"], { query: [single("applied", "bool")], output: itemsOutput() })]),
    ban: dir([service("POST", ["ban"], { input: body({ title: "A Tezos operation ID (Base58Check-encoded)", $ref: "#/definitions/unistring", definitions: { unistring: { type: "string" } } }, { fields: [named("Operation_hash", { kind: "Bytes" }, fixed(32))] }) })]),
  });
}

export function blockTree(): Json {
  return dir([service("GET", [{ id: "single", name: "block_id" }], { output: body({ type: "object", properties: {}, additionalProperties: false }, { fields: [] }) })], {
    hash: dir([service("GET", ["hash"], { output: body({ title: "A block identifier (Base58Check-encoded)", $ref: "#/definitions/unistring", definitions: { unistring: { type: "string" } } }, { fields: [named("block_hash", { kind: "Bytes" }, fixed(32))] }) })]),
  });
}

/** A snapshot document of the base root with both dynamic directories expanded. */
export function baseSnapshot(source: Json = { url: "http://127.0.0.1:8732", captured_at: "2026-11-25T22:00:00Z", node_version: "20.3" }): Json {
  return {
    format: "tezos-rpcgen-snapshot/1",
    source,
    root: baseRoot(),
    expansions: [
      { prefix: ["chains", "main", "blocks", "head"], tree: blockTree() },
      { prefix: ["chains", "main", "mempool"], tree: mempoolTree() },
    ],
  };
}

export const read = (json: Json): DescribedTree => readDescribeTree(json);

export const MEMPOOL_ROUTE: RouteSegment[] = [
  { kind: "static", name: "chains" },
  { kind: "arg", name: "chain_id", multiple: false },
  { kind: "static", name: "mempool" },
];

/** Deep copy for mutation. */
export const clone = <T>(value: T): T => structuredClone(value);

/** The static node at a path of names (`["items"]`) in a root built by {@link dir}. */
export function at(root: Json, names: string[]): Json {
  let node = root;
  for (const name of names) {
    const next = node.static.subdirs.suffixes.find((s: Json) => s.name === name);
    if (next === undefined) throw new Error(`no ${name}`);
    node = next.tree;
  }
  return node;
}
