/**
 * Draft-04 JSON schema of an encoding, printed the way json-data-encoding prints it inside an
 * Octez 20.3 node:
 *
 * - keys in the order title, description, <kind keys>, enum;
 * - objects: `type`, `properties` (when any), `required` (when any, in REVERSE field order, as
 *   the library folds the property list), `additionalProperties: false` (left out only for
 *   objects merged with a `unit`);
 * - every `def` becomes an entry of the root `definitions` object (sorted by name) and a
 *   `{"$ref": "#/definitions/<name>"}` where it is used, except a `def` at the root, whose body
 *   is inlined (with its title and description) instead;
 * - object fields inside merged objects are flattened; a union inside a merged object turns the
 *   whole object into a `oneOf` of objects.
 */
import type { Encoding, Json } from "./encoding.ts";

export type Element = { [k: string]: Json };
export const DRAFT_04 = "http://json-schema.org/draft-04/schema#";
export const HEX_PATTERN = "^([a-zA-Z0-9][a-zA-Z0-9])*$";

/** JSON-side bodies of the definitions that data-encoding adds by itself. */
export interface BuiltinDefinitions {
  unistring: Element;
  int64: Element;
  positive_bignum: Element;
  bignum: Element;
}

export const builtinDefinitions: BuiltinDefinitions = {
  unistring: {
    title: "Text string",
    description:
      "A UTF-8 string, or, for byte sequences that are not valid UTF-8, an object listing the bytes.",
    oneOf: [
      { type: "string" },
      {
        type: "object",
        properties: {
          invalid_utf8_string: { type: "array", items: { type: "integer", minimum: 0, maximum: 255 } },
        },
        required: ["invalid_utf8_string"],
        additionalProperties: false,
      },
    ],
  },
  int64: { title: "64-bit integer", description: "A signed 64-bit integer written in decimal.", type: "string" },
  positive_bignum: {
    title: "Natural number",
    description: "An arbitrary-precision natural number written in decimal.",
    type: "string",
  },
  bignum: { title: "Integer", description: "An arbitrary-precision integer written in decimal.", type: "string" },
};

const INT_BOUNDS = {
  Int8: [-128, 127],
  Uint8: [0, 255],
  Int16: [-32768, 32767],
  Uint16: [0, 65535],
  Int32: [-2147483648, 2147483647],
} as const;

/** Sets (or replaces) title and description, keeping them as the first keys. */
export function patchDescription(el: Element, title?: string, description?: string): Element {
  if (title === undefined && description === undefined) return el;
  const { title: t0, description: d0, ...rest } = el;
  const out: Element = {};
  const t = title ?? t0;
  const d = description ?? d0;
  if (t !== undefined) out.title = t;
  if (d !== undefined) out.description = d;
  return Object.assign(out, rest);
}

interface Prop {
  name: string;
  el: Element;
  required: boolean;
}
interface Variant {
  props: Prop[];
  ext: boolean;
  elt?: Element;
}

/** Printing options that differ between Octez versions. */
export interface JsonSchemaOptions {
  /** Pattern of hex strings (Octez 8.2 used `^[a-zA-Z0-9]+$`). */
  readonly hexPattern?: string;
}

export class JsonSchemaBuilder {
  readonly definitions = new Map<string, Element>();
  private readonly building = new Set<string>();
  constructor(private readonly options: JsonSchemaOptions = {}) {}

  private define(name: string, el: Element): Element {
    const prev = this.definitions.get(name);
    if (prev !== undefined && JSON.stringify(prev) !== JSON.stringify(el))
      throw new Error(`two different JSON definitions named ${name}`);
    this.definitions.set(name, el);
    return { $ref: `#/definitions/${name}` };
  }

  private builtin(name: keyof BuiltinDefinitions): Element {
    return this.define(name, builtinDefinitions[name]);
  }

  schema(e: Encoding): Element {
    switch (e.t) {
      case "null":
        return { type: "null" };
      case "empty":
        return { type: "object", additionalProperties: false };
      case "ignore":
        return {};
      case "constant":
        return { type: "string", enum: [e.value] };
      case "bool":
        return { type: "boolean" };
      case "int": {
        if (e.size === "Int64") return this.builtin("int64");
        const [minimum, maximum] = INT_BOUNDS[e.size];
        return { type: "integer", minimum, maximum };
      }
      case "int31":
        return { type: "integer", minimum: -1073741824, maximum: 1073741823 };
      case "n":
        return this.builtin("positive_bignum");
      case "z":
        return this.builtin("bignum");
      case "ranged_int":
        return { type: "integer", minimum: e.min, maximum: e.max };
      case "float":
        return { type: "number" };
      case "ranged_float":
        return { type: "number", minimum: e.min, maximum: e.max };
      case "bytes":
        return { type: "string", pattern: this.options.hexPattern ?? HEX_PATTERN };
      case "string":
        return this.builtin("unistring");
      case "string_enum":
        return { type: "string", enum: [...e.jsonOrder] };
      case "list":
        return { type: "array", items: this.schema(e.elts) };
      case "obj":
      case "objs":
        return this.objectElement(e);
      case "tup":
      case "tups":
        return { type: "array", items: this.tupleItems(e), additionalItems: false };
      case "union":
        return {
          oneOf: e.cases.map((c) => patchDescription(this.schema(c.encoding), c.title, c.description)),
        };
      case "describe":
        return this.define(e.id, patchDescription(this.schema(e.e), e.title, e.description));
      case "splitted":
        return this.schema(e.json);
      case "dynamic_size":
      case "check_size":
      case "padded":
        return this.schema(e.e);
      case "custom_json":
        return e.schema;
      case "mu": {
        const ref: Element = { $ref: `#/definitions/${e.name}` };
        if (this.building.has(e.name) || this.definitions.has(e.name)) return ref;
        this.building.add(e.name);
        const body = patchDescription(this.schema(e.body(e)), e.title, e.description);
        this.building.delete(e.name);
        return this.define(e.name, body);
      }
    }
  }

  private tupleItems(e: Encoding): Element[] {
    switch (e.t) {
      case "tup":
        return [this.schema(e.e)];
      case "tups":
        return [...this.tupleItems(e.left), ...this.tupleItems(e.right)];
      case "describe":
        return this.tupleItems(e.e);
      default:
        throw new Error(`not a tuple: ${e.t}`);
    }
  }

  private variants(e: Encoding): Variant[] {
    switch (e.t) {
      case "empty":
        return [{ props: [], ext: false }];
      case "ignore":
        return [{ props: [], ext: true }];
      case "obj": {
        const f = e.field;
        const described = patchDescription(this.schema(f.encoding), f.title, f.description);
        // json-data-encoding keeps a `dft` field's default with the property; JSON Schema's
        // `default` keyword is where a printer puts it (Octez's describe leaves it out).
        const el = f.presence === "dft" && f.default !== undefined ? { ...described, default: f.default } : described;
        return [{ props: [{ name: f.name, el, required: f.presence === "req" }], ext: false }];
      }
      case "objs": {
        const l = this.variants(e.left);
        const r = this.variants(e.right);
        return l.flatMap((a) =>
          r.map((b) => {
            const elt = a.elt ?? b.elt;
            return { props: [...a.props, ...b.props], ext: a.ext || b.ext, ...(elt ? { elt } : {}) };
          }),
        );
      }
      case "union":
        return e.cases.flatMap((c) => {
          const elt = patchDescription(this.schema(c.encoding), c.title, c.description);
          const vs = this.variants(c.encoding);
          return vs.length === 1 ? [{ ...vs[0]!, elt }] : vs;
        });
      case "describe": {
        const elt = patchDescription(this.schema(e.e), e.title, e.description);
        const vs = this.variants(e.e);
        return vs.length === 1 ? [{ ...vs[0]!, elt }] : vs;
      }
      case "splitted":
        return this.variants(e.json);
      case "mu":
        return this.variants(e.body(e));
      case "dynamic_size":
      case "check_size":
        return this.variants(e.e);
      default:
        throw new Error(`not an object: ${e.t}`);
    }
  }

  private objectOf(v: Variant, withElt: boolean): Element {
    const out: Element = {};
    if (withElt && v.elt) {
      if (v.elt.title !== undefined) out.title = v.elt.title;
      if (v.elt.description !== undefined) out.description = v.elt.description;
    }
    out.type = "object";
    if (v.props.length > 0) {
      const props: Element = {};
      for (const p of v.props) props[p.name] = p.el;
      out.properties = props;
    }
    const required = v.props.filter((p) => p.required).map((p) => p.name).reverse();
    if (required.length > 0) out.required = required;
    if (!v.ext) out.additionalProperties = false;
    return out;
  }

  private objectElement(e: Encoding): Element {
    const vs = this.variants(e);
    if (vs.length === 1) return this.objectOf(vs[0]!, true);
    return { oneOf: vs.map((v) => this.objectOf(v, true)) };
  }
}

/** The complete `json_schema` of a service body, as printed by the node. */
export function jsonSchema(e: Encoding, options: JsonSchemaOptions = {}): Element {
  const b = new JsonSchemaBuilder(options);
  // A root `def` is inlined rather than referenced (json-data-encoding's first pass).
  let root = e;
  for (;;) {
    if (root.t === "splitted") root = root.json;
    else if (root.t === "dynamic_size" || root.t === "check_size" || root.t === "padded") root = root.e;
    else break;
  }
  let body: Element;
  if (root.t === "describe") body = patchDescription(b.schema(root.e), root.title, root.description);
  else if (root.t === "string") body = builtinDefinitions.unistring;
  else if (root.t === "int" && root.size === "Int64") body = builtinDefinitions.int64;
  else if (root.t === "n") body = builtinDefinitions.positive_bignum;
  else if (root.t === "z") body = builtinDefinitions.bignum;
  else body = b.schema(root);
  const out: Element = { $schema: DRAFT_04, ...body };
  if (b.definitions.size > 0) {
    const defs: Element = {};
    for (const name of [...b.definitions.keys()].sort(byteOrder)) defs[name] = b.definitions.get(name)!;
    out.definitions = defs;
  }
  return out;
}

export function byteOrder(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
