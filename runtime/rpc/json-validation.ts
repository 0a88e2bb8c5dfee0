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

/**
 * A compiled validator: `true` when `data` matches; otherwise the reasons are in `errors`. Its
 * `this` may carry {@link JsonValidationOptions}: call it through {@link validateJson}.
 */
export interface JsonValidator {
  (data: unknown): boolean;
  errors?: JsonValidationError[] | null;
}

/**
 * What a generated validator checks beyond its schema and the shape of Base58Check text (right
 * leading characters, length and alphabet). Given as the validator's `this` (ajv's
 * `passContext`), through {@link validateJson}; a validator called without options checks
 * shapes only, which needs no Base58 decoding or SHA-256 and is enough to check a node's
 * answers. `BASE58_CHECKSUMS` (runtime entry) tests checksums too.
 */
export interface JsonValidationOptions {
  /** The full test of a Base58Check value of `group` (a type or group name) whose shape matched: `isTezosBase58`. */
  readonly base58Check?: (group: string, value: unknown) => boolean;
}

/**
 * Runs a generated validator with `options` (see {@link JsonValidationOptions}); with none, the
 * validator's own checks only. The reasons of a rejection are in `validator.errors`.
 */
export function validateJson(validator: JsonValidator, data: unknown, options?: JsonValidationOptions): boolean {
  return options === undefined ? validator(data) : validator.call(options, data);
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

/**
 * The regular expression of a JSON Schema `pattern`, for the generated validators (ajv's
 * `code.regExp`). Capturing groups become non-capturing ones when the pattern has no
 * backreference: `.test` answers the same, and V8 then matches a repeated group without keeping
 * a backtracking entry per repetition. With capturing groups, Octez's hex pattern
 * `^([a-zA-Z0-9][a-zA-Z0-9])*$` threw a `RangeError` on a 10-million-character string instead of
 * answering. (A pattern of another shape may still need the engine's backtracking stack.)
 */
export function jsonPattern(source: string, flags: string): RegExp {
  return new RegExp(/\\[1-9]|\\k</.test(source) ? source : withoutCaptures(source), flags);
}

/** `source` with each capturing `(` written `(?:`, outside character classes and escapes. */
function withoutCaptures(source: string): string {
  let out = "";
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (c === "\\") {
      out += c + (source[i + 1] ?? "");
      i++;
    } else if (inClass) {
      if (c === "]") inClass = false;
      out += c;
    } else if (c === "[") {
      inClass = true;
      out += c;
    } else if (c === "(" && source[i + 1] !== "?") {
      out += "(?:";
    } else {
      out += c;
    }
  }
  return out;
}
