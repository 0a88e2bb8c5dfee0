import { describe, expect, it } from "vitest";
import { block, functionDeclaration, indent } from "../../../generator/emit/source-text.ts";

/** The lines of a declared function after its head. */
function bodyLines(source: string): string[] {
  return source.split("\n").slice(1);
}

describe("function bodies", () => {
  it("indents nested blocks once, by their depth", () => {
    const source = functionDeclaration("function", "f", [], "void", ["a;", block(["if (x) {", block(["b;"]), "}", block(["c;"], 2)]), "d;"]);
    expect(bodyLines(source)).toEqual(["  a;", "    if (x) {", "      b;", "    }", "        c;", "  d;", "}", ""]);
  });

  it("writes an empty line, and a nested block with no line, as one empty line", () => {
    const source = functionDeclaration("function", "f", [], "void", ["a;", block(["", "b;", block([])])]);
    expect(bodyLines(source)).toEqual(["  a;", "", "    b;", "", "}", ""]);
  });

  it("leaves out blank lines and blocks at the top level, and writes an empty body as {}", () => {
    expect(bodyLines(functionDeclaration("function", "f", [], "void", ["", "a;", block([block([])])]))).toEqual(["  a;", "}", ""]);
    expect(functionDeclaration("function", "f", [], "void", ["", block([])]).endsWith(" {}\n")).toBe(true);
  });
});

describe("indent", () => {
  it("indents every line of a text that holds several, and keeps empty lines empty", () => {
    expect(indent(["a\n\nb", "c"], 2)).toBe("    a\n\n    b\n    c");
  });
});
