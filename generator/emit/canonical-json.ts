/** JSON text with object keys sorted, so that equal values compare equal whatever their key order. */

import { compareStrings } from "./names.ts";

export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v === null || typeof v !== "object" || Array.isArray(v)) return v;
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(v).sort(compareStrings)) sorted[key] = (v as Record<string, unknown>)[key];
    return sorted;
  });
}
