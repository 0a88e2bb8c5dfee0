/**
 * Binary layouts of the block's own values (`block-directory.ts`), composed from the registered
 * encodings' layouts as `block_services.ml` composes the encodings, in the describe answer's
 * binary-schema form (describe-format.md §6). The facts of data-encoding's binary it relies on:
 * a `constant` takes no bytes (the `protocol` field is in JSON only), and `merge_objs` of
 * objects lays the fields of the first then of the second, `dynamic_size` is a `Uint30` byte
 * length before its value, and a `list` of self-delimited values runs to the end of its frame
 * with no count. The shell's hashes have fixed sizes: a chain id 4 bytes, a block or operation
 * hash 32. Laid out: the header and its protocol data, an operation, a validation pass's
 * operations and all of them; why the block and its metadata are not is said where they are
 * rebuilt (`block-directory.ts`).
 */
import type { RawBinarySchema, RawEncoding, RawField } from "../describe/raw.ts";
import { rawString } from "../describe/raw.ts";
import { BlockDirectoryError } from "./block-directory-error.ts";

/** A named field of `size` bytes (a hash). */
export function fixedBytes(name: string, size: number): RawField {
  return { kind: "named", name, layout: { kind: "Bytes" }, data_kind: { kind: "Fixed", size } };
}

/**
 * One body's binary schema being composed: the definitions its pieces bring, gathered once each
 * (two pieces defining a name differently is an error rather than a silent choice).
 */
export class LayoutBuilder {
  private readonly definitions = new Map<string, RawEncoding>();

  constructor(private readonly where: string) {}

  /** The top-level fields of a piece whose value is an object (its definitions gathered). */
  fields(piece: RawBinarySchema, id: string): RawField[] {
    this.gather(piece);
    const top = piece.toplevel;
    if (!("fields" in top)) throw new BlockDirectoryError(this.where, `the layout of ${id} is not an object's`);
    return top.fields;
  }

  /** Defines the binary definition `name` (a union the body refers to by `Ref`). */
  define(name: string, encoding: RawEncoding): void {
    this.put(name, encoding);
  }

  finish(toplevel: RawEncoding): RawBinarySchema {
    const fields = [...this.definitions].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([title, encoding]) => ({ description: { title }, encoding }));
    return { toplevel, fields };
  }

  private gather(piece: RawBinarySchema): void {
    for (const { description, encoding } of piece.fields) this.put(rawString(description.title), encoding);
  }

  private put(name: string, encoding: RawEncoding): void {
    const known = this.definitions.get(name);
    if (known === undefined || JSON.stringify(known) === JSON.stringify(encoding)) {
      this.definitions.set(name, encoding);
      return;
    }
    // Octez's Kaitai files spell one run of bytes as text in one file and as bytes in another
    // (a Micheline expression's `string` case): the same wire bytes, so one definition, read as
    // text (what the JSON form of such a run is). Any other difference is an error, not a choice.
    if (JSON.stringify(textAsBytes(known)) !== JSON.stringify(textAsBytes(encoding))) throw new BlockDirectoryError(this.where, `two pieces lay out the binary definition ${name} differently`);
    if (textRuns(encoding) > textRuns(known)) this.definitions.set(name, encoding);
  }
}

/** How many runs of bytes `value` reads as text. */
function textRuns(value: unknown): number {
  return (JSON.stringify(value).match(/"kind":"String"/g) ?? []).length;
}

/** `value` with every `String` layout written as `Bytes`: what both read off the wire. */
function textAsBytes(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(textAsBytes);
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) out[key] = textAsBytes(inner);
  if (out["kind"] === "String" && Object.keys(out).length === 1) out["kind"] = "Bytes";
  return out;
}

/** data-encoding's `dynamic_size` around `fields`: a `Uint30` byte length, then the fields it frames. */
export function sized(fields: readonly RawField[]): RawField[] {
  return [{ kind: "dyn", num_fields: fields.length, size: "Uint30" }, ...fields];
}

/** The binary definition name of block_services' receipt union (`operation_data_encoding` there, which Octez does not name). */
export const RECEIPT_UNION = "block_operation.data_and_receipt";

/** The pieces of an operation of the block: their layouts (registered encodings) and codec ids. */
export interface OperationPieces {
  shellHeader: { id: string; binary: RawBinarySchema };
  data: { id: string; binary: RawBinarySchema };
  dataAndReceipt: { id: string; binary: RawBinarySchema };
}

/**
 * The fields of block_services' `operation`: the `protocol` constant (no bytes), the chain id,
 * the operation hash, the shell header behind its length, then behind its length the receipt
 * union ({@link RECEIPT_UNION}, a `Uint8` tag): 0 the operation data (`metadata: "too large"` is
 * a constant, no bytes), 1 the operation data, 2 the protocol's data and receipt (a union of its
 * own, whose tag follows).
 */
export function operationFields(layout: LayoutBuilder, pieces: OperationPieces, caseTitles: readonly [string, string, string]): RawField[] {
  const tag: RawField = { kind: "named", name: "Tag", layout: { kind: "Int", size: "Uint8" }, data_kind: { kind: "Fixed", size: 1 } };
  const data = layout.fields(pieces.data.binary, pieces.data.id);
  const receipt = layout.fields(pieces.dataAndReceipt.binary, pieces.dataAndReceipt.id);
  layout.define(RECEIPT_UNION, {
    tag_size: "Uint8",
    kind: { kind: "Dynamic" },
    cases: caseTitles.map((name, index) => ({ tag: index, name, fields: [tag, ...(index === 2 ? receipt : data)] })),
  });
  return [
    fixedBytes("chain_id", 4),
    fixedBytes("hash", 32),
    ...sized(layout.fields(pieces.shellHeader.binary, pieces.shellHeader.id)),
    ...sized([{ kind: "anon", layout: { kind: "Ref", name: RECEIPT_UNION }, data_kind: { kind: "Dynamic" } }]),
  ];
}

/** The binary definition name of block_services' `operation`, as the rebuilt JSON names it. */
const OPERATION = "block_operation";
/** The binary definition name of one validation pass's operations behind their length (`/operations`' element). */
const PASS = "block_operation.pass";

/** `list operation_encoding` (`/operations/<list_offset>`): operations one after the other, to the end. */
export function operationList(layout: LayoutBuilder, pieces: OperationPieces, caseTitles: readonly [string, string, string]): RawField {
  layout.define(OPERATION, { fields: operationFields(layout, pieces, caseTitles) });
  return { kind: "anon", layout: { kind: "Seq", layout: { kind: "Ref", name: OPERATION } }, data_kind: { kind: "Variable" } };
}

/** `list (dynamic_size (list operation_encoding))` (`/operations`): each validation pass behind its length. */
export function operationPasses(layout: LayoutBuilder, pieces: OperationPieces, caseTitles: readonly [string, string, string]): RawField {
  layout.define(PASS, { fields: sized([operationList(layout, pieces, caseTitles)]) });
  return { kind: "anon", layout: { kind: "Seq", layout: { kind: "Ref", name: PASS } }, data_kind: { kind: "Variable" } };
}
