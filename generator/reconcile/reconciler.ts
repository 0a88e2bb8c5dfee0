/**
 * Walks a service body's JSON schema and binary schema together and builds one codec IR
 * (describe-format.md §7). The binary schema decides the bytes; the JSON schema decides names,
 * constants, case titles and value forms; the known-encodings table bridges what neither says.
 */

import type { BinarySchema, DataKind, DynSize, Encoding, Field, Layout, UnionCase as BinaryCase } from "../model/binary-schema.ts";
import type { JsonSchema } from "../model/json-schema.ts";
import type { CaseMatch, IR, JsonOnlyCase, JsonValue, ObjectItem, Size, TupleElement, UnionCase } from "../ir/codec-ir.ts";
import { groupFields, mergeCountPrefixes, type FieldItem } from "./field-groups.ts";
import { intSizeBytes, jsonKindOf, type JsonKind, type PropertyShape } from "@tezos-rpcgen/runtime";
import { constantOf, isMichelineSchema, isObjectSchema, isUnconstrained, isUnistring, viewOf, type JsonView } from "./json-view.ts";
import { base58UnionOf } from "./structural.ts";
import { dftField } from "./dft-defaults.ts";
import { alternativesMatch, withOverlappingCases } from "./overlapping-cases.ts";
import { int8EnumCodes, knownByBinaryTitle, knownByJsonName, matchKnownLayout, KNOWN_BY_ID, type KnownEncoding } from "./known-encodings.ts";

/** Raised when the two schemas of a body cannot be reconciled; `where` locates the value. */
export class ReconcileError extends Error {
  override readonly name: string = "ReconcileError";
  constructor(
    message: string,
    readonly where: string,
  ) {
    super(`${where}: ${message}`);
  }
}

/**
 * Raised for a value the generator must not guess at (a Base58Check type missing from the
 * known-encodings table): generation stops instead of degrading the body to JSON-only.
 */
export class UnknownEncodingError extends ReconcileError {
  override readonly name = "UnknownEncodingError";
}

/** Where reconciled named definitions go (shared by the bodies of one interface). */
export interface DefinitionSink {
  /**
   * Registers the definition `name` for the binary shape `shapeKey` and returns the name the
   * model uses for it; `build` runs at most once per (name, shape) and may refer back to the
   * returned name (recursion).
   */
  define(name: string, shapeKey: string, view: JsonView, build: (assignedName: string) => IR): string;
}

/** Reconciles one body (input, output or error) of a service. */
export class BodyReconciler {
  /**
   * What reconciliation could not decide and left JSON-only (a union case here; the caller adds
   * a body that fails as a whole), each as `where: why`.
   */
  readonly undecided: string[] = [];
  /** Binary definitions being expanded, with the JSON schema they were entered with (cycle guard). */
  private readonly expanding: Array<{ binary: string; json: JsonSchema }> = [];

  constructor(
    private readonly json: JsonSchema,
    private readonly binary: BinarySchema,
    private readonly sink: DefinitionSink,
  ) {}

  /** The IR of the whole body. */
  reconcile(where: string): IR {
    const view = viewOf(this.json, this.json);
    // A root that is itself a reference to a named structure becomes a reference to that definition.
    return this.encoding(this.binary.toplevel, view, where);
  }

  private view(schema: JsonSchema): JsonView {
    return viewOf(schema, this.json);
  }

  /** A schema with its `$ref`s followed. */
  private readonly resolve = (schema: JsonSchema): JsonSchema => this.view(schema).schema;
  /** The views of the second union merged into an object split by {@link unionMergedView}, by the object's schema and the union's name. */
  private readonly mergedParts = new WeakMap<JsonSchema, Map<string, Record<string, JsonSchema>>>();

  // ---------------------------------------------------------------- encodings

  private encoding(encoding: Encoding, view: JsonView, where: string, binaryTitle?: string): IR {
    switch (encoding.kind) {
      case "Obj":
        return this.fields(encoding.fields, view, where);
      case "Cases":
        return this.union(encoding.cases, encoding.tagSize, view, where);
      case "Int_enum":
        throw new ReconcileError(`the enumeration ${binaryTitle ?? ""} is used without an Enum layout`, where);
    }
  }

  /** A value described by a layout: known encodings first, then named definitions, then structure. */
  private value(layout: Layout, dataKind: DataKind, view: JsonView, where: string, fieldName?: string): IR {
    const known = this.known(layout, dataKind, view, fieldName, where);
    if (known) return known;
    // Text over a binary union: a Base58 union, recognised by its structure whatever its name.
    if (isUnistring(view) && !Array.isArray(view.schema.enum)) {
      const union = base58UnionOf(layout, dataKind, this.binary);
      if (union !== undefined && "kind" in union) return union;
      if (union !== undefined) {
        const name = view.refs.filter((r) => r !== "unistring").pop() ?? (layout.kind === "Ref" ? layout.name : "this value");
        throw new ReconcileError(
          `${name} is text in JSON over a binary union, but not a Base58 union: ${union.reason}; hint: if its cases hold a hash type the runtime lacks, add it to runtime/encodings/hashes.ts`,
          where,
        );
      }
    }
    const definition = this.definitionName(view);
    if (definition !== undefined) {
      const shapeKey = JSON.stringify([layout, dataKind]);
      // The structure is read with no names on its view, or it would be named (and referred to) again.
      const name = this.sink.define(definition, shapeKey, view, () => this.structure(layout, dataKind, { ...view, refs: [] }, where));
      return { kind: "ref", name };
    }
    return this.structure(layout, dataKind, view, where);
  }

  /** The definition a structured JSON value is named after, if any. */
  private definitionName(view: JsonView): string | undefined {
    const last = view.refs[view.refs.length - 1];
    if (last === undefined || last === "unistring") return undefined;
    const s = view.schema;
    const structured = s.type === "object" || s.type === "array" || Array.isArray(s.oneOf);
    return structured ? last : undefined;
  }

  private known(layout: Layout, dataKind: DataKind, view: JsonView, fieldName: string | undefined, where: string): IR | undefined {
    const candidates: KnownEncoding[] = [];
    for (const name of view.refs) {
      const entry = knownByJsonName(name);
      if (entry) candidates.push(entry);
    }
    if (layout.kind === "Ref") {
      const entry = knownByBinaryTitle(layout.name);
      if (entry) candidates.push(entry);
    }
    if (candidates.length === 0 && layout.kind === "Bytes" && isMichelineSchema(view.schema)) {
      candidates.push(KNOWN_BY_ID.get("micheline")!);
    }
    // A root hash input keeps only a title and the binary field name (describe-format.md §7.6 rule 2).
    if (candidates.length === 0 && fieldName !== undefined && isUnistring(view)) {
      const entry = knownByJsonName(fieldName);
      if (entry) candidates.push(entry);
    }
    for (const entry of candidates) {
      const size = matchKnownLayout(entry, layout, dataKind);
      if (size) return entry.id === "rollup_address_text" ? { kind: "string", size } : this.knownIR(entry, size);
    }
    // A definition that is one value (a list's fixed-size element), possibly behind a length
    // header (an optional framed value, which a presence byte must precede as one field), holds
    // the known value.
    const framed = this.framedValue(layout);
    if (framed !== undefined) {
      for (const entry of candidates) {
        const size = matchKnownLayout(entry, framed.field.layout, framed.field.dataKind);
        if (size) return framed.header === undefined ? this.knownIR(entry, size) : { kind: "dynamic", header: framed.header, inner: this.knownIR(entry, size) };
      }
    }
    if (candidates.length > 0) {
      const names = candidates.map((c) => c.id).join(", ");
      throw new ReconcileError(`known encoding ${names} does not accept the binary layout ${describeLayout(layout, dataKind)}`, where);
    }
    if (isUnistring(view) && layout.kind === "Bytes" && /\(Base58Check-encoded\)/.test(view.title ?? "")) {
      throw new UnknownEncodingError(`unknown Base58Check type ${JSON.stringify(view.title)} (${view.refs.join(" → ") || fieldName || "anonymous"}); add it to the known-encodings table`, where);
    }
    return undefined;
  }

  /** The value of a `Ref` to an object that is one value field, possibly after a length header. */
  private framedValue(layout: Layout): { header?: DynSize; field: Extract<Field, { kind: "named" | "anon" }> } | undefined {
    if (layout.kind !== "Ref") return undefined;
    const encoding = this.binary.definitions.get(layout.name)?.encoding;
    if (encoding?.kind !== "Obj") return undefined;
    const [first, second] = encoding.fields;
    if (encoding.fields.length === 1 && (first?.kind === "named" || first?.kind === "anon")) return { field: first };
    if (encoding.fields.length !== 2 || first?.kind !== "dyn" || first.numFields !== 1 || (second?.kind !== "named" && second?.kind !== "anon")) return undefined;
    return { header: first.size, field: second };
  }

  private knownIR(entry: KnownEncoding, size: Size): IR {
    if (entry.id === "micheline") {
      const primitives = this.michelinePrimitives();
      return primitives ? { kind: "known", id: entry.id, size, params: { primitives } } : { kind: "known", id: entry.id, size };
    }
    return { kind: "known", id: entry.id, size };
  }

  /** The primitive names a Micheline codec must accept, from the body's `*.michelson.v1.primitives` definition. */
  private michelinePrimitives(): string[] | undefined {
    for (const [name, schema] of Object.entries(this.json.definitions ?? {})) {
      if (name.endsWith("michelson.v1.primitives") && Array.isArray(schema.enum)) return [...(schema.enum as string[])].sort();
    }
    return undefined;
  }

  /** The structural reading of a layout, once known encodings and named definitions are ruled out. */
  private structure(layout: Layout, dataKind: DataKind, view: JsonView, where: string): IR {
    const schema = view.schema;
    const wrapped = this.singleFieldObject(layout, dataKind, view, where);
    if (wrapped) return wrapped;
    switch (layout.kind) {
      case "Ref": {
        const definition = this.binary.definitions.get(layout.name);
        if (!definition) throw new ReconcileError(`binary definition ${JSON.stringify(layout.name)} is missing`, where);
        if (this.expanding.some((e) => e.binary === layout.name && e.json === schema)) {
          throw new ReconcileError(`binary definition ${layout.name} recurses where the JSON schema has no named definition to break the cycle`, where);
        }
        this.expanding.push({ binary: layout.name, json: schema });
        try {
          return this.encoding(definition.encoding, view, where, layout.name);
        } finally {
          this.expanding.pop();
        }
      }
      case "Zero_width": {
        const constant = constantOf(schema);
        return constant ? { kind: "constant", value: constant.value } : { kind: "unit" };
      }
      case "Int": {
        if (schema.type === "integer" || schema.type === "number") return { kind: "int", size: layout.size, endianness: layout.endianness };
        if (layout.size === "Int64" && (schema.type === "string" || isUnconstrained(schema))) return { kind: "int", size: "Int64", endianness: layout.endianness };
        if (schema.type === "string" && !Array.isArray(schema.enum)) return { kind: "int", size: layout.size, endianness: layout.endianness, decimal: true };
        if (schema.type === "string" && Array.isArray(schema.enum) && layout.size === "Int8") {
          const values = schema.enum as string[];
          const codes = int8EnumCodes(values);
          if (!codes) throw new ReconcileError(`string enumeration [${values.join(", ")}] is written as Int8 with codes no schema gives; add it to the known-encodings table`, where);
          return { kind: "enum", size: "Int8", values: values.map((name) => ({ name, code: codes[name]! })).sort((a, b) => a.code - b.code) };
        }
        if (schema.type === "boolean") throw new ReconcileError(`boolean JSON over an ${layout.size} layout`, where);
        return { kind: "int", size: layout.size, endianness: layout.endianness };
      }
      case "RangedInt":
        return { kind: "ranged-int", min: layout.min, max: layout.max, endianness: layout.endianness };
      case "Float":
        return { kind: "float" };
      case "RangedFloat":
        return { kind: "ranged-float", min: layout.min, max: layout.max };
      case "Bool":
        return { kind: "bool" };
      case "Bytes": {
        const size = sizeOf(dataKind, where);
        if (isUnconstrained(schema)) return { kind: "any-json", size };
        return { kind: "bytes", size };
      }
      case "String": {
        const size = sizeOf(dataKind, where);
        if (isUnconstrained(schema)) return { kind: "any-json", size };
        return { kind: "string", size };
      }
      case "Enum": {
        const definition = this.binary.definitions.get(layout.reference);
        if (!definition || definition.encoding.kind !== "Int_enum") throw new ReconcileError(`enumeration ${layout.reference} is missing`, where);
        // JSON may write each case as a constant of its own, the case's name being its title.
        const constants = new Map((schema.oneOf ?? []).map((c) => [c.title, constantOf(this.resolve(c))?.value]));
        const value = (name: string): string => {
          const constant = constants.get(name);
          return typeof constant === "string" ? constant : name;
        };
        return { kind: "enum", size: layout.size, values: definition.encoding.cases.map(([code, name]) => ({ name: value(name), code })) };
      }
      case "Seq": {
        const items = schema.items;
        if (schema.type !== "array" || items === undefined || Array.isArray(items)) {
          throw new ReconcileError(`a binary sequence needs a JSON array with one item schema`, where);
        }
        const element = this.value(layout.layout, this.dataKindOf(layout.layout, where), this.view(items), `${where}[]`);
        return layout.limit ? { kind: "list", element, limit: layout.limit } : { kind: "list", element };
      }
      case "Padding":
        throw new ReconcileError("padding used as a value", where);
    }
  }

  /**
   * A JSON object of exactly one property whose binary form is that property's value alone:
   * data-encoding describes a one-field object nested as a field's value by the inner field's
   * layout (`history_mode`'s `{"full": {"additional_cycles": n}}` is a named field `full` laid
   * out as the ranged integer). A property JSON may omit is data-encoding's `dft` there (a
   * seed nonce revelation's metadata is `{balance_updates?}` over the list alone), always
   * written, as in any object.
   */
  private singleFieldObject(layout: Layout, dataKind: DataKind, view: JsonView, where: string): IR | undefined {
    const schema = view.schema;
    if (schema.type !== "object" || layout.kind === "Ref" || layout.kind === "Zero_width") return undefined;
    const properties = schema.properties ?? {};
    const names = Object.keys(properties);
    if (names.length !== 1) return undefined;
    const name = names[0]!;
    const property = properties[name]!;
    const required = (schema.required ?? []).includes(name);
    // A list, whose zero is `[]`: other optional layouts keep the question of their presence open.
    if (!required && layout.kind !== "Seq") return undefined;
    const codec = this.value(layout, dataKind, this.view(property), `${where}.${name}`, name);
    if (!required) {
      const field = dftField(name, codec, (property.default ?? this.view(property).schema.default) as JsonValue | undefined);
      // The list's zero, `[]`, holds whatever definition names it (unless its length is fixed).
      const zero = layout.kind === "Seq" && layout.limit?.kind !== "exactly" && field.default === undefined;
      return { kind: "object", items: [zero ? { ...field, default: [], zeroDefault: true } : field] };
    }
    return { kind: "object", items: [{ kind: "field", name, codec, presence: "required" }] };
  }

  /** The data kind of a layout that appears without one (sequence elements). */
  private dataKindOf(layout: Layout, where: string): DataKind {
    switch (layout.kind) {
      case "Int":
        return { kind: "Fixed", size: intSizeBytes(layout.size) };
      case "Bool":
        return { kind: "Fixed", size: 1 };
      case "Float":
      case "RangedFloat":
        return { kind: "Fixed", size: 8 };
      case "Ref": {
        const definition = this.binary.definitions.get(layout.name);
        if (definition?.encoding.kind === "Cases") return definition.encoding.dataKind;
        return { kind: "Dynamic" };
      }
      case "Zero_width":
        return { kind: "Fixed", size: 0 };
      default:
        return { kind: "Dynamic" };
    }
    void where;
  }

  // ---------------------------------------------------------------- field lists

  /** A field list (an `Obj`, or a union case after its tag) read against a JSON schema. */
  private fields(fields: readonly Field[], view: JsonView, where: string): IR {
    const items = mergeCountPrefixes(groupFields(fields));
    const merged = this.unionMergedView(fields, view);
    if (merged) return this.object(items, merged, where);
    const schema = view.schema;
    if (isObjectSchema(schema) && (schema.properties !== undefined || valueCount(items) === 0)) {
      return this.object(items, view, where);
    }
    // A tuple of several elements over one binary value is that value's (a case whose one
    // field refers to the tuple's definition), read by `single`.
    if (schema.type === "array" && Array.isArray(schema.items) && !(valueCount(items) === 1 && schema.items.length > 1)) {
      return { kind: "tuple", elements: this.tuple(items, schema.items, where) };
    }
    // OpenAPI 3.0 has no tuples: Octez's OpenAPI writes one as an array of alternatives, one per
    // element. Several binary values for one array can only be a tuple, element i taking the
    // i-th alternative.
    if (schema.type === "array" && schema.items !== undefined && !Array.isArray(schema.items) && valueCount(items) >= 2) {
      const alternatives = this.resolve(schema.items).oneOf;
      if (alternatives !== undefined && alternatives.length === valueCount(items)) return { kind: "tuple", elements: this.tuple(items, alternatives, where) };
    }
    return this.single(items, view, where);
  }

  /** Items that carry exactly one JSON value, possibly framed and padded. */
  private single(items: readonly FieldItem[], view: JsonView, where: string): IR {
    const significant = items.filter((item) => !isSkippable(item));
    if (significant.length === 0) {
      const constant = constantOf(view.schema);
      return constant ? { kind: "constant", value: constant.value } : { kind: "unit" };
    }
    if (significant.length !== 1) {
      throw new ReconcileError(`${significant.length} binary fields for one JSON value of type ${JSON.stringify(view.schema.type ?? "any")}`, where);
    }
    const item = significant[0]!;
    let ir: IR;
    if (item.kind === "frame") {
      ir = { kind: "dynamic", header: item.size, inner: this.single(item.items, view, where) };
    } else {
      if (item.indicator) throw new ReconcileError("a presence byte outside an object", where);
      const field = item.field;
      ir = withCount(this.value(field.layout, field.dataKind, view, where, field.kind === "named" ? field.name : undefined), item.count, where);
    }
    const padding = items.filter((i) => i.kind === "value" && i.field.layout.kind === "Padding");
    for (const pad of padding) {
      if (pad.kind === "value" && pad.field.dataKind.kind === "Fixed") ir = { kind: "padded", inner: ir, bytes: pad.field.dataKind.size };
    }
    return ir;
  }

  private object(fieldItems: readonly FieldItem[], view: JsonView, where: string): IR {
    const schema = view.schema;
    const properties = schema.properties ?? {};
    const items = nameSoleAnonymousValue(fieldItems, properties);
    const reading: ObjectReading = { view, where, properties, required: schema.required ?? [], used: new Set<string>(), items };
    const converted = this.objectItems(items, false, reading);
    const constants: ObjectItem[] = [];
    const jsonOnly: string[] = [];
    for (const name of Object.keys(properties)) {
      if (reading.used.has(name)) continue;
      const constant = constantOf(this.view(properties[name]!).schema);
      if (constant) {
        constants.push({ kind: "constant", name, value: constant.value });
        continue;
      }
      if (reading.required.includes(name)) {
        return { kind: "json-only", reason: `property ${JSON.stringify(name)} has no binary form`, schema: schema };
      }
      jsonOnly.push(name);
    }
    const objectItems = constants.length === 0 ? converted : [...constants, ...converted];
    const object: IR = jsonOnly.length === 0 ? { kind: "object", items: objectItems } : { kind: "object", items: objectItems, jsonOnly };
    if (this.hasSignatureSplit(objectItems, properties)) object.signatureSplit = true;
    return object;
  }

  /**
   * Octez's signature split: a `contents` list whose cases include `Signature_prefix`, then a
   * 64-byte `signature` (protocols 019 on; see the runtime's `signature-split.ts`).
   */
  private hasSignatureSplit(items: readonly ObjectItem[], properties: Record<string, JsonSchema>): boolean {
    const names = items.map((item) => (item.kind === "field" ? item.name : ""));
    const contents = names.indexOf("contents");
    const signature = names.indexOf("signature");
    if (contents < 0 || signature !== contents + 1 || properties["contents"] === undefined) return false;
    const list = this.resolve(properties["contents"]);
    const element = list.items === undefined || Array.isArray(list.items) ? undefined : this.resolve(list.items as JsonSchema);
    return (element?.oneOf ?? []).some((c) => this.resolve(c).title === "Signature_prefix" || c.title === "Signature_prefix");
  }

  /** The object items of `group` (the object's items, or a frame's when `framed`). */
  private objectItems(group: readonly FieldItem[], framed: boolean, reading: ObjectReading): ObjectItem[] {
    const { view, where, properties, required, used } = reading;
    const out: ObjectItem[] = [];
    for (const item of group) {
      if (item.kind === "frame") {
        out.push({ kind: "frame", header: item.size, items: this.objectItems(item.items, true, reading) });
        continue;
      }
      const field = item.field;
      if (field.layout.kind === "Padding") {
        out.push({ kind: "padding", bytes: field.dataKind.kind === "Fixed" ? field.dataKind.size : 0 });
        continue;
      }
      if (field.kind === "anon") {
        if (field.layout.kind === "Zero_width") continue;
        const part = field.layout.kind === "Ref" ? this.mergedParts.get(view.schema)?.get(field.layout.name) : undefined;
        if (part) {
          for (const name of Object.keys(part)) used.add(name);
          out.push({ kind: "merge", codec: this.constantCases(field.layout.kind === "Ref" ? field.layout.name : "", part, where) });
        } else out.push({ kind: "merge", codec: this.merged(field.layout, view, where, used) });
        continue;
      }
      const name = field.name;
      const property = properties[name];
      if (property === undefined) {
        if (field.layout.kind === "Zero_width") continue;
        throw new ReconcileError(`binary field ${JSON.stringify(name)} has no JSON property`, where);
      }
      used.add(name);
      const codec = withCount(this.value(field.layout, field.dataKind, this.view(property), `${where}.${name}`, name), item.count, where);
      // A field JSON may omit with a stated default is data-encoding's `dft`, always written; without
      // one, a variable field that JSON may omit is present exactly when its frame has bytes left
      // (`dft` and `varopt` describe the same binary schema there).
      const stated = required.includes(name) ? undefined : (property.default ?? this.view(property).schema.default);
      const presence = item.indicator ? "indicator" : !required.includes(name) && stated === undefined && field.dataKind.kind === "Variable" ? "rest-of-frame" : "required";
      if (presence === "rest-of-frame" && !framed && group !== reading.items) {
        throw new ReconcileError(`optional variable field ${name} is not last in its frame`, where);
      }
      // data-encoding's `dft`: binary always writes the field, JSON leaves it out when it holds its
      // default (stated, else the type's zero: dft-defaults.ts).
      if (presence === "required" && !required.includes(name)) out.push(dftField(name, codec, stated as JsonValue | undefined));
      else out.push({ kind: "field", name, codec, presence });
    }
    return out;
  }

  /**
   * data-encoding's `merge_objs` of an object and a union (Octez's internal operations write
   * `source` and `nonce`, then the union's tag): its JSON is a `oneOf` of whole objects, each
   * case repeating the object's fields. Read as one object whose properties are the fields every
   * case has (taken from the first case) and whose `oneOf` is each case without them, which the
   * merged union reads. Undefined when `fields` and `view` are not that shape.
   *
   * The object's part may itself be a second merged union of value-less cases (a balance
   * update's `origin`, after the balance's union): the cases' titles then name the first union's
   * cases, and the properties every case has alike, that no case of the first union lays out,
   * are the second's (see {@link constantCasesView}).
   */
  private unionMergedView(fields: readonly Field[], view: JsonView): JsonView | undefined {
    const alternatives = view.schema.oneOf;
    if (alternatives === undefined || alternatives.length < 2) return undefined;
    const cases = alternatives.map((alternative) => ({ alternative, schema: this.resolve(alternative) }));
    if (!cases.every((c) => c.schema.type === "object" && c.schema.properties !== undefined)) return undefined;
    const anonymous = fields.flatMap((field) => (field.kind === "anon" && field.layout.kind === "Ref" ? [field.layout.name] : []));
    if (anonymous.length !== fields.filter((field) => field.kind === "anon" && field.layout.kind !== "Zero_width").length) return undefined;
    const unions = anonymous.flatMap((name) => {
      const encoding = this.binary.definitions.get(name)?.encoding;
      return encoding?.kind === "Cases" ? [{ name, cases: encoding.cases }] : [];
    });
    if (unions.length !== anonymous.length || unions.length === 0 || unions.length > 2) return undefined;
    const titles = cases.map((c) => (c.alternative.title ?? c.schema.title ?? "").toLowerCase());
    const union = unions.length === 1 ? unions[0]! : unions.find((u) => u.cases.length === titles.length && u.cases.every((c) => titles.includes((c.name ?? "").toLowerCase())));
    const part = unions.find((u) => u !== union);
    if (union === undefined) return undefined;
    const names = fields.flatMap((field) => (field.kind === "named" && field.layout.kind !== "Padding" && field.layout.kind !== "Zero_width" ? [field.name] : []));
    if (names.length === 0 && part === undefined) return undefined;
    if (!cases.every((c) => names.every((name) => Object.hasOwn(c.schema.properties!, name)))) return undefined;
    const first = cases[0]!.schema;
    // The second union's properties: alike in every case, laid out by no case of the first.
    const laidOut = new Set(union.cases.flatMap((c) => c.fields.flatMap((field) => (field.kind === "named" ? [field.name] : []))));
    const partNames =
      part === undefined
        ? []
        : Object.keys(first.properties!).filter(
            (name) => !names.includes(name) && !laidOut.has(name) && cases.every((c) => c.schema.properties![name] !== undefined && JSON.stringify(c.schema.properties![name]) === JSON.stringify(first.properties![name])),
          );
    if (part !== undefined && partNames.length === 0) return undefined;
    const common = new Set([...names, ...partNames]);
    const without = (schema: JsonSchema): JsonSchema => ({
      ...schema,
      properties: Object.fromEntries(Object.entries(schema.properties!).filter(([name]) => !common.has(name))),
      required: (schema.required ?? []).filter((name) => !common.has(name)),
    });
    const schema: JsonSchema = {
      type: "object",
      properties: Object.fromEntries(names.map((name) => [name, first.properties![name]!])),
      required: names.filter((name) => cases.every((c) => (c.schema.required ?? []).includes(name))),
      oneOf: cases.map(({ alternative, schema }) => {
        const title = alternative.title ?? schema.title;
        return title === undefined ? without(schema) : { ...without(schema), title };
      }),
    };
    if (part !== undefined) {
      const properties = Object.fromEntries(partNames.map((name) => [name, first.properties![name]!]));
      this.mergedParts.set(schema, new Map([[part.name, properties]]));
    }
    return { ...view, schema };
  }

  /**
   * A union of value-less cases merged into an object, written as properties that Octez's
   * OpenAPI gives only some constants of (a balance update's `origin` is only ever `"block"`
   * there, the `Block_application` case): a case whose name has a constant as one of its words
   * (`block_application`) is an object of that constant; any other case, whose JSON the document
   * does not give, has no binary form (decoding its tag is a typed error; no value encodes to it).
   */
  private constantCases(name: string, properties: Record<string, JsonSchema>, where: string): IR {
    const encoding = this.binary.definitions.get(name)?.encoding;
    if (encoding?.kind !== "Cases") throw new ReconcileError(`binary definition ${JSON.stringify(name)} is not a union`, where);
    const names = Object.keys(properties);
    const cases = encoding.cases.map((c): UnionCase => {
      const caseName = c.name ?? String(c.tag);
      const words = caseName.toLowerCase().split("_");
      const constants: Array<{ name: string; value: JsonValue }> = [];
      for (const property of names) {
        const values = (this.resolve(properties[property]!).enum ?? []) as JsonValue[];
        const value = values.find((v) => typeof v === "string" && (words.includes(v) || v === words.join("_")));
        if (value !== undefined) constants.push({ name: property, value });
      }
      if (constants.length === names.length && valueCount(groupFields(withoutTag(c.fields))) === 0) {
        const match: CaseMatch = { kind: "object", properties: constants.map(({ name, value }) => ({ name, required: true, constant: value })), closed: true };
        return { tag: c.tag, name: caseName, payload: { kind: "object", items: constants.map(({ name, value }) => ({ kind: "constant", name, value })) }, match };
      }
      const reason = `union case ${caseName} of ${names.join(", ")} has no JSON form in the document`;
      this.undecided.push(`${where}<${caseName}>: ${reason}`);
      return { tag: c.tag, name: caseName, payload: { kind: "json-only", reason, schema: { type: "object", properties } }, match: { kind: "object", properties: names.map((n) => ({ name: n, required: true, types: [] })), closed: true } };
    });
    return { kind: "union", tagSize: encoding.tagSize, cases, jsonOnlyCases: [] };
  }

  /** An anonymous field inside an object: an inline object whose properties belong to the same JSON object. */
  private merged(layout: Layout, view: JsonView, where: string, used: Set<string>): IR {
    if (layout.kind !== "Ref") throw new ReconcileError(`anonymous ${layout.kind} field inside an object`, where);
    const definition = this.binary.definitions.get(layout.name);
    if (!definition) throw new ReconcileError(`binary definition ${JSON.stringify(layout.name)} is missing`, where);
    const ir = this.encoding(definition.encoding, view, where, layout.name);
    if (ir.kind === "object") {
      // Fields inside a length-prefixed frame are the object's too.
      const use = (items: readonly ObjectItem[]): void => {
        for (const item of items) {
          if (item.kind === "field" || item.kind === "constant") used.add(item.name);
          else if (item.kind === "frame") use(item.items);
        }
      };
      use(ir.items);
    }
    if (ir.kind === "union") {
      // JSON objects that each repeat the fields laid out before the union's tag, where they are
      // not the fields every case has (`unionMergedView` splits those): the object cannot be
      // split into those fields and a union.
      for (const c of ir.cases) {
        const names =
          c.payload.kind === "object"
            ? c.payload.items.flatMap((item) => (item.kind === "field" ? [item.name] : []))
            : c.payload.kind === "json-only"
              ? Object.keys(this.resolve(c.payload.schema).properties ?? {})
              : [];
        const repeated = names.find((name) => used.has(name));
        if (repeated !== undefined) throw new ReconcileError(`the union merged into this object repeats its field ${JSON.stringify(repeated)} in case ${c.name}`, where);
      }
    }
    return ir;
  }

  private tuple(items: readonly FieldItem[], schemas: readonly JsonSchema[], where: string): TupleElement[] {
    const reading: TupleReading = { schemas, where, position: 0 };
    const elements = this.tupleElements(items, reading);
    if (reading.position !== schemas.length) throw new ReconcileError(`JSON tuple of ${schemas.length} elements over ${reading.position} binary fields`, where);
    return elements;
  }

  /** The tuple elements of `group` (the tuple's items, or a frame's), each taking the next JSON element. */
  private tupleElements(group: readonly FieldItem[], reading: TupleReading): TupleElement[] {
    const { schemas, where } = reading;
    const out: TupleElement[] = [];
    for (const item of group) {
      if (item.kind === "frame") {
        out.push({ kind: "frame", header: item.size, elements: this.tupleElements(item.items, reading) });
        continue;
      }
      const field = item.field;
      if (field.layout.kind === "Padding") {
        out.push({ kind: "padding", bytes: field.dataKind.kind === "Fixed" ? field.dataKind.size : 0 });
        continue;
      }
      const position = reading.position;
      const schema = schemas[position];
      if (schema === undefined) throw new ReconcileError(`binary tuple has more elements than the JSON tuple (${schemas.length})`, where);
      out.push({ kind: "element", codec: withCount(this.value(field.layout, field.dataKind, this.view(schema), `${where}[${position}]`), item.count, where) });
      reading.position++;
    }
    return out;
  }

  // ---------------------------------------------------------------- unions

  /**
   * The payload of one union case. A case that cannot be reconciled makes only that case
   * unusable in binary (its tag decodes to a typed error), not the whole union.
   */
  private casePayload(binary: BinaryCase, view: JsonView, where: string): IR {
    const at = `${where}<${binary.name ?? binary.tag}>`;
    try {
      return this.nestedCaseObject(binary, view, at) ?? this.fields(this.caseNamedField(binary, view), view, at);
    } catch (error) {
      if (!(error instanceof ReconcileError) || error instanceof UnknownEncodingError) throw error;
      this.undecided.push(error.message);
      return { kind: "json-only", reason: error.message, schema: view.schema };
    }
  }

  /**
   * A case whose JSON object holds its constants and one object property, laid out by Octez's
   * Kaitai files in place (a sapling diff's `Update` is `{action, updates: {commitments_and_ciphertexts,
   * nullifiers}}`; Kaitai writes the two lists as the case's fields): when no case field is a
   * property of the case and every one is a property of that object, the fields are its value.
   */
  private nestedCaseObject(binary: BinaryCase, view: JsonView, at: string): IR | undefined {
    const fields = withoutTag(binary.fields);
    const properties = view.schema.properties;
    const names = fields.flatMap((field) => (field.kind === "named" && field.layout.kind !== "Padding" && field.layout.kind !== "Zero_width" ? [field.name] : []));
    if (properties === undefined || names.length === 0 || names.some((name) => Object.hasOwn(properties, name))) return undefined;
    const constants = Object.keys(properties).flatMap((name) => {
      const constant = constantOf(this.resolve(properties[name]!));
      return constant === undefined ? [] : [{ kind: "constant" as const, name, value: constant.value }];
    });
    const free = Object.keys(properties).filter((name) => !constants.some((c) => c.name === name));
    const name = free[0];
    if (free.length !== 1 || name === undefined || !(view.schema.required ?? []).includes(name)) return undefined;
    const inner = this.view(properties[name]!);
    const innerProperties = inner.schema.properties;
    if (inner.schema.type !== "object" || innerProperties === undefined || !names.every((n) => Object.hasOwn(innerProperties, n))) return undefined;
    const codec = this.fields(fields, inner, `${at}.${name}`);
    return { kind: "object", items: [...constants, { kind: "field", name, codec, presence: "required" }] };
  }

  /**
   * A case's fields after its tag. Octez's Kaitai files name the one field of a case after the
   * case (a balance update's `Block_fees` case is a field `block_fees`) or after its type (a
   * `Failing_noop`'s bytes are `bytes_dyn_uint30`, the shared type of length-prefixed bytes)
   * where data-encoding has an object of one property beside constants (`change`, with `kind`
   * and `category`; `arbitrary`): that field, with the length header framing it, takes the name
   * of the JSON object's one property that is not a constant, when no property has its name.
   */
  private caseNamedField(binary: BinaryCase, view: JsonView): readonly Field[] {
    const fields = withoutTag(binary.fields);
    const values = fields.filter((field) => field.kind === "named" && field.layout.kind !== "Padding" && field.layout.kind !== "Zero_width");
    const header = fields.length === 2 && fields[0]!.kind === "dyn" && fields[0]!.numFields === 1 ? fields[0] : undefined;
    const others = fields.filter((field) => field !== header && (field.kind !== "named" || field.layout.kind !== "Padding"));
    const only = values.length === 1 && values.length === others.length ? values[0] : undefined;
    const properties = view.schema.properties;
    if (only?.kind !== "named" || properties === undefined || Object.hasOwn(properties, only.name)) return fields;
    const free = Object.keys(properties).filter((name) => constantOf(this.resolve(properties[name]!)) === undefined);
    if (free.length !== 1) return fields;
    const name = free[0]!;
    return fields.map((field) => (field === only ? { ...only, name } : field === header && header.kind === "dyn" && header.name !== undefined ? { ...header, name } : field));
  }

  /**
   * data-encoding's `option` writes its `None` case as an untitled `{"type": "null"}`
   * alternative (Octez's OpenAPI marks the `oneOf` `nullable` instead, read back so): a binary
   * case named `None` without a value takes it.
   */
  private takeNoneAlternative(remaining: Array<{ schema: JsonSchema; index: number }>, binary: BinaryCase): JsonSchema | undefined {
    if (binary.name?.toLowerCase() !== "none" || valueCount(groupFields(withoutTag(binary.fields))) !== 0) return undefined;
    const at = remaining.findIndex((a) => a.schema.title === undefined && this.resolve(a.schema).type === "null");
    return at < 0 ? undefined : remaining.splice(at, 1)[0]!.schema;
  }

  private union(cases: readonly BinaryCase[], tagSize: "Uint8" | "Uint16", view: JsonView, where: string): IR {
    const schema = view.schema;
    const alternatives = schema.oneOf;

    if (!alternatives) {
      if (cases.length === 1) {
        const only = cases[0]!;
        // A union of one case is written as that case's JSON (a bond id, `{smart_rollup}`).
        const payload = this.fields(this.caseNamedField(only, view), view, `${where}<${only.name ?? only.tag}>`);
        return { kind: "union", tagSize, cases: [{ tag: only.tag, name: only.name ?? String(only.tag), payload, match: { kind: "type", types: kindsOf(schema, this.resolve) ?? ANY_KIND } }], jsonOnlyCases: [] };
      }
      if (Array.isArray(schema.enum) && cases.every((c) => valueCount(groupFields(withoutTag(c.fields))) === 0)) {
        const values = schema.enum as JsonValue[];
        return {
          kind: "union",
          tagSize,
          cases: cases.map((c) => {
            const value = values.find((v) => typeof v === "string" && v.toLowerCase() === (c.name ?? "").toLowerCase());
            if (value === undefined) throw new ReconcileError(`union case ${c.name} has no JSON enum value`, where);
            return { tag: c.tag, name: c.name ?? String(c.tag), payload: { kind: "constant", value }, match: { kind: "value", value } };
          }),
          jsonOnlyCases: [],
        };
      }
      // A compact encoding: one JSON form, several binary widths chosen by the value.
      return {
        kind: "union",
        tagSize,
        cases: cases.map((c) => ({
          tag: c.tag,
          name: c.name ?? String(c.tag),
          payload: this.casePayload(c, view, where),
          match: { kind: "first-that-fits" },
        })),
        jsonOnlyCases: [],
      };
    }

    const remaining = alternatives.map((schema, index) => ({ schema, index }));
    const matched: Array<{ binary: BinaryCase; schema: JsonSchema }> = [];
    const nestedSchemas = new Set<JsonSchema>();
    const unlisted: BinaryCase[] = [];
    for (const c of cases) {
      // By title as written first, then a case holding a union of its own, and only then a
      // title as Kaitai spells it: block_services' `Operation with metadata` holds the receipt
      // union, whose first case's title `Operation_with_metadata` it would otherwise take.
      let caseSchema = takeAlternative(remaining, c.name, false) ?? this.takeNoneAlternative(remaining, c);
      if (caseSchema === undefined) {
        caseSchema = this.nestedUnionSchema(c, remaining, matched);
        if (caseSchema !== undefined) nestedSchemas.add(caseSchema);
      }
      caseSchema ??= takeAlternative(remaining, c.name, true);
      if (caseSchema === undefined) unlisted.push(c);
      else matched.push({ binary: c, schema: caseSchema });
    }
    // A binary case the `oneOf` does not list (a layout newer than its JSON schema, say) has no
    // binary form of its own: decoding its tag is a typed error and no value encodes to it; the
    // other cases keep theirs. Not so when no case is listed (the `oneOf` is not this union's JSON), nor
    // when an unlisted case shares a listed one's name (tags of one name told apart by the
    // value's size, which no JSON shape tells: choosing would write wrong bytes).
    const listedNames = new Set(matched.map((m) => m.binary.name?.toLowerCase()));
    const refused = matched.length === 0 ? unlisted[0] : unlisted.find((c) => listedNames.has(c.name?.toLowerCase()));
    if (refused !== undefined) throw new ReconcileError(`binary case ${JSON.stringify(refused.name ?? refused.tag)} (tag ${refused.tag}) has no JSON oneOf entry with that title`, where);

    // data-encoding's `option`: None (tag 0, no bytes) ↔ null, Some (tag 1) ↔ the value.
    if (matched.length === 2 && remaining.length === 0) {
      const none = matched.find((m) => m.binary.tag === 0 && m.binary.name?.toLowerCase() === "none");
      const some = matched.find((m) => m.binary.tag === 1 && m.binary.name?.toLowerCase() === "some");
      if (none && some && this.view(none.schema).schema.type === "null") {
        return { kind: "option", some: this.fields(withoutTag(some.binary.fields), this.view(some.schema), `${where}<Some>`) };
      }
    }

    const unionCases: UnionCase[] = matched.map(({ binary, schema: caseSchema }) => {
      const caseView = this.view(caseSchema);
      const payload = this.casePayload(binary, caseView, where);
      // A case holding a union of its own matches what any of the inner cases does.
      const nested = nestedSchemas.has(caseSchema) ? alternativesMatch(caseView.schema.oneOf!.map((a) => caseMatch(this.resolve(a), this.resolve))) : undefined;
      return { tag: binary.tag, name: binary.name ?? String(binary.tag), payload, match: nested ?? caseMatch(caseView.schema, this.resolve) };
    });
    const jsonOnlyCases: JsonOnlyCase[] = remaining.map(({ schema: s, index }) => {
      const caseView = this.view(s);
      return { title: s.title ?? `case ${index}`, schema: s, match: caseMatch(caseView.schema, this.resolve) };
    });
    for (const c of unlisted) {
      const name = c.name ?? String(c.tag);
      const reason = `binary case ${JSON.stringify(name)} (tag ${c.tag}) has no JSON oneOf entry with that title`;
      this.undecided.push(`${where}<${name}>: ${reason}`);
      unionCases.push({ tag: c.tag, name, payload: { kind: "json-only", reason, schema: {} }, match: { kind: "type", types: [] } });
    }
    unionCases.sort((a, b) => a.tag - b.tag);
    return { kind: "union", tagSize, cases: withOverlappingCases(withSizedAlikeCases(unionCases)), jsonOnlyCases };
  }

  /**
   * The JSON of a case that holds a union of its own (its fields after the tag are one `Ref` to
   * a union: block_services' `Operation with metadata` holds the protocol's receipt union, whose
   * tag follows), when the `oneOf` has no entry of the case's title: the entries titled as the
   * inner union's cases, taken out of `remaining`. An inner case with no entry of its own whose
   * title is an earlier outer case's, but for case and separators (the receipt union's
   * `Operation_without_metadata`, block_services' `Operation without metadata`), has that case's
   * JSON: the `oneOf` leaves it out because the earlier case reads the same values first, and
   * so does the encoder; the decoder reads it.
   */
  private nestedUnionSchema(binary: BinaryCase, remaining: Array<{ schema: JsonSchema; index: number }>, matched: ReadonlyArray<{ binary: BinaryCase; schema: JsonSchema }>): JsonSchema | undefined {
    const fields = withoutTag(binary.fields);
    const only = fields.length === 1 ? fields[0] : undefined;
    if (only?.kind !== "anon" || only.layout.kind !== "Ref") return undefined;
    const inner = this.binary.definitions.get(only.layout.name)?.encoding;
    if (inner?.kind !== "Cases") return undefined;
    const words = (title: string | undefined) => title?.toLowerCase().split(/[\s_]+/).join(" ");
    const entries: JsonSchema[] = [];
    for (const c of inner.cases) {
      const own = takeAlternative(remaining, c.name);
      const earlier = own === undefined ? matched.find((m) => words(m.binary.name) === words(c.name)) : undefined;
      if (own === undefined && earlier === undefined) return undefined;
      entries.push(own ?? { ...earlier!.schema, title: c.name! });
    }
    return { oneOf: entries };
  }
}

// ------------------------------------------------------------------ helpers

/**
 * Cases of one JSON shape that only their byte count tells apart: each a hex string of bytes
 * of its own fixed size (Octez's `signature_prefix` from protocol 025: `Bls_prefix`, the first
 * 32 bytes of a BLS signature, or `Mldsa44_prefix`, the first 2356 of an ML-DSA-44 one). No
 * shape can choose between them, so the encoder takes the first whose size the value has
 * (`first-that-fits`), as data-encoding tries a union's cases in turn.
 */
function withSizedAlikeCases(cases: UnionCase[]): UnionCase[] {
  const byShape = new Map<string, UnionCase[]>();
  for (const c of cases) {
    const key = JSON.stringify(c.match);
    byShape.set(key, [...(byShape.get(key) ?? []), c]);
  }
  const sizedAlike = new Set<UnionCase>();
  for (const group of byShape.values()) {
    if (group.length < 2) continue;
    const sizes = group.map((c) => (c.payload.kind === "bytes" && c.payload.size.kind === "fixed" ? c.payload.size.bytes : undefined));
    if (sizes.some((size) => size === undefined) || new Set(sizes).size !== sizes.length) continue;
    for (const c of group) sizedAlike.add(c);
  }
  return sizedAlike.size === 0 ? cases : cases.map((c) => (sizedAlike.has(c) ? { ...c, match: { kind: "first-that-fits" } } : c));
}

/** What the items of one JSON object are read against, and the properties they used so far. */
interface ObjectReading {
  view: JsonView;
  where: string;
  properties: Record<string, JsonSchema>;
  required: readonly string[];
  /** Properties given by a binary field (directly or through a merged object). */
  used: Set<string>;
  /** The object's own items (not a frame's), after {@link nameSoleAnonymousValue}. */
  items: readonly FieldItem[];
}

/** The JSON element schemas of a tuple, and the position of the next element to read. */
interface TupleReading {
  schemas: readonly JsonSchema[];
  where: string;
  position: number;
}

/**
 * Takes out of `remaining` the `oneOf` alternative titled `name` (exactly, else ignoring case,
 * else, unless `asKaitaiSpells` is false, spelled as a Kaitai identifier: Octez's Kaitai files
 * write a title's spaces and dots as underscores, `inbox proof` as `inbox__proof`), if there is one.
 */
function takeAlternative(remaining: Array<{ schema: JsonSchema; index: number }>, name: string | undefined, asKaitaiSpells = true): JsonSchema | undefined {
  if (name === undefined) return undefined;
  let at = remaining.findIndex((a) => a.schema.title === name);
  if (at < 0) at = remaining.findIndex((a) => a.schema.title?.toLowerCase() === name.toLowerCase());
  const identifier = (title: string) => title.toLowerCase().replace(/[^a-z0-9]+/g, "_");
  if (at < 0 && asKaitaiSpells) at = remaining.findIndex((a) => a.schema.title !== undefined && identifier(a.schema.title) === identifier(name));
  if (at < 0) return undefined;
  return remaining.splice(at, 1)[0]!.schema;
}

/** A list read after its element count (a count prefix merged by `mergeCountPrefixes`). */
function withCount(ir: IR, count: DynSize | undefined, where: string): IR {
  if (count === undefined) return ir;
  if (ir.kind !== "list") throw new ReconcileError(`an element count precedes a ${ir.kind}, not a list`, where);
  return { ...ir, count };
}

/**
 * A JSON object of one property whose binary form is a single anonymous value (possibly behind
 * a length header): data-encoding describes a one-field object by its field's layout alone
 * (the 8.2 `internal-events` record `{activate?: [...]}` is a `dyn` header and an anonymous
 * sequence). The anonymous value takes the property's name.
 */
function nameSoleAnonymousValue(items: readonly FieldItem[], properties: Record<string, JsonSchema>): readonly FieldItem[] {
  const names = Object.keys(properties);
  if (names.length !== 1) return items;
  const values: FieldItem[] = [];
  collectValues(items, values);
  const only = values[0];
  if (values.length !== 1 || only?.kind !== "value" || only.field.kind !== "anon" || only.field.layout.kind === "Ref") return items;
  const named: FieldItem = { ...only, field: { kind: "named", name: names[0]!, layout: only.field.layout, dataKind: only.field.dataKind } };
  return replaceItem(items, only, named);
}

/** Appends to `values` the items of `group` (frames included) that carry a value. */
function collectValues(group: readonly FieldItem[], values: FieldItem[]): void {
  for (const item of group) {
    if (item.kind === "frame") collectValues(item.items, values);
    else if (!isSkippable(item)) values.push(item);
  }
}

/** `group` with `before` (found at any depth) replaced by `after`; frames on the way are copied. */
function replaceItem(group: readonly FieldItem[], before: FieldItem, after: FieldItem): FieldItem[] {
  return group.map((item) => (item === before ? after : item.kind === "frame" ? { ...item, items: replaceItem(item.items, before, after) } : item));
}

/** A union case's fields after its tag (the list itself when it does not start with one). */
function withoutTag(fields: readonly Field[]): readonly Field[] {
  const first = fields[0];
  return first && first.kind === "named" && first.name === "Tag" ? fields.slice(1) : fields;
}

function isSkippable(item: FieldItem): boolean {
  if (item.kind === "frame") return false;
  const layout = item.field.layout;
  return layout.kind === "Padding" || (item.field.kind === "anon" && layout.kind === "Zero_width") || (item.field.kind === "named" && layout.kind === "Zero_width");
}

function valueCount(items: readonly FieldItem[]): number {
  return items.filter((i) => !isSkippable(i)).length;
}

function sizeOf(dataKind: DataKind, where: string): Size {
  if (dataKind.kind === "Fixed") return { kind: "fixed", bytes: dataKind.size };
  if (dataKind.kind === "Variable") return { kind: "variable" };
  throw new ReconcileError("a byte or text value of Dynamic kind has no length of its own", where);
}

function describeLayout(layout: Layout, dataKind: DataKind): string {
  const size = dataKind.kind === "Fixed" ? ` of ${dataKind.size} bytes` : ` (${dataKind.kind})`;
  return layout.kind === "Ref" ? `Ref ${layout.name}${size}` : `${layout.kind}${size}`;
}

/** Every JSON type: what a schema that constrains nothing accepts. */
const ANY_KIND: readonly JsonKind[] = ["object", "string", "array", "number", "boolean", "null"];

/**
 * The JSON types a schema's values may have (`$ref`s followed by `resolve`), or `undefined`
 * when it accepts any: text (`unistring`) is a string or the invalid-UTF-8 object, a constant
 * has the type of its value, alternatives the types of all of them.
 */
function kindsOf(schema: JsonSchema, resolve: (schema: JsonSchema) => JsonSchema, depth = 0): JsonKind[] | undefined {
  if (depth > 16) return undefined;
  const s = resolve(schema);
  const kinds = new Set<JsonKind>();
  if (s.type !== undefined) {
    for (const type of Array.isArray(s.type) ? s.type : [s.type]) kinds.add(type === "integer" ? "number" : (type as JsonKind));
    return [...kinds].sort();
  }
  if (Array.isArray(s.enum)) {
    for (const value of s.enum) {
      const kind = jsonKindOf(value);
      if (kind !== undefined) kinds.add(kind);
    }
    return [...kinds].sort();
  }
  const alternatives = s.oneOf ?? s.anyOf;
  if (Array.isArray(alternatives)) {
    for (const alternative of alternatives) {
      const inner = kindsOf(alternative, resolve, depth + 1);
      if (inner === undefined) return undefined;
      for (const kind of inner) kinds.add(kind);
    }
    return [...kinds].sort();
  }
  return undefined;
}

/**
 * The whole JSON shape of a union case (describe-format.md §7.4): a constant, an object with its
 * properties (required or not, constant, and of which JSON types), or any value of some types.
 */
function caseMatch(schema: JsonSchema, resolve: (schema: JsonSchema) => JsonSchema): CaseMatch {
  const constant = constantOf(schema);
  if (constant) return { kind: "value", value: constant.value };
  if (schema.type === "object") {
    const required = new Set(schema.required ?? []);
    const properties: PropertyShape[] = Object.entries(schema.properties ?? {}).map(([name, property]) => {
      const target = resolve(property);
      const value = constantOf(target);
      if (value) return { name, required: required.has(name), constant: value.value };
      const types = kindsOf(target, resolve);
      return types === undefined ? { name, required: required.has(name) } : { name, required: required.has(name), types };
    });
    return { kind: "object", properties, closed: schema.additionalProperties === false };
  }
  return commonConstantsMatch(schema, resolve) ?? { kind: "type", types: kindsOf(schema, resolve) ?? ANY_KIND };
}

/**
 * A case whose JSON is a `oneOf` of objects that all hold the same constant in some property
 * (a backtracked transaction result, `To_contract` or `To_smart_rollup`, is always
 * `status: "backtracked"`): an object with those constants. Without it the case would accept any
 * object, as would its neighbour `Applied` (`status: "applied"`), and the first would be taken.
 */
function commonConstantsMatch(schema: JsonSchema, resolve: (schema: JsonSchema) => JsonSchema): CaseMatch | undefined {
  const alternatives = schema.oneOf?.map(resolve);
  if (alternatives === undefined || alternatives.length === 0 || !alternatives.every((a) => a.type === "object" && a.properties !== undefined)) return undefined;
  const constantIn = (alternative: JsonSchema, name: string) => {
    const property = alternative.properties![name];
    return property === undefined || !(alternative.required ?? []).includes(name) ? undefined : constantOf(resolve(property));
  };
  const properties: PropertyShape[] = [];
  for (const name of Object.keys(alternatives[0]!.properties!)) {
    const first = constantIn(alternatives[0]!, name);
    if (first === undefined) continue;
    if (alternatives.every((alternative) => JSON.stringify(constantIn(alternative, name)?.value) === JSON.stringify(first.value))) properties.push({ name, required: true, constant: first.value });
  }
  return properties.length === 0 ? undefined : { kind: "object", properties, closed: false };
}
