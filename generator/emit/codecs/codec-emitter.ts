/**
 * The codecs file of a generated interface: specialised, straight-line binary decoders and
 * encoders, one pair per named definition and per service body with a binary form, plus one
 * private helper pair per inline structure (object, list, union…). They call the runtime's
 * reader/writer primitives directly; nothing walks a schema at run time.
 *
 * The semantics are those of the IR interpreter (`generator/ir/interpret.ts`), which the tests
 * use as the reference for these functions.
 */

import type { CodecDefinition, IR } from "../../ir/codec-ir.ts";
import type { BodyCodec, CodecModel } from "../../reconcile/codec-model.ts";
import { codecFunctionNames, compareStrings, pascalCase, type InterfaceNames } from "../names.ts";
import { isLeaf } from "./scalars.ts";
import type { TypeEmitter } from "../types.ts";
import { CodecContext, type HelperNames } from "./context.ts";
import { decodeExpression, encodeStatements } from "./values.ts";
import { block, functionDeclaration } from "../source-text.ts";
import { forEachNode } from "../../ir/walk.ts";

/** The codecs file body and what it imports. */
export interface EmittedCodecs {
  /** The top-level declarations of the body, in order; each ends with a newline (joined with another, they are the body). */
  blocks: string[];
  /** Runtime values and types used (imported from the runtime entry). */
  runtimeImports: string[];
  /** Types of the types file used. */
  typeImports: string[];
}

/** Emits decoders and encoders for every named definition and every binary body of `model`. */
export function emitCodecs(model: CodecModel, names: InterfaceNames, types: TypeEmitter): EmittedCodecs {
  const context = new CodecContext(model.definitions, names, types);
  const blocks: string[] = [];
  for (const [name, definition] of model.definitions) {
    context.nameType(definition.codec, names.definitions.get(name)!);
    const caseNames = names.cases.get(name);
    if (caseNames && definition.codec.kind === "union") {
      for (const c of definition.codec.cases) {
        const caseType = caseNames.get(c.tag);
        if (caseType !== undefined) context.nameType(c.payload, caseType);
      }
    }
  }

  const recursive = recursiveDefinitions(model.definitions);
  for (const name of [...model.definitions.keys()].sort(compareStrings)) {
    const definition = model.definitions.get(name)!;
    const typeName = names.definitions.get(name)!;
    context.useType(typeName);
    blocks.push(...definitionCodecs(context, definition, typeName, context.definitionFunctions(name), recursive));
  }

  // A structure several bodies share is written once under its own name; the bodies' functions call it.
  const shared = new Map<string, BodyCodec>();
  for (const [body, typeName] of names.sharedBodies) if (!shared.has(typeName) && body.jsonOnly === undefined && !isLeaf(body.codec)) shared.set(typeName, body);
  for (const [typeName, body] of shared) {
    // A copy of the first body's IR, equal in structure, so that the bodies' own functions delegate to these.
    const codec = { ...body.codec };
    context.useType(typeName);
    context.nameType(codec, typeName);
    blocks.push(...bodyCodecs(context, codec, typeName, codecFunctionNames(typeName)));
  }

  model.services.forEach((entry, index) => {
    const serviceNames = names.services[index]!;
    const bodies = [
      { body: entry.input, typeName: serviceNames.input },
      { body: entry.output, typeName: serviceNames.output },
      { body: entry.error, typeName: serviceNames.error },
    ];
    for (const { body, typeName } of bodies) {
      if (!body || typeName === undefined || body.jsonOnly !== undefined) continue;
      context.useType(typeName);
      context.nameType(body.codec, typeName);
      const functions = { decode: `decode${typeName}`, encode: `encode${typeName}` };
      blocks.push(...bodyCodecs(context, body.codec, typeName, functions));
    }
  });

  const helpers = context.takeHelpers();
  const constants = context.takeConstants();
  return {
    blocks: [...constants, ...blocks, ...helpers],
    runtimeImports: [...context.runtime].sort(compareStrings),
    typeImports: [...context.typesUsed].sort(compareStrings),
  };
}

function definitionCodecs(context: CodecContext, definition: CodecDefinition, typeName: string, functions: HelperNames, recursive: ReadonlySet<string>): string[] {
  const doc = `/** Reads a {@link ${typeName}} (definition \`${definition.name}\`) at the reader's offset. */\n`;
  const encodeDoc = `/** Writes a {@link ${typeName}} (definition \`${definition.name}\`). */\n`;
  if (!recursive.has(definition.name)) {
    return exported(context, definition.codec, typeName, functions, doc, encodeDoc, pascalCase(definition.name));
  }
  // A recursive definition counts its nesting, so that hostile input fails with a DecodeError
  // instead of exhausting the stack.
  const hint = `${pascalCase(definition.name)} body`;
  const decode = decodeExpression(context, definition.codec, hint).expression;
  const encode = encodeStatements(context, definition.codec, "value", hint).statements;
  context.runtime.add("BinaryReader").add("BinaryWriter");
  return [
    doc + functionDeclaration("export function", functions.decode, [["r", "BinaryReader"]], typeName, [`r.enter(${JSON.stringify(definition.name)});`, `const value = ${decode};`, "r.leave();", "return value;"]),
    // The encoder counts its nesting too (the reader's limit), so that a deep or cyclic value
    // fails with an EncodeError; `finally`, as a union's encoder returns from inside the body.
    encodeDoc +
      functionDeclaration("export function", functions.encode, [["w", "BinaryWriter"], ["value", typeName]], "void", [
        `w.enter(${JSON.stringify(definition.name)});`,
        "try {",
        block(encode),
        "} finally {",
        "  w.leave();",
        "}",
      ]),
  ];
}

/**
 * The definitions that refer back to themselves, directly or through others: each codec is
 * walked once for the definitions it names, then the small graph of names is searched.
 */
export function recursiveDefinitions(definitions: ReadonlyMap<string, CodecDefinition>): Set<string> {
  const refers = new Map<string, Set<string>>();
  for (const [name, definition] of definitions) {
    const named = new Set<string>();
    forEachNode(definition.codec, (node) => {
      if (node.kind === "ref") named.add(node.name);
    });
    refers.set(name, named);
  }
  const recursive = new Set<string>();
  for (const name of definitions.keys()) {
    const seen = new Set<string>();
    const pending = [...(refers.get(name) ?? [])];
    while (pending.length > 0) {
      const current = pending.pop()!;
      if (current === name) {
        recursive.add(name);
        break;
      }
      if (seen.has(current)) continue;
      seen.add(current);
      pending.push(...(refers.get(current) ?? []));
    }
  }
  return recursive;
}

function bodyCodecs(context: CodecContext, codec: IR, typeName: string, functions: HelperNames): string[] {
  const doc = `/** Reads a {@link ${typeName}} at the reader's offset. */\n`;
  const encodeDoc = `/** Writes a {@link ${typeName}}. */\n`;
  return exported(context, codec, typeName, functions, doc, encodeDoc, typeName);
}

/** An exported pair that delegates to the expression and statements of its IR. */
function exported(context: CodecContext, codec: IR, typeName: string, functions: HelperNames, decodeDoc: string, encodeDoc: string, hint: string): string[] {
  // Structures get their body here directly rather than through a private helper.
  const decode = decodeExpression(context, codec, hint, functions.decode);
  const encode = encodeStatements(context, codec, "value", hint, functions.encode);
  const blocks: string[] = [];
  if (decode.declared === undefined) {
    blocks.push(decodeDoc + functionDeclaration("export function", functions.decode, [["r", "BinaryReader"]], typeName, [`return ${decode.expression};`]));
  } else {
    blocks.push(decodeDoc + decode.declared);
  }
  if (encode.declared === undefined) {
    blocks.push(encodeDoc + functionDeclaration("export function", functions.encode, [["w", "BinaryWriter"], ["value", typeName]], "void", encode.statements));
  } else {
    blocks.push(encodeDoc + encode.declared);
  }
  context.runtime.add("BinaryReader").add("BinaryWriter");
  return blocks;
}

