/**
 * The data-encoding binary schema of an encoding, printed as an Octez 20.3 node prints it
 * (data-encoding >= 1.0): `"Fixed"` data kinds, `length_limit`, no `endianness` key for
 * big-endian integers, empty values as an empty field list.
 *
 * Which parts become named entries of `fields` follows the library's description walk:
 * - in field position (the top level, or the fields of an object or union case) objects and
 *   tuples are flattened, a length prefix becomes a `dyn` field, a union becomes an anonymous
 *   `Ref` to a new definition;
 * - in value position (inside a sequence, or as the value of an object field) a union, an
 *   object or tuple with several fields, an optional single field, a string enumeration, a
 *   length-prefixed value, a padded value or a counted list becomes a `Ref` to a definition,
 *   named after the enclosing `def` if there is one, else `X_<n>` from a counter;
 * - an object with a single required field stands for the value of that field;
 * - union cases are walked from the highest tag down, and a union's own name is taken after its
 *   cases, which fixes the `X_<n>` numbering;
 * - finally, definitions that only wrap a reference are dropped and structurally identical
 *   definitions are merged under the first name.
 */
import { classify, rangeSize, tagBytes } from "./classify.ts";
import type { Encoding, Field, Json, Kind, LengthKind, LengthLimit, TagSize } from "./encoding.ts";

type Layout =
  | { kind: "Zero_width" }
  | { kind: "Int"; size: string; little?: boolean }
  | { kind: "Bool" }
  | { kind: "RangedInt"; min: number; max: number; little?: boolean }
  | { kind: "RangedFloat"; min: number; max: number }
  | { kind: "Float" }
  | { kind: "Bytes" }
  | { kind: "String" }
  | { kind: "Enum"; size: string; reference: string }
  | { kind: "Seq"; layout: Layout; limit?: LengthLimit }
  | { kind: "Ref"; name: string }
  | { kind: "Padding" };

type BField =
  | { f: "named"; name: string; kind: Kind; layout: Layout }
  | { f: "anon"; kind: Kind; layout: Layout }
  | { f: "dyn"; name?: string; num: number; size: LengthKind }
  | { f: "opt"; name: string };

type BEnc =
  | { t: "obj"; fields: BField[] }
  | { t: "cases"; kind: Kind; tagSize: TagSize; cases: { tag: number; name?: string; fields: BField[] }[] }
  | { t: "int_enum"; size: string; cases: [number, string][] };

interface Desc {
  title: string;
  description?: string;
}

const N_DESCRIPTION =
  "Zarith natural number: little-endian groups of 7 bits, one per byte; the high bit of a byte is set when another byte follows.";
const Z_DESCRIPTION =
  "Zarith integer: like a natural number, except that the first byte holds only 6 bits of the absolute value, its second highest bit being the sign (set for negative numbers).";

/** Union-find over definition names, as the library uses to merge definitions. */
class NameTable {
  private readonly tbl = new Map<string, { ref: string } | { root: Desc }>();
  add(d: Desc): void {
    this.tbl.set(d.title, { root: d });
  }
  find(key: string): Desc {
    for (;;) {
      const e = this.tbl.get(key);
      if (e === undefined) throw new Error(`unknown binary definition ${key}`);
      if ("root" in e) return e.root;
      key = e.ref;
    }
  }
  union(newCanonical: Desc, existing: string): void {
    this.add(newCanonical);
    const root = this.find(existing);
    if (root.title !== newCanonical.title) this.tbl.set(root.title, { ref: newCanonical.title });
  }
}

class Describer {
  private readonly recursives = new Set<string>();
  readonly names = new NameTable();
  readonly refs: [string, BEnc][] = [];
  private counter = -1;

  private addName(title: string): void {
    this.names.add({ title });
  }
  private newRef(refName: string | undefined): string {
    if (refName !== undefined) {
      this.addName(refName);
      return refName;
    }
    this.counter += 1;
    const name = `X_${this.counter}`;
    this.addName(name);
    return name;
  }
  private addRef(name: string, enc: BEnc): void {
    this.refs.push([name, enc]);
  }
  private addZarith(which: "N.t" | "Z.t"): void {
    this.names.add({ title: which, description: which === "N.t" ? N_DESCRIPTION : Z_DESCRIPTION });
    this.refs.push([which, { t: "obj", fields: [{ f: "named", name: which, kind: "dynamic", layout: { kind: "Bytes" } }] }]);
  }

  /** Looks through conversions, `def`s and the binary side of `splitted` for a length prefix. */
  private extractDynamic(
    refName: string | undefined,
    e: Encoding,
  ): { dyn?: LengthKind; refName: string | undefined; e: Encoding } {
    switch (e.t) {
      case "describe":
        return this.extractDynamic(e.id, e.e);
      case "splitted":
        return this.extractDynamic(refName, e.binary);
      case "custom_json":
        return this.extractDynamic(refName, e.e);
      case "dynamic_size":
        return { dyn: e.kind, refName, e: e.e };
      default:
        return { refName, e };
    }
  }

  private field(f: Field): BField[] {
    if (f.presence === "opt") {
      const kind = classify(f.encoding);
      const layout = this.layout(undefined, f.encoding);
      if (kind === "variable") return [{ f: "named", name: f.name, kind: "variable", layout }];
      return [
        { f: "opt", name: f.name },
        { f: "named", name: f.name, kind, layout },
      ];
    }
    const x = this.extractDynamic(undefined, f.encoding);
    const layout = this.layout(x.refName, x.e);
    if (layout.kind === "Zero_width") return [];
    const named: BField = { f: "named", name: f.name, kind: classify(x.e), layout };
    if (x.dyn !== undefined) {
      const dyn: BField = x.refName !== undefined ? { f: "dyn", name: x.refName, num: 1, size: x.dyn } : { f: "dyn", num: 1, size: x.dyn };
      return [dyn, named];
    }
    return [named];
  }

  private union(refName: string | undefined, e: Extract<Encoding, { t: "union" }>): string {
    const sorted = e.cases
      .filter((c) => c.tag !== null)
      .slice()
      .sort((a, b) => a.tag! - b.tag!);
    const tagField: BField = {
      f: "named",
      name: "Tag",
      kind: { fixed: tagBytes(e.tagSize) },
      layout: { kind: "Int", size: e.tagSize },
    };
    const cases: { tag: number; name?: string; fields: BField[] }[] = [];
    // Cases are described from the last one to the first.
    for (let i = sorted.length - 1; i >= 0; i--) {
      const c = sorted[i]!;
      cases.unshift({ tag: c.tag!, name: c.title, fields: [tagField, ...this.fields(undefined, c.encoding)] });
    }
    const name = this.newRef(refName);
    this.addRef(name, { t: "cases", kind: classify(e), tagSize: e.tagSize, cases });
    return name;
  }

  private enumCases(cases: readonly string[]): { size: string; cases: [number, string][] } {
    return { size: rangeSize(0, cases.length).name, cases: cases.map((c, i) => [i, c] as [number, string]) };
  }

  fields(refName: string | undefined, e: Encoding): BField[] {
    switch (e.t) {
      case "obj":
        return this.field(e.field);
      case "objs":
      case "tups": {
        const l = this.fields(undefined, e.left);
        const r = this.fields(undefined, e.right);
        return [...l, ...r];
      }
      case "null":
      case "empty":
      case "ignore":
      case "constant":
        return [];
      case "dynamic_size": {
        const fs = this.fields(undefined, e.e);
        return [{ f: "dyn", num: fs.length, size: e.kind }, ...fs];
      }
      case "check_size":
      case "custom_json":
        return this.fields(refName, e.e);
      case "describe":
        return this.fields(e.id, e.e);
      case "splitted":
        return this.fields(refName, e.binary);
      case "list": {
        if (e.lengthEncoding) {
          const lenLayout = this.layout(undefined, e.lengthEncoding);
          const elts = this.layout(undefined, e.elts);
          return [
            { f: "anon", kind: classify(e.lengthEncoding), layout: lenLayout },
            { f: "anon", kind: "variable", layout: seq(elts, e.limit) },
          ];
        }
        return [{ f: "anon", kind: "variable", layout: seq(this.layout(undefined, e.elts), e.limit) }];
      }
      case "bytes":
        return [{ f: "anon", kind: classify(e), layout: { kind: "Bytes" } }];
      case "string":
        return [{ f: "anon", kind: classify(e), layout: { kind: "String" } }];
      case "padded": {
        const fs = this.fields(refName, e.e);
        return [...fs, { f: "named", name: "padding", kind: { fixed: e.n }, layout: { kind: "Padding" } }];
      }
      case "string_enum": {
        const name = this.newRef(refName);
        this.addRef(name, { t: "int_enum", ...this.enumCases(e.cases) });
        return [{ f: "anon", kind: classify(e), layout: { kind: "Ref", name } }];
      }
      case "tup": {
        const layout = this.layout(refName, e.e);
        return layout.kind === "Zero_width" ? [] : [{ f: "anon", kind: classify(e.e), layout }];
      }
      case "union": {
        const name = this.union(undefined, e);
        return [{ f: "anon", kind: classify(e), layout: { kind: "Ref", name } }];
      }
      case "mu":
        return [{ f: "anon", kind: e.kind, layout: { kind: "Ref", name: this.mu(e) } }];
      default:
        return [{ f: "anon", kind: classify(e), layout: this.layout(undefined, e) }];
    }
  }

  layout(refName: string | undefined, e: Encoding): Layout {
    switch (e.t) {
      case "null":
      case "empty":
      case "ignore":
      case "constant":
        return { kind: "Zero_width" };
      case "bool":
        return { kind: "Bool" };
      case "int":
        return e.little ? { kind: "Int", size: e.size, little: true } : { kind: "Int", size: e.size };
      case "int31":
        return e.little
          ? { kind: "RangedInt", min: -1073741824, max: 1073741823, little: true }
          : { kind: "RangedInt", min: -1073741824, max: 1073741823 };
      case "n":
        this.addZarith("N.t");
        return { kind: "Ref", name: "N.t" };
      case "z":
        this.addZarith("Z.t");
        return { kind: "Ref", name: "Z.t" };
      case "ranged_int":
        return { kind: "RangedInt", min: e.min, max: e.max };
      case "ranged_float":
        return { kind: "RangedFloat", min: e.min, max: e.max };
      case "float":
        return { kind: "Float" };
      case "bytes":
        return { kind: "Bytes" };
      case "string":
        return { kind: "String" };
      case "padded": {
        const name = this.newRef(refName);
        const fs = this.fields(undefined, e);
        this.addRef(name, { t: "obj", fields: fs });
        return { kind: "Ref", name };
      }
      case "string_enum": {
        const name = this.newRef(refName);
        const en = this.enumCases(e.cases);
        this.addRef(name, { t: "int_enum", ...en });
        return { kind: "Enum", size: en.size, reference: name };
      }
      case "list": {
        if (e.lengthEncoding) {
          const name = this.newRef(refName);
          const fs = this.fields(undefined, e);
          this.addName(name);
          this.addRef(name, { t: "obj", fields: fs });
          return { kind: "Ref", name };
        }
        return seq(this.layout(undefined, e.elts), e.limit);
      }
      case "obj": {
        if (e.field.presence !== "opt") return this.layout(refName, e.field.encoding);
        const name = this.newRef(refName);
        const fs = this.fields(undefined, e);
        this.addRef(name, { t: "obj", fields: fs });
        return { kind: "Ref", name };
      }
      case "objs":
      case "tups": {
        const name = this.newRef(refName);
        const fs = this.fields(undefined, e);
        if (fs.length === 0) return { kind: "Zero_width" };
        this.addRef(name, { t: "obj", fields: fs });
        return { kind: "Ref", name };
      }
      case "tup":
        return this.layout(refName, e.e);
      case "union":
        return { kind: "Ref", name: this.union(refName, e) };
      case "describe":
        return this.layout(e.id, e.e);
      case "splitted":
        return this.layout(refName, e.binary);
      case "check_size":
      case "custom_json":
        return this.layout(refName, e.e);
      case "dynamic_size": {
        const name = this.newRef(refName);
        const fs = this.fields(undefined, e);
        this.addName(name);
        if (e.kind === "N") this.addZarith("N.t");
        this.addRef(name, { t: "obj", fields: fs });
        return { kind: "Ref", name };
      }
      case "mu":
        return { kind: "Ref", name: this.mu(e) };
    }
  }

  /** A recursive encoding: described once, under its name; inner occurrences are references. */
  private mu(e: Extract<Encoding, { t: "mu" }>): string {
    if (this.recursives.has(e.name)) return e.name;
    this.recursives.add(e.name);
    const canonical: Desc = e.description !== undefined ? { title: e.title ?? e.name, description: e.description } : { title: e.title ?? e.name };
    const body = e.body(e);
    const layout = this.layout(undefined, body);
    this.recursives.delete(e.name);
    if (layout.kind === "Ref") {
      this.names.union(canonical, layout.name);
      return layout.name;
    }
    if (layout.kind === "Zero_width") return e.name;
    this.names.add(canonical);
    this.addRef(e.name, { t: "obj", fields: [{ f: "anon", kind: classify(body), layout }] });
    return e.name;
  }
}

function seq(layout: Layout, limit?: LengthLimit): Layout {
  return limit ? { kind: "Seq", layout, limit } : { kind: "Seq", layout };
}

function fixupLayout(names: NameTable, l: Layout): Layout {
  switch (l.kind) {
    case "Ref":
      return { kind: "Ref", name: names.find(l.name).title };
    case "Enum":
      return { ...l, reference: names.find(l.reference).title };
    case "Seq":
      return { ...l, layout: fixupLayout(names, l.layout) };
    default:
      return l;
  }
}

function fixupEnc(names: NameTable, e: BEnc): BEnc {
  const fixField = (f: BField): BField =>
    f.f === "named" || f.f === "anon" ? { ...f, layout: fixupLayout(names, f.layout) } : f;
  switch (e.t) {
    case "obj":
      return { t: "obj", fields: e.fields.map(fixField) };
    case "cases":
      return { ...e, cases: e.cases.map((c) => ({ ...c, fields: c.fields.map(fixField) })) };
    case "int_enum":
      return e;
  }
}

/** Merges structurally identical definitions, repeatedly, keeping the first name. */
function dedup(names: NameTable, list: [string, BEnc][]): [Desc, BEnc][] {
  let current = list;
  for (;;) {
    const seen = new Map<string, Desc>();
    let merged = false;
    const kept: [string, BEnc][] = [];
    for (const [name, enc] of current) {
      const key = JSON.stringify(enc);
      const original = seen.get(key);
      if (original === undefined) {
        const d = names.find(name);
        seen.set(key, d);
        kept.push([d.title, enc]);
      } else {
        merged = true;
        names.union(original, name);
      }
    }
    const fixed = kept.map(([n, e]) => [n, fixupEnc(names, e)] as [string, BEnc]);
    if (!merged) return fixed.map(([n, e]) => [names.find(n), e]);
    current = fixed;
  }
}

/** Builds the binary description (an intermediate form; see `printBinarySchema`). */
export function describeBinary(e: Encoding): { toplevel: BEnc; fields: [Desc, BEnc][] } {
  const d = new Describer();
  const fields = d.fields(undefined, e);
  d.names.add({ title: "" });
  const top = dedup(d.names, [["", { t: "obj", fields }]])[0]![1];
  const filtered = d.refs.filter(([name, enc]) => {
    if (enc.t === "obj" && enc.fields.length === 1) {
      const only = enc.fields[0]!;
      if (only.f === "anon" && only.layout.kind === "Ref") {
        d.names.union(d.names.find(name), only.layout.name);
        return false;
      }
    }
    return true;
  });
  const defs = dedup(d.names, filtered);
  return { toplevel: fixupEnc(d.names, top), fields: defs };
}

// ---- printing ------------------------------------------------------------------------------

type J = { [k: string]: Json };

function printKind(k: Kind): J {
  if (k === "dynamic") return { kind: "Dynamic" };
  if (k === "variable") return { kind: "Variable" };
  return { size: k.fixed, kind: "Fixed" };
}

function printLayout(l: Layout): J {
  switch (l.kind) {
    case "Int":
      return l.little ? { size: l.size, endianness: "Little", kind: "Int" } : { size: l.size, kind: "Int" };
    case "RangedInt":
      return l.little
        ? { min: l.min, endianness: "Little", max: l.max, kind: "RangedInt" }
        : { min: l.min, max: l.max, kind: "RangedInt" };
    case "RangedFloat":
      return { min: l.min, max: l.max, kind: "RangedFloat" };
    case "Enum":
      return { size: l.size, reference: l.reference, kind: "Enum" };
    case "Seq": {
      const out: J = { layout: printLayout(l.layout), kind: "Seq" };
      if (l.limit)
        out.length_limit =
          l.limit.kind === "at-most" ? { kind: "at-most", at_most: l.limit.n } : { kind: "exactly", exactly: l.limit.n };
      return out;
    }
    case "Ref":
      return { name: l.name, kind: "Ref" };
    default:
      return { kind: l.kind };
  }
}

function printField(f: BField): J {
  switch (f.f) {
    case "named":
      return { name: f.name, layout: printLayout(f.layout), data_kind: printKind(f.kind), kind: "named" };
    case "anon":
      return { layout: printLayout(f.layout), kind: "anon", data_kind: printKind(f.kind) };
    case "dyn":
      return f.name !== undefined
        ? { kind: "dyn", name: f.name, num_fields: f.num, size: f.size }
        : { kind: "dyn", num_fields: f.num, size: f.size };
    case "opt":
      return { kind: "option_indicator", name: f.name };
  }
}

function printEnc(e: BEnc): J {
  switch (e.t) {
    case "obj":
      return { fields: e.fields.map(printField) };
    case "cases":
      return {
        tag_size: e.tagSize,
        kind: printKind(e.kind),
        cases: e.cases.map((c) => {
          const out: J = { tag: c.tag, fields: c.fields.map(printField) };
          if (c.name !== undefined) out.name = c.name;
          return out;
        }),
      };
    case "int_enum":
      return { size: e.size, cases: e.cases };
  }
}

/** The `binary_schema` JSON of an encoding. */
export function binarySchema(e: Encoding): J {
  const { toplevel, fields } = describeBinary(e);
  return {
    toplevel: printEnc(toplevel),
    fields: fields.map(
      ([d, enc]): J => ({
        description: d.description !== undefined ? { title: d.title, description: d.description } : { title: d.title },
        encoding: printEnc(enc),
      }),
    ),
  };
}
