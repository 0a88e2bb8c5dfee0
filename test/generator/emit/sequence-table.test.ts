import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SequenceTable } from "../../../generator/emit/sequence-table.ts";

describe("sequence table", () => {
  it("numbers distinct sequences in order of first appearance, equal ones alike", () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.integer({ min: -3, max: 3 }), { maxLength: 4 }), { maxLength: 3000 }), (sequences) => {
        const table = new SequenceTable();
        const kind = table.newKind();
        const expected = new Map<string, number>();
        for (const sequence of sequences) {
          const mark = table.open(kind);
          for (const part of sequence) table.add(part);
          const text = sequence.join(",");
          if (!expected.has(text)) expected.set(text, expected.size);
          expect(table.close(mark)).toBe(expected.get(text));
        }
        expect(table.size).toBe(expected.size);
      }),
      { numRuns: 30 },
    );
  });

  it("keeps kinds apart and lets sequences nest", () => {
    const table = new SequenceTable();
    const [a, b] = [table.newKind(), table.newKind()];
    const inner = (kind: number) => {
      const mark = table.open(kind);
      table.add(7);
      return table.close(mark);
    };
    const outer = table.open(a);
    table.add(inner(a));
    table.add(inner(b));
    const whole = table.close(outer);
    expect(inner(a)).not.toBe(inner(b));
    expect(new Set([whole, inner(a), inner(b)]).size).toBe(3);
    const again = table.open(a);
    table.add(inner(a));
    table.add(inner(b));
    expect(table.close(again)).toBe(whole);
  });
});
