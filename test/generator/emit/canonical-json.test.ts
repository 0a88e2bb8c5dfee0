import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalJson } from "../../../generator/emit/validators/canonical-json.ts";

/** What canonical JSON means: `JSON.stringify` of a copy whose objects get their keys inserted in sorted order. */
function sortedCopyText(value: unknown): string | undefined {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v === null || typeof v !== "object" || Array.isArray(v)) return v;
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(v).sort()) sorted[key] = (v as Record<string, unknown>)[key];
    return sorted;
  });
}

/** Keys that exercise the orders objects list: array indices, near-indices, unicode. */
const key = fc.oneof(fc.string(), fc.constantFrom("0", "1", "10", "2", "01", "-1", "4294967294", "4294967295", "a", "B", "é", "\u{1F600}"));
const json = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    fc.constantFrom(null, true, false, undefined),
    fc.double(),
    fc.integer(),
    fc.string(),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(key, tie("value"), { maxKeys: 5 }),
  ),
})).value;

describe("canonical JSON", () => {
  it("is the text of the value with its keys inserted in sorted order", () => {
    fc.assert(
      fc.property(json, (value) => {
        expect(canonicalJson(value)).toBe(sortedCopyText(value));
      }),
      { numRuns: 500 },
    );
  });

  it("gives equal texts for equal values, whatever their key order", () => {
    expect(canonicalJson({ b: 1, a: [{ d: null, c: "x" }], 2: true, 1: false })).toBe(canonicalJson({ 1: false, a: [{ c: "x", d: null }], 2: true, b: 1 }));
    expect(canonicalJson({ b: 1, a: 2, 10: 3, 9: 4 })).toBe('{"9":4,"10":3,"a":2,"b":1}');
  });
});
