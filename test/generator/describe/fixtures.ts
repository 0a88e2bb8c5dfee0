/**
 * Synthetic describe answers for the shapes that no real dump contains (describe-format.md §2,
 * §4, §6 and the meta-schema's `service_tree`, `layout`, `schema.field`, `schema.kind` cases):
 * dynamic and empty nodes, `dynamic_dispatch`, flag and multi queries, path arguments
 * (single and multiple), DELETE/PUT/PATCH, Int_enum/Enum, Float/RangedFloat, Bool,
 * little-endian integers, length limits and `N` length headers. Written in the current format
 * (Octez v20+), so that they must validate against the meta-schema too; `legacyService` adds
 * the older spellings.
 */

type Json = Record<string, unknown>;

export const fixed = (size: number) => ({ size, kind: "Fixed" });
export const DYNAMIC = { kind: "Dynamic" };
export const VARIABLE = { kind: "Variable" };

const JSON_SCHEMA = { $schema: "http://json-schema.org/draft-04/schema#" };

export function body(toplevel: Json, fields: Json[] = [], json: Json = JSON_SCHEMA): Json {
  return { json_schema: json, binary_schema: { toplevel, fields } };
}

export const EMPTY_BODY = body({ fields: [] }, [], { ...JSON_SCHEMA, type: "object", additionalProperties: false });
export const ERROR_BODY = body({
  fields: [
    { kind: "dyn", num_fields: 1, size: "Uint30" },
    { layout: { kind: "String" }, kind: "anon", data_kind: VARIABLE },
  ],
});

/**
 * A service with its own copies of the bodies: tests mutate the trees they build, and the
 * shared bodies must stay intact for the next test (and the next file: the test files of a
 * worker share their modules).
 */
export function service(meth: string, path: unknown[], extra: Json = {}): Json {
  return {
    meth,
    path,
    ...(extra.description === undefined ? {} : { description: extra.description }),
    query: extra.query ?? [],
    ...(meth === "GET" ? {} : { input: clone(extra.input ?? EMPTY_BODY) }),
    output: clone(extra.output ?? EMPTY_BODY),
    error: clone(ERROR_BODY),
  };
}

const arg = (name: string, descr?: string) => ({ id: "single", name, ...(descr === undefined ? {} : { descr }) });

/** Binary schema exercising every layout and field kind of the current format. */
export const TYPES_OUTPUT = body(
  {
    fields: [
      { name: "flag", layout: { kind: "Bool" }, data_kind: fixed(1), kind: "named" },
      { name: "ratio", layout: { kind: "Float" }, data_kind: fixed(8), kind: "named" },
      { name: "share", layout: { min: 0, max: 1, kind: "RangedFloat" }, data_kind: fixed(8), kind: "named" },
      { name: "counter", layout: { size: "Int32", endianness: "Little", kind: "Int" }, data_kind: fixed(4), kind: "named" },
      { name: "level", layout: { min: 1, endianness: "Little", max: 1000, kind: "RangedInt" }, data_kind: fixed(2), kind: "named" },
      { name: "vote", layout: { size: "Uint8", reference: "vote_enum", kind: "Enum" }, data_kind: fixed(1), kind: "named" },
      { kind: "option_indicator", name: "note" },
      { name: "note", layout: { name: "X_1", kind: "Ref" }, data_kind: DYNAMIC, kind: "named" },
      { kind: "dyn", name: "items", num_fields: 1, size: "N" },
      {
        name: "items",
        layout: { layout: { size: "Int64", kind: "Int" }, kind: "Seq", length_limit: { kind: "no-limit" } },
        data_kind: VARIABLE,
        kind: "named",
      },
      {
        name: "pair",
        layout: { layout: { size: "Uint8", kind: "Int" }, kind: "Seq", length_limit: { kind: "exactly", exactly: 2 } },
        data_kind: fixed(2),
        kind: "named",
      },
      { name: "padding", layout: { kind: "Padding" }, data_kind: fixed(3), kind: "named" },
    ],
  },
  [
    { description: { title: "vote_enum", description: "A vote" }, encoding: { size: "Uint8", cases: [[0, "yay"], [1, "nay"], [2, "pass"]] } },
    {
      description: { title: "X_1" },
      encoding: {
        tag_size: "Uint16",
        kind: DYNAMIC,
        cases: [
          { tag: 0, fields: [{ name: "Tag", layout: { size: "Uint16", kind: "Int" }, data_kind: fixed(2), kind: "named" }], name: "none" },
          {
            tag: 300,
            fields: [
              { name: "Tag", layout: { size: "Uint16", kind: "Int" }, data_kind: fixed(2), kind: "named" },
              { kind: "dyn", num_fields: 1, size: "Uint16" },
              { layout: { kind: "Bytes" }, kind: "anon", data_kind: VARIABLE },
            ],
          },
        ],
      },
    },
  ],
);

/**
 * `/` GET; `/chains/<chain_id>` GET with `/blocks` (GET, then a dynamic block directory) and a
 * dynamic `mempool`; `/empty_dir` empty; `/files/<path>*` (dynamic tail, described in place);
 * `/network/points/<point>` GET/DELETE/PUT/PATCH with flag and multi queries and a `log`
 * child; `/types` with {@link TYPES_OUTPUT}.
 */
export function syntheticTree(): Json {
  return {
    static: {
      get_service: service("GET", [], { description: "Root" }),
      subdirs: {
        suffixes: [
          {
            name: "chains",
            tree: {
              static: {
                subdirs: {
                  dynamic_dispatch: {
                    arg: arg("chain_id", "A chain identifier"),
                    tree: {
                      static: {
                        get_service: service("GET", ["chains", arg("chain_id", "A chain identifier")]),
                        subdirs: {
                          suffixes: [
                            {
                              name: "blocks",
                              tree: {
                                static: {
                                  get_service: service("GET", ["chains", arg("chain_id"), "blocks"], {
                                    query: [{ name: "length", kind: { optional: arg("uint") } }],
                                  }),
                                  subdirs: { dynamic_dispatch: { arg: arg("block_id"), tree: { dynamic: "The block directory" } } },
                                },
                              },
                            },
                            { name: "mempool", tree: { dynamic: null } },
                          ],
                        },
                      },
                    },
                  },
                },
              },
            },
          },
          { name: "empty_dir", tree: "empty" },
          {
            name: "files",
            tree: {
              static: { get_service: service("GET", ["files", { id: "multiple", name: "path", descr: "A file path" }]) },
            },
          },
          {
            name: "network",
            tree: {
              static: {
                subdirs: {
                  suffixes: [
                    {
                      name: "points",
                      tree: {
                        static: {
                          subdirs: {
                            dynamic_dispatch: {
                              arg: arg("point"),
                              tree: {
                                static: {
                                  get_service: service("GET", ["network", "points", arg("point")], {
                                    query: [
                                      { name: "monitor", description: "Stream changes", kind: { flag: {} } },
                                      { name: "filter", kind: { multi: arg("string", "A filter") } },
                                      { name: "limit", kind: { single: arg("int") } },
                                    ],
                                  }),
                                  delete_service: service("DELETE", ["network", "points", arg("point")]),
                                  put_service: service("PUT", ["network", "points", arg("point")]),
                                  patch_service: service("PATCH", ["network", "points", arg("point")], { description: "Change a point" }),
                                  subdirs: {
                                    suffixes: [
                                      { name: "log", tree: { static: { get_service: service("GET", ["network", "points", arg("point"), "log"]) } } },
                                    ],
                                  },
                                },
                              },
                            },
                          },
                        },
                      },
                    },
                  ],
                },
              },
            },
          },
          { name: "types", tree: { static: { get_service: service("GET", ["types"], { output: TYPES_OUTPUT }) } } },
        ],
      },
    },
  };
}

/** Legacy spellings the meta-schema does not accept: `Float` data kinds, `max_length`, no endianness. */
export function legacyService(): Json {
  return service("POST", ["legacy"], {
    input: body({
      fields: [
        { layout: { kind: "Zero_width" }, kind: "anon", data_kind: { size: 0, kind: "Float" } },
        { name: "n", layout: { size: "Uint16", kind: "Int" }, data_kind: { size: 2, kind: "Float" }, kind: "named" },
        { kind: "dyn", num_fields: 1, size: "Uint30" },
        { name: "l", layout: { layout: { kind: "Bool" }, kind: "Seq", max_length: 10 }, data_kind: VARIABLE, kind: "named" },
      ],
    }),
  });
}

/** A deep copy of a JSON value. */
export function clone<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
