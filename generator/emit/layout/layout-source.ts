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
  const pieces: string[] = [];
  let done = 0;
  const marker = new RegExp(MARKED.source, "g");
  for (let match = marker.exec(source); match !== null; match = marker.exec(source)) {
    // The whole line around the first marker found: its indentation, then the marked text.
    const start = source.lastIndexOf("\n", match.index) + 1;
    let end = source.indexOf("\n", match.index);
    if (end < 0) end = source.length;
    pieces.push(source.slice(done, start), layoutLine(source.slice(start, end), width));
    done = end;
    marker.lastIndex = end;
  }
  if (done === 0) return source;
  pieces.push(source.slice(done));
  return pieces.join("");
}

/** One line with markers, laid out. */
function layoutLine(text: string, width: number): string {
  let depth = 0;
  while (text.charCodeAt(depth) === 32) depth++;
  const indentation = text.slice(0, depth);
  const marked = text.slice(depth);
  // A line with no forced break whose flat form fits prints flat: every group on it fits.
  if (!marked.includes(MARK.hardline) && !marked.includes(MARK.brokenGroupOpen)) {
    const flat = flatText(marked);
    if (depth + flat.length <= width) return indentation + flat;
  }
  return indentation + printMarked(marked, width, indentation);
}
