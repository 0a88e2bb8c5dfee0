/** Assembling emitted source lines. */

import { MARK } from "./layout/doc.ts";
import { signature } from "./layout/syntax.ts";

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
export function functionDeclaration(keyword: string, name: string, parameters: ReadonlyArray<readonly [string, string]>, returnType: string, body: readonly string[]): string {
  const params = parameters.map(([param, type]) => ({ text: `${param}: ${type}`, objectType: isObjectTypeLiteral(type) }));
  const head = `${keyword} ${name}${signature(params, returnType, { objectType: isObjectTypeLiteral(returnType), breaks: breaks(returnType) })}`;
  const lines = body.filter((line) => line.trim() !== "");
  return lines.length === 0 ? `${head} {}\n` : `${head} {\n${indent(lines)}\n}\n`;
}
