/**
 * The runtime's choice of a union case from a value's shape (`selectCase`), on shapes made here:
 * a value that fits several differently shaped cases is refused (encoding it as either would
 * change its meaning), except an object holding no property at all, which takes the first case
 * as Octez's JSON destructor does (it carries nothing a case could drop).
 */
import { describe, expect, it } from "vitest";
import { BinaryWriter, EncodeError, selectCase, type CaseShape } from "../../../../runtime/index.ts";

const optional = (name: string) => ({ name, required: false, types: ["number" as const] });
const shapes: CaseShape[] = [
  { kind: "object", properties: [optional("a"), optional("b")], closed: true },
  { kind: "object", properties: [optional("a"), optional("c")], closed: true },
];
const names = ["First", "Second"];
const select = (value: unknown) => selectCase(new BinaryWriter(), value, shapes, names);

describe("selectCase among object cases of different shapes", () => {
  it("takes the one case a value fits", () => {
    expect(select({ b: 1 })).toBe(0);
    expect(select({ a: 1, c: 2 })).toBe(1);
  });

  it("refuses a value with properties that fits several cases, naming them", () => {
    expect(() => select({ a: 1 })).toThrow(EncodeError);
    expect(() => select({ a: 1 })).toThrow(/First and Second/);
  });

  it("takes the first case for an object holding no property", () => {
    expect(select({})).toBe(0);
    expect(select(Object.create({ a: 1 }))).toBe(0);
  });
});
