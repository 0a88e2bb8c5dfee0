/**
 * Unions: a switch on the tag when reading; when writing, the case is chosen from the JSON
 * value (a switch on a discriminating property when every case has one, otherwise tests from
 * the most specific to the least, as in the IR interpreter).
 */

import type { CaseMatch, IR, JsonValue } from "../../ir/codec-ir.ts";
import type { CodecContext, HelperNames } from "./context.ts";
import { decodeExpression, encodeStatements, type StructureFunctions } from "./values.ts";
import { memberAccess, propertyKey } from "./locals.ts";
import { block, functionDeclaration, type Line } from "../source-text.ts";
import { pascalCase } from "../names.ts";

export function unionFunctions(context: CodecContext, ir: IR, names: HelperNames, hint: string, exported: boolean): StructureFunctions {
  if (ir.kind !== "union") throw new Error("not a union");
  const type = context.typeText(ir);
  const keyword = exported ? "export function" : "function";
  const readTag = ir.tagSize === "Uint8" ? "readUint8" : "readUint16";
  const writeTag = ir.tagSize === "Uint8" ? "writeUint8" : "writeUint16";
  const tags = ir.cases.map((c) => c.tag);
  const caseHints = ir.cases.map((c) => `${hint} ${pascalCase(c.name)}`);

  const decode: Line[] = [];
  if (ir.cases.length === 0) {
    decode.push(`return ${context.use("failDecode")}(r.offset, "a value with a binary form", "a union whose cases all exist only in JSON");`);
  } else {
    decode.push("const start = r.offset;", `const tag = ${context.use(readTag)}(r);`, "switch (tag) {");
    ir.cases.forEach((c, i) => {
      decode.push(`  case ${c.tag}:`, `    return ${decodeExpression(context, c.payload, caseHints[i]!).expression};`);
    });
    decode.push("  default:", `    return ${context.use("failUnknownTag")}(start, tag, [${tags.join(", ")}]);`, "}");
  }

  const candidates = [
    ...ir.cases.map((c, i) => ({ match: c.match, name: c.name, payload: c.payload as IR | undefined, tag: c.tag as number | undefined, hint: caseHints[i] })),
    ...ir.jsonOnlyCases.map((c) => ({ match: c.match, name: c.title, payload: undefined, tag: undefined, hint: undefined })),
  ];
  const writeCase = (candidate: (typeof candidates)[number]): Line[] => {
    if (candidate.tag === undefined || candidate.payload === undefined || candidate.hint === undefined) {
      return [`${context.use("failJsonOnlyCase")}(w, ${JSON.stringify(candidate.name)});`];
    }
    const caseType = context.typeText(candidate.payload);
    return [`${context.use(writeTag)}(w, ${candidate.tag});`, ...encodeStatements(context, candidate.payload, `json as ${caseType}`, candidate.hint).statements, "return;"];
  };

  // Cases are told apart on the JSON value; `json` lets each test and case cast freely.
  const encode: Line[] = ["const json: unknown = value;"];
  const discriminant = sharedProperty(candidates.map((c) => c.match));
  if (discriminant !== undefined) {
    // `?.`: a null or missing value reaches the final failValue instead of a TypeError.
    encode.push(`switch ((json as { ${propertyKey(discriminant)}?: unknown } | null | undefined)?${memberAccess(discriminant).startsWith("[") ? "." : ""}${memberAccess(discriminant)}) {`);
    for (const candidate of candidates) {
      const match = candidate.match as Extract<CaseMatch, { kind: "property" }>;
      encode.push(`  case ${JSON.stringify(match.value)}: {`, block(writeCase(candidate), 2), "  }");
    }
    encode.push("}");
  } else {
    const ordered = [...candidates].sort((a, b) => rank(a.match) - rank(b.match));
    for (const candidate of ordered) {
      if (candidate.match.kind === "first-that-fits") {
        encode.push("{", "  const start = w.length;", "  try {", block(writeCase(candidate), 2), "  } catch {", "    w.length = start;", "  }", "}");
      } else {
        encode.push(`if (${test(candidate.match).join(" && ")}) {`, block(writeCase(candidate)), "}");
      }
    }
  }
  encode.push(`${context.use("failValue")}(w, ${JSON.stringify(`a value of one of the cases ${candidates.map((c) => c.name).join(", ")}`)}, json);`);

  return {
    decode: functionDeclaration(keyword, names.decode, [["r", context.use("BinaryReader")]], type, decode),
    encode: functionDeclaration(keyword, names.encode, [["w", context.use("BinaryWriter")], ["value", type]], "void", encode),
  };
}

/** The property every case is selected by, when there is one. */
function sharedProperty(matches: readonly CaseMatch[]): string | undefined {
  const first = matches[0];
  if (!first || first.kind !== "property") return undefined;
  return matches.every((m) => m.kind === "property" && m.property === first.property && typeof m.value !== "object") ? first.property : undefined;
}

function rank(match: CaseMatch): number {
  return match.kind === "value" ? 0 : match.kind === "property" ? 1 : match.kind === "shape" ? 2 : match.kind === "type" ? 3 : 4;
}

/** A JavaScript condition on `value` for a case match, as the operands of `&&`. */
function test(match: CaseMatch): string[] {
  const isObject = ['typeof json === "object"', "json !== null", "!Array.isArray(json)"];
  switch (match.kind) {
    case "value":
      return [equality("json", match.value)];
    case "property":
      return [...isObject, equality(`(json as Record<string, unknown>)[${JSON.stringify(match.property)}]`, match.value)];
    case "shape":
      return [...isObject, ...match.required.map((p) => `(json as Record<string, unknown>)[${JSON.stringify(p)}] !== undefined`)];
    case "type":
      switch (match.type) {
        case "null":
          return ["json === null"];
        case "array":
          return ["Array.isArray(json)"];
        case "object":
          return isObject;
        default:
          return [`typeof json === ${JSON.stringify(match.type)}`];
      }
    case "first-that-fits":
      return ["true"];
  }
}

function equality(expression: string, value: JsonValue): string {
  if (value === null || typeof value !== "object") return `${expression} === ${JSON.stringify(value)}`;
  return `JSON.stringify(${expression}) === ${JSON.stringify(JSON.stringify(value))}`;
}
