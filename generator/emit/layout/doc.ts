/**
 * Layout documents: how a piece of generated code may be broken across lines, in the
 * vocabulary of Wadler's pretty printer as prettier uses it (groups that print flat when they
 * fit, lines that become spaces or newlines, indentation).
 *
 * Emitters write source text line by line. Where a line may be too long, they write it with
 * the builders below, which return ordinary strings carrying invisible markers: control
 * characters, which generated code never holds otherwise (string literals are written with
 * `JSON.stringify`, which escapes them, and comments escape them: ts-syntax.ts `docComment`). {@link layoutSource} later prints each marked line for the
 * width of the file, so the marked text can be concatenated, indented and compared like any
 * other string, and nothing needs to know the final column while the code is emitted.
 */

/** The marker characters (U+0001–U+0008, U+000E–U+001A). Never present in generated text once laid out. */
export const MARK = {
  groupOpen: "\x01",
  /** Opens a group that always breaks (prettier's `shouldBreak`). */
  brokenGroupOpen: "\x02",
  groupClose: "\x03",
  indentOpen: "\x04",
  indentClose: "\x05",
  /** A space when flat, a newline when broken. */
  line: "\x06",
  /** Nothing when flat, a newline when broken. */
  softline: "\x07",
  /** Always a newline; breaks every enclosing group. */
  hardline: "\x08",
  /** `ifBreak(broken, flat)`: opens the broken text, then {@link MARK.ifFlat}, then {@link MARK.ifClose}. */
  ifBreakOpen: "\x0E",
  ifFlat: "\x0F",
  ifClose: "\x10",
  /** Alignment by two spaces (prettier's `align(2, …)`), as union members get. */
  alignOpen: "\x11",
  alignClose: "\x12",
  /** `fill`: the lines between items (spaces when flat) break one by one, only where the next item does not fit. */
  fillOpen: "\x13",
  fillSeparator: "\x14",
  fillClose: "\x15",
  /** `conditionalGroup`: tries each state in turn (separated by {@link MARK.stateSeparator}). */
  statesOpen: "\x16",
  stateSeparator: "\x17",
  statesClose: "\x18",
  /** The right-hand side of an assignment in prettier's "fluid" layout ({@link fluidAssignment}). */
  fluidOpen: "\x19",
  fluidClose: "\x1A",
} as const;

/** Whether `text` carries layout markers. */
export const MARKED = /[\x01-\x08\x0E-\x1A]/;

/** Whether the character of code `code` is a marker (the first comparison settles it for text). */
export function isMarker(code: number): boolean {
  return code <= 0x1a && (code >= 0x0e || (code >= 0x01 && code <= 0x08));
}

/**
 * `parts` between the markers `open` and `close`. Concatenated one by one rather than joined:
 * the engine then links the parts instead of copying them, and builders nest deeply.
 */
function enclosed(open: string, parts: readonly string[], close: string): string {
  let text = open;
  for (const part of parts) text += part;
  return text + close;
}

/** A group: printed flat if it fits on the rest of the line, else with its lines broken. */
export function group(...parts: string[]): string {
  return enclosed(MARK.groupOpen, parts, MARK.groupClose);
}

/** A group that always breaks (an object literal written expanded, a block). */
export function brokenGroup(...parts: string[]): string {
  return enclosed(MARK.brokenGroupOpen, parts, MARK.groupClose);
}

/** Contents indented one level (two spaces) after each broken line. */
export function indent(...parts: string[]): string {
  return enclosed(MARK.indentOpen, parts, MARK.indentClose);
}

/** Contents aligned two spaces further after each broken line. */
export function align2(...parts: string[]): string {
  return enclosed(MARK.alignOpen, parts, MARK.alignClose);
}

export const line = MARK.line;
export const softline = MARK.softline;
export const hardline = MARK.hardline;

/** `broken` where the enclosing group breaks, `flat` where it does not. */
export function ifBreak(broken: string, flat = ""): string {
  return MARK.ifBreakOpen + broken + MARK.ifFlat + flat + MARK.ifClose;
}

/** Items separated by lines that break one at a time (prettier's `fill`, as for number lists). */
export function fill(items: readonly string[]): string {
  return MARK.fillOpen + items.join(MARK.fillSeparator) + MARK.fillClose;
}

/** The first of `states` whose first line fits; the last one, broken, when none does. */
export function conditionalGroup(states: readonly string[]): string {
  return MARK.statesOpen + states.join(MARK.stateSeparator) + MARK.statesClose;
}

/**
 * The value after `=` (or `:`) of an assignment: it stays on the line when its first part fits
 * there, and otherwise moves to the next line, indented (prettier's "fluid" layout). The caller
 * writes `left =` before it, and a space is printed between them when they stay together.
 */
export function fluidAssignment(right: string): string {
  return MARK.fluidOpen + right + MARK.fluidClose;
}

/** `text` without its markers, as it prints when everything fits on one line. */
export function flatText(text: string): string {
  if (!MARKED.test(text)) return text;
  const pieces: string[] = [];
  writeFlat(text, 0, text.length, pieces);
  return pieces.join("");
}

/**
 * Pushes onto `pieces` the flat form of `text` from `start` to `end` ({@link flatText}), piece by
 * piece (slices of `text` and spaces), and returns whether it is at most `room` columns wide.
 * It stops as soon as it is wider, leaving a part pushed. A hard line has no flat form: it is
 * written as a newline of no width, for prose (layout-source.ts prints a line that holds one).
 */
export function writeFlat(text: string, start: number, end: number, pieces: string[], room = Infinity): boolean {
  let width = 0;
  // The start of the text not pushed yet.
  let run = start;
  for (let i = start; i < end; i++) {
    const code = text.charCodeAt(i);
    if (!isMarker(code)) continue;
    if (i > run) {
      pieces.push(text.slice(run, i));
      width += i - run;
      if (width > room) return false;
    }
    switch (text[i]) {
      case MARK.line:
      case MARK.fillSeparator:
      case MARK.fluidOpen:
        pieces.push(" ");
        width += 1;
        break;
      case MARK.hardline:
        pieces.push("\n");
        break;
      case MARK.ifBreakOpen:
        // ifBreak: keep the flat part.
        i = skipTo(text, i + 1, end, MARK.ifFlat);
        break;
      case MARK.stateSeparator:
        // conditionalGroup: keep the first state.
        i = skipTo(text, i + 1, end, MARK.statesClose);
        break;
    }
    run = i + 1;
  }
  if (end > run) {
    pieces.push(text.slice(run, end));
    width += end - run;
  }
  return width <= room;
}

/** The index of the first `stop` at or after `from` (before `end`) that is not inside a nested ifBreak or conditional group. */
function skipTo(text: string, from: number, end: number, stop: string): number {
  let depth = 0;
  for (let j = from; j < end; j++) {
    const c = text[j]!;
    if (c === MARK.ifBreakOpen || c === MARK.statesOpen) depth++;
    else if (depth > 0 && (c === MARK.ifClose || c === MARK.statesClose)) depth--;
    else if (depth === 0 && c === stop) return j;
  }
  return end;
}
