/**
 * How the fields of an object or tuple share a frame (describe-format.md §6.4).
 *
 * Fields follow one another. A field of Variable size runs to the end of its frame, except that
 * fixed-size fields may follow it in the same frame (an operation's contents, then its 64-byte
 * signature): the Variable field then takes the frame minus the total size of those fields. The
 * plan computed here records that reserved size; the reader narrows the frame by it while the
 * Variable field decodes.
 */
import { CodecDefinitionError, DYNAMIC, VARIABLE, dataKindOf, fixedKind, type Codec, type DataKind } from "../codec.ts";
import type { BinaryReader } from "../reader.ts";
import { failDecode, failShort } from "./fail.ts";

/** One field of a plan: its codec and, for a Variable field, the bytes to leave after it. */
export interface PlannedField {
  readonly codec: Codec<unknown>;
  /** `-1` for a field that is not Variable; otherwise the fixed bytes that follow it. */
  readonly reserve: number;
}

/** Computes the reserved sizes of the Variable fields and the data kind of the whole. */
export function planFields(codecs: readonly Codec<unknown>[], describe: (index: number) => string): { fields: PlannedField[]; dataKind: DataKind } {
  const fields: PlannedField[] = [];
  let variableAt = -1;
  let total = 0;
  let allFixed = true;
  for (let i = 0; i < codecs.length; i++) {
    const codec = codecs[i]!;
    const kind = dataKindOf(codec);
    if (variableAt >= 0 && kind.kind !== "Fixed") {
      throw new CodecDefinitionError(`${describe(i)} (${kind.kind}) cannot follow the Variable ${describe(variableAt)} in the same frame`);
    }
    if (kind.kind === "Variable") variableAt = i;
    if (kind.kind === "Fixed") total += kind.size;
    else allFixed = false;
    fields.push({ codec, reserve: -1 });
  }
  if (variableAt >= 0) {
    let after = 0;
    for (let i = variableAt + 1; i < codecs.length; i++) after += (dataKindOf(codecs[i]!) as { size: number }).size;
    fields[variableAt] = { codec: codecs[variableAt]!, reserve: after };
  }
  return { fields, dataKind: variableAt >= 0 ? VARIABLE : allFixed ? fixedKind(total) : DYNAMIC };
}

/**
 * Narrows the current frame so that `reserve` bytes stay after a Variable value; returns the
 * frame's end, to give back to {@link closeReservedFrame}. Generated decoders call this pair
 * around a Variable field that fixed-size fields follow.
 */
export function openReservedFrame(r: BinaryReader, reserve: number): number {
  const outer = r.end;
  if (outer - r.offset < reserve) failShort(r, reserve, "the fixed-size fields after a variable-size one");
  r.end = outer - reserve;
  return outer;
}

/** Restores the frame narrowed by {@link openReservedFrame}; the Variable value must fill it. */
export function closeReservedFrame(r: BinaryReader, outerEnd: number): void {
  if (r.offset !== r.end) failDecode(r.offset, "a variable-size value up to the fixed-size fields after it", `${r.end - r.offset} unread byte(s)`);
  r.end = outerEnd;
}

/** Decodes a Variable value in the current frame minus `reserve` trailing bytes. */
export function decodeReserving<T>(r: BinaryReader, codec: Codec<T>, reserve: number): T {
  if (reserve === 0) return codec.decode(r);
  const outer = openReservedFrame(r, reserve);
  const value = codec.decode(r);
  closeReservedFrame(r, outer);
  return value;
}
