/**
 * A human-readable description of a binary schema, in the style of the tables data-encoding
 * prints for its encodings (`Binary_schema.pp`): one `Name | Size | Contents` table for the
 * value, then one section per definition, unions as one sub-section per case. Used by the CLI
 * `describe` command, and tested against data-encoding's own output
 * (`shared/reference/binary-schema-examples-data-encoding-expect.json`).
 *
 * Two quirks of the original are reproduced on purpose, so the text matches it:
 *
 * - A section title and its underline are separated by an OCaml `Format` break hint: they go
 *   on one line when the title, the underline and the text up to the next title fit in 78
 *   columns (in practice: short fixed-size unions, `X_0 (1 byte, 8-bit tag) *****…`), and on
 *   two lines otherwise. {@link renderWithBreaks} replays that decision.
 * - The "empty" sentence of a definition with no field is not followed by a blank line.
 *
 * Anonymous fields of size 0 are not listed and not numbered, as in the original.
 */
import type { BinarySchema, DataKind, DynSize, Encoding, Endianness, Field, IntSize, Layout, TagSize } from "../model/binary-schema.ts";

export interface FormatBinaryLayoutOptions {
  /**
   * Wording of integer types. `"current"` (default) is data-encoding ≥ 1.0, which names the
   * byte order of multi-byte integers ("unsigned 16-bit big-endian integer"); `"2022"` is the
   * earlier wording ("unsigned 16-bit integer"), as printed by the Octez v13–v15 era library.
   */
  style?: "current" | "2022";
}

const MARGIN = 78;
const EMPTY_TEXT = "This value's binary representation is empty. It takes zero (0) bytes of output.";

/** Output pieces: text, a Format break hint (space or newline), or a forced newline. */
type Token = { text: string } | { break: true } | { newline: true };

type PrintedInt = IntSize | "Int31" | "Uint30";

class Printer {
  readonly tokens: Token[] = [];

  constructor(private readonly style: "current" | "2022") {}

  text(s: string): void {
    // Newlines inside text are forced newlines for the break computation.
    s.split("\n").forEach((line, i) => {
      if (i > 0) this.tokens.push({ newline: true });
      if (line !== "") this.tokens.push({ text: line });
    });
  }

  title(level: 1 | 2, title: string): void {
    this.text(title);
    this.tokens.push({ break: true });
    this.text((level === 1 ? "*" : "=").repeat(title.length) + "\n\n");
  }

  integer(size: PrintedInt, endianness: Endianness): string {
    const signed = size.startsWith("Int");
    const bits = size.replace(/^U?[Ii]nt/, "");
    const order = this.style === "current" && bits !== "8" ? ` ${endianness === "Little" ? "little" : "big"}-endian` : "";
    return `${signed ? "signed" : "unsigned"} ${bits}-bit${order} integer`;
  }

  layout(layout: Layout): string {
    switch (layout.kind) {
      case "Zero_width":
        return "";
      case "Int":
        return this.integer(layout.size, layout.endianness);
      case "Bool":
        return "boolean (0 for false, 255 for true)";
      case "RangedInt": {
        const text = `${this.integer(rangeToSize(layout.min, layout.max), layout.endianness)} in the range ${layout.min} to ${layout.max}`;
        return layout.min > 0 ? `${text} (shifted by ${layout.min})` : text;
      }
      case "RangedFloat":
        return `double-precision floating-point number, in the range ${layout.min.toFixed(6)} to ${layout.max.toFixed(6)}`;
      case "Float":
        return "double-precision floating-point number";
      case "Bytes":
      case "String":
        return "bytes";
      case "Ref":
        return `$${layout.name}`;
      case "Padding":
        return "padding";
      case "Enum":
        return `${this.integer(layout.size, "Big")} encoding an enumeration (see ${layout.reference})`;
      case "Seq": {
        const limit =
          layout.limit === undefined ? "" : layout.limit.kind === "at-most" ? `at most ${layout.limit.max} ` : `exactly ${layout.limit.count} `;
        return `sequence of ${limit}${this.layout(layout.layout)}`;
      }
    }
  }

  rows(fields: readonly Field[]): string[][] {
    let anonymous = 0;
    const rows: string[][] = [];
    for (const field of fields) {
      switch (field.kind) {
        case "named":
          rows.push([field.name, size(field.dataKind), this.layout(field.layout)]);
          break;
        case "anon":
          if (field.dataKind.kind === "Fixed" && field.dataKind.size === 0) break;
          rows.push([`Unnamed field ${anonymous++}`, size(field.dataKind), this.layout(field.layout)]);
          break;
        case "dyn": {
          const label =
            field.numFields !== 1
              ? `# bytes in next ${field.numFields} fields`
              : field.name !== undefined
                ? `# bytes in field "${field.name}"`
                : "# bytes in next field";
          rows.push([label, ...this.lengthHeader(field.size)]);
          break;
        }
        case "option_indicator":
          rows.push([`? presence of field "${field.name}"`, "1 byte", "boolean (0 for false, 255 for true)"]);
          break;
      }
    }
    return rows;
  }

  lengthHeader(dynSize: DynSize): [string, string] {
    switch (dynSize) {
      case "Uint8":
        return ["1 byte", this.integer("Uint8", "Big")];
      case "Uint16":
        return ["2 bytes", this.integer("Uint16", "Big")];
      case "Uint30":
        return ["4 bytes", this.integer("Uint30", "Big")];
      case "N":
        return ["Determined from data", "$N.t"];
    }
  }

  table(headers: string[], rows: string[][]): void {
    if (rows.length === 0) {
      this.text(EMPTY_TEXT);
      return;
    }
    const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
    const line = (c: string) => "+" + widths.map((w) => c.repeat(w + 2) + "+").join("");
    const row = (cells: string[]) => "|" + widths.map((w, i) => ` ${(cells[i] ?? "").padEnd(w)} |`).join("");
    const out = [line("-"), row(headers), line("=")];
    rows.forEach((r, i) => {
      if (i > 0) out.push("\n");
      out.push(row(r) + "\n" + line("-"));
    });
    this.text(out.slice(0, 3).join("\n") + "\n" + out.slice(3).join("") + "\n\n");
  }

  encoding(encoding: Encoding): void {
    switch (encoding.kind) {
      case "Obj":
        this.table(["Name", "Size", "Contents"], this.rows(encoding.fields));
        return;
      case "Int_enum":
        this.table(
          ["Case number", "Encoded string"],
          encoding.cases.map(([n, s]) => [String(n), s]),
        );
        return;
      case "Cases":
        encoding.cases.forEach((c, i) => {
          if (i > 0) this.text("\n");
          this.title(2, c.name !== undefined ? `${c.name} (tag ${c.tag})` : `Tag ${c.tag}`);
          this.table(["Name", "Size", "Contents"], this.rows(c.fields));
        });
        return;
    }
  }

  sectionTitle(title: string, encoding: Encoding): string {
    switch (encoding.kind) {
      case "Cases":
        return `${title} (${size(encoding.dataKind)}, ${tagBits(encoding.tagSize)} tag)`;
      case "Int_enum":
        return `${title} (Enumeration: ${this.integer(encoding.size, "Big")}):`;
      case "Obj":
        return title;
    }
  }
}

function size(kind: DataKind): string {
  switch (kind.kind) {
    case "Fixed":
      return `${kind.size} byte${kind.size === 1 ? "" : "s"}`;
    case "Variable":
      return "Variable";
    case "Dynamic":
      return "Determined from data";
  }
}

const tagBits = (tag: TagSize) => (tag === "Uint8" ? "8-bit" : "16-bit");

/** The integer type data-encoding uses for a ranged integer (`Binary_size.range_to_size`). */
function rangeToSize(min: number, max: number): PrintedInt {
  if (min < 0) {
    if (min >= -128 && max <= 127) return "Int8";
    if (min >= -32768 && max <= 32767) return "Int16";
    return "Int31";
  }
  const span = max - min;
  if (span <= 255) return "Uint8";
  if (span <= 65535) return "Uint16";
  return "Uint30";
}

/**
 * Lays tokens out like OCaml's `Format` with a 78-column margin: a break hint becomes a
 * space when it, and all the text up to the next break hint, fit in what is left of the
 * line (forced newlines in between do not reset the count: `Format` measures tokens, not
 * lines); otherwise it becomes a newline.
 */
function renderWithBreaks(tokens: readonly Token[]): string {
  let out = "";
  let column = 0;
  tokens.forEach((token, i) => {
    if ("text" in token) {
      out += token.text;
      column += token.text.length;
    } else if ("newline" in token) {
      out += "\n";
      column = 0;
    } else {
      let pending = 1;
      for (let j = i + 1; j < tokens.length; j++) {
        const next = tokens[j] as Token;
        if ("break" in next) break;
        if ("text" in next) pending += next.text.length;
        if (pending > MARGIN) break;
      }
      if (pending > MARGIN - column) {
        out += "\n";
        column = 0;
      } else {
        out += " ";
        column += 1;
      }
    }
  });
  return out;
}

/** Prints `schema` as data-encoding's describe tables (see the module comment). */
export function formatBinaryLayout(schema: BinarySchema, options: FormatBinaryLayoutOptions = {}): string {
  const printer = new Printer(options.style ?? "current");
  printer.encoding(schema.toplevel);
  for (const definition of schema.definitions.values()) {
    printer.text("\n");
    printer.title(1, printer.sectionTitle(definition.title, definition.encoding));
    if (definition.description !== undefined) printer.text(definition.description + "\n\n");
    printer.encoding(definition.encoding);
  }
  return renderWithBreaks(printer.tokens).replace(/\s+$/, "");
}
