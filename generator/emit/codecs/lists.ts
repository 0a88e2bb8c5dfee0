/**
 * Lists: elements until the frame ends, exactly `n` elements, or a count written first;
 * `at-most` limits checked both ways.
 */

import type { IR } from "../../ir/codec-ir.ts";
import type { CodecContext, HelperNames } from "./context.ts";
import { decodeExpression, encodeStatements, type StructureFunctions } from "./values.ts";
import { block, functionDeclaration, type Line } from "../source-text.ts";

export function listFunctions(context: CodecContext, ir: IR, names: HelperNames, hint: string, exported: boolean): StructureFunctions {
  if (ir.kind !== "list") throw new Error("not a list");
  const keyword = exported ? "export function" : "function";
  const read = decodeExpression(context, ir.element, `${hint} item`).expression;
  const write = encodeStatements(context, ir.element, "value[index]!", `${hint} item`).statements;
  // Typed once the element has its helpers, and so its type name if it gets one.
  const type = context.typeText(ir);
  const atMost = ir.limit?.kind === "at-most" ? ir.limit.max : undefined;
  const exactly = ir.limit?.kind === "exactly" ? ir.limit.count : undefined;

  const decode: Line[] = [`const items: ${type} = [];`];
  let loop: string;
  if (ir.count !== undefined) {
    decode.push(`const count = ${context.use("readElementCount")}(r, ${JSON.stringify(ir.count)}${atMost !== undefined ? `, ${atMost}` : ""});`);
    loop = "while (items.length < count)";
  } else if (exactly !== undefined) {
    loop = `while (items.length < ${exactly})`;
  } else {
    loop = "while (r.remaining() > 0)";
  }
  const guard = atMost !== undefined && ir.count === undefined ? [`if (items.length >= ${atMost}) ${context.use("failDecode")}(r.offset, "at most ${atMost} elements", "more");`] : [];
  decode.push("try {", block([`${loop} {`, block([...guard, `items.push(${read});`]), "}"]), "} catch (error) {", `  throw ${context.use("atPath")}(error, items.length, "decode", r.offset);`, "}", "return items;");

  const encode: Line[] = [`if (!Array.isArray(value)) ${context.use("failValue")}(w, "an array", value);`];
  if (exactly !== undefined) encode.push(`if (value.length !== ${exactly}) ${context.use("failEncode")}(w, "exactly ${exactly} elements", \`\${value.length}\`);`);
  if (atMost !== undefined) encode.push(`if (value.length > ${atMost}) ${context.use("failEncode")}(w, "at most ${atMost} elements", \`\${value.length}\`);`);
  if (ir.count !== undefined) encode.push(`${context.use("writeElementCount")}(w, ${JSON.stringify(ir.count)}, value.length);`);
  encode.push("let index = 0;", "try {", block(["for (; index < value.length; index++) {", block(write), "}"]), "} catch (error) {", `  throw ${context.use("atPath")}(error, index, "encode", w.length);`, "}");

  return {
    decode: functionDeclaration(keyword, names.decode, [["r", context.use("BinaryReader")]], type, decode),
    encode: functionDeclaration(keyword, names.encode, [["w", context.use("BinaryWriter")], ["value", type]], "void", encode),
  };
}
