/**
 * JSON schemas for registered encodings that come without one (Kaitai gives layouts only).
 *
 * A codec id is paired, in order, with:
 * 1. the OpenAPI component of the same definition name (`024-PtTALLiN.contract_id`);
 * 2. otherwise a schema derived from the binary layout: object properties from named fields,
 *    unions as `oneOf` titled by case, lists as arrays, zarith as the `bignum`/`positive_bignum`
 *    definitions; a binary definition whose title is an OpenAPI component is that component; a
 *    fixed-size bytes field takes the schema that properties of that name have in the OpenAPI
 *    document (`branch` is a `block_hash` wherever Octez publishes one), else it is hex; a union
 *    with exactly the cases of a published union of objects takes their property schemas; an
 *    object merged with a union is a `oneOf` of whole objects.
 *
 * Nothing here knows a protocol: names come from the files read. One repair of the published
 * OpenAPI: Octez writes the JSON of lazily decoded Micheline (`lazy_expr`: a transaction's
 * parameters, a script's code and storage) as the unconstrained schema `{}`; where the document
 * defines a Micheline expression, a `{}` property is that expression.
 */

import type { JsonSchema } from "../model/json-schema.ts";
import type { RawBinarySchema, RawEncoding, RawField, RawLayout } from "../describe/raw.ts";
import { rawString } from "../describe/raw.ts";
import type { RegisteredEncoding } from "./registered.ts";
import { SchemaConverter } from "../openapi/schemas.ts";
import type { JsonObject } from "../openapi/document.ts";
import { knownByJsonName } from "../reconcile/known-encodings.ts";
import { definitionOf } from "../reconcile/json-view.ts";
import { BASE58, encodeBase58Check } from "@tezos-rpcgen/runtime";

/** How each encoding got its JSON schema. */
export interface PairingReport {
  /** Codec ids paired with the OpenAPI component of their name. */
  byName: string[];
  /** Codec ids whose schema was derived from the layout. */
  derived: string[];
}

/** The converter of an OpenAPI document's schemas to describe's forms. */
function schemaConverter(openapi: unknown): SchemaConverter {
  return new SchemaConverter((openapi as { components?: { schemas?: JsonObject } } | null)?.components?.schemas ?? {});
}

/** Named JSON definitions taken from an OpenAPI document, read back to describe's forms as route bodies are (`SchemaConverter`). */
export function openApiDefinitions(openapi: unknown, converter: SchemaConverter = schemaConverter(openapi)): Record<string, JsonSchema> {
  const definitions = converter.definitions();
  const micheline = Object.keys(definitions).find((name) => /^micheline\..*\.expression$/.test(name));
  if (micheline !== undefined) for (const schema of Object.values(definitions)) repairLazyMicheline(schema, micheline);
  return definitions;
}

/** Replaces unconstrained property schemas by the Micheline expression (see the module comment). */
function repairLazyMicheline(schema: JsonSchema, micheline: string): void {
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (node === null || typeof node !== "object") return;
    const properties = (node as JsonSchema).properties;
    if (properties !== undefined && typeof properties === "object") {
      for (const [name, property] of Object.entries(properties)) {
        if (property !== null && typeof property === "object" && Object.keys(property).length === 0) properties[name] = { $ref: `#/definitions/${micheline}` };
      }
    }
    for (const [key, inner] of Object.entries(node)) if (key !== "properties") visit(inner);
    if (properties !== undefined) Object.values(properties).forEach(visit);
  };
  visit(schema);
}

/**
 * For each property name, the schema it most often has in the OpenAPI document (components and
 * route bodies, `$ref`s rewritten): what a bare scalar field of that name is given.
 */
function propertyHints(openapi: unknown, converter: SchemaConverter): Map<string, JsonSchema> {
  const counts = new Map<string, Map<string, number>>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (node === null || typeof node !== "object") return;
    const properties = (node as { properties?: unknown }).properties;
    if (properties !== null && typeof properties === "object" && !Array.isArray(properties)) {
      for (const [name, property] of Object.entries(properties as Record<string, unknown>)) {
        if (property === null || typeof property !== "object") continue;
        const target = JSON.stringify(converter.schema(property, ["properties", name]));
        const byTarget = counts.get(name) ?? new Map<string, number>();
        byTarget.set(target, (byTarget.get(target) ?? 0) + 1);
        counts.set(name, byTarget);
      }
    }
    for (const inner of Object.values(node)) visit(inner);
  };
  visit(openapi);
  const hints = new Map<string, JsonSchema>();
  for (const [name, byTarget] of counts) {
    const best = [...byTarget].sort((a, b) => b[1] - a[1])[0];
    if (best) hints.set(name, JSON.parse(best[0]) as JsonSchema);
  }
  return hints;
}

/** Gives every encoding without a JSON schema one (see the module comment). */
export function pairJsonSchemas(encodings: readonly RegisteredEncoding[], openapi: unknown): { encodings: RegisteredEncoding[]; report: PairingReport } {
  const converter = schemaConverter(openapi);
  const definitions = openApiDefinitions(openapi, converter);
  const hints = propertyHints(openapi, converter);
  const report: PairingReport = { byName: [], derived: [] };
  const paired = encodings.map((encoding): RegisteredEncoding => {
    if (encoding.json !== undefined) return encoding;
    const binary = withEnumFieldsNamed(encoding.binary, definitions, hints);
    const json = withUnsignedOperations(pairOne(encoding.id, binary), binary);
    if (encoding.textAsBytes !== true) return { ...encoding, json, binary };
    // Text is told from bytes once, here: the layout then reads as describe's would.
    const { textAsBytes, ...rest } = encoding;
    void textAsBytes;
    return { ...rest, json, binary: withTextLayouts(binary, json) };
  });
  return { encodings: paired, report };

  function pairOne(id: string, binary: RawBinarySchema): JsonSchema {
    const encoding = { id, binary };
    const deriver = new Deriver(encoding.binary, definitions, hints);
    if (Object.hasOwn(definitions, encoding.id) && sameShape(definitions[encoding.id]!, deriver.root(encoding.id), definitions)) {
      report.byName.push(encoding.id);
      return withDefinitions({ $ref: refTo(encoding.id) }, definitions);
    }
    report.derived.push(encoding.id);
    return withDefinitions(deriver.root(encoding.id), definitions);
  }
}

/** The signature of 64 zero bytes, as Octez writes in place of an operation's absent signature. */
const ZERO_SIGNATURE = encodeBase58Check(BASE58.generic_signature, new Uint8Array(64));

/**
 * An operation whose JSON has no signature is written by Octez with 64 zero bytes in its place,
 * and those read back as no signature (the T024 vectors of evidence operations show both
 * directions). Where the root layout has `contents` then a 64-byte `signature` (the signature
 * split, see kaitai.ts), the JSON's `signature` becomes optional with the zero signature as its
 * default: data-encoding's `dft`, which the reconciler writes when absent and leaves out when read.
 */
function withUnsignedOperations(json: JsonSchema, binary: RawBinarySchema): JsonSchema {
  const fields = (binary.toplevel as { fields?: RawField[] }).fields ?? [];
  const names = fields.map((f) => (f.kind === "named" ? f.name : ""));
  const signature = fields[names.indexOf("signature")];
  const properties = json.properties as Record<string, JsonSchema> | undefined;
  if (signature === undefined || !names.includes("contents") || names.indexOf("contents") > names.indexOf("signature")) return json;
  if (signature.kind !== "named" || signature.data_kind.kind !== "Fixed" || signature.data_kind.size !== 64 || properties?.["signature"] === undefined) return json;
  const required = (json.required ?? []).filter((name) => name !== "signature");
  return { ...json, required, properties: { ...properties, signature: { ...properties["signature"], default: ZERO_SIGNATURE } } };
}

/**
 * A layout whose source writes text as bytes (Kaitai) with `String` where its JSON schema is
 * text, found by walking both together (object fields by name, union cases by title, list
 * items, definitions), so that route bodies given this layout read text as describe's would.
 */
export function withTextLayouts(binary: RawBinarySchema, json: JsonSchema): RawBinarySchema {
  const copy = structuredClone(binary);
  const encodings = new Map(copy.fields.map((entry) => [rawString(entry.description.title), entry.encoding]));
  const definitions = (json.definitions ?? {}) as Record<string, JsonSchema>;
  const seen = new Set<string>();
  const resolve = (schema: JsonSchema): JsonSchema => {
    for (let guard = 0; schema.$ref !== undefined && guard < 32; guard++) schema = definitions[decodeRef(schema.$ref)] ?? {};
    return schema;
  };
  const isText = (schema: JsonSchema): boolean => {
    // A hash or key is text in JSON too, over bytes that are not (the known encodings read them).
    for (let s = schema, guard = 0; s.$ref !== undefined && guard < 32; guard++) {
      const name = decodeRef(s.$ref);
      if (name === "unistring") return true;
      if (knownByJsonName(name) !== undefined) return false;
      s = definitions[name] ?? {};
    }
    const s = resolve(schema);
    return (s.type === "string" && s.pattern === undefined && !Array.isArray(s.enum)) || (Array.isArray(s.oneOf) && s.oneOf.some((c) => c.properties?.["invalid_utf8_string"] !== undefined));
  };
  const layout = (l: RawLayout, schema: JsonSchema, variable = false): RawLayout => {
    // Text is laid out behind a length or to the end of a frame; fixed-size bytes are bytes.
    if (l.kind === "Bytes" && variable && isText(schema)) return { kind: "String" };
    if (l.kind === "Seq") {
      const items = resolve(schema).items;
      if (items !== undefined && !Array.isArray(items)) return { ...l, layout: layout(l.layout, items) };
    }
    if (l.kind === "Ref") {
      const key = `${rawString(l.name)}\u0000${JSON.stringify(schema)}`;
      const encoding = encodings.get(rawString(l.name));
      if (encoding !== undefined && !seen.has(key)) {
        seen.add(key);
        encoding_(encoding, schema);
      }
    }
    return l;
  };
  /** The fields of `list` from `start` (a union case's fields after its tag). */
  const fields = (list: RawField[], schema: JsonSchema, start = 0): void => {
    const s = resolve(schema);
    const values = valueFields(list.slice(start));
    list.forEach((field, i) => {
      if (i < start || (field.kind !== "named" && field.kind !== "anon")) return;
      const property = field.kind === "named" ? s.properties?.[rawString(field.name)] : undefined;
      const target = property ?? (values.length === 1 || field.kind === "anon" ? schema : undefined);
      if (target !== undefined) list[i] = { ...field, layout: layout(field.layout, target, field.data_kind.kind === "Variable") };
    });
  };
  const encoding_ = (encoding: RawEncoding, schema: JsonSchema): void => {
    if ("tag_size" in encoding) {
      const alternatives = resolve(schema).oneOf ?? [];
      for (const c of encoding.cases) {
        const name = c.name === undefined ? "" : rawString(c.name).toLowerCase();
        const alternative = alternatives.find((a) => a.title?.toLowerCase() === name);
        if (alternative !== undefined) fields(c.fields, alternative, 1);
      }
    } else if ("fields" in encoding) fields(encoding.fields, schema);
  };
  encoding_(copy.toplevel, json);
  return copy;
}

/**
 * The published union of constants whose case titles are an enumeration's names
 * (`per_block_vote_on`… over `on`, `off`, `pass`), if there is one.
 */
function publishedEnum(names: readonly string[], definitions: Record<string, JsonSchema>): string | undefined {
  const wanted = [...names].sort().join("\u0000");
  for (const [name, schema] of Object.entries(definitions)) {
    const cases = schema.oneOf;
    if (!Array.isArray(cases) || cases.length !== names.length || !cases.every((c) => Array.isArray(c.enum) && c.enum.length === 1)) continue;
    if (cases.map((c) => c.title ?? "").sort().join("\u0000") === wanted) return name;
  }
  return undefined;
}

/**
 * A layout whose enumeration fields carry a published union of constants under another name
 * (`per_block_votes` in binary, `liquidity_baking_toggle_vote` in JSON: the one property name
 * the OpenAPI document gives that union) with their fields named as the JSON names them.
 */
function withEnumFieldsNamed(binary: RawBinarySchema, definitions: Record<string, JsonSchema>, hints: ReadonlyMap<string, JsonSchema>): RawBinarySchema {
  const propertyOf = new Map<string, string[]>();
  for (const [property, schema] of hints) {
    if (schema.$ref === undefined) continue;
    const target = decodeRef(schema.$ref);
    propertyOf.set(target, [...(propertyOf.get(target) ?? []), property]);
  }
  const copy = structuredClone(binary);
  const enums = new Map<string, string[]>();
  for (const entry of copy.fields) {
    const encoding = entry.encoding;
    if ("size" in encoding && "cases" in encoding) enums.set(rawString(entry.description.title), encoding.cases.map(([, name]) => rawString(name)));
  }
  const rename = (fields: RawField[]): void => {
    fields.forEach((field, i) => {
      if (field.kind !== "named" || field.layout.kind !== "Enum") return;
      const names = enums.get(rawString(field.layout.reference));
      const published = names === undefined ? undefined : publishedEnum(names, definitions);
      const properties = published === undefined ? undefined : propertyOf.get(published);
      if (properties?.length === 1 && properties[0] !== rawString(field.name)) fields[i] = { ...field, name: properties[0]! };
    });
  };
  const visit = (encoding: RawEncoding): void => {
    if ("tag_size" in encoding) encoding.cases.forEach((c) => rename(c.fields));
    else if ("fields" in encoding) rename(encoding.fields);
  };
  visit(copy.toplevel);
  copy.fields.forEach((entry) => visit(entry.encoding));
  return copy;
}

/**
 * Whether a published schema can be the one of a layout: objects must have the same properties
 * (a shell `operation` is not the protocol's `operation`); other shapes are taken on trust.
 */
function sameShape(published: JsonSchema, derived: JsonSchema, definitions: Record<string, JsonSchema>): boolean {
  const resolve = (schema: JsonSchema): JsonSchema => {
    for (let guard = 0; schema.$ref !== undefined && guard < 16; guard++) schema = definitions[decodeRef(schema.$ref)] ?? {};
    return schema;
  };
  const [a, b] = [resolve(published), resolve(derived)];
  if (a.type !== "object" && b.type !== "object") return true;
  if (a.type !== b.type) return false;
  const names = (s: JsonSchema) => Object.keys(s.properties ?? {}).sort().join(",");
  return names(a) === names(b);
}

/** `schema` with the definitions it reaches, directly or not (each encoding stands alone). */
function withDefinitions(schema: JsonSchema, definitions: Record<string, JsonSchema>): JsonSchema {
  const reached = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (node === null || typeof node !== "object") return;
    for (const [key, inner] of Object.entries(node)) {
      if (key === "$ref" && typeof inner === "string") {
        const name = decodeRef(inner);
        if (!reached.has(name) && Object.hasOwn(definitions, name)) {
          reached.add(name);
          visit(definitions[name]);
        }
      } else visit(inner);
    }
  };
  visit(schema);
  const kept: Record<string, JsonSchema> = {};
  for (const name of Object.keys(definitions)) if (reached.has(name)) kept[name] = definitions[name]!;
  return { ...schema, definitions: kept };
}

function refTo(name: string): string {
  return `#/definitions/${name.replace(/~/g, "~0").replace(/\//g, "~1")}`;
}

const HEX: JsonSchema = { type: "string", pattern: "^([a-zA-Z0-9][a-zA-Z0-9])*$" };

/** Derives a JSON schema from a binary schema. */
class Deriver {
  private readonly binaryDefinitions: Map<string, RawEncoding>;
  private readonly expanding = new Set<string>();

  constructor(
    private readonly binary: RawBinarySchema,
    private readonly definitions: Record<string, JsonSchema>,
    private readonly hints: ReadonlyMap<string, JsonSchema>,
  ) {
    this.binaryDefinitions = new Map(binary.fields.map((entry) => [rawString(entry.description.title), entry.encoding]));
  }

  /**
   * The schema of the whole value. A value that is one bare scalar is laid out like the property
   * named as the codec id ends (`…vote.ballot` is a `ballot`, `…timestamp` a `timestamp`).
   */
  root(id: string): JsonSchema {
    const toplevel = this.binary.toplevel;
    if ("fields" in toplevel && !("tag_size" in toplevel)) {
      const values = valueFields(toplevel.fields);
      const only = values[0];
      const hint = this.hints.get(id.split(".").pop()!);
      if (values.length === 1 && only !== undefined && hint !== undefined && (only.layout.kind === "Int" || only.layout.kind === "Bytes")) {
        const fixed = only.data_kind.kind === "Fixed" ? only.data_kind.size : undefined;
        return this.hinted(hint, only.layout, fixed) ?? this.encoding(toplevel);
      }
    }
    return this.encoding(toplevel);
  }

  /** The hinted schema of a scalar, when it suits the layout: a named string over bytes or an int64, an enumeration over a small integer. */
  private hinted(hint: JsonSchema, layout: RawLayout, fixed: number | undefined): JsonSchema | undefined {
    const target = hint.$ref !== undefined ? this.definitions[decodeRef(hint.$ref)] : hint;
    if (target === undefined) return undefined;
    const text = target.type === "string" || target.oneOf !== undefined || target.$ref !== undefined;
    if (layout.kind === "Bytes" && fixed !== undefined && hint.$ref !== undefined && text) return hint;
    if (layout.kind === "Int" && layout.size === "Int64" && hint.$ref !== undefined && text) return hint;
    if (layout.kind === "Int" && layout.size === "Int8" && Array.isArray(target.enum)) return hint;
    return undefined;
  }

  private encoding(encoding: RawEncoding): JsonSchema {
    if ("tag_size" in encoding) {
      const cases = encoding.cases.map((c) => ({ name: c.name === undefined ? String(c.tag) : rawString(c.name), fields: c.fields.slice(1) }));
      if (cases.every((c) => valueFields(c.fields).length === 0)) return { type: "string", enum: cases.map((c) => c.name.toLowerCase()) };
      return { oneOf: cases.map((c) => ({ title: c.name, ...this.casePayload(c.name, c.fields) })) };
    }
    if ("fields" in encoding) return this.fields(encoding.fields);
    return { type: "string", enum: encoding.cases.map(([, name]) => rawString(name)) };
  }

  /**
   * A union case: a constant for a case without value (`null` for an option's `None`), the value
   * itself for a case of one field named after it (`Some`, a gas `Limited`), else an object
   * tagged with its case name in `kind`, as Octez tags protocol objects.
   */
  private casePayload(name: string, fields: readonly RawField[]): JsonSchema {
    const values = valueFields(fields);
    if (values.length === 0) return name === "None" ? { type: "null" } : { type: "string", enum: [name.toLowerCase()] };
    const only = values[0]!;
    if (values.length === 1 && (only.kind === "anon" || rawString(only.name).toLowerCase() === name.toLowerCase())) {
      return this.layout(only.layout);
    }
    const object = this.fields(fields);
    if (object.properties !== undefined && !Object.hasOwn(object.properties, "kind")) {
      return { ...object, properties: { kind: { type: "string", enum: [name.toLowerCase()] }, ...object.properties }, required: ["kind", ...(object.required ?? [])] };
    }
    return object;
  }

  /**
   * A field list: an object of its named fields, or the value of its one anonymous field. An
   * object merged with a union (data-encoding's `merge_objs` of an object and a union: Octez's
   * internal operations write `source` and `nonce` before the tag) is, as data-encoding writes
   * its JSON schema, a `oneOf` of whole objects, each case with the object's properties too.
   */
  private fields(fields: readonly RawField[]): JsonSchema {
    const values = valueFields(fields);
    const only = values[0];
    if (values.length === 1 && only !== undefined && only.kind === "anon") return this.layout(only.layout);
    // A tuple, whose elements Octez's Kaitai writer names `<type>_field0`, `<type>_field1`…: its
    // JSON is an array of its elements, as data-encoding writes tuples.
    if (isTuple(values)) return { type: "array", items: values.map((field) => this.layout(field.layout)), additionalItems: false };
    const properties: Record<string, JsonSchema> = {};
    const required: string[] = [];
    const optional = new Set(fields.filter((f) => f.kind === "option_indicator").map((f) => rawString(f.name)));
    let union: JsonSchema[] | undefined;
    for (const field of values) {
      if (field.kind === "anon") {
        const merged = field.layout.kind === "Ref" ? this.layout(field.layout) : undefined;
        const object = merged?.$ref !== undefined ? this.definitions[decodeRef(merged.$ref)] : merged;
        if (object?.oneOf !== undefined && union === undefined) {
          union = object.oneOf;
          continue;
        }
        for (const [name, schema] of Object.entries(object?.properties ?? {})) properties[name] = schema;
        required.push(...(object?.required ?? []));
        continue;
      }
      const name = rawString(field.name);
      properties[name] = this.property(name, field.layout, field.data_kind.kind === "Fixed" ? field.data_kind.size : undefined);
      if (!optional.has(name)) required.push(name);
    }
    if (union === undefined) return { type: "object", properties, required, additionalProperties: false };
    return {
      oneOf: union.map((alternative) => {
        const c = alternative.$ref !== undefined ? (this.definitions[decodeRef(alternative.$ref)] ?? alternative) : alternative;
        const title = alternative.title ?? c.title;
        const whole: JsonSchema = { type: "object", properties: { ...properties, ...c.properties }, required: [...required, ...(c.required ?? [])], additionalProperties: false };
        return title === undefined ? whole : { title, ...whole };
      }),
    };
  }

  private property(name: string, layout: RawLayout, fixed: number | undefined): JsonSchema {
    const hint = this.hints.get(name);
    if (hint === undefined) return this.layout(layout);
    // A signature running to the end of its frame is still a signature.
    if (layout.kind === "Bytes" && fixed === undefined && hint.$ref !== undefined && /signature/i.test(hint.$ref)) return hint;
    // A list published under a name (`fitness`) is that definition.
    if (layout.kind === "Seq" && hint.$ref !== undefined && this.definitions[decodeRef(hint.$ref)]?.type === "array") return hint;
    return this.hinted(hint, layout, fixed) ?? this.layout(layout);
  }

  private layout(layout: RawLayout): JsonSchema {
    switch (layout.kind) {
      case "Int":
        return layout.size === "Int64" ? { $ref: refTo(this.named("int64") ?? "int64") } : { type: "integer" };
      case "RangedInt":
        return { type: "integer", minimum: layout.min, maximum: layout.max };
      case "Bool":
        return { type: "boolean" };
      case "Float":
      case "RangedFloat":
        return { type: "number" };
      case "Bytes":
        return HEX;
      case "String":
        return { $ref: refTo("unistring") };
      case "Zero_width":
        return { type: "object", properties: {}, additionalProperties: false };
      case "Padding":
        return {};
      case "Seq":
        return { type: "array", items: this.layout(layout.layout) };
      case "Enum": {
        const encoding = this.binaryDefinitions.get(rawString(layout.reference));
        if (encoding !== undefined && "size" in encoding && "cases" in encoding) {
          const published = publishedEnum(encoding.cases.map(([, name]) => rawString(name)), this.definitions);
          if (published !== undefined) return { $ref: refTo(published) };
        }
        return encoding ? this.encoding(encoding) : { type: "string" };
      }
      case "Ref": {
        const title = rawString(layout.name);
        if (title === "N.t") return { $ref: refTo(this.named("positive_bignum") ?? "N.t") };
        if (title === "Z.t") return { $ref: refTo(this.named("bignum") ?? "Z.t") };
        if (Object.hasOwn(this.definitions, title)) return { $ref: refTo(title) };
        const encoding = this.binaryDefinitions.get(title);
        const wider = encoding === undefined ? undefined : (this.widerUnion(encoding) ?? this.sameCasesUnion(encoding) ?? this.overlappingUnion(encoding));
        if (wider !== undefined) return wider;
        if (encoding === undefined || this.expanding.has(title)) return {};
        this.expanding.add(title);
        try {
          return this.encoding(encoding);
        } finally {
          this.expanding.delete(title);
        }
      }
    }
    return {};
  }

  /**
   * A binary union holding every case of a published union and more (operation contents and a
   * signature prefix) is that union with the extra cases derived: found by case names, whatever
   * the definitions are called.
   */
  private widerUnion(encoding: RawEncoding): JsonSchema | undefined {
    if (!("tag_size" in encoding)) return undefined;
    const names = new Set(encoding.cases.map((c) => (c.name === undefined ? "" : rawString(c.name).toLowerCase())));
    let best: { name: string; titles: string[] } | undefined;
    for (const [name, schema] of Object.entries(this.definitions)) {
      const titles = (schema.oneOf ?? []).map((c) => c.title?.toLowerCase() ?? "");
      if (titles.length < 2 || titles.length >= names.size || !titles.every((t) => names.has(t))) continue;
      if (best === undefined || titles.length > best.titles.length) best = { name, titles };
    }
    if (best === undefined || best.titles.length * 2 < names.size) return undefined;
    const published = this.definitions[best.name]!.oneOf!;
    const extra = encoding.cases.filter((c) => !best.titles.includes(c.name === undefined ? "" : rawString(c.name).toLowerCase()));
    return { oneOf: [...published, ...extra.map((c) => ({ title: rawString(c.name ?? String(c.tag)), ...this.casePayload(rawString(c.name ?? String(c.tag)), c.fields.slice(1)) }))] };
  }

  /**
   * A binary union sharing most of its cases with a published union, each side having cases
   * the other lacks (the operation contents a BLS-mode operation may hold: every kind but the
   * plain attestations, plus their BLS-mode forms): its own cases in its order, each taken from
   * the published union when it has that title, the others derived. The published union
   * sharing the most cases is taken, when they are at least half of the binary union's.
   */
  private overlappingUnion(encoding: RawEncoding): JsonSchema | undefined {
    if (!("tag_size" in encoding)) return undefined;
    const names = new Set(encoding.cases.map((c) => (c.name === undefined ? "" : rawString(c.name).toLowerCase())));
    let best: { alternatives: JsonSchema[]; shared: number; extra: number } | undefined;
    for (const schema of Object.values(this.definitions)) {
      const alternatives = schema.oneOf ?? [];
      const titles = alternatives.map((c) => c.title?.toLowerCase() ?? "");
      const shared = titles.filter((t) => names.has(t)).length;
      const extra = titles.length - shared;
      if (shared < 2 || shared === titles.length) continue;
      if (best === undefined || shared > best.shared || (shared === best.shared && extra < best.extra)) best = { alternatives, shared, extra };
    }
    if (best === undefined || best.shared * 2 < names.size || best.shared === names.size) return undefined;
    const published = best.alternatives;
    return {
      oneOf: encoding.cases.map((c) => {
        const name = rawString(c.name ?? String(c.tag));
        return published.find((p) => p.title?.toLowerCase() === name.toLowerCase()) ?? { title: name, ...this.casePayload(name, c.fields.slice(1)) };
      }),
    };
  }

  /**
   * A binary union whose cases are exactly those of a published union of objects, by name, but
   * laid out without some of its properties (an internal operation is the published internal
   * operation result without its `result`): each case derived, its properties taking the
   * published case's schema of the same name (a `delegate` is a key hash, a script Micheline).
   */
  private sameCasesUnion(encoding: RawEncoding): JsonSchema | undefined {
    if (!("tag_size" in encoding)) return undefined;
    const names = encoding.cases.map((c) => (c.name === undefined ? "" : rawString(c.name).toLowerCase()));
    const published = Object.values(this.definitions).find((schema) => {
      const titles = (schema.oneOf ?? []).map((c) => c.title?.toLowerCase() ?? "");
      return titles.length === names.length && titles.length >= 2 && names.every((name) => titles.includes(name)) && schema.oneOf!.every((c) => c.type === "object");
    });
    if (published === undefined) return undefined;
    return {
      oneOf: encoding.cases.map((c) => {
        const name = rawString(c.name ?? String(c.tag));
        const derived = this.casePayload(name, c.fields.slice(1));
        const same = published.oneOf!.find((p) => p.title?.toLowerCase() === name.toLowerCase())!;
        const properties = Object.fromEntries(Object.entries(derived.properties ?? {}).map(([key, schema]) => [key, same.properties?.[key] ?? schema]));
        return { title: name, ...derived, properties };
      }),
    };
  }

  private named(name: string): string | undefined {
    return Object.hasOwn(this.definitions, name) ? name : undefined;
  }
}

/** Fields named as Octez's Kaitai writer names a tuple's elements: `<name>_field0`, `<name>_field1`… in order. */
function isTuple(values: ReadonlyArray<Extract<RawField, { kind: "named" | "anon" }>>): boolean {
  const first = values[0];
  if (values.length < 2 || first?.kind !== "named") return false;
  const stem = rawString(first.name).replace(/_field0$/, "");
  return stem !== rawString(first.name) && values.every((field, i) => field.kind === "named" && rawString(field.name) === `${stem}_field${i}`);
}

/** The fields that carry a value: not tags, padding, length headers or presence bytes. */
function valueFields(fields: readonly RawField[]): Array<Extract<RawField, { kind: "named" | "anon" }>> {
  return fields.filter((f): f is Extract<RawField, { kind: "named" | "anon" }> => (f.kind === "named" || f.kind === "anon") && f.layout.kind !== "Padding" && f.layout.kind !== "Zero_width");
}

/** The definition `ref` names (`definitionOf`), or `ref` itself for one that names none. */
function decodeRef(ref: string): string {
  return definitionOf(ref) ?? ref;
}
