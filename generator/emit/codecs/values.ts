/**
 * Dispatch from an IR node to the code that reads or writes it: leaves become expressions and
 * statements inline (`scalars.ts`); structures become a function of their own (`objects.ts`,
 * `tuples.ts`, `lists.ts`, `unions.ts`, `wrappers.ts`), exported when it is the codec of a
 * definition or body, private otherwise.
 */

import type { IR } from "../../ir/codec-ir.ts";
import type { CodecContext, HelperNames } from "./context.ts";
import { decodeLeaf, encodeLeaf, isLeaf } from "./scalars.ts";
import { objectFunctions } from "./objects.ts";
import { tupleFunctions } from "./tuples.ts";
import { listFunctions } from "./lists.ts";
import { unionFunctions } from "./unions.ts";
import { wrapperFunctions } from "./wrappers.ts";

import { functionDeclaration, type Line } from "../source-text.ts";
import { canonicalJson } from "../validators/canonical-json.ts";

/** How a value is read: an expression over `r`, and the source of the exported function when one was declared for it. */
export interface DecodeCode {
  expression: string;
  declared?: string;
}

/** How a value is written: statements over `w`, and the source of the exported function when one was declared for it. */
export interface EncodeCode {
  statements: Line[];
  declared?: string;
}

/** The decoder and encoder functions of a structure: `decode` reads from `r`, `encode` writes `value` to `w`. */
export interface StructureFunctions {
  decode: string;
  encode: string;
}

/** Source of the functions of a structure, given the names they must have and whether they are exported. */
export type StructureEmitter = (context: CodecContext, ir: IR, names: HelperNames, hint: string, exported: boolean) => StructureFunctions;

const STRUCTURES: Partial<Record<IR["kind"], StructureEmitter>> = {
  object: objectFunctions,
  tuple: tupleFunctions,
  list: listFunctions,
  union: unionFunctions,
  option: wrapperFunctions,
  enum: wrapperFunctions,
  dynamic: wrapperFunctions,
  padded: wrapperFunctions,
};

/**
 * Functions emitted per structure node, so that the decoder and encoder of one node are
 * emitted once even though the two directions ask for them separately.
 */
const emitted = new WeakMap<
  CodecContext,
  { exported: Map<IR, { names: HelperNames; functions?: StructureFunctions }>; helpers: Map<string, HelperNames>; localTypes: Map<string, string>; keys: StructureKeys }
>();

/**
 * Structures whose private helpers get a named type in the codecs file: objects and unions,
 * whose types would otherwise be written out in full in both helpers' signatures and again
 * inside every type around them. (Lists, tuples and wrappers read well inline once the objects
 * and unions inside them have names.)
 */
function namesLocalType(ir: IR): boolean {
  return (ir.kind === "object" && ir.items.length > 0) || ir.kind === "union";
}

/** Structural identity of IR nodes: their canonical JSON, written once per node. */
class StructureKeys {
  private readonly keys = new Map<IR, string>();

  key(ir: IR): string {
    let key = this.keys.get(ir);
    if (key === undefined) this.keys.set(ir, (key = canonicalJson(ir)));
    return key;
  }
}

/**
 * The functions of a structure node, emitted on first use. Nodes with the same structure share
 * one pair of functions, so a shape the reconciler met many times (a binary `Ref` expanded in
 * several places, a body that is also a list element elsewhere) is written once:
 * - a private helper reuses the functions of an equal node emitted earlier, exported or not;
 * - an exported function whose structure was already emitted delegates to those functions.
 */
function structureNames(context: CodecContext, ir: IR, hint: string, exportAs: HelperNames | undefined): { names: HelperNames; declared?: StructureFunctions } {
  let state = emitted.get(context);
  if (!state) emitted.set(context, (state = { exported: new Map(), helpers: new Map(), localTypes: new Map(), keys: new StructureKeys() }));
  const exported = state.exported.get(ir);
  if (exported) return exported.functions ? { names: exported.names, declared: exported.functions } : { names: exported.names };
  const key = state.keys.key(ir);
  const shared = state.helpers.get(key);
  if (exportAs !== undefined) {
    const entry: { names: HelperNames; functions?: StructureFunctions } = { names: exportAs };
    state.exported.set(ir, entry);
    if (shared) {
      entry.functions = delegates(context, ir, exportAs, shared);
    } else {
      state.helpers.set(key, exportAs);
      // Equal structures met later reuse these functions and, inside other types, this type's name.
      const typeName = context.typeName(ir);
      if (typeName !== undefined && namesLocalType(ir)) state.localTypes.set(key, typeName);
      entry.functions = STRUCTURES[ir.kind]!(context, ir, exportAs, hint, true);
    }
    return { names: exportAs, declared: entry.functions };
  }
  if (shared) {
    const localType = state.localTypes.get(key);
    if (localType !== undefined && !context.hasTypeName(ir)) context.shareLocalType(ir, localType);
    return { names: shared };
  }
  const names = context.helperNames(hint);
  state.helpers.set(key, names);
  // The name comes first, for the helpers' signatures; the declaration once the structures
  // inside have helpers (and names) of their own.
  const localType = namesLocalType(ir) && !context.hasTypeName(ir) ? context.nameLocalType(ir, names.decode.slice("decode".length)) : undefined;
  if (localType !== undefined) state.localTypes.set(key, localType);
  const functions = STRUCTURES[ir.kind]!(context, ir, names, hint, false);
  if (localType !== undefined) context.addHelper(context.localTypeDeclaration(ir, localType));
  context.addHelper(functions.decode);
  context.addHelper(functions.encode);
  return { names };
}

/** Exported functions that call the functions already emitted for an equal structure. */
function delegates(context: CodecContext, ir: IR, names: HelperNames, target: HelperNames): StructureFunctions {
  const type = context.typeText(ir);
  const reader = context.use("BinaryReader");
  const writer = context.use("BinaryWriter");
  return {
    decode: functionDeclaration("export function", names.decode, [["r", reader]], type, [`return ${target.decode}(r);`]),
    encode: functionDeclaration("export function", names.encode, [["w", writer], ["value", type]], "void", [`${target.encode}(w, value);`]),
  };
}

/** The expression that reads one value of `ir` from `r`. */
export function decodeExpression(context: CodecContext, ir: IR, hint: string, exportAs?: string): DecodeCode {
  if (isLeaf(ir)) return { expression: decodeLeaf(context, ir) };
  const exportNames = exportAs !== undefined ? { decode: exportAs, encode: exportAs.replace(/^decode/, "encode") } : undefined;
  const { names, declared } = structureNames(context, ir, hint, exportNames);
  const code: DecodeCode = { expression: `${names.decode}(r)` };
  if (declared) code.declared = declared.decode;
  return code;
}

/** The statements that write `value` (an expression) as `ir` to `w`. */
export function encodeStatements(context: CodecContext, ir: IR, value: string, hint: string, exportAs?: string): EncodeCode {
  if (isLeaf(ir)) return { statements: encodeLeaf(context, ir, value) };
  const exportNames = exportAs !== undefined ? { decode: exportAs.replace(/^encode/, "decode"), encode: exportAs } : undefined;
  const { names, declared } = structureNames(context, ir, hint, exportNames);
  const code: EncodeCode = { statements: [`${names.encode}(w, ${value});`] };
  if (declared) code.declared = declared.encode;
  return code;
}
