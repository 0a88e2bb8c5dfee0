/**
 * Objects: fields read one after the other into locals, then assembled into the JSON object;
 * written back field by field. Presence bytes, `dyn` frames, padding and merged objects are
 * handled inline; a value that runs to the end of its frame is read inside a frame that keeps
 * back the bytes of the fixed-size fields after it.
 */

import { fixedSize, type IR, type JsonValue, type ObjectItem } from "../../ir/codec-ir.ts";
import { extendsToFrameEnd } from "../../ir/frame-extent.ts";
import type { CodecContext, HelperNames } from "./context.ts";
import { decodeExpression, encodeStatements, type StructureFunctions } from "./values.ts";
import { LocalNames, memberAccess, PROTOTYPE_NAMES, propertyKey } from "./locals.ts";
import { block, functionDeclaration, type Line } from "../source-text.ts";
import { literal } from "../ts-syntax.ts";
import { objectPropertyNames, propertiesBesides } from "../../ir/case-selection.ts";
import { decodedDefault } from "../../ir/decoded-default.ts";
import { Interpreter } from "../../ir/interpret.ts";

export function objectFunctions(context: CodecContext, ir: IR, names: HelperNames, hint: string, exported: boolean): StructureFunctions {
  if (ir.kind !== "object") throw new Error("not an object");
  const type = context.typeText(ir);
  const keyword = exported ? "export function" : "function";
  return {
    decode: functionDeclaration(keyword, names.decode, [["r", context.use("BinaryReader")]], type, decodeBody(context, ir.items, hint, type, ir.signatureSplit === true)),
    encode: functionDeclaration(keyword, names.encode, [["w", context.use("BinaryWriter")], ["value", type]], "void", [
      // Octez's signature split: a BLS signature's first 32 bytes travel as a last contents element.
      ...(ir.signatureSplit === true ? [`value = ${context.use("splitSignaturePrefix")}(value);`] : []),
      ...encodeBody(context, ir.items, hint, ir.jsonOnly),
    ]),
  };
}

/** Bytes kept back for the fixed-size items after each item of a group (0 when the item is self-delimited). */
function reserves(context: CodecContext, items: readonly ObjectItem[], hint: string): number[] {
  const kept = items.map(() => 0);
  // The size of the items from `counted` to the last, added up from the last item back only as
  // far as an item that runs to the end of the frame needs (most groups have none).
  let counted = items.length;
  let after = 0;
  for (let i = items.length - 1; i >= 0; i--) {
    if (!itemExtends(context, items[i]!)) continue;
    for (; counted > i + 1; counted--) {
      const size = itemSize(context, items[counted - 1]!);
      if (size === undefined) throw new Error(`${hint}: a value that runs to the end of its frame is followed by one of variable size`);
      after += size;
    }
    kept[i] = after;
  }
  return kept;
}

function itemSize(context: CodecContext, item: ObjectItem): number | undefined {
  switch (item.kind) {
    case "field":
      return item.presence === "required" ? fixedSize(item.codec, context.definitions) : undefined;
    case "constant":
      return 0;
    case "padding":
      return item.bytes;
    case "merge":
      return fixedSize(item.codec, context.definitions);
    case "frame":
      return fixedSize({ kind: "object", items: [item] }, context.definitions);
  }
}

function itemExtends(context: CodecContext, item: ObjectItem): boolean {
  if (item.kind === "field") return item.presence === "rest-of-frame" || extendsToFrameEnd(item.codec, context.definitions);
  if (item.kind === "merge") return extendsToFrameEnd(item.codec, context.definitions);
  return false;
}

/** Sets an optional field on `out`; `__proto__` through the runtime, as assigning it would set the prototype. */
function setOptional(context: CodecContext, name: string, local: string): string {
  return name === "__proto__" ? `${context.use("setOwnProperty")}(out, "__proto__", ${local})` : `out${memberAccess(name)} = ${local}`;
}

function decodeBody(context: CodecContext, items: readonly ObjectItem[], hint: string, type: string, signatureSplit = false): Line[] {
  const reading = new ObjectReading(context, hint);
  reading.addGroup(items);
  const { statements, required, optional, merged } = reading;
  const entries = [...required, ...merged];
  const assembled = entries.length === 0 ? "{}" : `{ ${entries.join(", ")} }`;
  // Octez's signature split: a last contents element that is a BLS signature's prefix joins the signature.
  const returned = (expression: string) => (signatureSplit ? `return ${context.use("joinSignaturePrefix")}(${expression});` : `return ${expression};`);
  const result =
    optional.length === 0
      ? [returned(assembled)]
      : [`const out: ${type} = ${assembled};`, ...optional.map((o) => `if (${o.kept ?? `${o.local} !== undefined`}) ${setOptional(context, o.name, o.local)};`), returned("out")];
  // Only fields set `field`, and each counts as a read: with no read there is no field to track.
  if (reading.reads === 0) return [...statements, ...result];
  return ['let field = "";', "try {", block([...statements, ...result]), "} catch (error) {", `  throw ${context.use("atPath")}(error, field, "decode", r.offset);`, "}"];
}

/**
 * The decoder of one object, item by item: the statements that read the items into locals, and
 * the entries of the object assembled from them.
 */
class ObjectReading {
  readonly statements: Line[] = [];
  /** Entries of the object literal for the required fields and the constants. */
  readonly required: string[] = [];
  /** Optional fields, set on the object after it is built when their local holds a value (or `kept` holds). */
  readonly optional: Array<{ name: string; local: string; kept?: string }> = [];
  /** Spreads of the merged objects' locals. */
  readonly merged: string[] = [];
  /** Values read (fields and merged objects). */
  reads = 0;
  private readonly locals: LocalNames;
  /** Numbers the locals of frames and merged objects. */
  private counter = 0;

  constructor(
    private readonly context: CodecContext,
    private readonly hint: string,
  ) {
    this.locals = new LocalNames();
  }

  /** Reads the items of one frame level (a frame's items are a group of their own). */
  addGroup(items: readonly ObjectItem[]): void {
    const { context, hint, locals, statements } = this;
    const kept = reserves(context, items, hint);
    for (let index = 0; index < items.length; index++) {
      const item = items[index]!;
      const keep = kept[index]!;
      const open = keep > 0 ? locals.claim(`reserved${++this.counter}`) : undefined;
      if (open) statements.push(`const ${open} = ${context.use("openReservedFrame")}(r, ${keep});`);
      switch (item.kind) {
        case "field": {
          this.reads++;
          const local = locals.claim(item.name);
          const read = decodeExpression(context, item.codec, `${hint} ${item.name}`).expression;
          statements.push(`field = ${JSON.stringify(item.name)};`);
          if (item.presence === "indicator") {
            statements.push(`const ${local} = ${context.use("readPresence")}(r) ? ${read} : undefined;`);
            this.optional.push({ name: item.name, local });
          } else if (item.presence === "rest-of-frame") {
            statements.push(`const ${local} = r.remaining() > 0 ? ${read} : undefined;`);
            this.optional.push({ name: item.name, local });
          } else if (item.default !== undefined) {
            // Octez's JSON leaves out a field that holds its default.
            statements.push(`const ${local} = ${read};`);
            this.optional.push({ name: item.name, local, kept: this.differsFromDefault(local, item.codec, item.default) });
          } else {
            statements.push(`const ${local} = ${read};`);
            this.required.push(propertyKey(item.name) === local ? local : `${propertyKey(item.name)}: ${local}`);
          }
          break;
        }
        case "constant":
          this.required.push(`${propertyKey(item.name)}: ${literal(item.value)}`);
          break;
        case "padding":
          statements.push(`${context.use("skipPadding")}(r, ${item.bytes});`);
          break;
        case "frame": {
          const outer = locals.claim(`outer${++this.counter}`);
          // A failure in the length header is the first framed field's.
          const first = firstFieldName(item.items);
          if (first !== undefined) statements.push(`field = ${JSON.stringify(first)};`);
          statements.push(`const ${outer} = ${context.use("openDynamicFrame")}(r, ${JSON.stringify(item.header)});`);
          this.addGroup(item.items);
          statements.push(`${context.use("closeDynamicFrame")}(r, ${outer});`);
          break;
        }
        case "merge": {
          this.reads++;
          const local = locals.claim(`merged${++this.counter}`);
          statements.push(`const ${local} = ${decodeExpression(context, item.codec, `${hint} merged`).expression};`);
          this.merged.push(`...${local}`);
          break;
        }
      }
      if (open) statements.push(`${context.use("closeReservedFrame")}(r, ${open});`);
    }
  }

  /** The condition that `local`, read by `codec`, differs from the decoded form of `stated`. */
  private differsFromDefault(local: string, codec: IR, stated: JsonValue): string {
    const decoded = decodedDefault(new Interpreter(this.context.definitions).codec(codec), stated);
    if (decoded === null || typeof decoded !== "object") return `${local} !== ${literal(decoded)}`;
    return `!${this.context.use("jsonEqual")}(${local}, ${this.context.constant("fieldDefault", `${JSON.stringify(decoded)} as never`)})`;
  }
}

/** The name of the first field or merged object's field among `items` (frames included). */
function firstFieldName(items: readonly ObjectItem[]): string | undefined {
  for (const item of items) {
    if (item.kind === "field") return item.name;
    if (item.kind === "frame") {
      const inner = firstFieldName(item.items);
      if (inner !== undefined) return inner;
    }
  }
  return undefined;
}

function encodeBody(context: CodecContext, items: readonly ObjectItem[], hint: string, jsonOnly?: readonly string[]): Line[] {
  const writing = new ObjectWriting(context, hint, items);
  writing.addGroup(items);
  const guard = [`if (typeof value !== "object" || value === null) ${context.use("failValue")}(w, "an object", value);`];
  const names = objectPropertyNames(items, context.definitions);
  if (names !== undefined) {
    const known = context.constant("knownProperties", `new Set(${JSON.stringify(names)})`);
    const only = jsonOnly === undefined ? "" : `, ${context.constant("jsonOnlyProperties", `new Set(${JSON.stringify(jsonOnly)})`)}`;
    guard.push(`${context.use("checkKnownProperties")}(w, value, ${known}${only});`);
  }
  if (writing.writes === 0) return [...guard, ...writing.statements];
  return [...guard, 'let field = "";', "try {", block(writing.statements), "} catch (error) {", `  throw ${context.use("atPath")}(error, field, "encode", w.length);`, "}"];
}

/** What a union merged into an object encodes: the value without the properties of the object's other items. */
function besides(items: readonly ObjectItem[], merged: ObjectItem, context: CodecContext): string {
  const others = propertiesBesides(items, merged, context.definitions);
  return others.length === 0 ? "value" : `${context.use("omitProperties")}(value, ${context.constant("ownProperties", `${JSON.stringify(others)} as const`)})`;
}

/** The encoder of one object: the statements that write its items, in order. */
class ObjectWriting {
  readonly statements: Line[] = [];
  /** Values written (fields and merged objects). */
  writes = 0;
  /** Numbers the marks of frames. */
  private counter = 0;
  private readonly locals = new LocalNames();

  constructor(
    private readonly context: CodecContext,
    private readonly hint: string,
    /** The object's items (a merged union does not see the properties of the others). */
    private readonly items: readonly ObjectItem[],
  ) {}

  /** Writes the items of one frame level. */
  addGroup(items: readonly ObjectItem[]): void {
    const { context, hint, statements, locals } = this;
    for (const item of items) {
      switch (item.kind) {
        case "field": {
          this.writes++;
          // A name of Object.prototype is read as an own property only: `{}` has no `constructor` field.
          const read = PROTOTYPE_NAMES.has(item.name) ? `${context.use("ownProperty")}(value, ${JSON.stringify(item.name)})` : `value${memberAccess(item.name)}`;
          statements.push(`field = ${JSON.stringify(item.name)};`);
          let access = read;
          if (item.jsonOptional) {
            // JSON may leave the field out (it has a default); binary always writes it, the default when known.
            access = locals.claim(item.name);
            const fallback = item.default === undefined ? `${context.use("failMissingField")}(w, true)` : context.constant("fieldDefault", `${JSON.stringify(item.default)} as never`);
            statements.push(`const ${access} = ${read} === undefined ? ${fallback} : ${read};`);
          }
          const write = encodeStatements(context, item.codec, access, `${hint} ${item.name}`).statements;
          if (item.presence === "indicator") {
            statements.push(`if (${access} === undefined) ${context.use("writePresence")}(w, false);`, "else {", `  ${context.use("writePresence")}(w, true);`, block(write), "}");
          } else if (item.presence === "rest-of-frame") {
            statements.push(`if (${access} !== undefined) {`, block(write), "}");
          } else {
            statements.push(...write);
          }
          break;
        }
        case "constant": {
          this.writes++;
          const access = `value${memberAccess(item.name)}`;
          const expected = JSON.stringify(`the constant ${JSON.stringify(item.value)}`);
          const differs = item.value !== null && typeof item.value === "object" ? `JSON.stringify(${access}) !== ${JSON.stringify(JSON.stringify(item.value))}` : `${access} !== ${JSON.stringify(item.value)}`;
          statements.push(`field = ${JSON.stringify(item.name)};`, `if (${access} !== undefined && ${differs}) ${context.use("failValue")}(w, ${expected}, ${access});`);
          break;
        }
        case "padding":
          statements.push(`${context.use("writePadding")}(w, ${item.bytes});`);
          break;
        case "frame": {
          const mark = locals.claim(`mark${++this.counter}`);
          statements.push(`const ${mark} = ${context.use("beginDynamicSize")}(w, ${JSON.stringify(item.header)});`);
          this.addGroup(item.items);
          statements.push(`${context.use("endDynamicSize")}(w, ${JSON.stringify(item.header)}, ${mark});`);
          break;
        }
        case "merge": {
          this.writes++;
          // The merged object's encoder sees only its own properties (it refuses others); a merged
          // union sees the value without the enclosing object's own fields.
          const names = objectPropertyNames([item], context.definitions);
          const part =
            names !== undefined
              ? `${context.use("pickProperties")}(value, ${context.constant("mergedProperties", JSON.stringify(names))})`
              : besides(this.items, item, context);
          statements.push(...encodeStatements(context, item.codec, part, `${hint} merged`).statements);
          break;
        }
      }
    }
  }
}
