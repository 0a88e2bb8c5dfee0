/**
 * What a JSON schema cannot say about a value's binary form, settled on a generated value: a
 * byte string the binary layout gives a fixed size (a nonce, a secret) is cut or padded with
 * zeros to that size, a list of a fixed count repeats or cuts its elements to that count.
 * Everything else is left as generated.
 */
import type { CodecDefinition, IR, ObjectItem } from "../../generator/ir/codec-ir.ts";
import { BinaryWriter, selectCase, type CaseShape } from "../../runtime/index.ts";

/** `value` with its fixed-size byte strings sized as `ir` lays them out. */
export function fitToBinary(value: unknown, ir: IR, definitions: ReadonlyMap<string, CodecDefinition>, depth = 0): unknown {
  if (value === undefined || depth > 64) return value;
  switch (ir.kind) {
    case "bytes":
      return ir.size.kind === "fixed" && typeof value === "string" ? value.slice(0, 2 * ir.size.bytes).padEnd(2 * ir.size.bytes, "0") : value;
    case "ref": {
      const definition = definitions.get(ir.name);
      return definition === undefined ? value : fitToBinary(value, definition.codec, definitions, depth + 1);
    }
    case "object":
      return isRecord(value) ? fitItems({ ...value }, ir.items, definitions, depth) : value;
    case "list": {
      if (!Array.isArray(value)) return value;
      // A fixed count: elements repeated or cut to it (none to repeat: left empty).
      const count = ir.limit?.kind === "exactly" && value.length > 0 ? ir.limit.count : value.length;
      return Array.from({ length: count }, (_, i) => fitToBinary(value[i % value.length], ir.element, definitions, depth + 1));
    }
    case "tuple": {
      if (!Array.isArray(value)) return value;
      const codecs: IR[] = [];
      const collect = (elements: typeof ir.elements): void => {
        for (const e of elements) if (e.kind === "element") codecs.push(e.codec);
        else if (e.kind === "frame") collect(e.elements);
      };
      collect(ir.elements);
      return value.map((element, i) => (codecs[i] === undefined ? element : fitToBinary(element, codecs[i]!, definitions, depth + 1)));
    }
    case "union": {
      const shaped = [...ir.cases.map((c) => ({ match: c.match, payload: c.payload as IR | undefined })), ...ir.jsonOnlyCases.map((c) => ({ match: c.match, payload: undefined }))].filter(
        (c): c is { match: CaseShape; payload: IR | undefined } => c.match.kind !== "first-that-fits",
      );
      if (shaped.length === 0) return value;
      try {
        const chosen = shaped[selectCase(new BinaryWriter(), value, shaped.map((c) => c.match), shaped.map(String))]!;
        return chosen.payload === undefined ? value : fitToBinary(value, chosen.payload, definitions, depth + 1);
      } catch {
        return value;
      }
    }
    case "option":
      return value === null ? value : fitToBinary(value, ir.some, definitions, depth + 1);
    case "dynamic":
    case "padded":
      return fitToBinary(value, ir.inner, definitions, depth + 1);
    default:
      return value;
  }
}

function fitItems(value: Record<string, unknown>, items: readonly ObjectItem[], definitions: ReadonlyMap<string, CodecDefinition>, depth: number): Record<string, unknown> {
  for (const item of items) {
    if (item.kind === "field" && value[item.name] !== undefined) value[item.name] = fitToBinary(value[item.name], item.codec, definitions, depth + 1);
    else if (item.kind === "frame") fitItems(value, item.items, definitions, depth);
    else if (item.kind === "merge") Object.assign(value, fitToBinary(value, item.codec, definitions, depth + 1));
  }
  return value;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
