/**
 * Values that take no bytes (`Zero_width` layouts, constants, unit): they exist only in JSON.
 *
 * - {@link constant}: a fixed JSON value (a constant `kind` property). Decoding re-inserts it;
 *   encoding drops it, failing if the value given differs.
 * - {@link zeroWidth}: the unit/empty value, `{}` in JSON.
 * - {@link nullValue}: data-encoding's `null`, `null` in JSON.
 */
import { fixedKind, type Codec } from "../codec.ts";
import { failValue } from "./fail.ts";

const NO_BYTES = fixedKind(0);

/** Structural equality of JSON values. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (const k of ka) {
    if (!Object.hasOwn(b, k) || !sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false;
  }
  return true;
}

/**
 * A constant JSON value. Encoding accepts the same value, or `undefined` (the property left
 * out), and writes nothing.
 */
export function constant<T>(value: T): Codec<T> {
  const primitive = typeof value !== "object" || value === null;
  const text = JSON.stringify(value);
  return {
    // Objects are copied so that callers cannot modify the constant through a decoded value.
    decode: () => (primitive ? value : (JSON.parse(text) as T)),
    encode(w, v) {
      if (v !== undefined && !sameJson(v, value)) failValue(w, `the constant ${text}`, v);
    },
    dataKind: NO_BYTES,
  };
}

/** The unit value: no bytes, `{}` in JSON. Encoding accepts `{}`, `null` or nothing. */
export const zeroWidth: Codec<Record<string, never>> = {
  decode: () => ({}),
  encode(w, v) {
    const empty = v === undefined || v === null || (typeof v === "object" && !Array.isArray(v) && Object.keys(v).length === 0);
    if (!empty) failValue(w, "{} (a value without binary form)", v);
  },
  dataKind: NO_BYTES,
};

/** data-encoding's `null`: no bytes, `null` in JSON. */
export const nullValue: Codec<null> = {
  decode: () => null,
  encode(w, v) {
    if (v !== null && v !== undefined) failValue(w, "null", v);
  },
  dataKind: NO_BYTES,
};
