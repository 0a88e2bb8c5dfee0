/**
 * Normalises a `binary_schema` JSON object (describe-format.md §6) into the model's
 * {@link BinarySchema}, accepting every format generation:
 *
 * - the fixed data kind in both spellings: `{"kind":"Float","size":n}` (data-encoding ≤ 0.6)
 *   becomes `{kind:"Fixed",size:n}`;
 * - integer layouts without `endianness` (everything before data-encoding 1.0) are big-endian;
 * - Seq limits: `length_limit` `no-limit` → no limit, `at-most`/`exactly` → the model's limit,
 *   and the older `"max_length": n` → at most n;
 * - zero-width anonymous fields (an `anon` field whose data kind is fixed size 0, such as the
 *   `Zero_width` field that described the empty value up to data-encoding 0.6) are dropped,
 *   which is what data-encoding itself does from 0.7 on; so the empty value is always an Obj
 *   with no field, and the `None` case of an option is its `Tag` alone. A zero-width field
 *   covered by a `dyn` header is kept, so that header's field count stays right. Named
 *   zero-width fields (after an `option_indicator`) are kept: their name is meaningful.
 *
 * It also checks what a JSON Schema cannot: definition titles are unique, every `Enum`
 * refers to an `Int_enum` definition, tags fit the tag size and are unique in their union, a
 * `dyn` header does not cover more fields than follow it, and an `option_indicator` is
 * followed by the field it announces. Violations raise a {@link DescribeFormatError} with a
 * JSON pointer.
 *
 * A `Ref` to a missing definition is only a warning: real nodes publish them (the Granada
 * dump's `pending_operations` output refers to `X_5` and `X_8`, which it never defines), and
 * the rest of such a schema is still usable. Whoever generates a codec through that reference
 * must fail then.
 */
import type {
  BinaryDefinition,
  BinarySchema,
  DataKind,
  Encoding,
  Field,
  Layout,
  SeqLimit,
  UnionCase,
} from "../model/binary-schema.ts";
import { DescribeFormatError } from "./errors.ts";
import { rawString, type RawBinarySchema, type RawDataKind, type RawEncoding, type RawField, type RawLayout } from "./raw.ts";
import { validateBinarySchemaJson } from "./validate.ts";

export interface ReadBinarySchemaOptions {
  /** JSON pointer of the `binary_schema` object in its document, prefixed to error pointers. */
  pointer?: string;
  /** Receives non-fatal findings (dangling references); they are dropped when absent. */
  warnings?: DescribeWarning[];
}

/** A finding that does not stop the reader. */
export interface DescribeWarning {
  /** JSON pointer of the place concerned. */
  pointer: string;
  message: string;
}

/** Validates and normalises one `binary_schema` JSON object. */
export function readBinarySchema(json: unknown, options: ReadBinarySchemaOptions = {}): BinarySchema {
  const pointer = options.pointer ?? "";
  validateBinarySchemaJson(json, pointer);
  return normaliseBinarySchema(json as RawBinarySchema, pointer, options.warnings);
}

/** Normalises an already validated `binary_schema` (see {@link readBinarySchema}). */
export function normaliseBinarySchema(raw: RawBinarySchema, pointer: string, warnings: DescribeWarning[] = []): BinarySchema {
  const definitions = new Map<string, BinaryDefinition>();
  raw.fields.forEach((entry, i) => {
    const at = `${pointer}/fields/${i}`;
    const title = rawString(entry.description.title);
    if (definitions.has(title)) {
      throw new DescribeFormatError(`${at}/description/title`, `duplicate definition title ${JSON.stringify(title)}`);
    }
    const definition: BinaryDefinition = { title, encoding: normaliseEncoding(entry.encoding, `${at}/encoding`) };
    if (entry.description.description !== undefined) definition.description = rawString(entry.description.description);
    definitions.set(title, definition);
  });
  const schema: BinarySchema = { toplevel: normaliseEncoding(raw.toplevel, `${pointer}/toplevel`), definitions };
  checkReferences(raw, schema, pointer, warnings);
  return schema;
}

export function normaliseDataKind(raw: RawDataKind): DataKind {
  switch (raw.kind) {
    case "Fixed":
    case "Float": // legacy spelling of a fixed size (data-encoding ≤ 0.6)
      return { kind: "Fixed", size: raw.size };
    case "Dynamic":
      return { kind: "Dynamic" };
    case "Variable":
      return { kind: "Variable" };
  }
}

function normaliseEncoding(raw: RawEncoding, at: string): Encoding {
  if ("tag_size" in raw) {
    const limit = raw.tag_size === "Uint8" ? 0xff : 0xffff;
    const seen = new Set<number>();
    const cases = raw.cases.map((c, i): UnionCase => {
      if (c.tag > limit) throw new DescribeFormatError(`${at}/cases/${i}/tag`, `tag ${c.tag} does not fit a ${raw.tag_size} tag`);
      if (seen.has(c.tag)) throw new DescribeFormatError(`${at}/cases/${i}/tag`, `duplicate tag ${c.tag} in union`);
      seen.add(c.tag);
      const out: UnionCase = { tag: c.tag, fields: normaliseFields(c.fields, `${at}/cases/${i}/fields`) };
      if (c.name !== undefined) out.name = rawString(c.name);
      return out;
    });
    return { kind: "Cases", tagSize: raw.tag_size, dataKind: normaliseDataKind(raw.kind), cases };
  }
  if ("size" in raw) {
    return { kind: "Int_enum", size: raw.size, cases: raw.cases.map(([n, s]): [number, string] => [n, rawString(s)]) };
  }
  return { kind: "Obj", fields: normaliseFields(raw.fields, `${at}/fields`) };
}

function isZeroWidthAnon(field: RawField): boolean {
  return field.kind === "anon" && (field.data_kind.kind === "Fixed" || field.data_kind.kind === "Float") && field.data_kind.size === 0;
}

function normaliseFields(raw: readonly RawField[], at: string): Field[] {
  const out: Field[] = [];
  let covered = 0; // fields still inside the frame of the last dyn header
  for (let i = 0; i < raw.length; i++) {
    const field = raw[i]!;
    const insideDyn = covered > 0;
    if (covered > 0) covered--;
    switch (field.kind) {
      case "dyn": {
        if (i + field.num_fields >= raw.length) {
          throw new DescribeFormatError(
            `${at}/${i}/num_fields`,
            `length header covers ${field.num_fields} field(s) but only ${raw.length - i - 1} follow`,
          );
        }
        covered = Math.max(covered, field.num_fields);
        const dyn: Field = { kind: "dyn", numFields: field.num_fields, size: field.size };
        if (field.name !== undefined) dyn.name = rawString(field.name);
        out.push(dyn);
        break;
      }
      case "option_indicator": {
        const name = rawString(field.name);
        const next = raw[i + 1];
        if (next === undefined || next.kind !== "named" || rawString(next.name) !== name) {
          throw new DescribeFormatError(`${at}/${i}`, `option indicator for ${JSON.stringify(name)} is not followed by the field ${JSON.stringify(name)}`);
        }
        out.push({ kind: "option_indicator", name });
        break;
      }
      case "named":
        out.push({
          kind: "named",
          name: rawString(field.name),
          layout: normaliseLayout(field.layout),
          dataKind: normaliseDataKind(field.data_kind),
        });
        break;
      case "anon":
        if (isZeroWidthAnon(field) && !insideDyn) break;
        out.push({ kind: "anon", layout: normaliseLayout(field.layout), dataKind: normaliseDataKind(field.data_kind) });
        break;
    }
  }
  return out;
}

export function normaliseLayout(raw: RawLayout): Layout {
  switch (raw.kind) {
    case "Int":
      return { kind: "Int", size: raw.size, endianness: raw.endianness ?? "Big" };
    case "RangedInt":
      return { kind: "RangedInt", min: raw.min, max: raw.max, endianness: raw.endianness ?? "Big" };
    case "RangedFloat":
      return { kind: "RangedFloat", min: raw.min, max: raw.max };
    case "Enum":
      return { kind: "Enum", size: raw.size, reference: rawString(raw.reference) };
    case "Ref":
      return { kind: "Ref", name: rawString(raw.name) };
    case "Seq": {
      const seq: Layout = { kind: "Seq", layout: normaliseLayout(raw.layout) };
      const limit = normaliseLimit(raw);
      if (limit !== undefined) seq.limit = limit;
      return seq;
    }
    default:
      return { kind: raw.kind };
  }
}

function normaliseLimit(raw: Extract<RawLayout, { kind: "Seq" }>): SeqLimit | undefined {
  if (raw.max_length !== undefined) return { kind: "at-most", max: raw.max_length };
  const limit = raw.length_limit;
  if (limit === undefined) return undefined;
  switch (limit.kind) {
    case "no-limit":
      return undefined;
    case "at-most":
      return { kind: "at-most", max: limit.at_most };
    case "exactly":
      return { kind: "exactly", count: limit.exactly };
  }
}

/** Every `Enum` must name an `Int_enum` definition; a dangling `Ref` is reported as a warning. */
function checkReferences(raw: RawBinarySchema, schema: BinarySchema, pointer: string, warnings: DescribeWarning[]): void {
  checkEncodingReferences(raw.toplevel, `${pointer}/toplevel`, schema, warnings);
  raw.fields.forEach((entry, i) => checkEncodingReferences(entry.encoding, `${pointer}/fields/${i}/encoding`, schema, warnings));
}

function checkEncodingReferences(encoding: RawEncoding, at: string, schema: BinarySchema, warnings: DescribeWarning[]): void {
  if ("tag_size" in encoding) encoding.cases.forEach((c, i) => checkFieldReferences(c.fields, `${at}/cases/${i}/fields`, schema, warnings));
  else if (!("size" in encoding)) checkFieldReferences(encoding.fields, `${at}/fields`, schema, warnings);
}

function checkFieldReferences(fields: readonly RawField[], at: string, schema: BinarySchema, warnings: DescribeWarning[]): void {
  for (let i = 0; i < fields.length; i++) {
    const field = fields[i]!;
    if (field.kind !== "named" && field.kind !== "anon") continue;
    // The layout that may refer to a definition: the field's, or the elements' of its sequences.
    let layout = field.layout;
    let depth = 0;
    while (layout.kind === "Seq") {
      layout = layout.layout;
      depth++;
    }
    if (layout.kind === "Ref") {
      const name = rawString(layout.name);
      if (!schema.definitions.has(name)) {
        warnings.push({ pointer: `${layoutPointer(at, i, depth)}/name`, message: `reference to undefined definition ${JSON.stringify(name)}` });
      }
    } else if (layout.kind === "Enum") {
      const name = rawString(layout.reference);
      const target = schema.definitions.get(name);
      if (target === undefined) throw new DescribeFormatError(`${layoutPointer(at, i, depth)}/reference`, `enumeration refers to undefined definition ${JSON.stringify(name)}`);
      if (target.encoding.kind !== "Int_enum") {
        throw new DescribeFormatError(`${layoutPointer(at, i, depth)}/reference`, `enumeration refers to ${JSON.stringify(name)}, which is not an Int_enum`);
      }
    }
  }
}

/**
 * The pointer of the layout met `depth` sequences deep in field `index` of the list at `at`
 * (written only for a problem: the check meets every field).
 */
function layoutPointer(at: string, index: number, depth: number): string {
  return `${at}/${index}/layout${"/layout".repeat(depth)}`;
}
