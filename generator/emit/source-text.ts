/** Assembling emitted source lines. */

import { MARK } from "./layout/doc.ts";
import { signature } from "./layout/syntax.ts";

/**
 * A line of emitted source: text (which may hold several lines, separated by `\n`), or a
 * {@link Block} of lines written deeper.
 */
export type Line = string | Block;

/**
 * Lines written `depth` levels (of two spaces) deeper than the lines around them. Blocks nest,
 * and the text is indented once, when the outermost lines are joined: a nested block is not
 * joined and split again at every level.
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
 * Joins lines, indented by `depth` levels of two spaces (empty lines stay empty). A block with
 * no line at all is written as one empty line.
 */
export function indent(lines: readonly Line[], depth = 1): string {
  const out: string[] = [];
  writeLines(lines, "  ".repeat(depth), out);
  return out.join("\n");
}

/** Pushes onto `out` each line of `lines` (each line of a text that holds several), after `padding`. */
function writeLines(lines: readonly Line[], padding: string, out: string[]): void {
  for (const line of lines) {
    if (typeof line !== "string") {
      const before = out.length;
      writeLines(line.lines, padding + "  ".repeat(line.depth), out);
      if (out.length === before) out.push("");
      continue;
    }
    for (let start = 0; ; ) {
      const newline = line.indexOf("\n", start);
      const end = newline < 0 ? line.length : newline;
      if (end === start) out.push("");
      else out.push(padding + (start === 0 && newline < 0 ? line : line.slice(start, end)));
      if (newline < 0) break;
      start = newline + 1;
    }
  }
}

/** Whether a line is written blank: only spaces and line breaks. */
function isBlank(line: Line): boolean {
  return typeof line === "string" ? line.trim() === "" : line.lines.every(isBlank);
}

/** Whether marked type text is an object type literal (`{ … }`, always written expanded). */
function isObjectTypeLiteral(type: string): boolean {
  return type.startsWith(`${MARK.brokenGroupOpen}{`);
}

/** Whether marked text holds a forced break (so its layout breaks whatever the width). */
function breaks(text: string): boolean {
  return text.includes(MARK.hardline) || text.includes(MARK.brokenGroupOpen);
}

/**
 * `function name(a: A, b: B): R {` + body + `}` (`keyword` is `function` or `export function`),
 * its signature laid out as prettier lays it out; an empty body is written `{}`.
 */
export function functionDeclaration(keyword: string, name: string, parameters: ReadonlyArray<readonly [string, string]>, returnType: string, body: readonly Line[]): string {
  const params = parameters.map(([param, type]) => ({ text: `${param}: ${type}`, objectType: isObjectTypeLiteral(type) }));
  const head = `${keyword} ${name}${signature(params, returnType, { objectType: isObjectTypeLiteral(returnType), breaks: breaks(returnType) })}`;
  const lines = body.filter((line) => !isBlank(line));
  return lines.length === 0 ? `${head} {}\n` : `${head} {\n${indent(lines)}\n}\n`;
}
