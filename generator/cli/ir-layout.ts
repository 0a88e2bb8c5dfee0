/**
 * Binary layout tables for `describe ENCODING`, built from the codec IR rather than from a
 * published binary schema: a JSON definition such as `Chain_id` or `timestamp.protocol` has no
 * binary definition of its own (it is inlined where it is used), and expressions have none at
 * all. The tables follow data-encoding's `Name | Size | Contents` style (see
 * `describe/layout-printer.ts`, which prints route bodies from their binary schemas): one table
 * for the value, then one section per named definition or inline structure it uses, unions as
 * one sub-section per case, length headers and presence bytes as rows of their own.
 */

import type { CodecDefinition, IR, ObjectItem, TupleElement } from "../ir/codec-ir.ts";
import { fixedSize } from "../ir/codec-ir.ts";
import { lengthHeaderSize, rangedIntSize } from "@tezos-rpcgen/runtime";
import { extendsToFrameEnd } from "../ir/frame-extent.ts";
import { KNOWN_BY_ID } from "../reconcile/known-encodings.ts";
import type { DynSize } from "../model/binary-schema.ts";

type Row = [name: string, size: string, contents: string];

interface Section {
  title: string;
  body: string;
}

/** The layout tables of `ir` (named `title` in section headings of inline structures). */
export function formatIrLayout(ir: IR, definitions: ReadonlyMap<string, CodecDefinition>, title = "value"): string {
  return new IrLayoutPrinter(definitions).print(ir, title);
}

class IrLayoutPrinter {
  private readonly sections: Section[] = [];
  private readonly named = new Set<string>();
  private readonly queue: Array<{ title: string; ir: IR; description?: string }> = [];

  constructor(private readonly definitions: ReadonlyMap<string, CodecDefinition>) {}

  print(ir: IR, title: string): string {
    const main = this.block(ir, title);
    while (this.queue.length > 0) {
      const next = this.queue.shift()!;
      const heading = this.heading(next.title, next.ir);
      const description = next.description === undefined ? "" : `${next.description}\n\n`;
      this.sections.push({ title: heading, body: description + this.block(next.ir, next.title) });
    }
    return [main, ...this.sections.map((s) => `${s.title}\n${"*".repeat(s.title.length)}\n\n${s.body}`)].join("\n\n").replace(/\s+$/, "");
  }

  /** A table, or for a union one sub-section per case. */
  private block(ir: IR, title: string): string {
    const bare = this.unwrap(ir);
    if (bare.kind === "union") {
      if (bare.cases.length === 0) return `No case has a binary form (JSON-only cases: ${bare.jsonOnlyCases.map((c) => c.title).join(", ")}).`;
      const tag: Row = ["Tag", bare.tagSize === "Uint8" ? "1 byte" : "2 bytes", `unsigned ${bare.tagSize === "Uint8" ? "8" : "16"}-bit integer`];
      return bare.cases
        .map((c) => {
          const heading = `${c.name} (tag ${c.tag})`;
          return `${heading}\n${"=".repeat(heading.length)}\n\n${table([tag, ...this.rows(c.payload, `${title}.${c.name}`)])}`;
        })
        .join("\n\n");
    }
    if (bare.kind === "enum") {
      return table(
        bare.values.map((v): Row => [String(v.code), v.name, ""]),
        ["Case number", "Encoded string"],
      );
    }
    return table(this.rows(ir, title));
  }

  private unwrap(ir: IR): IR {
    return ir.kind === "ref" ? (this.definitions.get(ir.name)?.codec ?? ir) : ir;
  }

  private heading(title: string, ir: IR): string {
    const bare = this.unwrap(ir);
    if (bare.kind === "union") return `${title} (${this.size(ir)}, ${bare.tagSize === "Uint8" ? "8" : "16"}-bit tag)`;
    if (bare.kind === "enum") return `${title} (Enumeration: ${intWords(bare.size)}):`;
    return title;
  }

  /** Rows of a value laid out at top level: an object's items, or the value as one row. */
  private rows(ir: IR, title: string): Row[] {
    const bare = ir;
    if (bare.kind === "ref") {
      const definition = this.definitions.get(bare.name);
      if (definition && definition.codec.kind === "object") return this.objectRows(definition.codec.items, title);
    }
    if (bare.kind === "object") return this.objectRows(bare.items, title);
    if (bare.kind === "tuple") return this.tupleRows(bare.elements, title, { n: 0 });
    if (bare.kind === "dynamic") return [header(bare.header, "# bytes in next field"), ...this.rows(bare.inner, title)];
    if (bare.kind === "padded") return [...this.rows(bare.inner, title), ["padding", `${bare.bytes} byte${bare.bytes === 1 ? "" : "s"}`, "padding"]];
    if (bare.kind === "constant" || bare.kind === "unit") return [];
    return [["Unnamed field 0", this.size(bare), this.contents(bare, title)]];
  }

  private objectRows(items: readonly ObjectItem[], title: string): Row[] {
    const rows: Row[] = [];
    for (const item of items) {
      switch (item.kind) {
        case "field":
          if (item.presence === "indicator") rows.push([`? presence of field "${item.name}"`, "1 byte", "boolean (0 for false, 255 for true)"]);
          if (item.codec.kind === "dynamic") rows.push(header(item.codec.header, `# bytes in field "${item.name}"`));
          {
            const codec = item.codec.kind === "dynamic" ? item.codec.inner : item.codec;
            const size = item.presence === "rest-of-frame" ? "Variable" : this.size(codec);
            const optional = item.presence === "rest-of-frame" ? " (optional: present when bytes remain)" : "";
            rows.push([item.name, size, this.contents(codec, `${title}.${item.name}`) + optional]);
          }
          break;
        case "frame": {
          const fields = countFields(item.items);
          rows.push(header(item.header, fields === 1 ? `# bytes in next field` : `# bytes in next ${fields} fields`));
          rows.push(...this.objectRows(item.items, title));
          break;
        }
        case "padding":
          rows.push(["padding", `${item.bytes} byte${item.bytes === 1 ? "" : "s"}`, "padding"]);
          break;
        case "merge": {
          const merged = this.unwrap(item.codec);
          if (merged.kind === "object") rows.push(...this.objectRows(merged.items, title));
          else rows.push(["Unnamed field", this.size(item.codec), this.contents(item.codec, title)]);
          break;
        }
        case "constant":
          break;
      }
    }
    return rows;
  }

  private tupleRows(elements: readonly TupleElement[], title: string, counter: { n: number }): Row[] {
    const rows: Row[] = [];
    for (const element of elements) {
      if (element.kind === "frame") {
        rows.push(header(element.header, "# bytes in next field"));
        rows.push(...this.tupleRows(element.elements, title, counter));
      } else if (element.kind === "padding") rows.push(["padding", `${element.bytes} bytes`, "padding"]);
      else {
        const n = counter.n++;
        rows.push([`Unnamed field ${n}`, this.size(element.codec), this.contents(element.codec, `${title}.${n}`)]);
      }
    }
    return rows;
  }

  private size(ir: IR): string {
    const fixed = fixedSize(ir, this.definitions);
    if (fixed !== undefined) return `${fixed} byte${fixed === 1 ? "" : "s"}`;
    return extendsToFrameEnd(ir, this.definitions) ? "Variable" : "Determined from data";
  }

  /** What a value's bytes are, queuing a section for a definition or inline structure. */
  private contents(ir: IR, title: string): string {
    switch (ir.kind) {
      case "int":
        return intWords(ir.size, ir.endianness) + (ir.decimal ? " (a decimal string in JSON)" : "");
      case "ranged-int": {
        const width = rangedIntSize(ir.min, ir.max);
        return `${ir.min < 0 ? "signed" : "unsigned"} ${width * 8}-bit integer in the range ${ir.min} to ${ir.max}${ir.min > 0 ? ` (shifted by ${ir.min})` : ""}`;
      }
      case "float":
        return "double-precision floating-point number";
      case "ranged-float":
        return `double-precision floating-point number, in the range ${ir.min} to ${ir.max}`;
      case "bool":
        return "boolean (0 for false, 255 for true)";
      case "bytes":
        return "bytes (lowercase hex in JSON)";
      case "string":
        return "bytes (UTF-8 text)";
      case "known": {
        const entry = KNOWN_BY_ID.get(ir.id);
        if (entry?.base58 !== undefined) return `${ir.id} (Base58Check text in JSON)`;
        return entry ? `${ir.id} (${entry.summary.replace(/\.$/, "")})` : ir.id;
      }
      case "any-json":
        return "BSON document (any JSON value)";
      case "constant":
        return `nothing (always ${JSON.stringify(ir.value)})`;
      case "unit":
        return "nothing";
      case "json-only":
        return `no binary form (${ir.reason})`;
      case "list": {
        const limit = ir.limit === undefined ? "" : ir.limit.kind === "at-most" ? `at most ${ir.limit.max} ` : `exactly ${ir.limit.count} `;
        const count = ir.count === undefined ? "" : `, preceded by a ${ir.count} count`;
        return `sequence of ${limit}${this.contents(ir.element, `${title}.elem`)}${count}`;
      }
      case "option":
        return `optional ${this.contents(ir.some, title)} (tag byte 0: null, 1: present)`;
      case "dynamic":
        return `${this.contents(ir.inner, title)} behind a ${ir.header} length`;
      case "padded":
        return `${this.contents(ir.inner, title)} then ${ir.bytes} bytes of padding`;
      case "ref": {
        if (!this.named.has(ir.name)) {
          this.named.add(ir.name);
          const definition = this.definitions.get(ir.name);
          if (definition) this.queue.push({ title: ir.name, ir: definition.codec, ...(definition.description !== undefined ? { description: definition.description } : {}) });
        }
        return `$${ir.name}`;
      }
      case "enum":
      case "object":
      case "tuple":
      case "union": {
        if (!this.named.has(title)) {
          this.named.add(title);
          this.queue.push({ title, ir });
        }
        return ir.kind === "enum" ? `${intWords(ir.size)} encoding an enumeration (see ${title})` : `$${title}`;
      }
    }
  }
}

function intWords(size: string, endianness: "Big" | "Little" = "Big"): string {
  const signed = size.startsWith("Int");
  const bits = size.replace(/^U?[Ii]nt/, "");
  return `${signed ? "signed" : "unsigned"} ${bits}-bit${bits === "8" ? "" : ` ${endianness === "Little" ? "little" : "big"}-endian`} integer`;
}

function header(size: DynSize, label: string): Row {
  const width = lengthHeaderSize(size);
  if (width === undefined) return [label, "Determined from data", "$N.t"];
  return [label, `${width} byte${width === 1 ? "" : "s"}`, size === "Uint30" ? "unsigned 30-bit big-endian integer" : intWords(size)];
}

function countFields(items: readonly ObjectItem[]): number {
  return items.filter((i) => i.kind !== "constant").length;
}

function table(rows: readonly Row[], headers: readonly string[] = ["Name", "Size", "Contents"]): string {
  if (rows.length === 0) return "This value's binary representation is empty. It takes zero (0) bytes of output.";
  const cells = rows.map((r) => r.slice(0, headers.length));
  const widths = headers.map((h, i) => Math.max(h.length, ...cells.map((r) => (r[i] ?? "").length)));
  const line = (c: string) => "+" + widths.map((w) => c.repeat(w + 2) + "+").join("");
  const row = (values: readonly string[]) => "|" + widths.map((w, i) => ` ${(values[i] ?? "").padEnd(w)} |`).join("");
  return [line("-"), row(headers), line("="), ...cells.flatMap((r) => [row(r), line("-")])].join("\n");
}
