/**
 * Property tests over random codecs and values: encode-then-decode is the identity, and bad
 * input (random bytes, truncated or extended encodings, flipped bytes) only ever produces a
 * DecodeError.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DecodeError,
  bool,
  bytesToHex,
  bytesToUnistring,
  constant,
  countedSeq,
  decodeBytes,
  dynamicBytes,
  dynamicSize,
  dynamicString,
  encodeBytes,
  fixedBytes,
  fixedString,
  float,
  int16,
  int31,
  int32,
  int64,
  int64Le,
  int8,
  intEnum,
  list,
  object,
  option,
  optionalField,
  padding,
  rangedFloat,
  rangedInt,
  seq,
  stringEnum,
  tuple,
  uint16,
  uint16Le,
  uint30,
  uint8,
  union,
  variableBytes,
  variableString,
  zarithN,
  zarithZ,
  lengthHeaderMax,
  type Codec,
  type LengthHeader,
} from "../../../runtime/index.ts";

/** A codec together with an arbitrary of its values. */
interface Case {
  label: string;
  codec: Codec<any>;
  values: fc.Arbitrary<unknown>;
}

const HEADERS: LengthHeader[] = ["Uint8", "Uint16", "Uint30", "N"];
const headerArb = fc.constantFrom(...HEADERS);
const hexArb = (min: number, max: number) => fc.uint8Array({ minLength: min, maxLength: max }).map(bytesToHex);
/** Int64 values, weighted towards the 2^53 region where doubles stop being exact. */
const int64Arb = fc
  .oneof(fc.bigInt(-(2n ** 63n), 2n ** 63n - 1n), fc.bigInt(-(2n ** 56n), 2n ** 56n), fc.bigInt(-(2n ** 33n), 2n ** 33n))
  .map(String);
const textArb = fc.oneof(
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.uint8Array({ maxLength: 40 }).map(bytesToUnistring),
);

/** Leaf cases: every primitive, with values spanning its whole range. */
function leafCases(): fc.Arbitrary<Case> {
  const fixed: Case[] = [
    { label: "uint8", codec: uint8, values: fc.integer({ min: 0, max: 255 }) },
    { label: "int8", codec: int8, values: fc.integer({ min: -128, max: 127 }) },
    { label: "uint16", codec: uint16, values: fc.integer({ min: 0, max: 65535 }) },
    { label: "uint16Le", codec: uint16Le, values: fc.integer({ min: 0, max: 65535 }) },
    { label: "int16", codec: int16, values: fc.integer({ min: -32768, max: 32767 }) },
    { label: "int32", codec: int32, values: fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }) },
    { label: "int31", codec: int31, values: fc.integer({ min: -(2 ** 30), max: 2 ** 30 - 1 }) },
    { label: "uint30", codec: uint30, values: fc.integer({ min: 0, max: 2 ** 30 - 1 }) },
    { label: "int64", codec: int64, values: int64Arb },
    { label: "int64Le", codec: int64Le, values: int64Arb },
    { label: "float", codec: float, values: fc.double() },
    { label: "rangedFloat", codec: rangedFloat(-1, 1), values: fc.double({ min: -1, max: 1, noNaN: true }) },
    { label: "bool", codec: bool, values: fc.boolean() },
    { label: "zarithN", codec: zarithN, values: fc.oneof(fc.bigInt(0n, 2n ** 70n), fc.bigInt(0n, 2n ** 56n), fc.bigInt(0n, 2n ** 600n), fc.bigInt(0n, 200n)).map(String) },
    { label: "zarithZ", codec: zarithZ, values: fc.oneof(fc.bigInt(-(2n ** 70n), 2n ** 70n), fc.bigInt(-(2n ** 56n), 2n ** 56n), fc.bigInt(-(2n ** 600n), 2n ** 600n), fc.bigInt(-100n, 100n)).map(String) },
    { label: "stringEnum", codec: stringEnum(["a", "b", "c"]), values: fc.constantFrom("a", "b", "c") },
    { label: "intEnum", codec: intEnum("Int16", [[-5, "x"], [700, "y"]]), values: fc.constantFrom("x", "y") },
  ];
  const ranged = fc
    .tuple(fc.integer({ min: -(2 ** 30), max: 2 ** 30 - 1 }), fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.boolean())
    .map(([min, width, le]): Case => {
      const max = Math.min(2 ** 30 - 1, min + width);
      return { label: `rangedInt(${min},${max})`, codec: rangedInt(min, max, le), values: fc.integer({ min, max }) };
    });
  const sized = fc.oneof(
    fc.integer({ min: 1, max: 40 }).map((n): Case => ({ label: `fixedBytes(${n})`, codec: fixedBytes(n), values: hexArb(n, n) })),
    fc.integer({ min: 1, max: 8 }).map((n): Case => ({ label: `fixedString(${n})`, codec: fixedString(n), values: fc.uint8Array({ minLength: n, maxLength: n }).map(bytesToUnistring) })),
    headerArb.map((h): Case => ({ label: `dynamicBytes(${h})`, codec: dynamicBytes(h), values: hexArb(0, 60) })),
    headerArb.map((h): Case => ({ label: `dynamicString(${h})`, codec: dynamicString(h), values: textArb })),
  );
  return fc.oneof(fc.constantFrom(...fixed), ranged, sized);
}

/** Self-delimiting cases (usable as list elements and before other fields), built recursively. */
const { element } = fc.letrec<{ element: Case }>((tie) => ({
  element: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    leafCases(),
    fc.array(tie("element"), { minLength: 1, maxLength: 4 }).chain((fields) => {
      const optional = fields.map((_, i) => i % 2 === 1);
      const codec = object(fields.map((f, i) => [`f${i}`, optional[i] ? optionalField(f.codec) : f.codec] as const));
      const values = fc.tuple(...fields.map((f, i) => (optional[i] ? fc.option(f.values, { nil: undefined }) : f.values))).map((vs) => {
        const out: Record<string, unknown> = {};
        vs.forEach((v, i) => {
          if (v !== undefined) out[`f${i}`] = v;
        });
        return out;
      });
      return fc.constant<Case>({ label: `object(${fields.map((f) => f.label).join(",")})`, codec, values });
    }),
    fc.array(tie("element"), { minLength: 1, maxLength: 3 }).map((parts): Case => ({
      label: `tuple(${parts.map((p) => p.label).join(",")},padding)`,
      codec: tuple([...parts.map((p) => p.codec), padding(2)]),
      values: fc.tuple(...parts.map((p) => p.values)),
    })),
    tie("element").map((e): Case => ({ label: `list(${e.label})`, codec: list(e.codec), values: fc.array(e.values, { maxLength: 5 }) })),
    fc.tuple(headerArb, tie("element")).map(([h, e]): Case => ({ label: `countedSeq(${h},${e.label})`, codec: countedSeq(h, e.codec), values: fc.array(e.values, { maxLength: 5 }) })),
    // At least one element: a sequence of exactly zero elements is zero-width, which no list accepts.
    fc.tuple(fc.integer({ min: 1, max: 3 }), tie("element")).map(([n, e]): Case => ({
      label: `exactly(${n},${e.label})`,
      codec: seq(e.codec, { limit: { kind: "exactly", n } }),
      values: fc.array(e.values, { minLength: n, maxLength: n }),
    })),
    tie("element").map((e): Case => ({ label: `option(${e.label})`, codec: option(e.codec), values: fc.option(e.values, { nil: null }) })),
    fc.array(tie("element"), { minLength: 1, maxLength: 4 }).chain((cases) => {
      const tags = cases.map((_, i) => (i * 97 + 3) % 65536);
      const wide = cases.length > 2;
      const codec = union<{ kind: string; value: unknown }>(
        wide ? "Uint16" : "Uint8",
        cases.map((c, i) => ({ tag: wide ? tags[i]! * 200 : tags[i]!, name: `c${i}`, codec: object([["kind", constant(`c${i}`)], ["value", c.codec]]) })),
        { select: (v) => (v as { kind: string }).kind },
      );
      const values = fc.oneof(...cases.map((c, i) => c.values.map((value) => ({ kind: `c${i}`, value }))));
      return fc.constant<Case>({ label: `union(${cases.map((c) => c.label).join("|")})`, codec, values });
    }),
    fc.tuple(headerArb, tie("element"), fc.integer({ min: 0, max: 8 })).map(([h, e, k]): Case => {
      const inner = object([["items", seq(e.codec)], ["tail", fixedBytes(k)]]);
      return {
        label: `dyn(${h}, seq(${e.label}) + ${k} fixed bytes)`,
        codec: dynamicSize(h, inner),
        // Only values whose bytes the header can count.
        values: fc.record({ items: fc.array(e.values, { maxLength: 4 }), tail: hexArb(k, k) }).filter((v) => encodeBytes(inner, v).length <= lengthHeaderMax(h)),
      };
    }),
  ),
}));

/** Cases that run to the end of their frame (valid only at the top or before fixed fields). */
const variableCase: fc.Arbitrary<Case> = fc.oneof(
  fc.constant<Case>({ label: "variableBytes", codec: variableBytes, values: hexArb(0, 50) }),
  fc.constant<Case>({ label: "variableString", codec: variableString, values: textArb }),
  element.map((e): Case => ({ label: `exactly(0,${e.label})`, codec: seq(e.codec, { limit: { kind: "exactly", n: 0 } }), values: fc.constant([]) })),
  element.map((e): Case => ({ label: `seq(${e.label})`, codec: seq(e.codec), values: fc.array(e.values, { maxLength: 5 }) })),
  element.map((e): Case => ({ label: `tuple(${e.label}, variableBytes, uint16)`, codec: tuple([e.codec, variableBytes, uint16]), values: fc.tuple(e.values, hexArb(0, 10), fc.integer({ min: 0, max: 65535 })) })),
);

const anyCase = fc.oneof(element, variableCase).map(labelled);

/** A case with one of its values; counterexamples print the case by its label. */
const sample = (cases: fc.Arbitrary<Case>) => cases.chain((c) => c.values.map((v) => ({ c: labelled(c), v })));

function labelled(c: Case): Case {
  return Object.assign(Object.create(null) as object, c, { [fc.toStringMethod]: () => c.label }) as Case;
}

function decodeOnlyFails(codec: Codec<unknown>, bytes: Uint8Array): void {
  try {
    decodeBytes(codec, bytes);
  } catch (error) {
    if (!(error instanceof DecodeError)) throw new Error(`expected a DecodeError, got ${String(error)}`);
  }
}

const RUNS = Number(process.env.FC_RUNS ?? 300);

describe("codec properties", () => {
  it("encode then decode is the identity", () => {
    fc.assert(
      fc.property(sample(anyCase), ({ c, v }) => {
        const bytes = encodeBytes(c.codec, v);
        expect(decodeBytes(c.codec, bytes)).toEqual(v);
        // Encoding is deterministic: the decoded value encodes to the same bytes.
        expect(bytesToHex(encodeBytes(c.codec, decodeBytes(c.codec, bytes)))).toBe(bytesToHex(bytes));
      }),
      { numRuns: RUNS },
    );
  });

  it("the declared fixed size is the encoded size", () => {
    fc.assert(
      fc.property(sample(anyCase), ({ c, v }) => {
        const kind = c.codec.dataKind;
        if (kind?.kind === "Fixed") expect(encodeBytes(c.codec, v).length).toBe(kind.size);
      }),
      { numRuns: RUNS },
    );
  });

  it("random bytes only ever yield a value or a DecodeError", () => {
    fc.assert(
      fc.property(anyCase, fc.uint8Array({ maxLength: 80 }), (c, bytes) => decodeOnlyFails(c.codec, bytes)),
      { numRuns: RUNS * 3 },
    );
  });

  it("strict prefixes of a self-delimiting encoding fail with a DecodeError", () => {
    fc.assert(
      fc.property(sample(element), fc.nat(), ({ c, v }, cut) => {
        const bytes = encodeBytes(c.codec, v);
        fc.pre(bytes.length > 0);
        const prefix = bytes.subarray(0, cut % bytes.length);
        expect(() => decodeBytes(c.codec, prefix)).toThrow(DecodeError);
      }),
      { numRuns: RUNS },
    );
  });

  it("prefixes of any encoding never throw anything but a DecodeError", () => {
    fc.assert(
      fc.property(sample(variableCase), fc.nat(), ({ c, v }, cut) => {
        const bytes = encodeBytes(c.codec, v);
        decodeOnlyFails(c.codec, bytes.subarray(0, bytes.length === 0 ? 0 : cut % bytes.length));
      }),
      { numRuns: RUNS },
    );
  });

  it("a trailing byte after a self-delimiting value is a DecodeError unless allowed", () => {
    fc.assert(
      fc.property(sample(element), fc.integer({ min: 0, max: 255 }), ({ c, v }, extra) => {
        const bytes = encodeBytes(c.codec, v);
        const longer = new Uint8Array(bytes.length + 1);
        longer.set(bytes);
        longer[bytes.length] = extra;
        expect(() => decodeBytes(c.codec, longer)).toThrow(DecodeError);
        expect(decodeBytes(c.codec, longer, { allowTrailing: true })).toEqual(v);
      }),
      { numRuns: RUNS },
    );
  });

  it("flipped bytes in a valid encoding only ever yield a value or a DecodeError", () => {
    fc.assert(
      fc.property(sample(anyCase), fc.nat(), fc.integer({ min: 1, max: 255 }), ({ c, v }, at, mask) => {
        const bytes = encodeBytes(c.codec, v).slice();
        fc.pre(bytes.length > 0);
        bytes[at % bytes.length]! ^= mask;
        decodeOnlyFails(c.codec, bytes);
      }),
      { numRuns: RUNS },
    );
  });
});
