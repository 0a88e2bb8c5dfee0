/**
 * Structural comparison of two normalised binary schemas of the same body (describe-format.md
 * §6, after `generator/describe/binary-schema.ts` unified the format generations).
 *
 * `Ref`s are resolved by structure: the `X_<n>` titles of anonymous definitions are arbitrary and
 * differ between nodes, so two references are the same when their definitions have the same
 * layout, whatever they are called. Only `N.t` and `Z.t` are compared by name: their definitions
 * do not describe the zarith bytes (§6.6), the name is the layout. As for JSON, each pair of
 * definitions is compared once per body (cycles terminate; shared definitions report once).
 *
 * In binary almost every difference changes the bytes of some value, so it is breaking in both
 * directions. The exceptions keep the bytes of every old value unchanged and only change which
 * values exist; they are classified like the JSON constraints (see `classify.ts`): union cases and
 * enumeration values added or removed, the bounds of a ranged integer whose width and offset do
 * not change, the bounds of a ranged float, and an `at-most` limit of a sequence.
 */
import type { BinarySchema, DataKind, Encoding, Field, Layout, SeqLimit } from "../model/binary-schema.ts";
import { rangedIntSize } from "@tezos-rpcgen/runtime";
import { ChangeSink, narrowed, widened, type BodyChange, type Direction } from "./classify.ts";

/** Compares the binary schema of one body in OLD and NEW; `direction` says who writes the body. */
export function diffBinarySchemas(oldSchema: BinarySchema, newSchema: BinarySchema, direction: Direction): BodyChange[] {
  const walker = new BinaryWalker(oldSchema, newSchema, direction);
  walker.compareEncoding(oldSchema.toplevel, newSchema.toplevel, "$");
  return walker.sink.changes;
}

/** References compared by name rather than by structure. */
const NAMED_LAYOUTS = new Set(["N.t", "Z.t"]);

export function describeDataKind(kind: DataKind): string {
  return kind.kind === "Fixed" ? `Fixed ${kind.size}` : kind.kind;
}

/** A short readable form of a layout, for messages. */
export function describeLayout(layout: Layout): string {
  switch (layout.kind) {
    case "Int":
      return layout.endianness === "Little" ? `${layout.size} little-endian` : layout.size;
    case "RangedInt":
      return `RangedInt [${layout.min}, ${layout.max}]${layout.endianness === "Little" ? " little-endian" : ""}`;
    case "RangedFloat":
      return `RangedFloat [${layout.min}, ${layout.max}]`;
    case "Enum":
      return `Enum ${layout.size}`;
    case "Seq":
      return `Seq of ${describeLayout(layout.layout)}${layout.limit === undefined ? "" : ` (${describeLimit(layout.limit)})`}`;
    case "Ref":
      return NAMED_LAYOUTS.has(layout.name) ? layout.name : "a reference";
    default:
      return layout.kind;
  }
}

function describeLimit(limit: SeqLimit | undefined): string {
  if (limit === undefined) return "no limit";
  return limit.kind === "exactly" ? `exactly ${limit.count}` : `at most ${limit.max}`;
}

function describeEncoding(encoding: Encoding): string {
  return encoding.kind === "Obj" ? "an object" : encoding.kind === "Cases" ? "a union" : "an enumeration";
}

/** The identity of a field within its list: its name, or its position when anonymous. */
function fieldKey(field: Field, index: number): string {
  switch (field.kind) {
    case "named":
      return field.name;
    case "anon":
      return `#${index}`;
    case "dyn":
      return `dyn#${index}${field.name === undefined ? "" : `(${field.name})`}`;
    case "option_indicator":
      return `?${field.name}`;
  }
}

function sameDataKind(a: DataKind, b: DataKind): boolean {
  return a.kind === b.kind && (a.kind !== "Fixed" || a.size === (b as { size: number }).size);
}

class BinaryWalker {
  readonly sink = new ChangeSink();
  private readonly visited = new Set<string>();

  constructor(
    private readonly oldSchema: BinarySchema,
    private readonly newSchema: BinarySchema,
    private readonly direction: Direction,
  ) {}

  compareEncoding(o: Encoding, n: Encoding, at: string): void {
    const d = this.direction;
    if (o.kind !== n.kind) {
      this.sink.add("binary-layout-changed", "breaking", at, `${describeEncoding(o)} became ${describeEncoding(n)}`, { old: o.kind, new: n.kind });
      return;
    }
    if (o.kind === "Obj" && n.kind === "Obj") {
      this.compareFields(o.fields, n.fields, at);
    } else if (o.kind === "Cases" && n.kind === "Cases") {
      if (o.tagSize !== n.tagSize) {
        this.sink.add("binary-tag-size-changed", "breaking", at, `union tag ${o.tagSize} → ${n.tagSize}`, { old: o.tagSize, new: n.tagSize });
        return;
      }
      if (!sameDataKind(o.dataKind, n.dataKind)) {
        this.sink.add("binary-data-kind-changed", "breaking", at, `union size ${describeDataKind(o.dataKind)} → ${describeDataKind(n.dataKind)}`, { old: describeDataKind(o.dataKind), new: describeDataKind(n.dataKind) });
      }
      const oldByTag = new Map(o.cases.map((c) => [c.tag, c]));
      const newByTag = new Map(n.cases.map((c) => [c.tag, c]));
      const label = (tag: number, name: string | undefined) => `${at}<${tag}${name === undefined ? "" : ` ${name}`}>`;
      for (const c of o.cases) {
        if (!newByTag.has(c.tag)) {
          this.sink.add("binary-case-removed", narrowed(d), label(c.tag, c.name), `union case ${c.tag}${c.name === undefined ? "" : ` (${c.name})`} removed`, { old: c.tag });
        }
      }
      for (const c of n.cases) {
        if (!oldByTag.has(c.tag)) {
          this.sink.add("binary-case-added", widened(d), label(c.tag, c.name), `union case ${c.tag}${c.name === undefined ? "" : ` (${c.name})`} added`, { new: c.tag });
        }
      }
      for (const c of n.cases) {
        const before = oldByTag.get(c.tag);
        if (before !== undefined) this.compareFields(before.fields, c.fields, label(c.tag, c.name));
      }
    } else if (o.kind === "Int_enum" && n.kind === "Int_enum") {
      if (o.size !== n.size) {
        this.sink.add("binary-layout-changed", "breaking", at, `enumeration code ${o.size} → ${n.size}`, { old: o.size, new: n.size });
        return;
      }
      const oldCodes = new Map(o.cases.map(([code, name]) => [name, code]));
      const newCodes = new Map(n.cases.map(([code, name]) => [name, code]));
      const added = n.cases.filter(([, name]) => !oldCodes.has(name)).map(([, name]) => name);
      const removed = o.cases.filter(([, name]) => !newCodes.has(name)).map(([, name]) => name);
      const recoded = o.cases.filter(([code, name]) => newCodes.has(name) && newCodes.get(name) !== code).map(([, name]) => name);
      if (recoded.length > 0) this.sink.add("binary-enum-changed", "breaking", at, `enumeration values renumbered: ${recoded.join(", ")}`, { old: recoded });
      if (added.length > 0) this.sink.add("binary-enum-changed", widened(d), at, `enumeration widened: added ${added.join(", ")}`, { new: added });
      if (removed.length > 0) this.sink.add("binary-enum-changed", narrowed(d), at, `enumeration narrowed: removed ${removed.join(", ")}`, { old: removed });
    }
  }

  private compareFields(oldFields: Field[], newFields: Field[], at: string): void {
    const oldKeys = oldFields.map(fieldKey);
    const newKeys = newFields.map(fieldKey);
    const sameList = oldKeys.length === newKeys.length && oldKeys.every((k, i) => k === newKeys[i]);
    if (sameList) {
      oldFields.forEach((field, i) => this.compareField(field, newFields[i] as Field, at));
      return;
    }
    const removed = oldKeys.filter((k) => !newKeys.includes(k));
    const added = newKeys.filter((k) => !oldKeys.includes(k));
    const parts: string[] = [];
    if (removed.length > 0) parts.push(`removed ${removed.join(", ")}`);
    if (added.length > 0) parts.push(`added ${added.join(", ")}`);
    const common = oldKeys.filter((k) => newKeys.includes(k));
    const commonInNew = newKeys.filter((k) => oldKeys.includes(k));
    if (common.some((k, i) => k !== commonInNew[i])) parts.push("order changed");
    if (parts.length === 0) parts.push("field layout changed");
    this.sink.add("binary-fields-changed", "breaking", at, `fields changed: ${parts.join("; ")}`, { old: oldKeys, new: newKeys });
    // Still look inside the named fields both sides have, for what changed in them.
    for (const [i, field] of oldFields.entries()) {
      if (field.kind !== "named") continue;
      const j = newFields.findIndex((f) => f.kind === "named" && f.name === field.name);
      const twin = newFields[j];
      if (twin !== undefined && oldKeys.filter((k) => k === oldKeys[i]).length === 1) this.compareField(field, twin, at);
    }
  }

  private compareField(o: Field, n: Field, at: string): void {
    const where = o.kind === "named" ? `${at}.${o.name}` : at;
    if (o.kind === "dyn" && n.kind === "dyn") {
      if (o.size !== n.size || o.numFields !== n.numFields) {
        this.sink.add("binary-layout-changed", "breaking", where, `length header ${o.size} over ${o.numFields} field(s) → ${n.size} over ${n.numFields} field(s)`, { old: o.size, new: n.size });
      }
      return;
    }
    if ((o.kind === "named" || o.kind === "anon") && (n.kind === "named" || n.kind === "anon")) {
      const before = this.sink.changes.length;
      this.compareLayout(o.layout, n.layout, where);
      // A data kind change that only follows from a change already reported inside is noise.
      if (!sameDataKind(o.dataKind, n.dataKind) && this.sink.changes.length === before) {
        this.sink.add("binary-data-kind-changed", "breaking", where, `size ${describeDataKind(o.dataKind)} → ${describeDataKind(n.dataKind)}`, { old: describeDataKind(o.dataKind), new: describeDataKind(n.dataKind) });
      }
    }
  }

  private compareLayout(o: Layout, n: Layout, at: string): void {
    if (o.kind === "Ref" && n.kind === "Ref") {
      this.compareRefs(o.name, n.name, at);
      return;
    }
    if (o.kind !== n.kind) {
      const before = this.describeResolved(o, this.oldSchema);
      const after = this.describeResolved(n, this.newSchema);
      this.sink.add("binary-layout-changed", "breaking", at, `${before} → ${after}`, { old: before, new: after });
      return;
    }
    switch (o.kind) {
      case "Int": {
        const m = n as typeof o;
        if (o.size !== m.size || o.endianness !== m.endianness) {
          this.sink.add("binary-layout-changed", "breaking", at, `${describeLayout(o)} → ${describeLayout(m)}`, { old: describeLayout(o), new: describeLayout(m) });
        }
        return;
      }
      case "RangedInt": {
        const m = n as typeof o;
        if (o.min === m.min && o.max === m.max && o.endianness === m.endianness) return;
        // The bytes of old values stay the same when the width and the offset (v − min, used
        // when min ≥ 0) do not change; then only the admitted range moved.
        const sameBytes =
          o.endianness === m.endianness &&
          rangedIntSize(o.min, o.max) === rangedIntSize(m.min, m.max) &&
          ((o.min < 0 && m.min < 0) || o.min === m.min);
        if (!sameBytes) {
          this.sink.add("binary-layout-changed", "breaking", at, `${describeLayout(o)} → ${describeLayout(m)} (other bytes)`, { old: describeLayout(o), new: describeLayout(m) });
          return;
        }
        this.rangeChange(o.min, o.max, m.min, m.max, at);
        return;
      }
      case "RangedFloat": {
        const m = n as typeof o;
        if (o.min !== m.min || o.max !== m.max) this.rangeChange(o.min, o.max, m.min, m.max, at);
        return;
      }
      case "Enum": {
        const m = n as typeof o;
        if (o.size !== m.size) {
          this.sink.add("binary-layout-changed", "breaking", at, `${describeLayout(o)} → ${describeLayout(m)}`, { old: o.size, new: m.size });
          return;
        }
        this.compareRefs(o.reference, m.reference, at);
        return;
      }
      case "Seq": {
        const m = n as typeof o;
        this.compareLimits(o.limit, m.limit, at);
        this.compareLayout(o.layout, m.layout, `${at}[]`);
        return;
      }
      default:
        return;
    }
  }

  /** Like {@link describeLayout}, but says what a reference points to (`an object`, `a union`). */
  private describeResolved(layout: Layout, schema: BinarySchema): string {
    if (layout.kind !== "Ref" || NAMED_LAYOUTS.has(layout.name)) return describeLayout(layout);
    const definition = schema.definitions.get(layout.name);
    return definition === undefined ? `an undefined reference ${layout.name}` : describeEncoding(definition.encoding);
  }

  private rangeChange(oldMin: number, oldMax: number, newMin: number, newMax: number, at: string): void {
    const d = this.direction;
    const wider = newMin <= oldMin && newMax >= oldMax;
    const narrower = newMin >= oldMin && newMax <= oldMax;
    const severity = wider ? widened(d) : narrower ? narrowed(d) : "breaking";
    const verb = wider ? "widened" : narrower ? "narrowed" : "moved";
    this.sink.add("binary-range-changed", severity, at, `range ${verb}: [${oldMin}, ${oldMax}] → [${newMin}, ${newMax}]`, { old: [oldMin, oldMax], new: [newMin, newMax] });
  }

  private compareLimits(o: SeqLimit | undefined, n: SeqLimit | undefined, at: string): void {
    const d = this.direction;
    if (o?.kind === n?.kind && (o === undefined || (o.kind === "exactly" ? o.count === (n as typeof o).count : o.max === (n as typeof o).max))) return;
    const text = `${describeLimit(o)} → ${describeLimit(n)}`;
    if (o?.kind === "exactly" || n?.kind === "exactly") {
      // An exact count decides how the elements are read (no frame needed): other bytes.
      this.sink.add("binary-seq-limit-changed", "breaking", at, `sequence length ${text}`, { old: describeLimit(o), new: describeLimit(n) });
      return;
    }
    const oldMax = o?.max ?? Infinity;
    const newMax = n?.max ?? Infinity;
    this.sink.add("binary-seq-limit-changed", newMax > oldMax ? widened(d) : narrowed(d), at, `sequence length ${newMax > oldMax ? "widened" : "narrowed"}: ${text}`, { old: describeLimit(o), new: describeLimit(n) });
  }

  private compareRefs(oldName: string, newName: string, at: string): void {
    const oldDef = this.oldSchema.definitions.get(oldName);
    const newDef = this.newSchema.definitions.get(newName);
    if (NAMED_LAYOUTS.has(oldName) || NAMED_LAYOUTS.has(newName) || oldDef === undefined || newDef === undefined) {
      if (oldName !== newName) {
        this.sink.add("binary-reference-changed", "breaking", at, `reference ${oldName} → ${newName}`, { old: oldName, new: newName });
      }
      return;
    }
    const key = `${oldName}\u0000${newName}`;
    if (this.visited.has(key)) return;
    this.visited.add(key);
    this.compareEncoding(oldDef.encoding, newDef.encoding, at);
  }
}
