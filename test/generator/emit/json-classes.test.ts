import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalJson } from "../../../generator/emit/canonical-json.ts";
import { JsonClasses, sortedKeys } from "../../../generator/emit/json-classes.ts";
import { SequenceTable } from "../../../generator/emit/sequence-table.ts";

/** Keys that exercise the orders objects list: array indices, near-indices, unicode. */
const key = fc.oneof(fc.string({ maxLength: 3 }), fc.constantFrom("0", "1", "10", "2", "01", "-1", "a", "B", "é", "\u{1F600}"));
const json = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    fc.constantFrom(null, true, false, 0, -0, 1, "", "a"),
    fc.integer({ min: -3, max: 3 }),
    fc.array(tie("value"), { maxLength: 3 }),
    fc.dictionary(key, tie("value"), { maxKeys: 4 }),
  ),
})).value;

/** A copy of `value` whose objects list their keys in reverse. */
function reversed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reversed);
  if (value === null || typeof value !== "object") return value;
  const copy: Record<string, unknown> = {};
  for (const name of Object.keys(value).reverse()) copy[name] = reversed((value as Record<string, unknown>)[name]);
  return copy;
}

describe("JSON classes", () => {
  it("are equal exactly when the canonical JSON texts are, and know those texts' lengths", () => {
    fc.assert(
      fc.property(fc.array(json, { minLength: 2, maxLength: 12 }), (values) => {
        const classes = new JsonClasses(new SequenceTable());
        const byText = new Map<string, number>();
        for (const value of [...values, ...values.map(reversed)]) {
          const klass = classes.of(value);
          const text = canonicalJson(value);
          if (!byText.has(text)) byText.set(text, klass);
          expect(klass).toBe(byText.get(text));
          expect(classes.textLength(klass)).toBe(text.length);
        }
        expect(new Set(byText.values()).size).toBe(byText.size);
      }),
      { numRuns: 300 },
    );
  });

  it("follow JSON for undefined: left out of objects, null in arrays", () => {
    const classes = new JsonClasses(new SequenceTable());
    expect(classes.of({ a: 1, b: undefined })).toBe(classes.of({ a: 1 }));
    expect(classes.of([undefined])).toBe(classes.of([null]));
    expect(classes.of(undefined)).not.toBe(classes.of(null));
  });
});

describe("sorted keys", () => {
  it("are an object's keys in string order, however many", () => {
    fc.assert(
      fc.property(fc.dictionary(key, fc.constant(0), { maxKeys: 40 }), (object) => {
        expect(sortedKeys(object)).toEqual(Object.keys(object).sort());
      }),
    );
  });
});
