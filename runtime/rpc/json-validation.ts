/**
 * JSON validation as generated code uses it. Validators are compiled at generation time (ajv
 * standalone code, draft-04); the few helpers that code calls live here, so generated files
 * import nothing but this runtime.
 */
import { linearPattern } from "./linear-pattern.ts";

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
 * data-encoding's JSON schemas of `bytes` (current, and older Octez's) and what they really
 * accept. The published pattern allows any letter, but the node's JSON destructor reads the text
 * as hexadecimal (either case) and refuses anything else, so `"zz"` is not a valid value; the
 * validators check what the node checks. Both patterns mean `bytes` and nothing else.
 */
const HEX_BYTES_PATTERNS: ReadonlyMap<string, string> = new Map([
  ["^([a-zA-Z0-9][a-zA-Z0-9])*$", "^(?:[0-9a-fA-F][0-9a-fA-F])*$"],
  ["^[a-zA-Z0-9]+$", "^(?:[0-9a-fA-F][0-9a-fA-F])+$"],
]);

/** Whether `pattern` is one of data-encoding's `bytes` patterns (validated as hexadecimal text). */
export function isHexBytesPattern(pattern: unknown): boolean {
  return typeof pattern === "string" && HEX_BYTES_PATTERNS.has(pattern);
}

/**
 * The check of a JSON Schema `pattern`, for the generated validators (ajv's `code.regExp`),
 * answering in time linear in the string's length whatever the pattern:
 *
 * - Octez's shapes (data-encoding's hex bytes `^([a-zA-Z0-9][a-zA-Z0-9])*$`, and an anchored
 *   repeated class such as `^[a-zA-Z0-9]+$`) are V8 regular expressions with their groups made
 *   non-capturing: V8 then runs them as plain loops (with capturing groups the hex pattern threw
 *   a `RangeError` on a 10-million-character string);
 * - any other pattern runs on {@link linearPattern}'s automaton, since V8's backtracking can take
 *   exponential time (`^(a+)+$`) or exhaust its stack;
 * - a pattern outside the syntax that automaton reads (lookarounds, backreferences, word
 *   boundaries) is not checked at all: no answer in bounded time could be promised for it. No
 *   Octez schema has one; the generated validator's other keywords still apply.
 *
 * data-encoding's `bytes` patterns are checked as the hexadecimal text they stand for (see
 * `HEX_BYTES_PATTERNS`), in the same loop shape.
 */
export function jsonPattern(source: string, flags: string): { test(text: string): boolean; toString(): string } {
  const hex = HEX_BYTES_PATTERNS.get(source);
  if (hex !== undefined) return new RegExp(hex, flags);
  const plain = withoutCaptures(source);
  if (LOOP_SHAPE.test(plain) || FIXED_SHAPE.test(plain)) return new RegExp(plain, flags);
  const check = linearPattern(source, flags) ?? NOT_CHECKED;
  // ajv keeps one module-level pattern per distinct `toString()`: each check must print its source.
  return { test: check.test, toString: () => `/${source}/${flags}` };
}

/**
 * `^` and `$` around one repeated part: a class with `+` or `*`, or a non-capturing group of
 * classes with `+` or `*` (each step of the loop takes a fixed number of characters).
 */
const LOOP_SHAPE = /^\^(?:\[[^\]\\[]*\][+*]|\(\?:(?:\[[^\]\\[]*\])+\)[+*])\$$/;

/**
 * `^` and `$` around a fixed-length sequence (optionally in one non-capturing group): letters,
 * digits and classes, each at most with a fixed count `{n}`, as in the Base58 shapes
 * `^(?:Net[1-9A-HJ-NP-Za-km-z]{12})$`. With no variable repetition V8 cannot backtrack.
 */
const FIXED_SHAPE = new RegExp(`^\\^(?:${fixedSequence()}|\\(\\?:${fixedSequence()}\\))\\$$`);

/** The body of {@link FIXED_SHAPE}: letters, digits and classes with an optional `{n}`. */
function fixedSequence(): string {
  return String.raw`(?:[A-Za-z0-9]|\[[^\]\\[]*\](?:\{\d+\})?)+`;
}

/** The check of a pattern that is not checked (see {@link jsonPattern}). */
const NOT_CHECKED = Object.freeze({ test: (_text: string): boolean => true });

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
