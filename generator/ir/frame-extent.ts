/** Which values run to the end of their frame (data kind `Variable`). */

import type { CodecDefinition, IR, ObjectItem, TupleElement } from "./codec-ir.ts";

/**
 * True when a value's bytes are only delimited by the end of the enclosing frame: text or bytes
 * of variable size, a list without count or exact length, or a structure that contains such a
 * value outside a length header. Such a value may only be followed by fixed-size values in its
 * frame; a reader reserves their bytes before reading it.
 */
export function extendsToFrameEnd(ir: IR, definitions: ReadonlyMap<string, CodecDefinition>, seen: Set<string> = new Set()): boolean {
  switch (ir.kind) {
    case "bytes":
    case "string":
    case "known":
    case "any-json":
      return ir.size.kind === "variable";
    case "list":
      return ir.count === undefined && ir.limit?.kind !== "exactly";
    case "object":
      return ir.items.some((item) => itemExtends(item, definitions, seen));
    case "tuple":
      return ir.elements.some((element) => elementExtends(element, definitions, seen));
    case "union":
      return ir.cases.some((c) => extendsToFrameEnd(c.payload, definitions, seen));
    case "option":
      return extendsToFrameEnd(ir.some, definitions, seen);
    case "padded":
      return extendsToFrameEnd(ir.inner, definitions, seen);
    case "ref": {
      if (seen.has(ir.name)) return false;
      const definition = definitions.get(ir.name);
      if (!definition) return false;
      seen.add(ir.name);
      const result = extendsToFrameEnd(definition.codec, definitions, seen);
      seen.delete(ir.name);
      return result;
    }
    default:
      return false;
  }
}

function itemExtends(item: ObjectItem, definitions: ReadonlyMap<string, CodecDefinition>, seen: Set<string>): boolean {
  if (item.kind === "field") return item.presence === "rest-of-frame" || extendsToFrameEnd(item.codec, definitions, seen);
  if (item.kind === "merge") return extendsToFrameEnd(item.codec, definitions, seen);
  return false;
}

function elementExtends(element: TupleElement, definitions: ReadonlyMap<string, CodecDefinition>, seen: Set<string>): boolean {
  return element.kind === "element" && extendsToFrameEnd(element.codec, definitions, seen);
}
