/**
 * The last step of every generated TypeScript file: each line written with layout markers
 * (doc.ts) is printed for the file's width at its own indentation; other lines stay as written.
 */

import { flatText, MARK, MARKED } from "./doc.ts";
import { printMarked } from "./print.ts";

/** The width generated code is laid out for (prettier's `printWidth` in format.ts). */
export const LINE_WIDTH = 100;

/** `source` with its marked lines laid out. */
export function layoutSource(source: string, width = LINE_WIDTH): string {
  if (!MARKED.test(source)) return source;
  const lines = source.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const text = lines[i]!;
    if (!MARKED.test(text)) continue;
    let depth = 0;
    while (text.charCodeAt(depth) === 32) depth++;
    const indentation = text.slice(0, depth);
    const marked = text.slice(depth);
    // A line with no forced break whose flat form fits prints flat: every group on it fits.
    if (!marked.includes(MARK.hardline) && !marked.includes(MARK.brokenGroupOpen)) {
      const flat = flatText(marked);
      if (depth + flat.length <= width) {
        lines[i] = indentation + flat;
        continue;
      }
    }
    lines[i] = indentation + printMarked(marked, width, indentation);
  }
  return lines.join("\n");
}
