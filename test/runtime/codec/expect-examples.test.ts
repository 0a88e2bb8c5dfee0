/**
 * The layouts of data-encoding's own expect examples
 * (`../shared/reference/binary-schema-examples-data-encoding-expect.json`). The file has no
 * bytes, so each case below gives a value and bytes computed by hand from the example's
 * `table`, a codec composed by hand from the primitives, and checks both against a codec that
 * a small interpreter builds from the example's `binary_schema`: the composition rules of the
 * primitives must agree with the schema, not only with the hand-built codec.
 */
import { describe, expect } from "vitest";
import {
  CodecDefinitionError,
  bool,
  constant,
  countedSeq,
  dynamicFields,
  dynamicSize,
  dynamicString,
  fixedBytes,
  fixedString,
  float,
  int31,
  int31Le,
  int64,
  int64Le,
  intCodec,
  object,
  optionalField,
  padding,
  rangedFloat,
  rangedInt,
  seq,
  tuple,
  uint16,
  uint16Le,
  uint8,
  union,
  variableBytes,
  variableString,
  zarithN,
  zarithZ,
  zeroWidth,
  type Codec,
  type IntSize,
  type LengthHeader,
  type SeqLimit,
} from "../../../runtime/index.ts";
import { itWithReference, readReference } from "../../support/reference.ts";
import { dec, enc } from "./support.ts";

const FILE = "binary-schema-examples-data-encoding-expect.json";

interface Example {
  index: number;
  label: string;
  table: string;
  binary_schema: { toplevel: { fields: Field[] }; fields: Definition[] };
}
interface Definition {
  description: { title: string };
  encoding: { fields: Field[] } | { tag_size: "Uint8" | "Uint16"; cases: { tag: number; name?: string; fields: Field[] }[] };
}
type Field =
  | { kind: "named"; name: string; layout: Layout; data_kind: DataKindJson }
  | { kind: "anon"; layout: Layout; data_kind: DataKindJson }
  | { kind: "dyn"; num_fields: number; size: LengthHeader; name?: string }
  | { kind: "option_indicator"; name: string };
type DataKindJson = { kind: "Fixed" | "Float"; size: number } | { kind: "Dynamic" } | { kind: "Variable" };
type Layout = { kind: string; [key: string]: any };

// ---------------------------------------------------------------------------------------------
// A small binary-schema interpreter, enough for the examples used here.

const INT_MAX: Record<string, number> = { Uint8: 255, Uint16: 65535 };

class Interpreter {
  constructor(private readonly defs: Definition[]) {}

  def(name: string): Definition {
    const d = this.defs.find((x) => x.description.title === name);
    if (d === undefined) throw new Error(`no definition ${name}`);
    return d;
  }

  layout(layout: Layout, dataKind: DataKindJson): Codec<any> {
    const fixed = dataKind.kind === "Fixed" || dataKind.kind === "Float" ? dataKind.size : undefined;
    switch (layout.kind) {
      case "Int":
        return intCodec(layout.size as IntSize, layout.endianness ?? "Big");
      case "RangedInt":
        return rangedInt(layout.min, layout.max, layout.endianness === "Little");
      case "RangedFloat":
        return rangedFloat(layout.min, layout.max);
      case "Float":
        return float;
      case "Bool":
        return bool;
      case "Zero_width":
        return zeroWidth;
      case "Bytes":
        return fixed !== undefined ? fixedBytes(fixed) : variableBytes;
      case "String":
        return fixed !== undefined ? fixedString(fixed) : variableString;
      case "Padding":
        return padding(fixed ?? 0);
      case "Seq": {
        const limit: SeqLimit | undefined =
          layout.length_limit?.kind === "exactly"
            ? { kind: "exactly", n: layout.length_limit.exactly }
            : layout.length_limit?.kind === "at-most"
              ? { kind: "at-most", n: layout.length_limit.at_most }
              : undefined;
        return seq(this.layout(layout.layout, { kind: "Dynamic" }), { limit });
      }
      case "Ref":
        return this.ref(layout.name);
      default:
        throw new Error(`layout ${layout.kind} not covered by this interpreter`);
    }
  }

  ref(name: string): Codec<any> {
    if (name === "N.t") return zarithN;
    if (name === "Z.t") return zarithZ;
    const { encoding } = this.def(name);
    if ("cases" in encoding) {
      // Test convention for union values: {case: <name>, value: <case value>}.
      return union<{ case: string }>(
        encoding.tag_size,
        encoding.cases.map((c) => ({
          tag: c.tag,
          name: c.name ?? String(c.tag),
          codec: object([["case", constant(c.name ?? String(c.tag))], ["value", this.fields(c.fields.slice(1))]]),
        })),
        { select: (v) => (v as { case: string }).case },
      );
    }
    return this.fields(encoding.fields);
  }

  /** Fields of an Obj or a case: an object of the named ones, else the one value or a tuple. */
  fields(fields: Field[]): Codec<any> {
    const parts: { name?: string; codec: Codec<any> }[] = [];
    for (let i = 0; i < fields.length; i++) {
      const f = fields[i]!;
      const next = fields[i + 1];
      if (f.kind === "dyn") {
        const covered = this.fieldParts(fields.slice(i + 1, i + 1 + f.num_fields));
        if (covered.length === 1) parts.push({ name: covered[0]!.name, codec: dynamicSize(f.size, covered[0]!.codec) });
        else parts.push({ codec: dynamicFields(f.size, covered.map((p) => (p.name === undefined ? p.codec : [p.name, p.codec] as const))) });
        i += f.num_fields;
      } else if (f.kind === "option_indicator") {
        if (next === undefined || next.kind !== "named") throw new Error("option_indicator without its field");
        parts.push({ name: next.name, codec: optionalField(this.layout(next.layout, next.data_kind)) });
        i += 1;
      } else if (f.kind === "anon" && next?.kind === "anon" && isCountThenSeq(f.layout, next.layout)) {
        // describe-format.md §6.8: an anonymous count before an anonymous at-most Seq of its maximum.
        const header: LengthHeader = f.layout.kind === "Ref" ? "N" : f.layout.kind === "RangedInt" ? "Uint30" : (f.layout.size as LengthHeader);
        parts.push({ codec: countedSeq(header, this.layout(next.layout.layout, { kind: "Dynamic" }), next.layout.length_limit.at_most) });
        i += 1;
      } else {
        parts.push(...this.fieldParts([f]));
      }
    }
    const named = parts.filter((p) => p.name !== undefined || p.codec.binaryOnly || "spread" in p.codec);
    if (named.length === parts.length && parts.some((p) => p.name !== undefined || "spread" in p.codec)) {
      return object(parts.map((p) => (p.name === undefined ? p.codec : [p.name, p.codec] as const)));
    }
    const json = parts.filter((p) => !p.codec.binaryOnly);
    if (json.length === 1 && parts.length === 1) return json[0]!.codec;
    if (parts.length === 0) return zeroWidth;
    return tuple(parts.map((p) => p.codec));
  }

  private fieldParts(fields: Field[]): { name?: string; codec: Codec<any> }[] {
    return fields.map((f) => {
      if (f.kind === "named") {
        const codec = this.layout(f.layout, f.data_kind);
        return codec.binaryOnly ? { codec } : { name: f.name, codec };
      }
      if (f.kind === "anon") return { codec: this.layout(f.layout, f.data_kind) };
      if (f.kind === "dyn") return { codec: this.fields([f]) };
      throw new Error(`field ${f.kind} out of place`);
    });
  }
}

function isCountThenSeq(count: Layout, next: Layout): boolean {
  if (next.kind !== "Seq" || next.length_limit?.kind !== "at-most") return false;
  const max = next.length_limit.at_most as number;
  if (count.kind === "Int") return INT_MAX[count.size] === max;
  if (count.kind === "RangedInt") return count.min === 0 && count.max === max;
  return count.kind === "Ref" && count.name === "N.t" && max === 2 ** 30 - 1;
}

// ---------------------------------------------------------------------------------------------

interface Mirror {
  /** Index in the `examples` list (newest format). */
  index: number;
  /** Words the example's table must contain for the hand-built layout to apply. */
  table: string[];
  codec: Codec<any>;
  value: unknown;
  hex: string;
  /** The value in the interpreter's union convention, when it differs. */
  interpreted?: unknown;
}

const mirrors: Mirror[] = [
  { index: 1, table: ["unsigned 8-bit integer"], codec: uint8, value: 200, hex: "c8" },
  { index: 2, table: ["12 bytes"], codec: fixedString(12), value: "hello, world", hex: "68656c6c6f2c20776f726c64" },
  { index: 3, table: ["# bytes in next field", "1 byte", "Variable"], codec: dynamicString("Uint8", 22), value: "this", hex: "04 74686973" },
  { index: 8, table: ["padding", "12 bytes"], codec: tuple([padding(12)]), value: [], hex: "00".repeat(12) },
  { index: 10, table: ["bar", "1 byte"], codec: object([["bar", uint8]]), value: { bar: 7 }, hex: "07" },
  {
    index: 15,
    table: ["5 bytes", "10 bytes", "4 bytes", "padding"],
    codec: tuple([fixedString(5), fixedBytes(10), padding(4)]),
    value: ["hello", "00112233445566778899"],
    hex: "68656c6c6f 00112233445566778899 00000000",
  },
  {
    index: 16,
    table: ['? presence of field "b"', "unsigned 16-bit big-endian integer", "sequence of $X_0"],
    codec: object([["a", uint8], ["b", optionalField(uint16)], ["c", dynamicSize("Uint30", seq(dynamicString()))]]),
    value: { a: 1, c: ["x", ""] },
    hex: "01 00 00000009 00000001 78 00000000",
  },
  {
    index: 16,
    table: ['? presence of field "b"'],
    codec: object([["a", uint8], ["b", optionalField(uint16)], ["c", dynamicSize("Uint30", seq(dynamicString()))]]),
    value: { a: 1, b: 513, c: [] },
    hex: "01 ff 0201 00000000",
  },
  {
    index: 18,
    table: ["l (tag 128)", "r (tag 255)"],
    codec: union<{ case: string; value: unknown }>(
      "Uint8",
      [
        { tag: 128, name: "l", codec: object([["case", constant("l")], ["value", uint8]]) },
        { tag: 255, name: "r", codec: object([["case", constant("r")], ["value", dynamicString()]]) },
      ],
      { select: (v) => (v as { case: string }).case },
    ),
    value: { case: "r", value: "hi" },
    hex: "ff 00000002 6869",
  },
  {
    index: 22,
    table: ['? presence of field "l"', "0 bytes"],
    codec: object([["l", optionalField(zeroWidth)], ["r", optionalField(zeroWidth)]]),
    value: { r: {} },
    hex: "00 ff",
  },
  {
    index: 23,
    table: ["unsigned 16-bit big-endian integer", "sequence of at most 65535 unsigned 8-bit integer"],
    codec: countedSeq("Uint16", uint8, 65535),
    value: [1, 2, 3],
    hex: "0003 010203",
  },
  {
    index: 24,
    table: ["$N.t", "sequence of at most 1073741823 unsigned 8-bit integer"],
    codec: countedSeq("N", uint8),
    value: Array.from({ length: 130 }, (_, i) => i),
    hex: "8201 " + Array.from({ length: 130 }, (_, i) => i.toString(16).padStart(2, "0")).join(""),
  },
  {
    index: 25,
    table: ["sequence of at most 1073741823 signed 64-bit big-endian integer"],
    codec: tuple([countedSeq("N", uint8), countedSeq("N", int64)]),
    value: [[255], ["-1", "9223372036854775807"]],
    hex: "01 ff 02 ffffffffffffffff 7fffffffffffffff",
  },
  {
    index: 26,
    table: ["$N.t", "sequence of unsigned 8-bit integer"],
    codec: dynamicSize("N", seq(uint8)),
    value: [9, 8],
    hex: "02 0908",
  },
  {
    index: 29,
    table: ["signed 31-bit big-endian integer in the range -1073741824 to 1073741823", "signed 64-bit big-endian integer"],
    codec: tuple([int31, int64, uint8, uint16]),
    value: [-1073741824, "-2", 255, 258],
    hex: "c0000000 fffffffffffffffe ff 0102",
  },
  {
    index: 30,
    table: ["signed 31-bit little-endian integer", "signed 64-bit little-endian integer", "unsigned 16-bit little-endian integer"],
    codec: tuple([int31Le, int64Le, uint16, uint16Le]),
    value: [1, "2789", 258, 258],
    hex: "01000000 e50a000000000000 0102 0201",
  },
  {
    index: 31,
    table: ["unsigned 30-bit big-endian integer in the range 0 to 1073741823", "sequence of at most 1073741823 boolean"],
    codec: countedSeq("Uint30", bool),
    value: [true, false, true],
    hex: "00000003 ff00ff",
  },
];

describe("data-encoding expect examples, mirrored by hand", () => {
  for (const m of mirrors) {
    itWithReference(FILE)(`example ${m.index}: hand-built codec and schema interpreter agree on hand-computed bytes`, () => {
      const { examples } = readReference<{ examples: Example[] }>(FILE);
      const example = examples.find((e) => e.index === m.index);
      expect(example, `example ${m.index}`).toBeDefined();
      for (const words of m.table) expect(example!.table).toContain(words);

      const hex = m.hex.replace(/\s+/g, "");
      expect(enc(m.codec, m.value)).toBe(hex);
      expect(dec(m.codec, hex)).toEqual(m.value);

      const interpreted = new Interpreter(example!.binary_schema.fields).fields(example!.binary_schema.toplevel.fields);
      const value = m.interpreted ?? m.value;
      expect(enc(interpreted, value)).toBe(hex);
      expect(dec(interpreted, hex)).toEqual(value);
      expect(interpreted.dataKind).toEqual(m.codec.dataKind);
    });
  }

  itWithReference(FILE)("zero-width examples take no bytes in either codec", () => {
    const { examples } = readReference<{ examples: Example[] }>(FILE);
    const empty = examples.filter((e) => e.table.includes("It takes zero (0) bytes of output"));
    expect(empty.length).toBeGreaterThanOrEqual(5);
    for (const e of empty) {
      const codec = new Interpreter(e.binary_schema.fields).fields(e.binary_schema.toplevel.fields);
      expect(codec.dataKind, e.label).toEqual({ kind: "Fixed", size: 0 });
      expect(enc(codec, dec(codec, "")), e.label).toBe("");
    }
  });

  itWithReference(FILE)("both format generations describe the same bytes for the shared examples", () => {
    const file = readReference<{ examples: Example[]; examples_2022_09: Example[] }>(FILE);
    let compared = 0;
    for (const old of file.examples_2022_09) {
      const current = file.examples.find((e) => e.label === old.label);
      if (current === undefined) continue;
      let oldCodec: Codec<any>;
      let newCodec: Codec<any>;
      try {
        oldCodec = new Interpreter(old.binary_schema.fields).fields(old.binary_schema.toplevel.fields);
        newCodec = new Interpreter(current.binary_schema.fields).fields(current.binary_schema.toplevel.fields);
      } catch (error) {
        // Recursive and compact examples are outside this interpreter's subset.
        if (error instanceof CodecDefinitionError) throw error;
        continue;
      }
      expect(oldCodec.dataKind, old.label).toEqual(newCodec.dataKind);
      compared++;
    }
    expect(compared).toBeGreaterThan(3);
  });
});
