/**
 * Micheline binary form (tezos/tezos-mirror, `src/lib_micheline/micheline_encoding.ml`).
 *
 * Every node starts with a one-byte tag:
 *
 * | tag | node | then |
 * |---|---|---|
 * | 0 | int | zarith `Z` |
 * | 1 | string | uint30 length, bytes |
 * | 2 | sequence | uint30 byte count, the nodes |
 * | 3 | prim, no args, no annots | code |
 * | 4 | prim, no args, annots | code, annots |
 * | 5 | prim, 1 arg, no annots | code, arg |
 * | 6 | prim, 1 arg, annots | code, arg, annots |
 * | 7 | prim, 2 args, no annots | code, arg, arg |
 * | 8 | prim, 2 args, annots | code, arg, arg, annots |
 * | 9 | prim, any args | code, uint30 byte count, the args, annots (possibly empty) |
 * | 10 | bytes | uint30 length, bytes |
 *
 * `code` is the primitive's index in the protocol's table (one byte), `annots` is one uint30
 * length-prefixed string holding the annotations separated by single spaces. The writer picks
 * tags 3–8 whenever they fit, as Octez does; the reader also accepts tag 9 with 0–2 args.
 *
 * Reading and writing use an explicit stack rather than recursion, so nesting depth is limited
 * only by `maxDepth` (checked with a clear error), never by the JavaScript call stack.
 */
import { CodecError, DecodeError, EncodeError, describeValue, type PathSegment } from "../../codec/errors.ts";
import type { BinaryReader } from "../../codec/reader.ts";
import type { BinaryWriter } from "../../codec/writer.ts";
import type { MichelineTable } from "./primitives.ts";
import {
  bytesOfStringValue,
  decodeUtf8,
  encodeUtf8,
  patchLength,
  readLength,
  readZ,
  stringValueOf,
  toHex,
  writeHex,
  writeLength,
  writeZ,
} from "./scalars.ts";
import type { MichelineExpression, MichelinePrim } from "./types.ts";

/**
 * Default limit on nesting (sequences and primitive applications inside each other). Real
 * scripts stay far below it; it keeps decoded values shallow enough for recursive consumers
 * such as `JSON.stringify`, which overflow the stack a few thousand levels down.
 */
export const MICHELINE_DEFAULT_MAX_DEPTH = 1000;

/** Longest annotation, in bytes. */
const MAX_ANNOT_BYTES = 255;
/** A well-formed annotation (protocols 012 on): a sigil, then identifier characters. */
const WELL_FORMED_ANNOT = /^[@:$&%!?][A-Za-z0-9_.%@]*$/;
const ANNOT_SHAPE = "a well-formed annotation (sigil, then letters, digits, _ . % @)";
const NO_BYTES = new Uint8Array(0);
/** Shared empty list for prims without annotations; never handed out (primNode skips it). */
const NO_ANNOTS: string[] = [];

/** An open sequence or application while reading. */
interface OpenNode {
  /** Prim name, or `undefined` for a sequence. */
  readonly prim: string | undefined;
  readonly items: MichelineExpression[];
  /** Number of args to read (tags 5–8), or -1 when they fill a frame (tags 2 and 9). */
  readonly want: number;
  /** Enclosing frame end to restore, for nodes that opened a frame. */
  readonly outerEnd: number;
  /** Whether an annotation string follows the args. */
  readonly annotated: boolean;
}

/** Builds a prim node the way Octez prints it: `args` and `annots` only when non-empty. */
function primNode(prim: string, args: MichelineExpression[], annots: string[]): MichelinePrim {
  const node: MichelinePrim = { prim };
  if (args.length > 0) node.args = args;
  if (annots.length > 0) node.annots = annots;
  return node;
}

function readPrimName(r: BinaryReader, table: MichelineTable): string {
  const at = r.offset;
  const code = table.codeWidth === 1 ? r.uint8() : r.uint16();
  const name = table.names[code];
  if (name === undefined) throw new DecodeError(`a primitive code below ${table.names.length}`, `code ${code}`, at);
  return name;
}

/**
 * Reads an annotation string. A bad annotation fails with its index as the error's path; the
 * caller adds `annots` and what lies above.
 */
function readAnnots(r: BinaryReader, table: MichelineTable): string[] {
  const length = readLength(r, "annotations");
  const start = r.offset;
  const bytes = r.raw(length, "annotations");
  if (length === 0) return table.annotations === "v0" ? [""] : [];
  const annots: string[] = [];
  let from = 0;
  for (let i = 0; i <= length; i++) {
    if (i < length && bytes[i] !== 0x20) continue;
    const part = bytes.subarray(from, i);
    const at = start + from;
    const index = annots.length;
    if (part.length > MAX_ANNOT_BYTES) throw badAnnot(`an annotation of at most ${MAX_ANNOT_BYTES} bytes`, `${part.length} bytes`, at, index);
    const text = decodeUtf8(part);
    if (text === undefined) throw badAnnot("an annotation in UTF-8", `bytes ${toHex(part)}`, at, index);
    if (table.annotations === "v2" && !WELL_FORMED_ANNOT.test(text)) throw badAnnot(ANNOT_SHAPE, JSON.stringify(text), at, index);
    annots.push(text);
    from = i + 1;
  }
  return annots;
}

function badAnnot(expected: string, found: string, offset: number, index: number): DecodeError {
  return new DecodeError(expected, found, offset, [index]);
}

/** Opens a sequence or application on the reader's stack (a frame too for tags 2 and 9). */
function openNode(
  r: BinaryReader,
  stack: OpenNode[],
  maxDepth: number,
  at: number,
  prim: string | undefined,
  want: number,
  annotated: boolean,
): void {
  if (stack.length >= maxDepth) throw new DecodeError(`nesting of at most ${maxDepth} sequences or applications`, "a deeper node", at);
  let outerEnd = -1;
  if (want < 0) {
    const what = prim === undefined ? "a sequence" : "arguments";
    outerEnd = r.openFrame(readLength(r, what), what);
  }
  stack.push({ prim, items: [], want, outerEnd, annotated });
}

/**
 * Reads one Micheline expression at the reader's offset; it is self-delimiting, so it stops
 * after the expression and leaves any following bytes unread.
 */
export function readMicheline(r: BinaryReader, table: MichelineTable, maxDepth = MICHELINE_DEFAULT_MAX_DEPTH): MichelineExpression {
  const stack: OpenNode[] = [];
  // Where a failure is, below the open nodes: `leaf` names the part of the node being read
  // (`int`, `prim`, `annots`…); `closing` is set while reading the annotations that follow the
  // args of the node on top of the stack.
  let leaf: string | undefined;
  let closing = false;

  try {
    for (;;) {
      let done: MichelineExpression | undefined;
      const tagAt = r.offset;
      const tag = r.uint8();
      switch (tag) {
        case 0:
          leaf = "int";
          done = { int: readZ(r) };
          break;
        case 1:
          leaf = "string";
          done = { string: stringValueOf(r.raw(readLength(r, "a string"), "a string")) };
          break;
        case 10:
          leaf = "bytes";
          done = { bytes: toHex(r.raw(readLength(r, "bytes"), "bytes")) };
          break;
        case 2:
          openNode(r, stack, maxDepth, tagAt, undefined, -1, false);
          break;
        case 3:
        case 4: {
          leaf = "prim";
          const prim = readPrimName(r, table);
          leaf = "annots";
          done = primNode(prim, [], tag === 4 ? readAnnots(r, table) : []);
          break;
        }
        case 5:
        case 6:
        case 7:
        case 8: {
          leaf = "prim";
          const prim = readPrimName(r, table);
          leaf = undefined;
          openNode(r, stack, maxDepth, tagAt, prim, tag <= 6 ? 1 : 2, tag === 6 || tag === 8);
          break;
        }
        case 9: {
          leaf = "prim";
          const prim = readPrimName(r, table);
          leaf = "args";
          openNode(r, stack, maxDepth, tagAt, prim, -1, true);
          break;
        }
        default:
          throw new DecodeError("a Micheline node tag (0 to 10)", `tag ${tag}`, tagAt);
      }
      leaf = undefined;
      // Hand finished nodes to their parents, closing every parent that is now complete.
      for (;;) {
        const top = stack[stack.length - 1];
        if (done !== undefined) {
          if (top === undefined) return done;
          top.items.push(done);
          done = undefined;
        }
        if (top === undefined) break;
        const complete = top.want >= 0 ? top.items.length === top.want : r.offset === r.end;
        if (!complete) break;
        if (top.outerEnd >= 0) r.closeFrame(top.outerEnd);
        let annots: string[] = NO_ANNOTS;
        if (top.annotated) {
          closing = true;
          leaf = "annots";
          annots = readAnnots(r, table);
          leaf = undefined;
          closing = false;
        }
        stack.pop();
        done = top.prim === undefined ? top.items : primNode(top.prim, top.items, annots);
      }
    }
  } catch (error) {
    // Give the reader its frame back, so that a caller catching the error can go on reading.
    const outermost = stack.find((node) => node.outerEnd >= 0);
    if (outermost !== undefined) r.end = outermost.outerEnd;
    const segments: PathSegment[] = [];
    const parents = closing ? stack.length - 1 : stack.length;
    for (let i = 0; i < parents; i++) {
      const node = stack[i]!;
      if (node.prim !== undefined) segments.push("args");
      segments.push(node.items.length);
    }
    if (leaf !== undefined) segments.push(leaf);
    const typed =
      error instanceof CodecError
        ? error
        : new DecodeError("a valid Micheline expression", error instanceof Error ? `${error.name}: ${error.message}` : String(error), r.offset);
    throw prependAll(typed, segments);
  }
}

/** Prepends a whole path to an error at once. */
function prependAll<E extends CodecError>(error: E, segments: readonly PathSegment[]): E {
  return error.prependAll(segments);
}

/** A path from the root, as a linked list shared between siblings. */
interface PathLink {
  readonly parent: PathLink | undefined;
  readonly segment: PathSegment;
}

/** Work items of the writer, processed last in, first out. */
type WriteTask =
  | { readonly kind: "node"; readonly value: unknown; readonly path: PathLink | undefined; readonly depth: number }
  | { readonly kind: "length"; readonly at: number; readonly what: string; readonly path: PathLink | undefined }
  | { readonly kind: "annots"; readonly bytes: Uint8Array; readonly path: PathLink | undefined };

function segmentsOf(path: PathLink | undefined, extra: readonly PathSegment[]): PathSegment[] {
  const out: PathSegment[] = [];
  for (let link = path; link !== undefined; link = link.parent) out.push(link.segment);
  out.reverse();
  out.push(...extra);
  return out;
}

/** Checks a list of annotations from JSON and returns their binary string. */
function annotsBytes(value: unknown, table: MichelineTable, fail: (segments: PathSegment[], expected: string, found: string) => never): Uint8Array {
  if (value === undefined) return NO_BYTES;
  if (!Array.isArray(value)) return fail(["annots"], "a list of annotations", describeValue(value));
  const parts: Uint8Array[] = [];
  for (let i = 0; i < value.length; i++) {
    const annot: unknown = value[i];
    if (typeof annot !== "string") return fail(["annots", i], "an annotation string", describeValue(annot));
    if (table.annotations === "v2" && !WELL_FORMED_ANNOT.test(annot)) {
      return fail(["annots", i], ANNOT_SHAPE, describeValue(annot));
    }
    // A space would split the annotation in two when read back.
    if (annot.includes(" ")) return fail(["annots", i], "an annotation without spaces", describeValue(annot));
    const bytes = encodeUtf8(annot);
    if (bytes === undefined) return fail(["annots", i], "an annotation in valid UTF-16", "a lone surrogate");
    if (bytes.length > MAX_ANNOT_BYTES) return fail(["annots", i], `an annotation of at most ${MAX_ANNOT_BYTES} bytes`, `${bytes.length} bytes`);
    parts.push(bytes);
  }
  // Under v1 an empty annotation string reads back as no annotation at all.
  if (table.annotations === "v1" && parts.length === 1 && parts[0]!.length === 0) {
    return fail(["annots", 0], "a non-empty annotation (a lone empty one reads back as none)", "an empty string");
  }
  let total = parts.length === 0 ? 0 : parts.length - 1;
  for (const part of parts) total += part.length;
  const out = new Uint8Array(total);
  let at = 0;
  parts.forEach((part, i) => {
    if (i > 0) out[at++] = 0x20;
    out.set(part, at);
    at += part.length;
  });
  return out;
}

const PRIM_KEYS = new Set(["prim", "args", "annots"]);

/**
 * Appends the binary form of a Micheline expression given in JSON form. Fails with an
 * {@link EncodeError} naming the path (`$.args[1].int`) on anything Octez would not accept:
 * unknown keys or primitives, non-decimal ints, odd or non-hex bytes, malformed annotations.
 */
export function writeMicheline(w: BinaryWriter, expr: MichelineExpression, table: MichelineTable, maxDepth = MICHELINE_DEFAULT_MAX_DEPTH): void {
  const tasks: WriteTask[] = [{ kind: "node", value: expr, path: undefined, depth: 0 }];
  // The failing part: `current` is the node being written, `leaf` a part inside it. Errors
  // raised through `fail` carry their full path already (`pathed`); errors of the scalar
  // helpers get it in the handler below.
  let current: PathLink | undefined;
  let leaf: string | undefined;
  let pathed = false;
  const fail = (segments: PathSegment[], expected: string, found: string): never => {
    pathed = true;
    throw new EncodeError(expected, found, w.length, segmentsOf(current, segments));
  };

  try {
    for (let task = tasks.pop(); task !== undefined; task = tasks.pop()) {
      current = task.path;
      leaf = undefined;
      if (task.kind === "length") {
        patchLength(w, task.at, task.what);
        continue;
      }
      if (task.kind === "annots") {
        writeLength(w, task.bytes.length, "annotations");
        w.raw(task.bytes);
        continue;
      }
      const { value, path, depth } = task;
      if (Array.isArray(value)) {
        if (depth >= maxDepth) fail([], `nesting of at most ${maxDepth} sequences or applications`, "a deeper node");
        w.uint8(2);
        tasks.push({ kind: "length", at: w.reserve(4), what: "a sequence", path });
        for (let i = value.length - 1; i >= 0; i--) tasks.push({ kind: "node", value: value[i], path: { parent: path, segment: i }, depth: depth + 1 });
        continue;
      }
      if (typeof value !== "object" || value === null) fail([], "a Micheline node (int, string, bytes, prim or sequence)", describeValue(value));
      const node = value as Record<string, unknown>;
      const keys = Object.keys(node).filter((key) => node[key] !== undefined);
      const only = keys.length === 1 ? keys[0] : undefined;
      if (only === "int") {
        const text = node.int;
        if (typeof text !== "string") fail(["int"], "a decimal integer string", describeValue(text));
        w.uint8(0);
        leaf = "int";
        writeZ(w, text as string);
      } else if (only === "string") {
        const bytes = bytesOfStringValue(node.string);
        if (typeof bytes === "string") fail(["string"], "a string or {invalid_utf8_string: [bytes]}", bytes);
        w.uint8(1);
        leaf = "string";
        writeLength(w, (bytes as Uint8Array).length, "a string");
        w.raw(bytes as Uint8Array);
      } else if (only === "bytes") {
        const hex = node.bytes;
        if (typeof hex !== "string") fail(["bytes"], "a hex string", describeValue(hex));
        w.uint8(10);
        leaf = "bytes";
        const at = w.reserve(4);
        writeHex(w, hex as string);
        patchLength(w, at, "bytes");
      } else if (keys.includes("prim") && keys.every((key) => PRIM_KEYS.has(key))) {
        const prim = node.prim;
        if (typeof prim !== "string") fail(["prim"], "a primitive name", describeValue(prim));
        const code = table.codes.get(prim as string);
        if (code === undefined) fail(["prim"], `a primitive of the protocol (${table.names.length} known)`, describeValue(prim));
        const args = node.args ?? [];
        if (!Array.isArray(args)) fail(["args"], "a list of arguments", describeValue(args));
        const argList = args as unknown[];
        const annots = annotsBytes(node.annots, table, fail);
        const annotated = annots.length > 0 || (Array.isArray(node.annots) && node.annots.length > 0);
        const n = argList.length;
        if (n > 0 && depth >= maxDepth) fail([], `nesting of at most ${maxDepth} sequences or applications`, "a deeper node");
        const tag = n === 0 ? (annotated ? 4 : 3) : n === 1 ? (annotated ? 6 : 5) : n === 2 ? (annotated ? 8 : 7) : 9;
        w.uint8(tag);
        if (table.codeWidth === 1) w.uint8(code!);
        else w.uint16(code!);
        if (n === 0) {
          if (annotated) {
            writeLength(w, annots.length, "annotations");
            w.raw(annots);
          }
          continue;
        }
        if (annotated || n > 2) tasks.push({ kind: "annots", bytes: annots, path: { parent: path, segment: "annots" } });
        if (n > 2) tasks.push({ kind: "length", at: w.reserve(4), what: "arguments", path });
        for (let i = n - 1; i >= 0; i--) {
          tasks.push({ kind: "node", value: argList[i], path: { parent: { parent: path, segment: "args" }, segment: i }, depth: depth + 1 });
        }
      } else {
        fail([], "a Micheline node (int, string, bytes, prim or sequence)", keys.length === 0 ? "an empty object" : `an object with keys ${keys.join(", ")}`);
      }
    }
  } catch (error) {
    if (error instanceof CodecError) {
      throw pathed ? error : prependAll(error, segmentsOf(current, leaf === undefined ? [] : [leaf]));
    }
    throw new EncodeError("a valid Micheline expression", error instanceof Error ? `${error.name}: ${error.message}` : String(error), w.length, segmentsOf(current, leaf === undefined ? [] : [leaf]));
  }
}
