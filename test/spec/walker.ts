/**
 * A small test-local reader for binary schemas: walks bytes according to a `binary_schema`
 * JSON, to check layouts against hand-computed bytes while the real codec is built elsewhere.
 * Named fields become object keys; a lone anonymous field stands for its value; a union
 * becomes `{case, tag, value}`; integers are numbers (Int64 as a decimal string); bytes are hex.
 */
type J = any; // eslint-disable-line @typescript-eslint/no-explicit-any

const INT: Record<string, [number, boolean]> = {
  Int8: [1, true],
  Uint8: [1, false],
  Int16: [2, true],
  Uint16: [2, false],
  Int32: [4, true],
  Int64: [8, true],
};

export function walk(schema: J, bytes: Uint8Array): J {
  const defs = new Map<string, J>(schema.fields.map((f: J) => [f.description.title, f.encoding]));
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let pos = 0;

  const fixedSize = (f: J): number | undefined => {
    if (f.kind === "dyn") return f.size === "Uint8" ? 1 : f.size === "Uint16" ? 2 : f.size === "Uint30" ? 4 : undefined;
    if (f.kind === "option_indicator") return 1;
    return f.data_kind.kind === "Fixed" ? f.data_kind.size : undefined;
  };

  const readInt = (size: string, little = false): number | string => {
    const [n, signed] = INT[size]!;
    if (pos + n > bytes.length) throw new Error(`out of bytes at ${pos}`);
    let v: number | string;
    if (n === 1) v = signed ? view.getInt8(pos) : view.getUint8(pos);
    else if (n === 2) v = signed ? view.getInt16(pos, little) : view.getUint16(pos, little);
    else if (n === 4) v = signed ? view.getInt32(pos, little) : view.getUint32(pos, little);
    else v = view.getBigInt64(pos, little).toString();
    pos += n;
    return v;
  };

  const hex = (n: number): string => {
    if (pos + n > bytes.length) throw new Error(`out of bytes at ${pos}`);
    const s = Buffer.from(bytes.subarray(pos, pos + n)).toString("hex");
    pos += n;
    return s;
  };

  const readLayout = (layout: J, kind: J, end: number, after: number): J => {
    switch (layout.kind) {
      case "Zero_width":
        return null;
      case "Bool":
        return readInt("Uint8") !== 0;
      case "Int":
        return readInt(layout.size, layout.endianness === "Little");
      case "RangedInt": {
        const width = layout.min < 0 ? (layout.min >= -128 && layout.max <= 127 ? "Int8" : layout.min >= -32768 && layout.max <= 32767 ? "Int16" : "Int32")
          : layout.max - layout.min <= 255 ? "Uint8" : layout.max - layout.min <= 65535 ? "Uint16" : "Int32";
        const raw = readInt(width) as number;
        return layout.min >= 0 ? raw + layout.min : raw;
      }
      case "Float":
      case "RangedFloat": {
        const v = view.getFloat64(pos);
        pos += 8;
        return v;
      }
      case "Bytes":
      case "String": {
        const n = kind.kind === "Fixed" ? kind.size : end - after - pos;
        const h = hex(n);
        return layout.kind === "String" ? Buffer.from(h, "hex").toString("utf8") : h;
      }
      case "Padding":
        hex(kind.size);
        return null;
      case "Seq": {
        const items: J[] = [];
        const stop = end - after;
        const limit = layout.length_limit?.kind === "exactly" ? layout.length_limit.exactly : Infinity;
        while (pos < stop && items.length < limit) items.push(readLayout(layout.layout, { kind: "Dynamic" }, stop, 0));
        return items;
      }
      case "Ref":
        return readEncoding(defs.get(layout.name), end, after);
      case "Enum": {
        const e = defs.get(layout.reference);
        const i = readInt(layout.size) as number;
        return e.cases.find((c: J) => c[0] === i)?.[1];
      }
      default:
        throw new Error(`layout ${layout.kind}`);
    }
  };

  const readFields = (fields: J[], end: number): J => {
    const out: J = {};
    const anon: J[] = [];
    for (let i = 0; i < fields.length; i++) {
      const f = fields[i];
      const rest = fields.slice(i + 1);
      const after = rest.reduce((acc: number, g: J) => acc + (fixedSize(g) ?? 0), 0);
      if (f.kind === "dyn") {
        const n = f.size === "N" ? (() => { throw new Error("N length"); })() : (readInt(f.size === "Uint30" ? "Int32" : f.size) as number);
        const frameEnd = pos + n;
        const covered = fields.slice(i + 1, i + 1 + f.num_fields);
        const v = readFields(covered, frameEnd);
        if (pos !== frameEnd) throw new Error(`frame not consumed at ${pos}, expected ${frameEnd}`);
        const named = covered.some((g: J) => g.kind === "named" || g.kind === "option_indicator");
        if (named && v !== null && typeof v === "object" && !Array.isArray(v)) Object.assign(out, v);
        else anon.push(v);
        i += f.num_fields;
        continue;
      }
      if (f.kind === "option_indicator") {
        const present = readInt("Uint8") !== 0;
        i += 1;
        const g = fields[i];
        if (present) out[g.name] = readLayout(g.layout, g.data_kind, end, rest.slice(1).reduce((a: number, h: J) => a + (fixedSize(h) ?? 0), 0));
        continue;
      }
      if (f.kind === "named" && f.data_kind.kind === "Variable" && f.layout.kind !== "Seq" && pos >= end - after) {
        continue; // an absent variable optional field
      }
      const v = readLayout(f.layout, f.data_kind, end, after);
      if (f.kind === "named") {
        if (f.name !== "padding") out[f.name] = v;
      } else anon.push(v);
    }
    if (Object.keys(out).length === 0 && anon.length === 1) return anon[0];
    if (anon.length > 0) out._ = anon;
    return out;
  };

  const readEncoding = (enc: J, end: number, after: number): J => {
    if (enc.fields) return readFields(enc.fields, end - after);
    if (enc.cases && enc.tag_size) {
      const tag = readInt(enc.tag_size) as number;
      const c = enc.cases.find((k: J) => k.tag === tag);
      if (!c) throw new Error(`unknown tag ${tag}`);
      return { case: c.name, tag, value: readFields(c.fields.slice(1), end - after) };
    }
    throw new Error("unsupported encoding");
  };

  const v = readFields(schema.toplevel.fields, bytes.length);
  if (pos !== bytes.length) throw new Error(`${bytes.length - pos} bytes left over`);
  return v;
}

export const hexBytes = (...parts: string[]): Uint8Array => Uint8Array.from(Buffer.from(parts.join("").replace(/\s+/g, ""), "hex"));
