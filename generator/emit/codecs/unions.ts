/**
 * Unions: a switch on the tag when reading; when writing, the case is chosen from the JSON
 * value: a switch on a discriminating property when every case has one, otherwise the one case
 * whose whole shape accepts the value (the runtime's `selectCase`, as in the IR interpreter).
 */

import { BINARY_FORM_EXPECTED } from "@tezos-rpcgen/runtime";
import type { CaseMatch, IR } from "../../ir/codec-ir.ts";
import type { CodecContext, HelperNames } from "./context.ts";
import { decodeExpression, encodeStatements, type StructureFunctions } from "./values.ts";
import { memberAccess, PROTOTYPE_NAMES, propertyKey } from "./locals.ts";
import { block, functionDeclaration, type Line } from "../source-text.ts";
import { casesToTry, discriminantOf } from "../../ir/case-selection.ts";
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
    decode.push(`return ${context.use("failDecode")}(r.offset, ${JSON.stringify(BINARY_FORM_EXPECTED)}, "a union whose cases all exist only in JSON");`);
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

  // Cases are told apart on the JSON value's whole shape (the runtime's `selectCase`), or by a
  // switch on a property every case holds as a constant of its own; `json` lets each case cast freely.
  const encode: Line[] = ["const json: unknown = value;"];
  const failText = JSON.stringify(`a value of one of the cases ${candidates.map((c) => c.name).join(", ")}`);
  const discriminant = discriminantOf(candidates.map((c) => c.match));
  if (discriminant !== undefined) {
    encode.push(`if (typeof json !== "object" || json === null || Array.isArray(json)) ${context.use("failValue")}(w, ${failText}, json);`);
    // A name of Object.prototype is read as an own property only: `{}` has no `constructor` case.
    const held = PROTOTYPE_NAMES.has(discriminant) ? `${context.use("ownProperty")}(json as Record<string, unknown>, ${JSON.stringify(discriminant)})` : `(json as { ${propertyKey(discriminant)}?: unknown })${memberAccess(discriminant)}`;
    encode.push(`switch (${held}) {`);
    for (const candidate of candidates) {
      const match = candidate.match as Extract<CaseMatch, { kind: "object" }>;
      const value = match.properties.find((p) => p.name === discriminant)!.constant;
      encode.push(`  case ${JSON.stringify(value)}: {`, block(writeCase(candidate), 2), "  }");
    }
    encode.push("}");
    encode.push(`${context.use("failValue")}(w, ${failText}, json);`);
  } else {
    // Compact encodings, and cases whose JSON shapes overlap: the first case that encodes the value
    // (else the error of the case that went deepest, as the interpreter says).
    const compact = casesToTry(candidates);
    if (compact.length > 0) encode.push("let failure: unknown;");
    for (const candidate of compact) {
      encode.push("{", "  const start = w.length;", "  try {", block(writeCase(candidate), 2), "  } catch (error) {", "    w.length = start;", `    failure = ${context.use("deeperFailure")}(failure, error);`, "  }", "}");
    }
    const selected = candidates.filter((c) => c.match.kind !== "first-that-fits");
    if (selected.length === 0) encode.push(compact.length > 0 ? "throw failure;" : `${context.use("failValue")}(w, ${failText}, json);`);
    else {
      const shapes = context.constant(`${names.encode}Shapes`, `${JSON.stringify(selected.map((c) => c.match))} as const`);
      const caseNames = context.constant(`${names.encode}Cases`, `${JSON.stringify(selected.map((c) => c.name))} as const`);
      encode.push(compact.length > 0 ? `switch (${context.use("selectCaseAfter")}(w, json, ${shapes}, ${caseNames}, failure)) {` : `switch (${context.use("selectCase")}(w, json, ${shapes}, ${caseNames})) {`);
      selected.forEach((candidate, i) => {
        const body = writeCase(candidate);
        encode.push(`  case ${i}: {`, block(body[body.length - 1] === "return;" ? body.slice(0, -1) : body, 2), "    return;", "  }");
      });
      encode.push("}");
    }
  }

  return {
    decode: functionDeclaration(keyword, names.decode, [["r", context.use("BinaryReader")]], type, decode),
    encode: functionDeclaration(keyword, names.encode, [["w", context.use("BinaryWriter")], ["value", type]], "void", encode),
  };
}
