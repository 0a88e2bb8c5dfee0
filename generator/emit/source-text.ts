/** Assembling emitted source lines. */


/**
 * Joins lines, indented by `depth` levels of two spaces (empty lines stay empty). An item may
 * hold several lines: each is indented.
 */
export function indent(lines: readonly string[], depth = 1): string {
  const padding = "  ".repeat(depth);
  const out: string[] = [];
  for (const text of lines) {
    for (let start = 0; ; ) {
      const newline = text.indexOf("\n", start);
      const end = newline < 0 ? text.length : newline;
      out.push(end > start ? padding + text.slice(start, end) : "");
      if (newline < 0) break;
      start = newline + 1;
    }
  }
  return out.join("\n");
}

/** A line of a function body: one line of text (without a line break), or a {@link Block} of lines written deeper. */
export type Line = string | Block;

/**
 * Lines written `depth` levels (of two spaces) deeper than the lines around them. Blocks nest,
 * and their lines are indented once, when the function is written: the text of a nested block
 * is not joined and then split again at every level.
 */
export interface Block {
  readonly lines: readonly Line[];
  readonly depth: number;
}

/** `lines` as a block, `depth` levels deeper than the lines around it. */
export function block(lines: readonly Line[], depth = 1): Block {
  return { lines, depth };
}

/**
 * Pushes onto `out` each line of `lines` after `padding` (an empty line stays empty, and a
 * block with no line at all is written as one empty line). The text of a line is not read,
 * only copied once into the function's text when `out` is joined.
 */
function writeLines(lines: readonly Line[], padding: string, out: string[]): void {
  for (const line of lines) {
    if (typeof line === "string") {
      out.push(line.length === 0 ? "" : padding + line);
    } else {
      const before = out.length;
      writeLines(line.lines, padding + "  ".repeat(line.depth), out);
      if (out.length === before) out.push("");
    }
  }
}

/** Whether a line is written blank: an empty line, or a block of nothing but such lines. */
function isBlank(line: Line): boolean {
  return typeof line === "string" ? line.length === 0 : line.lines.every(isBlank);
}

/**
 * `function name(a: A, b: B): R {` + body + `}` (`keyword` is `function` or `export function`),
 * an empty body is written `{}`.
 */
export function functionDeclaration(keyword: string, name: string, parameters: ReadonlyArray<readonly [string, string]>, returnType: string, body: readonly Line[]): string {
  const head = `${keyword} ${name}(${parameters.map(([param, type]) => `${param}: ${type}`).join(", ")})${returnType === "" ? "" : `: ${returnType}`}`;
  const lines = body.filter((line) => !isBlank(line));
  if (lines.length === 0) return `${head} {}\n`;
  const out: string[] = [];
  writeLines(lines, "  ", out);
  return `${head} {\n${out.join("\n")}\n}\n`;
}
