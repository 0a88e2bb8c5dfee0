/**
 * Validation of describe answers, binary schemas and snapshots against our own JSON Schema
 * (`describe-answer-schema.ts`), with ajv. Validators are compiled once, on first use.
 *
 * ajv reports, for a failed `if`/`then` or `oneOf`, both the summary ("must match then
 * schema") and the errors inside the branches; only the most specific one is useful to a
 * person, so {@link pickError} keeps the deepest concrete error and turns it into a
 * {@link DescribeFormatError} carrying its JSON pointer.
 */
import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import { binarySchemaSchema, describeAnswerSchema, describeFormatSchema, shapeMessages, snapshotSchema } from "./describe-answer-schema.ts";
import { DescribeFormatError, toPointer } from "./errors.ts";

type Which = "answer" | "binary" | "snapshot";

const schemas: Record<Which, object> = {
  answer: describeAnswerSchema,
  binary: binarySchemaSchema,
  snapshot: snapshotSchema,
};

/**
 * `verbose` gives errors their `parentSchema` (for the shape messages); `inlineRefs: false`
 * keeps the generated code small. The schema is our own and checked against the draft-07
 * meta-schema by the tests, so it is not re-checked on every start (`validateSchema: false`).
 */
export const AJV_OPTIONS = {
  allErrors: false,
  verbose: true,
  inlineRefs: false,
  validateSchema: false,
  strict: true,
  strictTypes: false,
  strictRequired: false,
  strictTuples: false,
  allowUnionTypes: true,
} as const;

let ajv: Ajv | undefined;
const compiled = new Map<Which, ValidateFunction>();

function validator(which: Which): ValidateFunction {
  let validate = compiled.get(which);
  if (validate === undefined) {
    if (ajv === undefined) {
      ajv = new Ajv(AJV_OPTIONS);
      // One document holds every definition, so the three roots share compiled code.
      ajv.addSchema(describeFormatSchema);
    }
    validate = ajv.compile(schemas[which]);
    compiled.set(which, validate);
  }
  return validate;
}

/** Keywords that only summarise failures found inside their sub-schemas. */
const SUMMARY_KEYWORDS = new Set(["if", "then", "else", "oneOf", "anyOf", "allOf", "not", "$ref"]);

/**
 * Chooses the error a person should see: the deepest instance path wins (it is closest to the
 * mistake), concrete keywords beat summaries, and among equals the first reported is kept.
 */
export function pickError(errors: readonly ErrorObject[]): ErrorObject | undefined {
  let best: ErrorObject | undefined;
  let bestScore = -1;
  for (const error of errors) {
    const depth = error.instancePath === "" ? 0 : error.instancePath.split("/").length - 1;
    const score = depth * 2 + (SUMMARY_KEYWORDS.has(error.keyword) ? 0 : 1);
    if (score > bestScore) {
      best = error;
      bestScore = score;
    }
  }
  return best;
}

/** The "none of the shapes" sentence for a missing discriminating property, if any. */
function shapeMessage(error: ErrorObject): string | undefined {
  if (error.keyword !== "required" || typeof error.parentSchema !== "object") return undefined;
  return shapeMessages.get(error.parentSchema);
}

/** Renders one ajv error as a sentence, with the parameters ajv leaves out of its message. */
export function describeAjvError(error: ErrorObject): string {
  const p = error.params as Record<string, unknown>;
  const shape = shapeMessage(error);
  if (shape !== undefined) return shape;
  switch (error.keyword) {
    case "additionalProperties":
      return `unexpected property ${JSON.stringify(p.additionalProperty)}`;
    case "required":
      return `missing required property ${JSON.stringify(p.missingProperty)}`;
    case "enum":
      return `must be one of ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(", ")}`;
    case "const":
      return `must be ${JSON.stringify(p.allowedValue)}`;
    case "type":
      return `must be of type ${String(p.type).replace(/,/g, " or ")}`;
    case "not": // the schema's only `not`: a Seq layout
      return "must not have both \"length_limit\" and \"max_length\"";
    case "minProperties": // only used by query kinds
    case "maxProperties":
      return "must have exactly one of \"single\", \"optional\", \"flag\", \"multi\"";
    default:
      return error.message ?? `fails ${error.keyword}`;
  }
}

/**
 * Deepest nesting of JSON arrays and objects accepted in a describe document. Real answers
 * stay below 60 levels (a directory takes about five, a schema one per level); the validator and
 * the readers after it recurse once or more per level, and a tree about 1,000 directories deep
 * exhausted the call stack with "Maximum call stack size exceeded".
 */
export const MAX_DESCRIBE_NESTING = 1000;

/** One open array or object of the walk in {@link checkNesting}. */
interface OpenValue {
  readonly keys: readonly string[];
  readonly value: Record<string, unknown>;
  next: number;
}

/**
 * Throws a {@link DescribeFormatError} at the first value nested deeper than
 * {@link MAX_DESCRIBE_NESTING}, found without recursion (an explicit stack of open values).
 */
function checkNesting(json: unknown, basePointer: string): void {
  if (typeof json !== "object" || json === null) return;
  const open: OpenValue[] = [{ keys: Object.keys(json), value: json as Record<string, unknown>, next: 0 }];
  while (open.length > 0) {
    const top = open[open.length - 1]!;
    if (top.next === top.keys.length) {
      open.pop();
      continue;
    }
    const inner = top.value[top.keys[top.next++]!];
    if (typeof inner !== "object" || inner === null) continue;
    if (open.length >= MAX_DESCRIBE_NESTING) {
      const pointer = toPointer(open.map((o) => o.keys[o.next - 1]!));
      throw new DescribeFormatError(basePointer + pointer, `nested deeper than ${MAX_DESCRIBE_NESTING} levels of JSON arrays and objects (real describe answers use fewer than 100)`);
    }
    open.push({ keys: Object.keys(inner), value: inner as Record<string, unknown>, next: 0 });
  }
}

function check(which: Which, json: unknown, basePointer: string): void {
  checkNesting(json, basePointer);
  const validate = validator(which);
  if (validate(json)) return;
  const error = pickError(validate.errors ?? []);
  if (error === undefined) throw new DescribeFormatError(basePointer, "invalid");
  // A missing property is reported at its parent object; point at the property itself.
  let pointer = error.instancePath;
  if (error.keyword === "required" && shapeMessage(error) === undefined) {
    const missing = String((error.params as { missingProperty: string }).missingProperty);
    pointer += "/" + missing.replace(/~/g, "~0").replace(/\//g, "~1");
  }
  throw new DescribeFormatError(basePointer + pointer, describeAjvError(error));
}

/** Throws a {@link DescribeFormatError} unless `json` is a describe answer (a tree node). */
export function validateDescribeAnswer(json: unknown, basePointer = ""): void {
  check("answer", json, basePointer);
}

/** Throws a {@link DescribeFormatError} unless `json` is a `binary_schema` object. */
export function validateBinarySchemaJson(json: unknown, basePointer = ""): void {
  check("binary", json, basePointer);
}

/** Throws a {@link DescribeFormatError} unless `json` has the shape of a rich snapshot. */
export function validateSnapshotJson(json: unknown): void {
  check("snapshot", json, "");
}
