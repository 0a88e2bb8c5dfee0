/**
 * Choosing a union case from a JSON value's whole shape, as Octez's JSON destructor does: a case
 * accepts a value when the value has the case's JSON type, and for object cases when every
 * required property is there, no property is one the case lacks, constant properties hold their
 * constant and the other properties have one of their JSON types. Exactly one case may accept a
 * value (a constant case wins over a case that accepts any value of the same type, as the
 * constant comes first in Octez's unions; of cases with the very same shape, the first, as in
 * Octez); none, or several of different shapes, is an {@link EncodeError}.
 *
 * Objects are closed the same way outside unions: {@link checkKnownProperties} refuses a property
 * the schema does not have, naming it, where Octez's codec refuses an unexpected field.
 */
import { EncodeError, describeValue } from "../errors.ts";
import type { BinaryWriter } from "../writer.ts";
import { jsonEqual } from "../../rpc/json-validation.ts";

/** The JSON types a case selection tells apart. */
export type JsonKind = "object" | "string" | "array" | "number" | "boolean" | "null";
/** How many JSON kinds there are: a `type` shape of them all accepts any value. */
const ALL_KINDS = 6;

/** What a union case accepts, judged on the JSON value alone. */
export type CaseShape =
  /** Exactly this JSON value (compared as JSON text). */
  | { readonly kind: "value"; readonly value: unknown }
  /** Any value of one of these JSON types. */
  | { readonly kind: "type"; readonly types: readonly JsonKind[] }
  /** An object with these properties (and, when `closed`, no others). */
  | { readonly kind: "object"; readonly properties: readonly PropertyShape[]; readonly closed: boolean };

/** One property of an object case. */
export interface PropertyShape {
  readonly name: string;
  readonly required: boolean;
  /** The property's constant value, when it has one. */
  readonly constant?: unknown;
  /** The JSON types the property may have (absent: any). */
  readonly types?: readonly JsonKind[];
}

/** The JSON type of a JavaScript value of the value model (bigints count as numbers). */
export function jsonKindOf(value: unknown): JsonKind | undefined {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  switch (typeof value) {
    case "object":
      return "object";
    case "string":
      return "string";
    case "number":
    case "bigint":
      return "number";
    case "boolean":
      return "boolean";
    default:
      return undefined;
  }
}

/** Property names of object shapes, built once per shape. */
const namesOfShape = new WeakMap<CaseShape, ReadonlySet<string>>();

function propertyNames(shape: Extract<CaseShape, { kind: "object" }>): ReadonlySet<string> {
  let names = namesOfShape.get(shape);
  if (names === undefined) {
    names = new Set(shape.properties.map((p) => p.name));
    namesOfShape.set(shape, names);
  }
  return names;
}

function sameJson(a: unknown, b: unknown): boolean {
  // jsonEqual, not JSON.stringify: the value may be cyclic or hold a bigint.
  return a === b || jsonEqual(a, b);
}

/** Whether `value` has the shape of a case. */
export function shapeAccepts(shape: CaseShape, value: unknown): boolean {
  switch (shape.kind) {
    case "value":
      return sameJson(value, shape.value);
    case "type": {
      const kind = jsonKindOf(value);
      return kind !== undefined && shape.types.includes(kind);
    }
    case "object": {
      if (jsonKindOf(value) !== "object") return false;
      const record = value as Record<string, unknown>;
      for (const property of shape.properties) {
        const v = Object.hasOwn(record, property.name) ? record[property.name] : undefined;
        if (v === undefined) {
          if (property.required) return false;
          continue;
        }
        if (Object.hasOwn(property, "constant")) {
          if (!sameJson(v, property.constant)) return false;
        } else if (property.types !== undefined) {
          const kind = jsonKindOf(v);
          if (kind === undefined || !property.types.includes(kind)) return false;
        }
      }
      if (shape.closed) {
        const names = propertyNames(shape);
        for (const key in record) if (!names.has(key) && record[key] !== undefined) return false;
      }
      return true;
    }
  }
}

/**
 * Which cases can accept a value, by the value of one property: the property most cases require
 * to hold a constant of their own (`kind` of operation contents), each such case under its
 * constant, and the cases without it (which must always be tried).
 */
interface SelectionPlan {
  readonly property: string | undefined;
  readonly byConstant: ReadonlyMap<unknown, readonly number[]>;
  readonly others: readonly number[];
  readonly all: readonly number[];
}

const plans = new WeakMap<readonly CaseShape[], SelectionPlan>();

function planOf(shapes: readonly CaseShape[]): SelectionPlan {
  let plan = plans.get(shapes);
  if (plan !== undefined) return plan;
  const counts = new Map<string, number>();
  for (const shape of shapes) {
    if (shape.kind !== "object") continue;
    for (const p of shape.properties) if (p.required && isPrimitiveConstant(p)) counts.set(p.name, (counts.get(p.name) ?? 0) + 1);
  }
  let property: string | undefined;
  for (const [name, count] of counts) if (count > 1 && (property === undefined || count > counts.get(property)!)) property = name;
  const byConstant = new Map<unknown, number[]>();
  const others: number[] = [];
  shapes.forEach((shape, i) => {
    const p = property === undefined || shape.kind !== "object" ? undefined : shape.properties.find((q) => q.name === property && q.required && isPrimitiveConstant(q));
    if (p === undefined) others.push(i);
    else byConstant.set(p.constant, [...(byConstant.get(p.constant) ?? []), i]);
  });
  plan = { property, byConstant, others, all: shapes.map((_, i) => i) };
  plans.set(shapes, plan);
  return plan;
}

function isPrimitiveConstant(p: PropertyShape): boolean {
  return Object.hasOwn(p, "constant") && (p.constant === null || typeof p.constant !== "object");
}

/**
 * The index of the one case of `shapes` that accepts `value`; a constant case is preferred to
 * others when several accept it. Fails with an {@link EncodeError} that names the cases when
 * none or several (of equal standing) do.
 */
export function selectCase(w: BinaryWriter, value: unknown, shapes: readonly CaseShape[], names: readonly string[]): number {
  const plan = planOf(shapes);
  // Only the cases whose constant the value holds, and those without one, can accept it.
  let candidates: readonly number[] = plan.all;
  if (plan.property !== undefined && jsonKindOf(value) === "object") {
    // An own property only: a discriminant named like a property of Object.prototype
    // (`constructor`, `toString`) must not read the prototype's.
    const held = Object.hasOwn(value as object, plan.property) ? (value as Record<string, unknown>)[plan.property] : undefined;
    const keyed = plan.byConstant.get(held);
    // The one case of that constant, when no case without one fits: its own encoder checks the
    // rest of the value (as Octez's, once the constant has chosen the case).
    if (keyed?.length === 1 && plan.others.every((i) => !shapeAccepts(shapes[i]!, value))) return keyed[0]!;
    candidates = keyed === undefined ? plan.others : plan.others.length === 0 ? keyed : [...keyed, ...plan.others];
  }
  let found = -1;
  let count = 0;
  let constant = -1;
  let constants = 0;
  for (const i of candidates) {
    const shape = shapes[i]!;
    if (!shapeAccepts(shape, value)) continue;
    if (count === 0 || i < found) found = i;
    count++;
    if (shape.kind === "value") {
      constant = i;
      constants++;
    }
  }
  if (count === 1) return found;
  if (constants === 1) return constant;
  if (count === 0) throw new EncodeError(`a value of one of the cases ${names.join(", ")}`, describeShape(value, shapes), w.length);
  // Cases of the very same JSON shape (`{}` of two `unit` cases) cannot be told apart by any
  // value: Octez takes the first, and so does this (the JSON has nothing more to lose).
  const accepting = candidates.filter((i) => shapeAccepts(shapes[i]!, value)).sort((x, y) => x - y);
  const first = JSON.stringify(shapes[accepting[0]!]);
  if (accepting.every((i) => JSON.stringify(shapes[i]) === first)) return accepting[0]!;
  // A case known only as "some object" (text, `unistring`, is a string or the object
  // `{invalid_utf8_string}`, which the schema's alternatives reduce to the kind) next to the one
  // case whose own properties the object matches: Octez's destructor, trying the first, fails it
  // on its missing and unexpected fields and takes the other (the describe tree's `PStatic` text
  // and `PDynamic` argument). A case of any JSON at all is not vague in this way: it would
  // accept the object, so it still counts.
  if (jsonKindOf(value) === "object") {
    const described = accepting.filter((i) => shapes[i]!.kind !== "type" || (shapes[i] as { types: readonly JsonKind[] }).types.length === ALL_KINDS);
    if (described.length === 1 && shapes[described[0]!]!.kind === "object") return described[0]!;
  }
  // An object with no property at all (`{}` of PUT /config/logging, whose two cases each hold one
  // list defaulting to `[]`) carries nothing any case could drop: Octez's destructor takes the
  // first case that accepts it, and so does this.
  if (jsonKindOf(value) === "object" && !hasOwnProperties(value as object)) return accepting[0]!;
  const matching = accepting.map((i) => names[i]!);
  throw new EncodeError(`a value of exactly one case`, `${describeValue(value)} that has the shape of the cases ${matching.join(" and ")} (JSON cannot tell them apart)`, w.length);
}

/**
 * Of two failures of union cases tried in turn (`first-that-fits`), the one to report: the case
 * that went deeper into the value before failing (its error's path says where the value parts
 * from every case), the later one on a tie.
 */
export function deeperFailure(earlier: unknown, later: unknown): unknown {
  if (earlier instanceof EncodeError && later instanceof EncodeError && earlier.offset > later.offset) return earlier;
  return later;
}

/**
 * {@link selectCase} after the cases tried in turn (`failure`: the deepest of their errors, if
 * any were tried) have failed: when no other case accepts the value either, the tried cases'
 * error says more than "none of the others".
 */
export function selectCaseAfter(w: BinaryWriter, value: unknown, shapes: readonly CaseShape[], names: readonly string[], failure: unknown): number {
  try {
    return selectCase(w, value, shapes, names);
  } catch (error) {
    if (failure !== undefined && error instanceof EncodeError && shapes.every((shape) => !shapeAccepts(shape, value))) throw failure;
    throw error;
  }
}

function hasOwnProperties(value: object): boolean {
  for (const key in value) if (Object.hasOwn(value, key)) return true;
  return false;
}

/** The value as an error shows it, naming the properties no object case has. */
function describeShape(value: unknown, shapes: readonly CaseShape[]): string {
  if (jsonKindOf(value) !== "object") return describeValue(value);
  const known = new Set<string>();
  for (const shape of shapes) if (shape.kind === "object") for (const p of shape.properties) known.add(p.name);
  const unknown = Object.keys(value as object).filter((k) => !known.has(k));
  if (unknown.length > 0) return `an object with the propert${unknown.length === 1 ? "y" : "ies"} ${unknown.map((k) => JSON.stringify(k)).join(", ")} that no case has`;
  return `an object with the properties ${Object.keys(value as object).map((k) => JSON.stringify(k)).join(", ") || "(none)"}`;
}

/**
 * Refuses a property of `value` that is not in `known` (one that holds `undefined` counts as
 * absent): the error's path ends with the property's name. `jsonOnly` names the optional
 * properties the schema has but binary cannot carry, refused as such.
 */
export function checkKnownProperties(w: BinaryWriter, value: object, known: ReadonlySet<string>, jsonOnly?: ReadonlySet<string>): void {
  for (const key in value) {
    if (!known.has(key) && (value as Record<string, unknown>)[key] !== undefined) {
      if (jsonOnly?.has(key)) failJsonOnlyProperty(w, key, (value as Record<string, unknown>)[key]);
      failUnknownProperty(w, key, (value as Record<string, unknown>)[key]);
    }
  }
}

/** The error of a property the schema does not have. */
export function failUnknownProperty(w: BinaryWriter, name: string, value: unknown): never {
  throw new EncodeError("no such property (the schema does not have it)", describeValue(value), w.length).prepend(name);
}

/** The error of an optional property the JSON schema has but the binary layout has no field for. */
export function failJsonOnlyProperty(w: BinaryWriter, name: string, value: unknown): never {
  throw new EncodeError("this property left out: it exists only in JSON (the binary layout has no field for it)", describeValue(value), w.length).prepend(name);
}

/** A copy of `value` with only the properties `names` (the part of an object a merged object's encoder reads). */
export function pickProperties(value: Record<string, unknown>, names: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of names) if (Object.hasOwn(value, name)) out[name] = value[name];
  return out;
}

/**
 * A copy of `value` without the properties `names`: what a union merged into an object reads
 * (data-encoding's `merge_objs` of an object and a union), the object's own fields taken out.
 */
export function omitProperties<T extends object, K extends string>(value: T, names: readonly K[]): WithoutProperties<T, K> {
  const out: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(value)) if (!(names as readonly string[]).includes(name)) out[name] = property;
  return out as WithoutProperties<T, K>;
}

/** `T` without the properties `K`, case by case when `T` is a union. */
export type WithoutProperties<T, K extends string> = T extends unknown ? Omit<T, K> : never;

/**
 * The error of a field that binary always writes but the value lacks (the caller adds the
 * field's name to the path). `defaulted`: JSON may leave it out because it has a default, but
 * the schema does not say which.
 */
export function failMissingField(w: BinaryWriter, defaulted: boolean): never {
  throw new EncodeError(
    defaulted ? "a value for this field: JSON may omit it because it has a default, but the schema does not give the default, and binary always writes it" : "a value for this required field",
    "nothing",
    w.length,
  );
}
