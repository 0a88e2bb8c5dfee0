/**
 * Structural comparison of two JSON schemas of the same body (describe-format.md §5).
 *
 * Both schemas are walked together after resolving `$ref`s against their own `definitions`, so
 * definition names never matter (2021's `$ref: Operation_hash` and 2022's inline
 * `title + $ref: unistring` compare equal). A pair of definitions is compared once per body: the
 * second visit of the same pair (a cycle, or a definition used in several places) is skipped, so
 * recursive schemas terminate and each change is reported at its first location.
 *
 * Documentation keywords (`title`, `description`, `$schema`) are ignored, except titles that name
 * a Base58Check type: they are the only trace of which hash a string holds, so a change of that
 * title is reported as `json-hash-type-changed`. A key type whose title only gains schemes (every
 * old one still accepted: `Signature.V2` → `V3`, which adds ML-DSA-44) is a widening,
 * `json-hash-type-widened` (a loss of schemes `json-hash-type-narrowed`), classified by direction
 * like any widening, and reported once per body and pair of titles, with the number of places
 * (a key hash type is used at hundreds of places in a protocol's answers).
 */
import type { JsonSchema } from "../model/json-schema.ts";
import { ChangeSink, jsonEqual, narrowed, show, widened, type BodyChange, type Direction } from "./classify.ts";
import { schemeChange } from "./key-titles.ts";

/** Compares the JSON schema of one body in OLD and NEW; `direction` says who writes the body. */
export function diffJsonSchemas(oldRoot: JsonSchema, newRoot: JsonSchema, direction: Direction): BodyChange[] {
  const walker = new JsonWalker(oldRoot, newRoot, direction, new ChangeSink(), new Set());
  walker.compare(oldRoot, newRoot, "$");
  walker.countSchemeChanges();
  return walker.sink.changes;
}

const HANDLED = new Set([
  "$schema",
  "$ref",
  "title",
  "description",
  "definitions",
  "type",
  "properties",
  "required",
  "additionalProperties",
  "items",
  "additionalItems",
  "oneOf",
  "enum",
  "minimum",
  "maximum",
  "pattern",
  "default",
]);

interface Resolved {
  schema: JsonSchema;
  /** The definitions gone through, in order. */
  refs: string[];
  /** The first title along the way that names a Base58Check type. */
  hashTitle?: string;
}

function definitionName(ref: string): string | undefined {
  const match = /^#\/definitions\/(.*)$/.exec(ref);
  return match?.[1] === undefined ? undefined : match[1].replace(/~1/g, "/").replace(/~0/g, "~");
}

function resolve(schema: JsonSchema, root: JsonSchema): Resolved {
  let current = schema;
  const refs: string[] = [];
  let hashTitle: string | undefined;
  for (let depth = 0; depth < 64; depth++) {
    if (hashTitle === undefined && typeof current.title === "string" && /Base58Check/i.test(current.title)) hashTitle = current.title;
    if (typeof current.$ref !== "string") break;
    const name = definitionName(current.$ref);
    const target = name === undefined ? undefined : root.definitions?.[name];
    if (name === undefined || target === undefined || typeof target !== "object" || target === null) break;
    refs.push(name);
    current = target;
  }
  return hashTitle === undefined ? { schema: current, refs } : { schema: current, refs, hashTitle };
}

type TypeName = "object" | "array" | "string" | "number" | "integer" | "boolean" | "null";

/** The JSON types a schema admits at its own level; `undefined` means any. */
function typeSet(schema: JsonSchema): Set<TypeName> | undefined {
  if (schema.type === undefined) return undefined;
  return new Set((Array.isArray(schema.type) ? schema.type : [schema.type]) as TypeName[]);
}

/** True when every type of `inner` is admitted by `outer` (`integer` ⊂ `number`). */
function typesWithin(inner: Set<TypeName> | undefined, outer: Set<TypeName> | undefined): boolean {
  if (outer === undefined) return true;
  if (inner === undefined) return false;
  return [...inner].every((t) => outer.has(t) || (t === "integer" && outer.has("number")));
}

function objectLike(schema: JsonSchema, types: Set<TypeName> | undefined): boolean {
  return schema.properties !== undefined || types?.has("object") === true;
}

function showTypes(types: Set<TypeName> | undefined): string {
  return types === undefined ? "any" : [...types].join("|");
}

function caseLabel(schema: JsonSchema, index: number, root: JsonSchema): string {
  const title = typeof schema.title === "string" ? schema.title : resolve(schema, root).schema.title;
  return typeof title === "string" ? title : `#${index}`;
}

function normalisedAdditional(value: JsonSchema["additionalProperties"]): boolean | JsonSchema {
  return value === undefined ? true : value;
}

class JsonWalker {
  /** The widened or narrowed key types reported so far, by pair of titles, with the number of places. */
  private readonly schemeChanges = new Map<string, { change: BodyChange; places: number }>();

  constructor(
    readonly oldRoot: JsonSchema,
    readonly newRoot: JsonSchema,
    readonly direction: Direction,
    readonly sink: ChangeSink,
    readonly visited: Set<string>,
  ) {}

  /** Says in each widened or narrowed key type's message at how many places of the body it is. */
  countSchemeChanges(): void {
    for (const { change, places } of this.schemeChanges.values()) {
      if (places > 1) change.message += ` (at ${places} places in this body; the first is shown)`;
    }
  }

  /** A Base58Check title that changed: a widened or narrowed key type once per body, any other change at each place. */
  private hashTitleChanged(oldTitle: string, newTitle: string, at: string): void {
    const change = schemeChange(oldTitle, newTitle);
    if (change?.direction === "same") return;
    if (change === undefined) {
      this.sink.add("json-hash-type-changed", "breaking", at, `string now holds another Base58Check type: ${show(oldTitle)} → ${show(newTitle)}`, { old: oldTitle, new: newTitle });
      return;
    }
    const key = `${oldTitle}\u0000${newTitle}`;
    const seen = this.schemeChanges.get(key);
    if (seen !== undefined) {
      seen.places++;
      return;
    }
    if (change.direction === "widened") {
      this.sink.add("json-hash-type-widened", widened(this.direction), at, `${change.noun} type widened: now also ${change.added.join(", ")} (${change.schemes.join(", ")})`, { old: oldTitle, new: newTitle });
    } else {
      this.sink.add("json-hash-type-narrowed", narrowed(this.direction), at, `${change.noun} type narrowed: no longer ${change.removed.join(", ")} (${change.schemes.join(", ")})`, { old: oldTitle, new: newTitle });
    }
    this.schemeChanges.set(key, { change: this.sink.changes[this.sink.changes.length - 1]!, places: 1 });
  }

  /** True when the two schemas compare without any change (nothing is reported). */
  private same(oldSchema: JsonSchema, newSchema: JsonSchema): boolean {
    const trial = new JsonWalker(this.oldRoot, this.newRoot, this.direction, new ChangeSink(), new Set(this.visited));
    trial.compare(oldSchema, newSchema, "$");
    return trial.sink.changes.length === 0;
  }

  compare(oldSchema: JsonSchema, newSchema: JsonSchema, at: string): void {
    const o = resolve(oldSchema, this.oldRoot);
    const n = resolve(newSchema, this.newRoot);
    if (o.hashTitle !== undefined && n.hashTitle !== undefined && o.hashTitle !== n.hashTitle) this.hashTitleChanged(o.hashTitle, n.hashTitle, at);
    const oldRef = o.refs[o.refs.length - 1];
    const newRef = n.refs[n.refs.length - 1];
    if (oldRef !== undefined && newRef !== undefined) {
      const key = `${oldRef}\u0000${newRef}`;
      if (this.visited.has(key)) return;
      this.visited.add(key);
    }
    this.compareResolved(o.schema, n.schema, at);
  }

  private compareResolved(o: JsonSchema, n: JsonSchema, at: string): void {
    const d = this.direction;
    if (o.oneOf !== undefined || n.oneOf !== undefined) {
      this.compareUnions(o, n, at);
      return;
    }
    const oldTypes = typeSet(o);
    const newTypes = typeSet(n);
    const typesWiden = typesWithin(oldTypes, newTypes);
    const typesNarrow = typesWithin(newTypes, oldTypes);
    if (!typesWiden && !typesNarrow) {
      this.sink.add("json-type-changed", "breaking", at, `type changed: ${showTypes(oldTypes)} → ${showTypes(newTypes)}`, { old: o.type ?? null, new: n.type ?? null });
      return;
    }
    if (!typesWiden) {
      this.sink.add("json-type-changed", narrowed(d), at, `type narrowed: ${showTypes(oldTypes)} → ${showTypes(newTypes)}`, { old: o.type ?? null, new: n.type ?? null });
    } else if (!typesNarrow) {
      this.sink.add("json-type-changed", widened(d), at, `type widened: ${showTypes(oldTypes)} → ${showTypes(newTypes)}`, { old: o.type ?? null, new: n.type ?? null });
    }
    if (typeof o.$ref === "string" || typeof n.$ref === "string") {
      // A reference that does not resolve: only its text can be compared.
      if (o.$ref !== n.$ref) this.sink.add("json-keyword-changed", "breaking", at, `unresolved reference changed: ${show(o.$ref ?? null)} → ${show(n.$ref ?? null)}`, { old: o.$ref ?? null, new: n.$ref ?? null });
    }
    this.compareEnums(o, n, at);
    this.compareBounds(o, n, at);
    this.comparePatterns(o, n, at);
    // Object keywords only mean something when both sides are objects; from or to `any`, the
    // type change above already says it all.
    if (objectLike(o, oldTypes) && objectLike(n, newTypes)) this.compareObjects(o, n, at);
    if (o.items !== undefined || n.items !== undefined) this.compareItems(o, n, at);
    this.compareOtherKeywords(o, n, at);
  }

  private compareEnums(o: JsonSchema, n: JsonSchema, at: string): void {
    const d = this.direction;
    if (o.enum === undefined && n.enum === undefined) return;
    if (o.enum === undefined || n.enum === undefined) {
      const added = o.enum === undefined;
      this.sink.add("json-enum-changed", added ? narrowed(d) : widened(d), at, added ? `enumeration imposed: ${show(n.enum)}` : `enumeration lifted (was ${show(o.enum)})`, { old: o.enum ?? null, new: n.enum ?? null });
      return;
    }
    const oldKeys = new Map(o.enum.map((v) => [JSON.stringify(v), v]));
    const newKeys = new Map(n.enum.map((v) => [JSON.stringify(v), v]));
    const added = [...newKeys].filter(([k]) => !oldKeys.has(k)).map(([, v]) => v);
    const removed = [...oldKeys].filter(([k]) => !newKeys.has(k)).map(([, v]) => v);
    if (added.length > 0 && removed.length > 0) {
      // Values gone (refused on input) and values new (unexpected on output): unsafe both ways.
      this.sink.add("json-enum-changed", "breaking", at, `enumeration changed: removed ${removed.map(show).join(", ")}; added ${added.map(show).join(", ")}`, { old: removed, new: added });
    } else if (added.length > 0) {
      this.sink.add("json-enum-changed", widened(d), at, `enumeration widened: added ${added.map(show).join(", ")}`, { new: added });
    } else if (removed.length > 0) {
      this.sink.add("json-enum-changed", narrowed(d), at, `enumeration narrowed: removed ${removed.map(show).join(", ")}`, { old: removed });
    }
  }

  private compareBounds(o: JsonSchema, n: JsonSchema, at: string): void {
    const d = this.direction;
    for (const bound of ["minimum", "maximum"] as const) {
      const before = o[bound];
      const after = n[bound];
      if (before === after) continue;
      // A lower minimum or a higher maximum admits more values; an absent bound admits all.
      const wider =
        after === undefined || (before !== undefined && (bound === "minimum" ? after < before : after > before));
      const text = `${bound} ${before === undefined ? "none" : before} → ${after === undefined ? "none" : after}`;
      this.sink.add("json-bounds-changed", wider ? widened(d) : narrowed(d), at, `range ${wider ? "widened" : "narrowed"}: ${text}`, { old: before ?? null, new: after ?? null });
    }
  }

  private comparePatterns(o: JsonSchema, n: JsonSchema, at: string): void {
    const d = this.direction;
    if (o.pattern === n.pattern) return;
    if (o.pattern === undefined) {
      this.sink.add("json-pattern-changed", narrowed(d), at, `pattern imposed: ${show(n.pattern)}`, { old: null, new: n.pattern });
    } else if (n.pattern === undefined) {
      this.sink.add("json-pattern-changed", widened(d), at, `pattern lifted (was ${show(o.pattern)})`, { old: o.pattern, new: null });
    } else {
      // Inclusion between two regular expressions is not decided here: any change may refuse
      // values that were valid, in either direction.
      this.sink.add("json-pattern-changed", "breaking", at, `pattern changed: ${show(o.pattern)} → ${show(n.pattern)}`, { old: o.pattern, new: n.pattern });
    }
  }

  private compareObjects(o: JsonSchema, n: JsonSchema, at: string): void {
    const d = this.direction;
    const oldProps = o.properties ?? {};
    const newProps = n.properties ?? {};
    const oldRequired = new Set(o.required ?? []);
    const newRequired = new Set(n.required ?? []);
    for (const [name, oldProp] of Object.entries(oldProps)) {
      const where = `${at}.${name}`;
      const newProp = newProps[name];
      if (newProp === undefined) {
        // A client of OLD may send it (NEW no longer reads it, or refuses it) or rely on it.
        const severity = d === "request" || oldRequired.has(name) ? "breaking" : "compatible";
        this.sink.add("json-property-removed", severity, where, `${oldRequired.has(name) ? "required" : "optional"} property removed`);
        continue;
      }
      if (oldRequired.has(name) !== newRequired.has(name)) {
        const nowRequired = newRequired.has(name);
        this.sink.add("json-required-changed", nowRequired ? narrowed(d) : widened(d), where, nowRequired ? "property became required" : "property became optional", { old: oldRequired.has(name), new: nowRequired });
      }
      this.compare(oldProp, newProp, where);
    }
    for (const name of Object.keys(newProps)) {
      if (name in oldProps) continue;
      const required = newRequired.has(name);
      // Requests: a new required property is missing from what OLD clients send. Responses: an
      // added property is something a client reads past (see the rules in `index.ts`).
      const severity = d === "request" && required ? "breaking" : "compatible";
      this.sink.add("json-property-added", severity, `${at}.${name}`, `${required ? "required" : "optional"} property added`);
    }
    const oldExtra = normalisedAdditional(o.additionalProperties);
    const newExtra = normalisedAdditional(n.additionalProperties);
    if (typeof oldExtra === "object" && typeof newExtra === "object") {
      this.compare(oldExtra, newExtra, `${at}.*`);
    } else if (oldExtra !== newExtra) {
      const wider = newExtra === true || (oldExtra === false && typeof newExtra === "object");
      const narrower = oldExtra === true || (newExtra === false && typeof oldExtra === "object");
      const severity = wider && !narrower ? widened(d) : narrower && !wider ? narrowed(d) : "breaking";
      this.sink.add("json-additional-properties-changed", severity, at, `additional properties: ${show(o.additionalProperties ?? true)} → ${show(n.additionalProperties ?? true)}`, { old: o.additionalProperties ?? true, new: n.additionalProperties ?? true });
    }
  }

  private compareItems(o: JsonSchema, n: JsonSchema, at: string): void {
    const d = this.direction;
    const oi = o.items;
    const ni = n.items;
    if (Array.isArray(oi) && Array.isArray(ni)) {
      if (oi.length !== ni.length) {
        this.sink.add("json-tuple-changed", "breaking", at, `tuple length ${oi.length} → ${ni.length}`, { old: oi.length, new: ni.length });
      }
      for (let i = 0; i < Math.min(oi.length, ni.length); i++) this.compare(oi[i] as JsonSchema, ni[i] as JsonSchema, `${at}[${i}]`);
    } else if (Array.isArray(oi) || Array.isArray(ni)) {
      this.sink.add("json-tuple-changed", "breaking", at, Array.isArray(oi) ? "tuple became a list" : "list became a tuple");
    } else if (oi !== undefined && ni !== undefined) {
      this.compare(oi, ni, `${at}[]`);
    } else {
      const imposed = oi === undefined;
      this.sink.add("json-keyword-changed", imposed ? narrowed(d) : widened(d), at, imposed ? "element schema imposed" : "element schema lifted");
    }
    if (!jsonEqual(o.additionalItems, n.additionalItems)) {
      this.sink.add("json-tuple-changed", "breaking", at, `additionalItems ${show(o.additionalItems ?? null)} → ${show(n.additionalItems ?? null)}`, { old: o.additionalItems ?? null, new: n.additionalItems ?? null });
    }
  }

  private compareOtherKeywords(o: JsonSchema, n: JsonSchema, at: string): void {
    // `default` (a `dft` field's default, which our spec states and Octez's describe leaves out)
    // accepts the same values either way: only a default that both sides state and that changed
    // is reported, as compatible (a value that omits the field means something else now).
    if (o.default !== undefined && n.default !== undefined && !jsonEqual(o.default, n.default)) {
      this.sink.add("json-keyword-changed", "compatible", at, `default ${show(o.default)} → ${show(n.default)}`, { old: o.default, new: n.default });
    }
    const keys = [...new Set([...Object.keys(o), ...Object.keys(n)])].filter((k) => !HANDLED.has(k)).sort();
    for (const key of keys) {
      if (!jsonEqual(o[key], n[key])) {
        this.sink.add("json-keyword-changed", "breaking", at, `keyword ${key}: ${show(o[key] ?? null)} → ${show(n[key] ?? null)}`, { old: o[key] ?? null, new: n[key] ?? null });
      }
    }
  }

  private compareUnions(o: JsonSchema, n: JsonSchema, at: string): void {
    const d = this.direction;
    if (o.oneOf === undefined || n.oneOf === undefined) {
      // One side is a union, the other a plain schema: fine if the plain schema is one of the
      // cases (a union grew from, or shrank to, that one case).
      const union = (o.oneOf ?? n.oneOf) as JsonSchema[];
      const single = o.oneOf === undefined ? o : n;
      const root = o.oneOf === undefined ? this.newRoot : this.oldRoot;
      const match = union.findIndex((c) => (o.oneOf === undefined ? this.same(single, c) : this.same(c, single)));
      if (match < 0) {
        const labels = union.map((c, i) => caseLabel(c, i, root)).join(", ");
        this.sink.add("json-union-changed", "breaking", at, o.oneOf === undefined ? `became a union (${labels}) none of whose cases is the old schema` : `a union (${labels}) became a schema that is none of its cases`);
        return;
      }
      const others = union.filter((_, i) => i !== match).map((c) => caseLabel(c, union.indexOf(c), root));
      if (o.oneOf === undefined) {
        this.sink.add("json-case-added", widened(d), at, `became a union; cases added: ${others.join(", ")}`, { new: others });
      } else {
        this.sink.add("json-case-removed", narrowed(d), at, `union reduced to one case; cases removed: ${others.join(", ")}`, { old: others });
      }
      return;
    }
    const oldCases = o.oneOf;
    const newCases = n.oneOf;
    const oldLabels = oldCases.map((c, i) => caseLabel(c, i, this.oldRoot));
    const newLabels = newCases.map((c, i) => caseLabel(c, i, this.newRoot));
    const pairs: Array<[number, number]> = [];
    const oldFree = new Set(oldCases.keys());
    const newFree = new Set(newCases.keys());
    // 1. By title (case-insensitive, since option titles vary: Some/some), when unambiguous.
    const unique = (labels: string[], label: string) => labels.filter((l) => l.toLowerCase() === label.toLowerCase()).length === 1;
    for (const i of [...oldFree]) {
      const label = oldLabels[i] as string;
      if (label.startsWith("#") || !unique(oldLabels, label) || !unique(newLabels, label)) continue;
      const j = newLabels.findIndex((l) => l.toLowerCase() === label.toLowerCase());
      if (j >= 0 && newFree.has(j)) {
        pairs.push([i, j]);
        oldFree.delete(i);
        newFree.delete(j);
      }
    }
    // 2. By structure, for the rest.
    for (const i of [...oldFree]) {
      for (const j of newFree) {
        if (this.same(oldCases[i] as JsonSchema, newCases[j] as JsonSchema)) {
          pairs.push([i, j]);
          oldFree.delete(i);
          newFree.delete(j);
          break;
        }
      }
    }
    // 3. One case left on each side: the same case, changed.
    if (oldFree.size === 1 && newFree.size === 1) {
      pairs.push([[...oldFree][0] as number, [...newFree][0] as number]);
      oldFree.clear();
      newFree.clear();
    }
    for (const i of oldFree) {
      this.sink.add("json-case-removed", narrowed(d), `${at}<${oldLabels[i]}>`, `union case ${oldLabels[i]} removed`, { old: oldLabels[i] });
    }
    for (const j of newFree) {
      this.sink.add("json-case-added", widened(d), `${at}<${newLabels[j]}>`, `union case ${newLabels[j]} added`, { new: newLabels[j] });
    }
    pairs.sort((a, b) => a[1] - b[1]);
    for (const [i, j] of pairs) {
      this.compare(oldCases[i] as JsonSchema, newCases[j] as JsonSchema, `${at}<${newLabels[j]}>`);
    }
  }
}
