/**
 * Issue 14: the `pattern`s of generated validators answer in time linear in the string's length.
 * Every pattern of both shell snapshots and the three reference dumps is checked on strings of
 * 10 million characters (valid and not), without throwing; other patterns run on a linear-time
 * automaton that agrees with V8's regular expressions; a pattern outside the syntax it reads is
 * not checked (documented on `jsonPattern`).
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { jsonPattern } from "../../../runtime/index.ts";
import { linearPattern } from "../../../runtime/rpc/linear-pattern.ts";
import { itWithReference, readReference } from "../../support/reference.ts";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const DUMPS = ["describe-mempool-alpha-2022-06-09.json", "describe-mempool-ithaca-2022-06-09.json", "describe-mempool-granada-2021-09-10.raw.json"];

/** Every `pattern` keyword value in a JSON document. */
function patternsOf(document: unknown, into: Set<string>): Set<string> {
  const walk = (x: unknown): void => {
    if (Array.isArray(x)) return x.forEach(walk);
    if (typeof x !== "object" || x === null) return;
    for (const [key, value] of Object.entries(x)) {
      if (key === "pattern" && typeof value === "string") into.add(value);
      else walk(value);
    }
  };
  walk(document);
  return into;
}

/** Strings of about 10 M characters that a pattern of Octez's alphabet accepts or not, each with a short one of the same make. */
const HUGE: Array<[string, string]> = [
  ["ab".repeat(5_000_000), "abab"],
  [`${"ab".repeat(5_000_000)}a`, "ababa"],
  [`${"a1".repeat(5_000_000)}!`, "a1a1!"],
  [`!${"a".repeat(10_000_000)}`, "!aaaa"],
];

describe("patterns of the snapshots and dumps", () => {
  itWithReference(DUMPS)("each answers on 10 M-character strings as V8's regular expression does on short ones", () => {
    const patterns = new Set<string>();
    for (const name of ["shell.json", "shell-legacy.json"]) patternsOf(JSON.parse(readFileSync(`${root}spec/snapshots/${name}`, "utf8")), patterns);
    for (const dump of DUMPS) patternsOf(readReference(dump), patterns);
    // Octez's hex bytes, and the earlier layout's alphanumeric text.
    expect([...patterns].sort()).toEqual(["^([a-zA-Z0-9][a-zA-Z0-9])*$", "^[a-zA-Z0-9]+$"]);
    // Both are data-encoding's `bytes`, which the node reads as hexadecimal text whatever the
    // published pattern says: the validators check that (see runtime/rpc/json-validation.ts).
    const meaning: Record<string, string> = { "^([a-zA-Z0-9][a-zA-Z0-9])*$": "^([0-9a-fA-F]{2})*$", "^[a-zA-Z0-9]+$": "^([0-9a-fA-F]{2})+$" };
    for (const pattern of patterns) {
      const check = jsonPattern(pattern, "u");
      const reference = new RegExp(meaning[pattern]!, "u");
      for (const [text, short] of HUGE) expect(check.test(text), `${pattern} on ${short}…`).toBe(reference.test(short));
      for (const text of ["", "a", "ab", "abc", "a!", "0Z9z", "é"]) expect(check.test(text), `${pattern} on ${text}`).toBe(reference.test(text));
    }
  });
});

describe("other patterns", () => {
  const PATTERNS = ["^(a+)+$", "^(?:ab|a)*c$", "(a|b)*abb", "x{2,4}y", "^[^a-c]\\d\\s\\w?$", "^\\u0041.$", "^$", "[\\]-]", "^(\\d+)*x$", "a|", "(?<name>a)b?", "^[\\w-]{3}\\.$"];
  const ALPHABET = ["a", "b", "c", "x", "y", "A", "0", " ", "-", "]", ".", "\n", "😀"];

  it("agree with V8's regular expressions", () => {
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (const pattern of PATTERNS) {
      const check = linearPattern(pattern, "u");
      expect(check, pattern).toBeDefined();
      const reference = new RegExp(pattern, "u");
      for (let n = 0; n < 1500; n++) {
        let text = "";
        for (let i = random(12); i > 0; i--) text += ALPHABET[random(ALPHABET.length)];
        if (check!.test(text) !== reference.test(text)) expect(check!.test(text), `${pattern} on ${JSON.stringify(text)}`).toBe(reference.test(text));
      }
    }
  });

  it("answer on long strings where backtracking would not (^(a+)+$ on a million characters)", () => {
    const check = jsonPattern("^(a+)+$", "u");
    expect(check).not.toBeInstanceOf(RegExp);
    expect(check.test(`${"a".repeat(1_000_000)}!`)).toBe(false);
    expect(check.test("a".repeat(1_000_000))).toBe(true);
    expect(jsonPattern("(a|b)*abb", "u").test(`${"ab".repeat(500_000)}abb`)).toBe(true);
  });

  it("outside the syntax read (lookarounds, backreferences, word boundaries, other flags): not checked", () => {
    for (const pattern of ["(?=a)b", "(a)\\1", "\\bword", "(?<!x)y"]) {
      expect(linearPattern(pattern, "u"), pattern).toBeUndefined();
      expect(jsonPattern(pattern, "u").test("anything"), pattern).toBe(true);
    }
    expect(linearPattern("a", "i")).toBeUndefined();
  });

  it("fixed-length shapes (the Base58 text shapes) run as V8 expressions, with no variable repetition", () => {
    const shape = jsonPattern("^(?:Net[1-9A-HJ-NP-Za-km-z]{12})$", "u");
    expect(shape).toBeInstanceOf(RegExp);
    expect(shape.test("NetXdQprcVkpaWU")).toBe(true);
    expect(shape.test("NetXdQprcVkpaW0")).toBe(false);
    for (const pattern of ["^[a-z]*[a-z]*$", "^(?:a|b)c$", "^abc)$", "^(?:abc$"]) expect(jsonPattern(pattern, "u"), pattern).not.toBeInstanceOf(RegExp);
  });

  it("each check prints its own source: ajv keeps one module-level pattern per printed form", () => {
    const printed = ["^(?:B[1-9]{3})$", "^(?:Net[1-9]{3})$", "^(a+)+$", "^(a|b)+c$", "(?=a)b", "(?=b)a"].map((p) => String(jsonPattern(p, "u")));
    expect(new Set(printed).size).toBe(printed.length);
  });
});
