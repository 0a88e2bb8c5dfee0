/**
 * JSON validation as generated code uses it. Validators are compiled at generation time (ajv
 * standalone code, draft-04); the few helpers that code calls live here, so generated files
 * import nothing but this runtime.
 */

/** One reason a value was rejected, as ajv reports it. */
export interface JsonValidationError {
  /** JSON pointer of the offending value inside the validated one. */
  instancePath: string;
  /** JSON pointer of the failing keyword inside the schema. */
  schemaPath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

/** A compiled validator: `true` when `data` matches; otherwise the reasons are in `errors`. */
export interface JsonValidator {
  (data: unknown): boolean;
  errors?: JsonValidationError[] | null;
}

/**
 * Length of a string in Unicode code points, as JSON Schema's `maxLength`/`minLength` count it
 * (a surrogate pair is one character).
 */
export function jsonStringLength(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    count++;
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
  }
  return count;
}

/** Structural equality of two JSON values (for `enum` and `uniqueItems` on objects and arrays). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, i) => jsonEqual(item, b[i]));
  }
  if (Array.isArray(b)) return false;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  if (keys.length !== Object.keys(right).length) return false;
  return keys.every((key) => Object.prototype.hasOwnProperty.call(right, key) && jsonEqual(left[key], right[key]));
}
