/**
 * The normalised binary schema of one body (input, output or error) of a service.
 *
 * Same structure as the `binary_schema` JSON of a describe answer (describe-format.md §6), with
 * the version-dependent spellings unified: data kinds say `"Fixed"` (never the legacy
 * `"Float"`), integers always carry their endianness, and sequence limits use one shape whatever
 * the node printed (`length_limit` or the older `max_length`).
 */

export type IntSize = "Int8" | "Uint8" | "Int16" | "Uint16" | "Int32" | "Int64";
export type Endianness = "Big" | "Little";
export type TagSize = "Uint8" | "Uint16";
export type DynSize = "Uint8" | "Uint16" | "Uint30" | "N";
export type EnumSize = "Int8" | "Uint8" | "Int16" | "Uint16";

/** How many bytes a value takes. */
export type DataKind = { kind: "Fixed"; size: number } | { kind: "Dynamic" } | { kind: "Variable" };

export type SeqLimit = { kind: "at-most"; max: number } | { kind: "exactly"; count: number };

/** What the bytes of a field mean. */
export type Layout =
  | { kind: "Zero_width" }
  | { kind: "Int"; size: IntSize; endianness: Endianness }
  | { kind: "Bool" }
  | { kind: "RangedInt"; min: number; max: number; endianness: Endianness }
  | { kind: "RangedFloat"; min: number; max: number }
  | { kind: "Float" }
  | { kind: "Bytes" }
  | { kind: "String" }
  | { kind: "Enum"; size: EnumSize; reference: string }
  | { kind: "Seq"; layout: Layout; limit?: SeqLimit }
  | { kind: "Ref"; name: string }
  | { kind: "Padding" };

export type Field =
  | { kind: "named"; name: string; layout: Layout; dataKind: DataKind }
  | { kind: "anon"; layout: Layout; dataKind: DataKind }
  /** A length header covering the next `numFields` fields. */
  | { kind: "dyn"; name?: string; numFields: number; size: DynSize }
  /** A presence byte for the next field, which has the same name. */
  | { kind: "option_indicator"; name: string };

export interface UnionCase {
  tag: number;
  name?: string;
  /** The case's fields, starting with its explicit `Tag` field as published. */
  fields: Field[];
}

export type Encoding =
  | { kind: "Obj"; fields: Field[] }
  | { kind: "Cases"; tagSize: TagSize; dataKind: DataKind; cases: UnionCase[] }
  | { kind: "Int_enum"; size: EnumSize; cases: Array<[number, string]> };

export interface BinaryDefinition {
  title: string;
  description?: string;
  encoding: Encoding;
}

export interface BinarySchema {
  toplevel: Encoding;
  /** Named definitions by title, in published order. */
  definitions: Map<string, BinaryDefinition>;
}
