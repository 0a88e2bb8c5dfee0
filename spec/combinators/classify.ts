/** Size classification of encodings, following data-encoding's rules. */
import type { Encoding, Kind, TagSize } from "./encoding.ts";

export const tagBytes = (t: TagSize): number => (t === "Uint8" ? 1 : 2);

/** Integer width that data-encoding picks for a range (`Binary_size.range_to_size`). */
export function rangeSize(min: number, max: number): { name: string; bytes: number } {
  if (min < 0) {
    if (min >= -128 && max <= 127) return { name: "Int8", bytes: 1 };
    if (min >= -32768 && max <= 32767) return { name: "Int16", bytes: 2 };
    return { name: "Int31", bytes: 4 };
  }
  const width = max - min;
  if (width <= 255) return { name: "Uint8", bytes: 1 };
  if (width <= 65535) return { name: "Uint16", bytes: 2 };
  return { name: "Uint30", bytes: 4 };
}

const intBytes = { Int8: 1, Uint8: 1, Int16: 2, Uint16: 2, Int32: 4, Int64: 8 } as const;

/** Sequential composition of two kinds (object or tuple fields one after the other). */
function seqKinds(a: Kind, b: Kind): Kind {
  if (typeof a === "object" && typeof b === "object") return { fixed: a.fixed + b.fixed };
  if (b === "variable") return "variable";
  if (a === "variable") {
    if (typeof b === "object") return "variable";
    throw new Error("a variable-size field cannot be followed by a dynamic one");
  }
  return "dynamic";
}

/** Alternative composition (union cases). */
function altKinds(a: Kind, b: Kind): Kind {
  if (a === "variable" || b === "variable") return "variable";
  if (typeof a === "object" && typeof b === "object") return a.fixed === b.fixed ? a : "dynamic";
  return "dynamic";
}

export function classify(e: Encoding): Kind {
  switch (e.t) {
    case "null":
    case "empty":
    case "ignore":
    case "constant":
      return { fixed: 0 };
    case "bool":
      return { fixed: 1 };
    case "int":
      return { fixed: intBytes[e.size] };
    case "int31":
      return { fixed: 4 };
    case "n":
    case "z":
      return "dynamic";
    case "ranged_int":
      return { fixed: rangeSize(e.min, e.max).bytes };
    case "float":
    case "ranged_float":
      return { fixed: 8 };
    case "bytes":
    case "string":
      return e.size === "variable" ? "variable" : { fixed: e.size };
    case "string_enum":
      return { fixed: rangeSize(0, e.cases.length).bytes };
    case "list":
      return e.lengthEncoding ? "dynamic" : e.limit?.kind === "exactly" ? exactlyKind(e) : "variable";
    case "obj":
      if (e.field.presence === "opt") return classify(e.field.encoding) === "variable" ? "variable" : "dynamic";
      return classify(e.field.encoding);
    case "objs":
    case "tups":
      return seqKinds(classify(e.left), classify(e.right));
    case "tup":
      return classify(e.e);
    case "union": {
      const kinds = e.cases.map((c) => classify(c.encoding));
      if (kinds.length === 0) return "dynamic";
      const k = kinds.reduce(altKinds);
      return typeof k === "object" ? { fixed: k.fixed + tagBytes(e.tagSize) } : k;
    }
    case "describe":
    case "check_size":
    case "custom_json":
      return classify(e.e);
    case "splitted":
      return classify(e.binary);
    case "dynamic_size":
      return "dynamic";
    case "mu":
      return e.kind;
    case "padded": {
      const k = classify(e.e);
      if (typeof k !== "object") throw new Error("padding needs a fixed-size encoding");
      return { fixed: k.fixed + e.n };
    }
  }
}

function exactlyKind(e: Extract<Encoding, { t: "list" }>): Kind {
  const k = classify(e.elts);
  if (typeof k === "object" && e.limit?.kind === "exactly") return { fixed: k.fixed * e.limit.n };
  return "variable";
}
