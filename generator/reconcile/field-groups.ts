/**
 * Grouping the flat field list of a binary `Obj` or union case into items: a `dyn` header
 * frames the next `num_fields` entries (counting every entry, headers and presence bytes
 * included), and an `option_indicator` belongs to the field of the same name that follows it.
 */

import type { DynSize, Field } from "../model/binary-schema.ts";

export type FieldItem =
  /** A value; `count` when an element-count field precedes it (a counted list, see {@link mergeCountPrefixes}). */
  | { kind: "value"; field: Extract<Field, { kind: "named" | "anon" }>; indicator: boolean; count?: DynSize }
  | { kind: "frame"; size: DynSize; name?: string; items: FieldItem[] };


/** Raised when the flat list does not group (a `dyn` covering more entries than follow it…). */
export class FieldGroupingError extends Error {
  override readonly name = "FieldGroupingError";
}

/** Groups `fields` into items. */
export function groupFields(fields: readonly Field[]): FieldItem[] {
  return takeItems({ fields, index: 0 }, fields.length);
}

/** A position in a flat field list being grouped. */
interface FieldCursor {
  readonly fields: readonly Field[];
  index: number;
}

/** The items made of the next `limit` entries of the list, which the cursor moves past. */
function takeItems(cursor: FieldCursor, limit: number): FieldItem[] {
  const { fields } = cursor;
  const items: FieldItem[] = [];
  const end = cursor.index + limit;
  while (cursor.index < end) {
    const field = fields[cursor.index]!;
    cursor.index++;
    switch (field.kind) {
      case "dyn": {
        if (cursor.index + field.numFields > end) {
          throw new FieldGroupingError(`a ${field.size} length header covers ${field.numFields} fields but only ${end - cursor.index} follow`);
        }
        const frame: FieldItem = { kind: "frame", size: field.size, items: takeItems(cursor, field.numFields) };
        if (field.name !== undefined) frame.name = field.name;
        items.push(frame);
        break;
      }
      case "option_indicator": {
        const next = fields[cursor.index];
        if (cursor.index >= end || !next || next.kind !== "named" || next.name !== field.name) {
          throw new FieldGroupingError(`presence byte for ${JSON.stringify(field.name)} is not followed by that field`);
        }
        cursor.index++;
        items.push({ kind: "value", field: next, indicator: true });
        break;
      }
      default:
        items.push({ kind: "value", field, indicator: false });
    }
  }
  return items;
}

/**
 * Element-count prefixes (describe-format.md §6.8): nothing marks a count in a binary schema, so
 * an anonymous unsigned integer (`Uint8`, `Uint16`, a `RangedInt` 0..2^30-1, or `N.t`)
 * immediately followed by an anonymous `at-most` sequence whose limit is that integer's maximum
 * is read as the sequence's element count, and the two become one counted list.
 */
export function mergeCountPrefixes(items: readonly FieldItem[]): FieldItem[] {
  const out: FieldItem[] = [];
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    if (item.kind === "frame") {
      out.push({ ...item, items: mergeCountPrefixes(item.items) });
      continue;
    }
    const next = items[i + 1];
    const header = countHeaderOf(item);
    if (header && next?.kind === "value" && next.field.kind === "anon" && !next.indicator && next.field.layout.kind === "Seq") {
      const limit = next.field.layout.limit;
      if (limit?.kind === "at-most" && (header === "N" || limit.max === COUNT_MAXIMA[header])) {
        out.push({ ...next, count: header });
        i++;
        continue;
      }
    }
    out.push(item);
  }
  return out;
}

/** The largest count each header can carry (`N` has no bound of its own: any `at-most` limit). */
const COUNT_MAXIMA: Record<DynSize, number | undefined> = { Uint8: 0xff, Uint16: 0xffff, Uint30: 0x3fffffff, N: undefined };

function countHeaderOf(item: FieldItem): DynSize | undefined {
  if (item.kind !== "value" || item.field.kind !== "anon" || item.indicator) return undefined;
  const layout = item.field.layout;
  if (layout.kind === "Int" && (layout.size === "Uint8" || layout.size === "Uint16") && layout.endianness === "Big") return layout.size;
  if (layout.kind === "RangedInt" && layout.min === 0 && layout.max === 0x3fffffff) return "Uint30";
  if (layout.kind === "Ref" && layout.name === "N.t") return "N";
  return undefined;
}
