/**
 * Structures around one inner value: the `option` union (tag 0 = null), integer-coded
 * enumerations, `dyn` length headers and trailing padding.
 */

import type { IR } from "../../ir/codec-ir.ts";
import type { CodecContext, HelperNames } from "./context.ts";
import { decodeExpression, encodeStatements, type StructureFunctions } from "./values.ts";
import { functionDeclaration, type Line } from "../source-text.ts";

const ENUM_READERS = { Int8: "readInt8", Uint8: "readUint8", Int16: "readInt16", Uint16: "readUint16" } as const;
const ENUM_WRITERS = { Int8: "writeInt8", Uint8: "writeUint8", Int16: "writeInt16", Uint16: "writeUint16" } as const;

export function wrapperFunctions(context: CodecContext, ir: IR, names: HelperNames, hint: string, exported: boolean): StructureFunctions {
  const keyword = exported ? "export function" : "function";
  let decode: Line[];
  let encode: Line[];
  switch (ir.kind) {
    case "option": {
      const read = decodeExpression(context, ir.some, `${hint} some`).expression;
      const write = encodeStatements(context, ir.some, "value", `${hint} some`).statements;
      decode = [
        "const start = r.offset;",
        `const tag = ${context.use("readUint8")}(r);`,
        "if (tag === 0) return null;",
        `if (tag !== 1) ${context.use("failUnknownTag")}(start, tag, [0, 1]);`,
        `return ${read};`,
      ];
      encode = ["if (value === null || value === undefined) {", `  ${context.use("writeUint8")}(w, 0);`, "  return;", "}", `${context.use("writeUint8")}(w, 1);`, ...write];
      break;
    }
    case "enum": {
      decode = ["const start = r.offset;", `switch (${context.use(ENUM_READERS[ir.size])}(r)) {`];
      for (const v of ir.values) decode.push(`  case ${v.code}:`, `    return ${JSON.stringify(v.name)};`);
      decode.push("  default:", `    return ${context.use("failDecode")}(start, ${JSON.stringify(`one of the codes ${ir.values.map((v) => v.code).join(", ")}`)}, "another code");`, "}");
      encode = ["switch (value) {"];
      for (const v of ir.values) encode.push(`  case ${JSON.stringify(v.name)}:`, `    ${context.use(ENUM_WRITERS[ir.size])}(w, ${v.code});`, "    return;");
      encode.push("}", `${context.use("failValue")}(w, ${JSON.stringify(`one of ${ir.values.map((v) => JSON.stringify(v.name)).join(", ")}`)}, value);`);
      break;
    }
    case "dynamic": {
      const header = JSON.stringify(ir.header);
      decode = [
        `const outer = ${context.use("openDynamicFrame")}(r, ${header});`,
        `const inner = ${decodeExpression(context, ir.inner, `${hint} inner`).expression};`,
        `${context.use("closeDynamicFrame")}(r, outer);`,
        "return inner;",
      ];
      encode = [`const mark = ${context.use("beginDynamicSize")}(w, ${header});`, ...encodeStatements(context, ir.inner, "value", `${hint} inner`).statements, `${context.use("endDynamicSize")}(w, ${header}, mark);`];
      break;
    }
    case "padded":
      decode = [`const inner = ${decodeExpression(context, ir.inner, `${hint} inner`).expression};`, `${context.use("skipPadding")}(r, ${ir.bytes});`, "return inner;"];
      encode = [...encodeStatements(context, ir.inner, "value", `${hint} inner`).statements, `${context.use("writePadding")}(w, ${ir.bytes});`];
      break;
    default:
      throw new Error(`${ir.kind} is not a wrapper`);
  }
  // Typed once the values inside have their helpers, and so their type names if they get one.
  const type = context.typeText(ir);
  return {
    decode: functionDeclaration(keyword, names.decode, [["r", context.use("BinaryReader")]], type, decode),
    encode: functionDeclaration(keyword, names.encode, [["w", context.use("BinaryWriter")], ["value", type]], "void", encode),
  };
}
