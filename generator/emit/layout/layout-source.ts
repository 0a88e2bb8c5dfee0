/**
 * The last step of every generated TypeScript file: each line written with layout markers
 * (doc.ts) is printed for the file's width at its own indentation; other lines stay as written.
 */

import { MARK, MARKED, writeFlat } from "./doc.ts";
import { MarkedLinePrinter } from "./print.ts";

/** The width generated code is laid out for (prettier's `printWidth` in format.ts). */
export const LINE_WIDTH = 100;

/**
 * `source` with its marked lines laid out. The file is read once, front to back, into pieces
 * (slices of `source` between marked lines, the laid-out lines), joined once at the end.
 */
export function layoutSource(source: string, width = LINE_WIDTH): string {
  // Markers are found with `test` (a marker is one character: it ends at `lastIndex`), which
  // unlike `exec` makes no match object.
  const marker = new RegExp(MARKED.source, "g");
  if (!marker.test(source)) return source;
  const pieces: string[] = [];
  const printer = new MarkedLinePrinter(width);
  // The end of the text already laid out.
  let done = 0;
  // The first forced break (a hard line, a group that always breaks) at or after the line being
  // laid out: the next of each marker, found with `indexOf` (the length of `source` when none).
  let hardline = -1;
  let brokenGroup = -1;
  do {
    // The whole line around the first marker found: its indentation, then the marked text.
    const found = marker.lastIndex - 1;
    const start = source.lastIndexOf("\n", found) + 1;
    let end = source.indexOf("\n", found);
    if (end < 0) end = source.length;
    let text = start;
    while (source.charCodeAt(text) === 32) text++;
    if (hardline < start) hardline = indexOrEnd(source, MARK.hardline, start);
    if (brokenGroup < start) brokenGroup = indexOrEnd(source, MARK.brokenGroupOpen, start);
    pieces.push(source.slice(done, text));
    // A line with no forced break whose flat form fits prints flat: every group on it fits.
    const laidOut = pieces.length;
    if (hardline < end || brokenGroup < end || !writeFlat(source, text, end, pieces, width - (text - start))) {
      pieces.length = laidOut;
      printer.print(source, text, end, source.slice(start, text), pieces);
    }
    done = end;
    marker.lastIndex = end;
  } while (marker.test(source));
  pieces.push(source.slice(done));
  return pieces.join("");
}

/** The index of the first `marker` in `source` at or after `from` (the length of `source` when none). */
function indexOrEnd(source: string, marker: string, from: number): number {
  const index = source.indexOf(marker, from);
  return index < 0 ? source.length : index;
}
