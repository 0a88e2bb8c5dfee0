/**
 * Layout documents: how a piece of generated code may be broken across lines, in the
 * vocabulary of Wadler's pretty printer as prettier uses it (groups that print flat when they
 * fit, lines that become spaces or newlines, indentation).
 *
 * Emitters write source text line by line. Where a line may be too long, they write it with
 * the builders below, which return ordinary strings carrying invisible markers (characters of
 * Unicode's private use area). {@link layoutSource} later prints each marked line for the
 * width of the file, so the marked text can be concatenated, indented and compared like any
 * other string, and nothing needs to know the final column while the code is emitted.
 */

/** The marker characters (U+E000…). Never present in generated text once laid out. */
export const MARK = {
  groupOpen: "\uE000",
  /** Opens a group that always breaks (prettier's `shouldBreak`). */
  brokenGroupOpen: "\uE001",
  groupClose: "\uE002",
  indentOpen: "\uE003",
  indentClose: "\uE004",
  /** A space when flat, a newline when broken. */
  line: "\uE005",
  /** Nothing when flat, a newline when broken. */
  softline: "\uE006",
  /** Always a newline; breaks every enclosing group. */
  hardline: "\uE007",
  /** `ifBreak(broken, flat)`: opens the broken text, then {@link MARK.ifFlat}, then {@link MARK.ifClose}. */
  ifBreakOpen: "\uE008",
  ifFlat: "\uE009",
  ifClose: "\uE00A",
  /** Alignment by two spaces (prettier's `align(2, …)`), as union members get. */
  alignOpen: "\uE00B",
  alignClose: "\uE00C",
  /** `fill`: the lines between items (spaces when flat) break one by one, only where the next item does not fit. */
  fillOpen: "\uE00D",
  fillSeparator: "\uE00E",
  fillClose: "\uE00F",
  /** `conditionalGroup`: tries each state in turn (separated by {@link MARK.stateSeparator}). */
  statesOpen: "\uE010",
  stateSeparator: "\uE011",
  statesClose: "\uE012",
  /** The right-hand side of an assignment in prettier's "fluid" layout ({@link fluidAssignment}). */
  fluidOpen: "\uE013",
  fluidClose: "\uE014",
} as const;

/** Whether `text` carries layout markers. */
export const MARKED = /[\uE000-\uE014]/;

/** A group: printed flat if it fits on the rest of the line, else with its lines broken. */
export function group(...parts: string[]): string {
  return MARK.groupOpen + parts.join("") + MARK.groupClose;
}

/** A group that always breaks (an object literal written expanded, a block). */
export function brokenGroup(...parts: string[]): string {
  return MARK.brokenGroupOpen + parts.join("") + MARK.groupClose;
}

/** Contents indented one level (two spaces) after each broken line. */
export function indent(...parts: string[]): string {
  return MARK.indentOpen + parts.join("") + MARK.indentClose;
}

/** Contents aligned two spaces further after each broken line. */
export function align2(...parts: string[]): string {
  return MARK.alignOpen + parts.join("") + MARK.alignClose;
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

/** `items` joined by `separator`. */
export function join(separator: string, items: readonly string[]): string {
  return items.join(separator);
}

/** `text` without its markers, as it prints when everything fits on one line. */
export function flatText(text: string): string {
  if (!MARKED.test(text)) return text;
  return printFlat(text);
}

function printFlat(text: string): string {
  let out = "";
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    switch (c) {
      case MARK.line:
      case MARK.fillSeparator:
      case MARK.fluidOpen:
        out += " ";
        break;
      case MARK.ifBreakOpen:
        // ifBreak: keep the flat part.
        i = skipTo(text, i + 1, MARK.ifFlat);
        break;
      case MARK.stateSeparator:
        // conditionalGroup: keep the first state.
        i = skipTo(text, i + 1, MARK.statesClose);
        break;
      default:
        if (c < "\uE000" || c > "\uE014") out += c;
        // hardlines have no flat form: callers only ask for the flat text of groups without one.
        else if (c === MARK.hardline) out += "\n";
    }
    i++;
  }
  return out;
}

/** The index of the first of `stops` at or after `from` that is not inside a nested ifBreak or conditional group. */
function skipTo(text: string, from: number, stops: string): number {
  let depth = 0;
  for (let j = from; j < text.length; j++) {
    const c = text[j]!;
    if (c === MARK.ifBreakOpen || c === MARK.statesOpen) depth++;
    else if (depth > 0 && (c === MARK.ifClose || c === MARK.statesClose)) depth--;
    else if (depth === 0 && stops.includes(c)) return j;
  }
  return text.length;
}
