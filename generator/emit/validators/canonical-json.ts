/**
 * JSON text with object keys sorted, so that equal values compare equal whatever their key
 * order: the text `JSON.stringify` gives for a copy of the value whose objects have their keys
 * inserted in sorted order. (Inserted, not listed: an object lists its array-index keys, `"0"`,
 * `"1"`…, first and in numeric order, whatever the insertion order, and so does this text.)
 */

import { compareStrings } from "../names.ts";

export function canonicalJson(value: unknown): string {
  return write(value) ?? (undefined as unknown as string);
}

/** The text of `value`, or `undefined` where `JSON.stringify` leaves a value out (in objects) or writes `null` (in arrays). */
function write(value: unknown): string | undefined {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (typeof (value as { toJSON?: unknown }).toJSON === "function") return write((value as { toJSON: () => unknown }).toJSON());
  if (Array.isArray(value)) {
    let out = "[";
    for (let i = 0; i < value.length; i++) out += `${i > 0 ? "," : ""}${write(value[i]) ?? "null"}`;
    return `${out}]`;
  }
  const object = value as Record<string, unknown>;
  let out = "{";
  for (const key of sortedKeys(object)) {
    const text = write(object[key]);
    if (text !== undefined) out += `${out.length > 1 ? "," : ""}${JSON.stringify(key)}:${text}`;
  }
  return `${out}}`;
}

/** The keys of `object` in the order an object built by inserting them sorted would list them. */
function sortedKeys(object: Record<string, unknown>): string[] {
  // Object.keys lists array-index keys first, in numeric order: they keep that place.
  const keys = Object.keys(object);
  let indices = 0;
  while (indices < keys.length && isArrayIndex(keys[indices]!)) indices++;
  if (indices === 0) return keys.sort(compareStrings);
  return [...keys.slice(0, indices), ...keys.slice(indices).sort(compareStrings)];
}

/** Whether `key` is a canonical array index (`"0"`, `"17"`, not `"01"`), which objects list first. */
function isArrayIndex(key: string): boolean {
  if (!/^(?:0|[1-9][0-9]*)$/.test(key)) return false;
  return Number(key) < 2 ** 32 - 1;
}
