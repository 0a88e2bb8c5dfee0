/**
 * The layout engine (generator/emit/layout/) against prettier itself: each construct the
 * emitters use is built with random names of random lengths at random indentation, so that
 * the cases cross the line width in every way (flat, broken, hugged, filled), laid out, and
 * formatted by prettier, which must leave it unchanged.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fluidAssignment } from "../../../generator/emit/layout/doc.ts";
import { layoutSource } from "../../../generator/emit/layout/layout-source.ts";
import {
  argumentList,
  argumentListHuggingLast,
  arrayLiteral,
  assignment,
  conditionalExpression,
  ifHead,
  ifWithoutBraces,
  importDeclaration,
  literal,
  logicalChain,
  objectLiteral,
  objectTypeLiteral,
  property,
  signature,
  stringLiteral,
  typeArgumentList,
} from "../../../generator/emit/layout/syntax.ts";
import { arrayOf, objectType, primary, tupleOf, typeAlias, unionOf } from "../../../generator/emit/ts-syntax.ts";
import { formatSource } from "../../support/prettier.ts";

const identifier = fc.tuple(fc.constantFrom("a", "b", "c", "value", "decode", "Thing"), fc.integer({ min: 0, max: 40 })).map(([stem, n]) => `${stem}${"X".repeat(n)}`);
const identifiers = (max: number) => fc.array(identifier, { minLength: 1, maxLength: max });

/** Wraps `lines` in `depth` nested blocks, so that they are laid out at that indentation. */
function nested(lines: string[], depth: number): string {
  let code = lines.map((line) => `${"  ".repeat(depth)}${line}`).join("\n");
  for (let d = depth - 1; d >= 0; d--) code = `${"  ".repeat(d)}{\n${code}\n${"  ".repeat(d)}}`;
  return `${code}\n`;
}

async function expectPrettierFixedPoint(source: string): Promise<void> {
  const laidOut = layoutSource(source);
  expect(await formatSource(laidOut, "typescript")).toBe(laidOut);
}

const depth = fc.integer({ min: 0, max: 6 });
const runs = { numRuns: 60 };

describe("layout engine: each construct comes out as prettier prints it", () => {
  it("calls, with and without a hugged object literal", async () => {
    await fc.assert(
      fc.asyncProperty(identifier, identifiers(6), identifiers(5), depth, async (callee, args, keys, d) => {
        const entries = keys.map((k, i) => (i % 2 === 0 ? k : property(k, `${k}Value`)));
        await expectPrettierFixedPoint(
          nested(
            [
              `${callee}${argumentList(args)};`,
              `${callee}${argumentListHuggingLast(args, objectLiteral(entries), objectLiteral(entries, true))};`,
              `return ${callee}${argumentList([...args, arrayLiteral(args.map((_, i) => String(i * 1000)), { numbers: true })])};`,
            ],
            d,
          ),
        );
      }),
      runs,
    );
  });

  it("declarations: fluid and poorly breakable right sides, conditionals, object literals", async () => {
    await fc.assert(
      fc.asyncProperty(identifier, identifier, identifiers(8), depth, async (name, callee, fields, d) => {
        await expectPrettierFixedPoint(
          nested(
            [
              `${assignment(`const ${name}`, `${callee}${argumentList(["r"])}`)};`,
              `${assignment(`const ${name}2`, `${callee}${argumentList(["r", ...fields.slice(0, 2)])}`)};`,
              `const ${name}3 =${fluidAssignment(conditionalExpression(`${callee}${argumentList(["r"])}`, `${fields[0]}${argumentList(["r"])}`, "undefined"))};`,
              `const ${name}4 =${fluidAssignment(objectLiteral(fields.map((f, i) => (i % 3 === 0 ? f : property(f, `${f}Value`)))))};`,
              `const ${name}5 =${fluidAssignment(literal(fields.map((f) => ({ kind: "static", name: f }))))};`,
            ],
            d,
          ),
        );
      }),
      runs,
    );
  });

  it("conditions, and if statements without braces", async () => {
    await fc.assert(
      fc.asyncProperty(identifiers(6), identifier, depth, async (operands, callee, d) => {
        const tests = operands.map((o) => `${o} !== undefined`);
        await expectPrettierFixedPoint(
          nested(
            [
              `${ifHead(logicalChain("&&", tests))}`,
              "  return;",
              "}",
              ifWithoutBraces(tests[0]!, `${callee}${argumentList(["w", stringLiteral(`a "quoted" ${operands.join(" ")}`), "value"])};`),
            ],
            d,
          ),
        );
      }),
      runs,
    );
  });

  it("signatures, type arguments, imports", async () => {
    await fc.assert(
      fc.asyncProperty(identifier, identifiers(4), identifiers(30), async (name, types, imported) => {
        const params = types.map((t, i) => ({ text: `p${i}: ${t}` }));
        const objectReturn = objectTypeLiteral(types.map((t) => `${t.toLowerCase()}: string;`));
        await expectPrettierFixedPoint(
          [
            importDeclaration([...new Set(imported)], "./types.ts", true),
            `export function ${name}${signature(params, `Promise${typeArgumentList([types[0]!])}`)} {}`,
            `export function ${name}2${signature(params.slice(0, 1), objectReturn, { objectType: true })} {}`,
            `export const ${name}3: Route${typeArgumentList(types)} =${fluidAssignment(objectLiteral(types.map((t) => property(t, "1")), true))};`,
            "",
          ].join("\n"),
        );
      }),
      runs,
    );
  });

  it("unions as aliases, annotations, tuple elements and array elements", async () => {
    await fc.assert(
      fc.asyncProperty(identifier, identifiers(8), fc.boolean(), async (name, members, withObject) => {
        const types = [...new Set(members)].map((m) => primary(JSON.stringify(m)));
        if (withObject) types.push(objectType([{ name, type: primary("string"), optional: false }, { name: "extra", type: primary("number"), optional: true }]));
        const union = unionOf(types);
        await expectPrettierFixedPoint(
          [
            typeAlias(name, union),
            `export interface ${name}Holder ${objectType([{ name: "field", type: union, optional: false }]).text}`,
            typeAlias(`${name}Pair`, tupleOf([union, primary("string")])),
            typeAlias(`${name}List`, arrayOf(union)),
            "",
          ].join("\n"),
        );
      }),
      runs,
    );
  });
});
