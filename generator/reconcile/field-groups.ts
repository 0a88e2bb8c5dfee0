/**
 * Grouping the flat field list of a binary `Obj` or union case into items: a `dyn` header
 * frames the next `num_fields` entries (counting every entry, headers and presence bytes
 * included), and an `option_indicator` belongs to the field of the same name that follows it.
 */

import type { DynSize, Field } from "../model/binary-schema.ts";

export type FieldItem =
  | { kind: "value"; field: Extract<Field, { kind: "named" | "anon" }>; indicator: boolean }
  | { kind: "frame"; size: DynSize; name?: string; items: FieldItem[] };

/** Raised when the flat list does not group (a `dyn` covering more entries than follow it…). */
export class FieldGroupingError extends Error {
  override readonly name = "FieldGroupingError";
}

/** Groups `fields` into items. */
export function groupFields(fields: readonly Field[]): FieldItem[] {
  let index = 0;
  const take = (limit: number): FieldItem[] => {
    const items: FieldItem[] = [];
    const end = index + limit;
    while (index < end) {
      const field = fields[index]!;
      index++;
      switch (field.kind) {
        case "dyn": {
          if (index + field.numFields > end) {
            throw new FieldGroupingError(`a ${field.size} length header covers ${field.numFields} fields but only ${end - index} follow`);
          }
          const frame: FieldItem = { kind: "frame", size: field.size, items: take(field.numFields) };
          if (field.name !== undefined) frame.name = field.name;
          items.push(frame);
          break;
        }
        case "option_indicator": {
          const next = fields[index];
          if (index >= end || !next || next.kind !== "named" || next.name !== field.name) {
            throw new FieldGroupingError(`presence byte for ${JSON.stringify(field.name)} is not followed by that field`);
          }
          index++;
          items.push({ kind: "value", field: next, indicator: true });
          break;
        }
        default:
          items.push({ kind: "value", field, indicator: false });
      }
    }
    return items;
  };
  return take(fields.length);
}
