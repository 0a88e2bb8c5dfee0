/**
 * Our own JSON Schema (draft-07) of the `/describe` answer, covering every format generation
 * seen in real nodes (describe-format.md §2–§6 and §8):
 *
 * - tree nodes `{"static": …}`, `{"dynamic": string | null}` and the bare string `"empty"`;
 *   sub-directories as `suffixes` or `dynamic_dispatch`;
 * - services with `meth`, `path`, `description`, `query`, `input`, `output`, `error`;
 * - binary schemas with `Obj` / `Cases` / `Int_enum` encodings, the four field kinds, the fixed
 *   data kind in both spellings (`"Fixed"` and the legacy `"Float"`), optional `endianness`,
 *   `length_limit` and the older `max_length`, and dyn sizes up to `"N"`.
 *
 * Design choices:
 *
 * - Unions are written as `if`/`then` chains keyed on the discriminating property (`kind`,
 *   `tag_size`, …) rather than `oneOf`, so that a validation failure names the one branch the
 *   value was meant to be and the error is specific ("…/layout: must have required property
 *   'size'") instead of a list of every branch that did not match.
 * - The describe format is a closed data-encoding encoding: its objects never carry keys other
 *   than the ones listed, so every structural object has `additionalProperties: false`. A future
 *   format change (as `endianness` once was) is then rejected loudly instead of being silently
 *   misread. Only `json_schema` is left free: it is a JSON Schema of the service body.
 * - Integers inside the format (sizes, tags, limits, counts) are data-encoding `int31`/`uint30`
 *   values; they are bounded accordingly.
 * - Strings are data-encoding `string`s, which may come as `{"invalid_utf8_string": [bytes]}`
 *   when not valid UTF-8 (the `unistring` form); both are accepted.
 */

/** The JSON Schema draft this schema is written in (ajv's default). */
export const DESCRIBE_SCHEMA_DRAFT = "http://json-schema.org/draft-07/schema#";

const UINT30_MAX = 1073741823;
const INT31_MIN = -1073741824;

type Schema = Record<string, unknown>;

const ref = (name: string): Schema => ({ $ref: `#/definitions/${name}` });

/** An object with exactly the given properties, the listed ones required. */
function closedObject(properties: Record<string, Schema>, required: string[]): Schema {
  return { type: "object", required, properties, additionalProperties: false };
}

/**
 * A union told apart by the value of `key`: `if key == value then schema else …`, branch after
 * branch. A value meets only the branch it names, so the order changes neither what is accepted
 * nor the error reported; it changes the cost: every branch passed is a failed `if`, for which
 * ajv makes an error object, so the values most common in real answers come first.
 */
function byKind(key: string, branches: ReadonlyArray<readonly [value: string, then: Schema]>): Schema {
  let chain: Schema = {};
  for (let i = branches.length - 1; i >= 0; i--) {
    const [value, then] = branches[i]!;
    const link: Schema = { if: { type: "object", required: [key], properties: { [key]: { const: value } } }, then };
    if (i < branches.length - 1) link.else = chain;
    chain = link;
  }
  return chain;
}

const constKind = (value: string): Schema => ({ const: value });

/** The branch of a layout that carries nothing but its `kind`. */
function bareLayout(kind: "Zero_width" | "Bool" | "Float" | "Bytes" | "String" | "Padding"): readonly [string, Schema] {
  return [kind, closedObject({ kind: constKind(kind) }, ["kind"])];
}
const INT_SIZES = ["Int8", "Uint8", "Int16", "Uint16", "Int32", "Int64"];
const ENUM_SIZES = ["Int8", "Uint8", "Int16", "Uint16"];
const ENDIANNESS = { enum: ["Big", "Little"] };

/**
 * Sub-schemas whose failure means "this value is none of the accepted shapes"; the validator
 * reports these sentences instead of ajv's wording about the last branch it tried.
 */
export const shapeMessages = new Map<object, string>();

function withShapeMessage(schema: Schema, message: string): Schema {
  shapeMessages.set(schema, message);
  return schema;
}

const definitions: Record<string, Schema> = {
  unistring: {
    // A string first: it is by far the common case, and a failed `if` costs an error object.
    if: { type: "string" },
    else: {
      if: { type: "object" },
      then: closedObject(
        { invalid_utf8_string: { type: "array", items: { type: "integer", minimum: 0, maximum: 255 } } },
        ["invalid_utf8_string"],
      ),
      else: { type: "string" },
    },
  },
  count: { type: "integer", minimum: 0, maximum: UINT30_MAX },
  int31: { type: "integer", minimum: INT31_MIN, maximum: UINT30_MAX },

  // ── tree ────────────────────────────────────────────────────────────────────────────────
  node: {
    if: { type: "string" },
    then: { const: "empty" },
    else: {
      type: "object",
      if: { type: "object", required: ["dynamic"] },
      then: closedObject({ dynamic: { type: ["string", "null"] } }, ["dynamic"]),
      else: withShapeMessage(
        closedObject({ static: ref("staticDirectory") }, ["static"]),
        'a tree node must be {"static": …}, {"dynamic": …} or "empty"',
      ),
    },
  },
  staticDirectory: closedObject(
    {
      get_service: ref("service"),
      post_service: ref("service"),
      delete_service: ref("service"),
      put_service: ref("service"),
      patch_service: ref("service"),
      subdirs: ref("subdirectories"),
    },
    [],
  ),
  subdirectories: {
    type: "object",
    if: { type: "object", required: ["dynamic_dispatch"] },
    then: closedObject(
      { dynamic_dispatch: closedObject({ arg: ref("singleArg"), tree: ref("node") }, ["arg", "tree"]) },
      ["dynamic_dispatch"],
    ),
    else: withShapeMessage(
      closedObject(
        {
          suffixes: {
            type: "array",
            items: closedObject({ name: ref("unistring"), tree: ref("node") }, ["name", "tree"]),
          },
        },
        ["suffixes"],
      ),
      'sub-directories must be {"suffixes": […]} or {"dynamic_dispatch": {…}}',
    ),
  },

  // ── services ────────────────────────────────────────────────────────────────────────────
  service: closedObject(
    {
      meth: { enum: ["GET", "POST", "DELETE", "PUT", "PATCH"] },
      path: { type: "array", items: ref("pathItem") },
      description: ref("unistring"),
      query: { type: "array", items: ref("queryItem") },
      input: ref("body"),
      output: ref("body"),
      error: ref("body"),
    },
    ["meth", "path", "query", "output", "error"],
  ),
  /** A path argument: `{id: single | multiple, name, descr?}`. */
  pathArg: closedObject(
    { id: { enum: ["single", "multiple"] }, name: ref("unistring"), descr: ref("unistring") },
    ["id", "name"],
  ),
  /** The argument of a `dynamic_dispatch` or of a query kind: always `id: single`. */
  singleArg: closedObject(
    { id: { const: "single" }, name: ref("unistring"), descr: ref("unistring") },
    ["id", "name"],
  ),
  pathItem: {
    // A fixed segment is a (uni)string; anything else must be an argument.
    if: { anyOf: [{ type: "string" }, { type: "object", required: ["invalid_utf8_string"] }] },
    then: ref("unistring"),
    else: ref("pathArg"),
  },
  queryItem: closedObject(
    { name: ref("unistring"), description: ref("unistring"), kind: ref("queryKind") },
    ["name", "kind"],
  ),
  queryKind: {
    type: "object",
    minProperties: 1,
    maxProperties: 1,
    properties: {
      single: ref("singleArg"),
      optional: ref("singleArg"),
      flag: { type: "object", additionalProperties: false },
      multi: ref("singleArg"),
    },
    additionalProperties: false,
  },
  body: closedObject(
    { json_schema: { type: "object" }, binary_schema: ref("binarySchema") },
    // `binary_schema` is absent only in trees made from a source that publishes JSON schemas
    // alone (an OpenAPI document, see generator/openapi/): such a body is JSON-only.
    ["json_schema"],
  ),

  // ── binary schemas ──────────────────────────────────────────────────────────────────────
  binarySchema: closedObject(
    { toplevel: ref("encoding"), fields: { type: "array", items: ref("definition") } },
    ["toplevel", "fields"],
  ),
  definition: closedObject(
    {
      description: closedObject({ title: ref("unistring"), description: ref("unistring") }, ["title"]),
      encoding: ref("encoding"),
    },
    ["description", "encoding"],
  ),
  /** Obj, Cases or Int_enum: told apart by `tag_size` (Cases) and `size` (Int_enum). */
  encoding: {
    type: "object",
    if: { type: "object", required: ["tag_size"] },
    then: ref("casesEncoding"),
    else: {
      if: { type: "object", required: ["size"] },
      then: ref("intEnumEncoding"),
      else: ref("objEncoding"),
    },
  },
  objEncoding: withShapeMessage(
    closedObject({ fields: { type: "array", items: ref("field") } }, ["fields"]),
    'an encoding must be an object {"fields"}, a union {"tag_size", "kind", "cases"} or an enumeration {"size", "cases"}',
  ),
  casesEncoding: closedObject(
    {
      tag_size: { enum: ["Uint8", "Uint16"] },
      kind: ref("dataKind"),
      cases: { type: "array", items: ref("unionCase") },
    },
    ["tag_size", "kind", "cases"],
  ),
  unionCase: closedObject(
    { tag: { type: "integer", minimum: 0, maximum: 65535 }, fields: { type: "array", items: ref("field") }, name: ref("unistring") },
    ["tag", "fields"],
  ),
  intEnumEncoding: closedObject(
    {
      size: { enum: ENUM_SIZES },
      cases: {
        type: "array",
        items: {
          type: "array",
          minItems: 2,
          maxItems: 2,
          items: [ref("int31"), ref("unistring")],
        },
      },
    },
    ["size", "cases"],
  ),
  field: {
    type: "object",
    required: ["kind"],
    properties: { kind: { enum: ["named", "anon", "dyn", "option_indicator"] } },
    ...byKind("kind", [
      [
        "named",
        closedObject(
          { name: ref("unistring"), layout: ref("layout"), data_kind: ref("dataKind"), kind: constKind("named") },
          ["name", "layout", "data_kind", "kind"],
        ),
      ],
      [
        "dyn",
        closedObject(
          {
            kind: constKind("dyn"),
            name: ref("unistring"),
            num_fields: { type: "integer", minimum: 1, maximum: UINT30_MAX },
            size: { enum: ["Uint8", "Uint16", "Uint30", "N"] },
          },
          ["kind", "num_fields", "size"],
        ),
      ],
      ["anon", closedObject({ layout: ref("layout"), kind: constKind("anon"), data_kind: ref("dataKind") }, ["layout", "kind", "data_kind"])],
      ["option_indicator", closedObject({ kind: constKind("option_indicator"), name: ref("unistring") }, ["kind", "name"])],
    ]),
  },
  /** `{"kind": "Fixed" | "Float", "size": n}` (both spellings of a fixed size), Dynamic, Variable. */
  dataKind: {
    type: "object",
    required: ["kind"],
    properties: { kind: { enum: ["Fixed", "Float", "Dynamic", "Variable"] } },
    ...byKind("kind", [
      ["Fixed", closedObject({ size: ref("count"), kind: constKind("Fixed") }, ["size", "kind"])],
      ["Dynamic", closedObject({ kind: constKind("Dynamic") }, ["kind"])],
      ["Variable", closedObject({ kind: constKind("Variable") }, ["kind"])],
      ["Float", closedObject({ size: ref("count"), kind: constKind("Float") }, ["size", "kind"])],
    ]),
  },
  layout: {
    type: "object",
    required: ["kind"],
    properties: {
      kind: {
        enum: ["Zero_width", "Int", "Bool", "RangedInt", "RangedFloat", "Float", "Bytes", "String", "Enum", "Seq", "Ref", "Padding"],
      },
    },
    ...byKind("kind", [
      ["Ref", closedObject({ name: ref("unistring"), kind: constKind("Ref") }, ["name", "kind"])],
      ["Int", closedObject({ size: { enum: INT_SIZES }, endianness: ENDIANNESS, kind: constKind("Int") }, ["size", "kind"])],
      bareLayout("String"),
      bareLayout("Bytes"),
      [
        "RangedInt",
        closedObject(
          { min: ref("int31"), endianness: ENDIANNESS, max: ref("int31"), kind: constKind("RangedInt") },
          ["min", "max", "kind"],
        ),
      ],
      [
        "Seq",
        {
          ...closedObject(
            { layout: ref("layout"), kind: constKind("Seq"), length_limit: ref("lengthLimit"), max_length: ref("count") },
            ["layout", "kind"],
          ),
          not: { required: ["length_limit", "max_length"] },
        },
      ],
      bareLayout("Bool"),
      bareLayout("Float"),
      [
        "Enum",
        closedObject({ size: { enum: ENUM_SIZES }, reference: ref("unistring"), kind: constKind("Enum") }, [
          "size",
          "reference",
          "kind",
        ]),
      ],
      bareLayout("Zero_width"),
      [
        "RangedFloat",
        closedObject({ min: { type: "number" }, max: { type: "number" }, kind: constKind("RangedFloat") }, [
          "min",
          "max",
          "kind",
        ]),
      ],
      bareLayout("Padding"),
    ]),
  },
  /** `length_limit` of a Seq (data-encoding 0.5+); `no-limit` is normally omitted. */
  lengthLimit: {
    type: "object",
    required: ["kind"],
    properties: { kind: { enum: ["no-limit", "at-most", "exactly"] } },
    ...byKind("kind", [
      ["at-most", closedObject({ kind: constKind("at-most"), at_most: ref("count") }, ["kind", "at_most"])],
      ["exactly", closedObject({ kind: constKind("exactly"), exactly: ref("count") }, ["kind", "exactly"])],
      ["no-limit", closedObject({ kind: constKind("no-limit") }, ["kind"])],
    ]),
  },

  // ── rich snapshots (snapshot.ts) ────────────────────────────────────────────────────────
  snapshot: {
    type: "object",
    required: ["format"],
    properties: {
      format: { type: "string" },
      source: {
        type: "object",
        properties: {
          url: { type: "string" },
          file: { type: "string" },
          captured_at: { type: "string" },
          node_version: { type: "string" },
          protocol: { type: "string" },
        },
      },
      root: ref("node"),
      expansions: { type: "array", items: ref("expansion") },
    },
    patternProperties: { "^_": {} },
    additionalProperties: false,
  },
  expansion: closedObject(
    {
      prefix: { type: "array", items: { type: "string" } },
      route: { type: "array", items: ref("pathItem") },
      protocol: { type: "string" },
      tree: ref("node"),
    },
    ["prefix", "tree"],
  ),
};

/** Identifier of the schema document that holds every definition. */
export const DESCRIBE_SCHEMA_ID = "tezos-rpcgen:describe-format";

/** The whole schema document: every definition, no root. Validators refer into it. */
export const describeFormatSchema: Schema = { $schema: DESCRIBE_SCHEMA_DRAFT, $id: DESCRIBE_SCHEMA_ID, definitions };

function rootedAt(name: string): Schema {
  return { $ref: `${DESCRIBE_SCHEMA_ID}#/definitions/${name}` };
}

/** Schema of a whole describe answer (a tree node); needs {@link describeFormatSchema} registered. */
export const describeAnswerSchema: Schema = rootedAt("node");

/** Schema of one `binary_schema` object (also usable alone, e.g. for data-encoding's examples). */
export const binarySchemaSchema: Schema = rootedAt("binarySchema");

/** Schema of a rich snapshot document (`snapshot.ts`); the `format` value is checked by the reader. */
export const snapshotSchema: Schema = rootedAt("snapshot");
