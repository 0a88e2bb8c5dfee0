/**
 * The named definitions of a snapshot as the command line offers them: every JSON definition
 * name published in some body (`block_header`, `Chain_id`, `timestamp.protocol`, `unistring`…),
 * each with the codec IR it has where it is used.
 *
 * The codec model keeps named definitions only for structured values; known encodings (hashes,
 * timestamps, zarith numbers) and scalars are inlined where they are used. So the index walks
 * every body's JSON schema and its reconciled IR side by side (object properties with fields,
 * array items with list elements, `oneOf` entries with union cases by title) and, at each JSON
 * `$ref` chain it passes, records which IR stands there. The chain names that denote the IR are
 * recorded: for a known encoding, the names the known-encodings table lists for it (or the
 * outermost name); for another scalar, the outermost name (and `unistring` for text); for a
 * structure, every name of the chain (aliases of a structured definition).
 *
 * A name can stand for several IRs (`unistring` of variable size at the end of a frame, or
 * behind a length header; two different `operation` definitions). Each distinct IR is a
 * variant with the routes that use it; {@link preferredVariant} picks the one a bare name means.
 */

import { fixedSize, type CodecDefinition, type IR } from "../ir/codec-ir.ts";
import type { JsonSchema } from "../model/json-schema.ts";
import type { CodecModel } from "../reconcile/codec-model.ts";
import { viewOf } from "../reconcile/json-view.ts";
import { knownByJsonName } from "../reconcile/known-encodings.ts";
import { hasBinaryForm } from "../ir/binary-form.ts";
import { routeToString } from "../model/describe-tree.ts";

/** One IR a definition name has somewhere in the interface. */
export interface EncodingVariant {
  ir: IR;
  /** Body slots using the name with this IR (`GET /chains/<chain_id>/checkpoint output`). */
  uses: string[];
  /** True when every value has a binary form. */
  binary: boolean;
}

/** A JSON definition name of the interface. */
export interface NamedEncoding {
  name: string;
  /** The definition's JSON schema as first published, with the definitions it refers to. */
  schema: JsonSchema;
  /** Distinct IRs, in order of first use. */
  variants: EncodingVariant[];
  /** Body slots whose schema carries the definition, whether or not a binary IR was found for it. */
  carriedBy: string[];
}

/** All named definitions of a model, by name (sorted). */
export function indexNamedEncodings(model: CodecModel): Map<string, NamedEncoding> {
  const index = new Map<string, NamedEncoding>();
  const variantKeys = new Map<string, Map<string, EncodingVariant>>();

  const entry = (name: string, root: JsonSchema, label: string): NamedEncoding => {
    let found = index.get(name);
    if (!found) {
      found = { name, schema: standaloneSchema(name, root), variants: [], carriedBy: [] };
      index.set(name, found);
      variantKeys.set(name, new Map());
    }
    if (!found.carriedBy.includes(label)) found.carriedBy.push(label);
    return found;
  };

  for (const service of model.services) {
    const route = `${service.service.method} ${routeToString(service.service.route)}`;
    const bodies: Array<[string, typeof service.output | undefined]> = [
      ["input", service.input],
      ["output", service.output],
      ["error", service.error],
    ];
    for (const [slot, body] of bodies) {
      if (!body) continue;
      const label = `${route} ${slot}`;
      const root = body.schema;
      for (const name of Object.keys(root.definitions ?? {})) entry(name, root, label);
      const record = (name: string, ir: IR) => {
        const named = entry(name, root, label);
        const key = JSON.stringify(ir);
        const known = variantKeys.get(name)!;
        let variant = known.get(key);
        if (!variant) {
          variant = { ir, uses: [], binary: hasBinaryForm(ir, model.definitions) === true };
          known.set(key, variant);
          named.variants.push(variant);
        }
        if (!variant.uses.includes(label)) variant.uses.push(label);
      };
      new SchemaWalk(root, model.definitions, record).walk(root, body.codec);
    }
  }
  return new Map([...index].sort(([a], [b]) => a.localeCompare(b)));
}

/**
 * The variant a bare name means: one with a binary form, preferably not entirely behind a
 * length header (the header belongs to the place of use, as data-encoding adds it to a variable
 * value that is not last or is a list element: `operation` is then Octez's branch + data), then of a fixed size (a signature of 64 bytes rather than the one that
 * runs to the end of a frame), then the most used, then the first met.
 */
export function preferredVariant(named: NamedEncoding, definitions: ReadonlyMap<string, CodecDefinition>): EncodingVariant | undefined {
  const ranked = named.variants
    .map((variant, order) => ({ variant, order, fixed: fixedSize(variant.ir, definitions), framed: wholeBehindLengthHeader(variant.ir, definitions) }))
    .sort(
      (a, b) =>
        Number(b.variant.binary) - Number(a.variant.binary) ||
        Number(a.framed) - Number(b.framed) ||
        Number(a.fixed === undefined) - Number(b.fixed === undefined) ||
        b.variant.uses.length - a.variant.uses.length ||
        a.order - b.order,
    );
  return ranked[0]?.variant;
}

/**
 * True for a value entirely behind one length header: `dynamic`, or an object whose only item
 * is a frame around all its fields (how a list element `dynamic_size(operation)` is published).
 */
function wholeBehindLengthHeader(ir: IR, definitions: ReadonlyMap<string, CodecDefinition>): boolean {
  const bare = ir.kind === "ref" ? definitions.get(ir.name)?.codec : ir;
  if (bare === undefined) return false;
  if (bare.kind === "dynamic") return true;
  if (bare.kind !== "object") return false;
  const items = bare.items.filter((item) => item.kind !== "constant");
  return items.length === 1 && items[0]!.kind === "frame";
}

/** IR kinds that are values on their own, not structures an alias chain could name. */
const LEAVES = new Set<IR["kind"]>(["int", "ranged-int", "float", "ranged-float", "bool", "bytes", "string", "known", "constant", "unit", "any-json", "json-only"]);

/** Walks one body's JSON schema and IR together (see the module comment). */
class SchemaWalk {
  private readonly expanded = new Set<string>();

  constructor(
    private readonly root: JsonSchema,
    private readonly definitions: ReadonlyMap<string, CodecDefinition>,
    private readonly record: (name: string, ir: IR) => void,
  ) {}

  walk(schema: JsonSchema, ir: IR): void {
    let view;
    try {
      view = viewOf(schema, this.root);
    } catch {
      return;
    }
    if (view.refs.length > 0) for (const name of this.namesFor(view.refs, ir)) this.record(name, ir);
    this.descend(view.schema, ir);
  }

  private namesFor(refs: readonly string[], ir: IR): string[] {
    const bare = ir.kind === "dynamic" || ir.kind === "padded" ? ir.inner : ir;
    if (bare.kind === "known") {
      const matching = refs.filter((name) => knownByJsonName(name)?.id === bare.id);
      // A root hash input is `$ref unistring` recognised by its field name: it does not make
      // every text a hash.
      return matching.length > 0 ? matching : refs[0] === "unistring" ? [] : [refs[0]!];
    }
    if (LEAVES.has(bare.kind)) {
      const names = [refs[0]!];
      if (bare.kind === "string" && refs.includes("unistring") && refs[0] !== "unistring") names.push("unistring");
      return names;
    }
    return [...refs];
  }

  private descend(schema: JsonSchema, ir: IR): void {
    switch (ir.kind) {
      case "ref": {
        if (this.expanded.has(ir.name)) return;
        this.expanded.add(ir.name);
        const definition = this.definitions.get(ir.name);
        if (definition) this.descend(schema, definition.codec);
        return;
      }
      case "dynamic":
      case "padded":
        this.descend(schema, ir.inner);
        return;
      case "object":
        this.items(schema, ir.items);
        return;
      case "tuple": {
        const schemas = Array.isArray(schema.items) ? schema.items : [];
        const elements: IR[] = [];
        const flatten = (list: typeof ir.elements) => {
          for (const element of list) {
            if (element.kind === "element") elements.push(element.codec);
            else if (element.kind === "frame") flatten(element.elements);
          }
        };
        flatten(ir.elements);
        elements.forEach((codec, i) => {
          const item = schemas[i];
          if (item) this.walk(item, codec);
        });
        return;
      }
      case "list":
        if (schema.items && !Array.isArray(schema.items)) this.walk(schema.items, ir.element);
        return;
      case "option": {
        const some = (schema.oneOf ?? []).find((alternative) => this.resolved(alternative)?.type !== "null");
        if (some) this.walk(some, ir.some);
        return;
      }
      case "union": {
        const alternatives = schema.oneOf;
        for (const c of ir.cases) {
          if (!alternatives) {
            this.descend(schema, c.payload);
            continue;
          }
          const alternative =
            alternatives.find((a) => a.title === c.name) ?? alternatives.find((a) => a.title?.toLowerCase() === c.name.toLowerCase());
          if (alternative) this.walk(alternative, c.payload);
        }
        return;
      }
      default:
        return;
    }
  }

  private items(schema: JsonSchema, items: ReadonlyArray<Extract<IR, { kind: "object" }>["items"][number]>): void {
    for (const item of items) {
      if (item.kind === "field") {
        const property = schema.properties?.[item.name];
        if (property) this.walk(property, item.codec);
      } else if (item.kind === "frame") this.items(schema, item.items);
      else if (item.kind === "merge") this.descend(schema, item.codec);
    }
  }

  private resolved(schema: JsonSchema): JsonSchema | undefined {
    try {
      return viewOf(schema, this.root).schema;
    } catch {
      return undefined;
    }
  }
}

/**
 * A definition as a standalone JSON schema: `{"$ref": "#/definitions/NAME", "definitions": …}`
 * with the definition and every definition it refers to, directly or not.
 */
export function standaloneSchema(name: string, root: JsonSchema): JsonSchema {
  const all = root.definitions ?? {};
  const needed = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value !== null && typeof value === "object") {
      for (const [key, inner] of Object.entries(value)) {
        if (key === "$ref" && typeof inner === "string" && inner.startsWith("#/definitions/")) {
          const target = decodeURIComponent(inner.slice("#/definitions/".length).replace(/~1/g, "/").replace(/~0/g, "~"));
          if (!needed.has(target) && Object.hasOwn(all, target)) {
            needed.add(target);
            visit(all[target]);
          }
        } else visit(inner);
      }
    }
  };
  needed.add(name);
  visit(all[name]);
  const definitions: Record<string, JsonSchema> = {};
  for (const key of Object.keys(all)) if (needed.has(key)) definitions[key] = all[key]!;
  const schema: JsonSchema = { $ref: `#/definitions/${name.replace(/~/g, "~0").replace(/\//g, "~1")}`, definitions };
  if (root.$schema !== undefined) return { $schema: root.$schema, ...schema };
  return schema;
}
