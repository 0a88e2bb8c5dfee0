/** Whether a value has a binary form at all. */

import type { CodecDefinition, IR } from "./codec-ir.ts";

/**
 * `true` when every value of `ir` can be written in binary, else the reason it cannot: a
 * `json-only` node on the required path, or a union whose cases all exist only in JSON.
 * Optional parts (union cases, optional fields) do not count: only what every value needs.
 */
export function hasBinaryForm(ir: IR, definitions: ReadonlyMap<string, CodecDefinition>, seen: Set<string> = new Set()): true | string {
  switch (ir.kind) {
    case "json-only":
      return ir.reason;
    case "union":
      return ir.cases.length === 0 ? `no case of this union has a binary form (${ir.jsonOnlyCases.map((c) => c.title).join(", ")})` : true;
    case "ref": {
      if (seen.has(ir.name)) return true;
      const definition = definitions.get(ir.name);
      if (!definition) return `definition ${ir.name} is missing`;
      seen.add(ir.name);
      return hasBinaryForm(definition.codec, definitions, seen);
    }
    case "object":
      for (const item of ir.items) {
        const reason =
          item.kind === "field" && item.presence === "required"
            ? hasBinaryForm(item.codec, definitions, seen)
            : item.kind === "merge"
              ? hasBinaryForm(item.codec, definitions, seen)
              : true;
        if (reason !== true) return reason;
      }
      return true;
    case "dynamic":
    case "padded":
      return hasBinaryForm(ir.inner, definitions, seen);
    case "list":
      return true;
    default:
      return true;
  }
}
