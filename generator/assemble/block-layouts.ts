/**
 * Binary layouts of the block's own values (`block-directory.ts`), composed from the registered
 * encodings' layouts as `block_services.ml` composes the encodings, in the describe answer's
 * binary-schema form (describe-format.md §6). The facts of data-encoding's binary it relies on:
 * a `constant` takes no bytes (the `protocol` field is in JSON only), and `merge_objs` of
 * objects lays the fields of the first then of the second. The shell's hashes have fixed
 * sizes: a chain id 4 bytes, a block hash 32. Laid out: the header and its protocol data; why
 * the others are not is said where they are rebuilt (`block-directory.ts`).
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

  finish(toplevel: RawEncoding): RawBinarySchema {
    const fields = [...this.definitions].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([title, encoding]) => ({ description: { title }, encoding }));
    return { toplevel, fields };
  }

  private gather(piece: RawBinarySchema): void {
    for (const { description, encoding } of piece.fields) this.put(rawString(description.title), encoding);
  }

  private put(name: string, encoding: RawEncoding): void {
    const known = this.definitions.get(name);
    if (known !== undefined && JSON.stringify(known) !== JSON.stringify(encoding)) throw new BlockDirectoryError(this.where, `two pieces lay out the binary definition ${name} differently`);
    this.definitions.set(name, encoding);
  }
}
