/**
 * The types file of a generated interface: codec IR → TypeScript types of the value model
 * (DESIGN.md): one exported declaration per named definition, named object cases of named
 * unions, one type per service body, and each service's request type (path, query, body).
 *
 * | IR | TypeScript |
 * |---|---|
 * | `int` | `string` for `Int64` (decimal), else `number` |
 * | `ranged-int`, `float`, `ranged-float` | `number` |
 * | `bool` | `boolean` |
 * | `bytes` | `string` (lowercase hex) |
 * | `string` | `Unistring` (runtime) |
 * | `known` | the known-encodings entry's `tsType` |
 * | `object` | object type; `indicator` and `rest-of-frame` fields optional; constants as literals; merged objects intersected |
 * | `tuple`, `list` | tuple, `T[]` |
 * | `union` | union of the case payloads and of the JSON-only cases (typed from their schemas) |
 * | `option` | `T \| null` |
 * | `enum`, `constant` | literal types |
 * | `unit` | `Record<string, never>` (the node answers `{}`) |
 * | `any-json` | `JsonValue` (runtime) |
 * | `json-only` | typed from its JSON schema |
 * | `ref` | the definition's type |
 */

import type { IR, ObjectItem, TupleElement } from "../ir/codec-ir.ts";
import type { JsonSchema } from "../model/json-schema.ts";
import type { BodyCodec, CodecModel, ServiceCodecs } from "../reconcile/codec-model.ts";
import { KNOWN_BY_ID } from "../reconcile/known-encodings.ts";
import { JsonSchemaTypes } from "./json-schema-types.ts";
import { compareStrings, type InterfaceNames, type NameTable, type ServiceNames } from "./names.ts";
import { queryValueType } from "./query-args.ts";
import { arrayOf, docComment, docText, intersectionOf, literalType, nullable, objectType, primary, reference, tupleOf, typeAlias, unionOf, type PropertyText, type TypeText } from "./ts-syntax.ts";

/** TypeScript types written as themselves (everything else a known encoding names is a runtime type). */
const BUILTIN_TYPES = new Set(["string", "number", "boolean", "null", "unknown"]);

/** Turns IR into type expressions, collecting the runtime types they mention. */
export class TypeEmitter {
  /** Runtime types mentioned so far (imported by the types file). */
  readonly runtimeImports = new Set<string>();
  readonly json: JsonSchemaTypes;

  constructor(
    model: CodecModel,
    private readonly names: InterfaceNames,
    table: NameTable,
  ) {
    this.json = new JsonSchemaTypes(definitionPool(model), {
      definitionType: (name) => names.definitions.get(name),
      knownType: (id) => this.knownType(id),
      runtimeType: (name) => this.runtime(name),
      claim: (wanted) => table.claim(wanted),
    });
  }

  /** Names given to IR nodes after the types file was written (the codecs file's local types). */
  private readonly aliases = new Map<IR, string>();

  /** From now on, values of `ir` inside other types are written as `name`. */
  alias(ir: IR, name: string): void {
    this.aliases.set(ir, name);
  }

  /** The type of values described by `ir`. */
  typeOf(ir: IR): TypeText {
    const alias = this.aliases.get(ir);
    return alias !== undefined ? reference(alias) : this.structureOf(ir);
  }

  /** The type of values described by `ir` itself, even when `ir` has an alias (nodes inside keep theirs). */
  structureOf(ir: IR): TypeText {
    switch (ir.kind) {
      case "int":
        return primary(ir.size === "Int64" ? "string" : "number");
      case "ranged-int":
      case "float":
      case "ranged-float":
        return primary("number");
      case "bool":
        return primary("boolean");
      case "bytes":
        return primary("string");
      case "string":
        return this.runtime("Unistring");
      case "known":
        return this.knownType(ir.id);
      case "object":
        return this.objectType(ir.items);
      case "tuple":
        return tupleOf(tupleCodecs(ir.elements).map((c) => this.typeOf(c)));
      case "list":
        return arrayOf(this.typeOf(ir.element));
      case "union":
        return unionOf([...ir.cases.map((c) => this.typeOf(c.payload)), ...ir.jsonOnlyCases.map((c) => this.json.typeOf(c.schema))]);
      case "option":
        return nullable(this.typeOf(ir.some));
      case "enum":
        return unionOf(ir.values.map((v) => literalType(v.name)));
      case "constant":
        return literalType(ir.value);
      case "unit":
        return reference("Record<string, never>");
      case "dynamic":
      case "padded":
        return this.typeOf(ir.inner);
      case "ref": {
        const name = this.names.definitions.get(ir.name);
        if (name === undefined) throw new Error(`codec IR refers to the undefined definition ${JSON.stringify(ir.name)}`);
        return reference(name);
      }
      case "any-json":
        return this.runtime("JsonValue");
      case "json-only":
        return this.json.typeOf(ir.schema);
    }
  }

  /** The properties of an object (frames flattened, inline merged objects spread) and the named types it merges. */
  objectParts(items: readonly ObjectItem[]): { properties: PropertyText[]; merged: TypeText[] } {
    const parts = { properties: [] as PropertyText[], merged: [] as TypeText[] };
    this.addObjectParts(items, parts);
    return parts;
  }

  /** Adds the parts of `items` to `parts`, descending into frames and inline merged objects. */
  private addObjectParts(items: readonly ObjectItem[], parts: { properties: PropertyText[]; merged: TypeText[] }): void {
    for (const item of items) {
      switch (item.kind) {
        case "field":
          parts.properties.push({ name: item.name, type: this.typeOf(item.codec), optional: item.presence !== "required" || item.jsonOptional === true });
          break;
        case "constant":
          parts.properties.push({ name: item.name, type: literalType(item.value), optional: false });
          break;
        case "frame":
          this.addObjectParts(item.items, parts);
          break;
        case "padding":
          break;
        case "merge": {
          const inner = unwrap(item.codec);
          if (inner.kind === "object") this.addObjectParts(inner.items, parts);
          else parts.merged.push(this.typeOf(item.codec));
          break;
        }
      }
    }
  }

  private objectType(items: readonly ObjectItem[]): TypeText {
    const { properties, merged } = this.objectParts(items);
    if (merged.length === 0) return objectType(properties);
    return intersectionOf(properties.length === 0 ? merged : [objectType(properties), ...merged]);
  }

  knownType(id: string): TypeText {
    const entry = KNOWN_BY_ID.get(id);
    if (!entry) throw new Error(`codec IR uses the unknown known encoding ${JSON.stringify(id)}`);
    return BUILTIN_TYPES.has(entry.tsType) ? primary(entry.tsType) : this.runtime(entry.tsType);
  }

  private runtime(name: string): TypeText {
    this.runtimeImports.add(name);
    return reference(name);
  }
}

/** The codecs of a tuple's elements (added to `codecs`), frames flattened and padding left out. */
export function tupleCodecs(elements: readonly TupleElement[], codecs: IR[] = []): IR[] {
  for (const element of elements) {
    if (element.kind === "element") codecs.push(element.codec);
    else if (element.kind === "frame") tupleCodecs(element.elements, codecs);
  }
  return codecs;
}

/** Looks through length headers and padding. */
function unwrap(ir: IR): IR {
  return ir.kind === "dynamic" || ir.kind === "padded" ? unwrap(ir.inner) : ir;
}

/** Every definition of every body's JSON schema, the first occurrence of each name kept. */
function definitionPool(model: CodecModel): Map<string, JsonSchema> {
  const pool = new Map<string, JsonSchema>();
  const add = (body: BodyCodec | undefined): void => {
    for (const [name, schema] of Object.entries(body?.schema.definitions ?? {})) if (!pool.has(name)) pool.set(name, schema);
  };
  for (const entry of model.services) {
    add(entry.input);
    add(entry.output);
    add(entry.error);
  }
  return pool;
}

/** The source of the types file (without header and imports of the file's own making). */
export function emitTypes(model: CodecModel, names: InterfaceNames): { code: string; runtimeImports: string[]; emitter: TypeEmitter } {
  const emitter = new TypeEmitter(model, names, names.table);
  const blocks: string[] = [];
  for (const name of [...model.definitions.keys()].sort(compareStrings)) {
    const definition = model.definitions.get(name)!;
    const typeName = names.definitions.get(name)!;
    const doc = docComment(docText(definition.title, definition.description, [`Definition \`${name}\`.`]));
    const codec = definition.codec;
    if (codec.kind === "union" && names.cases.has(name)) {
      const caseNames = names.cases.get(name)!;
      const members: TypeText[] = [];
      for (const c of codec.cases) {
        const caseName = caseNames.get(c.tag);
        if (caseName !== undefined && c.payload.kind === "object") {
          blocks.push(declareObject(emitter, caseName, c.payload.items, `Case \`${c.name}\` (tag ${c.tag}) of {@link ${typeName}}.`));
          members.push(reference(caseName));
        } else {
          members.push(emitter.typeOf(c.payload));
        }
      }
      for (const c of codec.jsonOnlyCases) members.push(emitter.json.typeOf(c.schema));
      blocks.push(`${doc}${typeAlias(typeName, unionOf(members))}\n`);
    } else if (codec.kind === "object") {
      blocks.push(declareObject(emitter, typeName, codec.items, docText(definition.title, definition.description, [`Definition \`${name}\`.`])));
    } else {
      blocks.push(`${doc}${typeAlias(typeName, emitter.typeOf(codec))}\n`);
    }
  }
  blocks.push(...sharedBodyTypes(emitter, names));
  model.services.forEach((entry, i) => blocks.push(...serviceTypes(emitter, entry, names.services[i]!)));
  const derived = emitter.json.emitDeclarations();
  const code = [...blocks, ...derived].join("\n");
  return { code, runtimeImports: [...emitter.runtimeImports].sort(compareStrings), emitter };
}

/** The types of bodies several services share; the bodies' own types become aliases of them. */
function sharedBodyTypes(emitter: TypeEmitter, names: InterfaceNames): string[] {
  const users = new Map<string, BodyCodec[]>();
  for (const [body, name] of names.sharedBodies) users.set(name, [...(users.get(name) ?? []), body]);
  return [...users].map(([name, bodies]) => {
    const declaration = `${docComment(`Shared by ${bodies.length} route bodies (each an alias of this type).`)}${typeAlias(name, emitter.typeOf(bodies[0]!.codec))}\n`;
    for (const body of bodies) emitter.alias(body.codec, name);
    return declaration;
  });
}

/** An object definition as an interface, or as a type when it merges other types. */
function declareObject(emitter: TypeEmitter, typeName: string, items: readonly ObjectItem[], doc: string | undefined): string {
  const { properties, merged } = emitter.objectParts(items);
  const comment = docComment(doc);
  if (merged.length === 0) {
    if (properties.length === 0) return `${comment}export type ${typeName} = Record<string, never>;\n`;
    return `${comment}export interface ${typeName} ${objectType(properties).text}\n`;
  }
  const type = intersectionOf(properties.length === 0 ? merged : [objectType(properties), ...merged]);
  return `${comment}${typeAlias(typeName, type)}\n`;
}

/** Body types and the request type of one service. */
function serviceTypes(emitter: TypeEmitter, entry: ServiceCodecs, names: ServiceNames): string[] {
  const label = `\`${entry.service.method} ${routeLabel(entry)}\``;
  const body = (typeName: string, codec: BodyCodec, role: string): string => {
    const notes = [`${role} of ${label}${entry.streaming === "never" || role !== "Output" ? "" : " (one element of the stream)"}.`];
    if (codec.jsonOnly !== undefined) notes.push(`JSON only: ${codec.jsonOnly}`);
    return `${docComment(notes.join("\n\n"))}${typeAlias(typeName, emitter.typeOf(codec.codec))}\n`;
  };
  const blocks: string[] = [];
  if (entry.input && names.input) blocks.push(body(names.input, entry.input, "Input"));
  blocks.push(body(names.output, entry.output, "Output"));
  blocks.push(body(names.error, entry.error, "Error"));
  const request = requestProperties(entry, names);
  const doc = docComment(docText(undefined, entry.service.description, [`Arguments of ${label}.`]));
  if (request.length > 0) blocks.push(`${doc}export interface ${names.request} ${objectType(request).text}\n`);
  else blocks.push(`${doc}export type ${names.request} = Record<string, never>;\n`);
  return blocks;
}

/** `/chains/<chain_id>/blocks`. */
export function routeLabel(entry: ServiceCodecs): string {
  const route = entry.service.route;
  if (route.length === 0) return "/";
  return route.map((s) => (s.kind === "static" ? `/${s.name}` : `/<${s.name}>`)).join("");
}

/** Properties of a service's request type: `path`, `query` and `body`, each when the service has one. */
export function requestProperties(entry: ServiceCodecs, names: ServiceNames): PropertyText[] {
  const properties: PropertyText[] = [];
  const path = pathArguments(entry);
  if (path.length > 0) {
    const props = path.map((arg): PropertyText => {
      const prop: PropertyText = { name: arg.key, type: primary(arg.multiple ? "string[]" : "string"), optional: false };
      if (arg.description !== undefined) prop.doc = arg.description;
      return prop;
    });
    properties.push({ name: "path", type: objectType(props), optional: false });
  }
  const query = entry.service.query;
  if (query.length > 0) {
    const props = query.map((q): PropertyText => {
      const value = q.kind === "flag" ? primary("boolean") : primary(queryValueType(q.type));
      const prop: PropertyText = { name: q.name, type: q.kind === "multi" ? arrayOf(value) : value, optional: true };
      const doc = docText(undefined, q.description, q.kind === "multi" ? ["Sent as one repeated key per value."] : []);
      if (doc !== undefined) prop.doc = doc;
      return prop;
    });
    properties.push({ name: "query", type: objectType(props), optional: true });
  }
  if (entry.input && names.input) properties.push({ name: "body", type: primary(names.input), optional: false });
  return properties;
}

/** A path argument of a service, with the property key it gets in the request's `path`. */
export interface PathArgument {
  key: string;
  name: string;
  multiple: boolean;
  description?: string;
}

/** Path arguments in route order; a name used twice gets `_2`, `_3`… so each has its own key. */
export function pathArguments(entry: ServiceCodecs): PathArgument[] {
  const used = new Set<string>();
  const args: PathArgument[] = [];
  for (const segment of entry.service.route) {
    if (segment.kind !== "arg") continue;
    let key = segment.name;
    for (let n = 2; used.has(key); n++) key = `${segment.name}_${n}`;
    used.add(key);
    const arg: PathArgument = { key, name: segment.name, multiple: segment.multiple };
    if (segment.description !== undefined) arg.description = segment.description;
    args.push(arg);
  }
  return args;
}

/** Whether a client must pass a request: `required` (path arguments or a body), `optional` (query only) or `none`. */
export function requestNeed(entry: ServiceCodecs): "required" | "optional" | "none" {
  if (pathArguments(entry).length > 0 || entry.input !== undefined) return "required";
  return entry.service.query.length > 0 ? "optional" : "none";
}
