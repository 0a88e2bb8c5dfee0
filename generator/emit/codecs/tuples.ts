/** Tuples: JSON arrays of fixed length whose elements are laid out one after the other. */

import { fixedSize, type IR, type TupleElement } from "../../ir/codec-ir.ts";
import { extendsToFrameEnd } from "../../ir/frame-extent.ts";
import type { CodecContext, HelperNames } from "./context.ts";
import { decodeExpression, encodeStatements, type StructureFunctions } from "./values.ts";
import { LocalNames } from "./locals.ts";
import { block, functionDeclaration, type Line } from "../source-text.ts";

export function tupleFunctions(context: CodecContext, ir: IR, names: HelperNames, hint: string, exported: boolean): StructureFunctions {
  if (ir.kind !== "tuple") throw new Error("not a tuple");
  const keyword = exported ? "export function" : "function";
  const locals = new LocalNames();
  const decode: Line[] = [];
  const encode: Line[] = [];
  const values: string[] = [];
  let position = 0;
  let counter = 0;

  const group = (elements: readonly TupleElement[]): void => {
    const sizes = elements.map((e) => (e.kind === "element" ? fixedSize(e.codec, context.definitions) : e.kind === "padding" ? e.bytes : undefined));
    elements.forEach((element, index) => {
      switch (element.kind) {
        case "element": {
          const at = position++;
          let keep = 0;
          if (extendsToFrameEnd(element.codec, context.definitions)) {
            for (let j = index + 1; j < elements.length; j++) {
              const size = sizes[j];
              if (size === undefined) throw new Error(`${hint}: a value that runs to the end of its frame is followed by one of variable size`);
              keep += size;
            }
          }
          const local = locals.claim(`element${at}`);
          const reserved = keep > 0 ? locals.claim(`reserved${++counter}`) : undefined;
          if (reserved) decode.push(`const ${reserved} = ${context.use("openReservedFrame")}(r, ${keep});`);
          decode.push(`index = ${at};`, `const ${local} = ${decodeExpression(context, element.codec, `${hint} ${at}`).expression};`);
          if (reserved) decode.push(`${context.use("closeReservedFrame")}(r, ${reserved});`);
          encode.push(`index = ${at};`, ...encodeStatements(context, element.codec, `value[${at}]`, `${hint} ${at}`).statements);
          values.push(local);
          break;
        }
        case "padding":
          decode.push(`${context.use("skipPadding")}(r, ${element.bytes});`);
          encode.push(`${context.use("writePadding")}(w, ${element.bytes});`);
          break;
        case "frame": {
          const outer = locals.claim(`outer${++counter}`);
          decode.push(`const ${outer} = ${context.use("openDynamicFrame")}(r, ${JSON.stringify(element.header)});`);
          encode.push(`const ${outer} = ${context.use("beginDynamicSize")}(w, ${JSON.stringify(element.header)});`);
          group(element.elements);
          decode.push(`${context.use("closeDynamicFrame")}(r, ${outer});`);
          encode.push(`${context.use("endDynamicSize")}(w, ${JSON.stringify(element.header)}, ${outer});`);
          break;
        }
      }
    });
  };
  group(ir.elements);
  const length = values.length;
  // Typed once the values inside have their helpers, and so their type names if they get one.
  const type = context.typeText(ir);
  return {
    decode: functionDeclaration(keyword, names.decode, [["r", context.use("BinaryReader")]], type, [
      "let index = 0;",
      "try {",
      block([...decode, `return [${values.join(", ")}];`]),
      "} catch (error) {",
      `  throw ${context.use("atPath")}(error, index, "decode", r.offset);`,
      "}",
    ]),
    encode: functionDeclaration(keyword, names.encode, [["w", context.use("BinaryWriter")], ["value", type]], "void", [
      `if (!Array.isArray(value) || value.length !== ${length}) ${context.use("failValue")}(w, "an array of ${length} elements", value);`,
      "let index = 0;",
      "try {",
      block(encode),
      "} catch (error) {",
      `  throw ${context.use("atPath")}(error, index, "encode", w.length);`,
      "}",
    ]),
  };
}
