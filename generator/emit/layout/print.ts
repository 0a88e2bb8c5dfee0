/**
 * Prints marked text (doc.ts) for a line width, with the decisions prettier's document printer
 * makes, so that the generated files are already in the form prettier gives them:
 * - a group prints flat when its flat form, followed by what comes after it up to the next
 *   possible line break, fits in what is left of the line; otherwise its own lines break and
 *   the groups inside it decide again, each for itself;
 * - a hard line breaks every group around it;
 * - in a `fill`, each line between items breaks only when the next item would not fit;
 * - a conditional group takes the first state whose first line fits;
 * - trailing spaces are dropped before each newline.
 */

import { isMarker, MARK } from "./doc.ts";

type Node = string | Group | Indent | Align | Line | IfBreak | Fill | Fluid;
interface Group {
  kind: "group";
  contents: Node[];
  broken: boolean;
  /** The states of a conditional group (`contents` is the first). */
  states?: Node[][];
}
interface Indent {
  kind: "indent";
  contents: Node[];
}
interface Align {
  kind: "align";
  contents: Node[];
}
interface Line {
  kind: "line";
  soft: boolean;
  hard: boolean;
}
interface IfBreak {
  kind: "ifBreak";
  broken: Node[];
  flat: Node[];
}
interface Fill {
  kind: "fill";
  items: Node[][];
}

/** An assignment's right-hand side, after `left =` (doc.ts `fluidAssignment`). */
interface Fluid {
  kind: "fluid";
  contents: Node[];
  /** Whether the right side holds a forced break (which breaks the assignment's group). */
  broken: boolean;
}

const LINE: Line = { kind: "line", soft: false, hard: false };
const SOFTLINE: Line = { kind: "line", soft: true, hard: false };
const HARDLINE: Line = { kind: "line", soft: false, hard: true };

/** Reads marked text into nodes; `hardline`s mark every enclosing group broken. */
function parse(text: string): Node[] {
  const parser = new Parser(text);
  const { nodes } = parser.readUntil("");
  return nodes;
}

/** A reader of marked text, one marker at a time (methods rather than closures: this runs for every marked line). */
class Parser {
  private i = 0;
  /** Whether the construct being read holds a forced break. */
  private sawHardline = false;

  constructor(private readonly text: string) {}

  /** Reads nodes up to one of the markers `stops` (or the end, when `stops` is empty), which is consumed. */
  readUntil(stops: string): { nodes: Node[]; stop: string } {
    const text = this.text;
    const nodes: Node[] = [];
    let start = this.i;
    while (this.i < text.length) {
      const c = text[this.i]!;
      if (!isMarker(c)) {
        this.i++;
        continue;
      }
      if (this.i > start) nodes.push(text.slice(start, this.i));
      this.i++;
      if (stops.includes(c)) return { nodes, stop: c };
      this.readMarker(c, nodes);
      start = this.i;
    }
    if (this.i > start) nodes.push(text.slice(start, this.i));
    if (stops !== "") throw new Error("layout marker left open in generated text");
    return { nodes, stop: "" };
  }

  private readMarker(c: string, nodes: Node[]): void {
    switch (c) {
      case MARK.groupOpen:
      case MARK.brokenGroupOpen: {
        const outer = this.sawHardline;
        this.sawHardline = false;
        const { nodes: contents } = this.readUntil(MARK.groupClose);
        const broken = c === MARK.brokenGroupOpen || this.sawHardline;
        nodes.push({ kind: "group", contents, broken });
        // A broken group breaks the groups around it.
        this.sawHardline = outer || broken;
        break;
      }
      case MARK.indentOpen:
        nodes.push({ kind: "indent", contents: this.readUntil(MARK.indentClose).nodes });
        break;
      case MARK.alignOpen:
        nodes.push({ kind: "align", contents: this.readUntil(MARK.alignClose).nodes });
        break;
      case MARK.line:
        nodes.push(LINE);
        break;
      case MARK.softline:
        nodes.push(SOFTLINE);
        break;
      case MARK.hardline:
        this.sawHardline = true;
        nodes.push(HARDLINE);
        break;
      case MARK.ifBreakOpen: {
        const broken = this.readUntil(MARK.ifFlat).nodes;
        const flat = this.readUntil(MARK.ifClose).nodes;
        nodes.push({ kind: "ifBreak", broken, flat });
        break;
      }
      case MARK.fillOpen: {
        const items: Node[][] = [];
        for (;;) {
          const { nodes: item, stop } = this.readUntil(MARK.fillSeparator + MARK.fillClose);
          items.push(item);
          if (stop !== MARK.fillSeparator) break;
        }
        nodes.push({ kind: "fill", items });
        break;
      }
      case MARK.fluidOpen: {
        const outer = this.sawHardline;
        this.sawHardline = false;
        const { nodes: contents } = this.readUntil(MARK.fluidClose);
        const broken = this.sawHardline;
        nodes.push({ kind: "fluid", contents, broken });
        this.sawHardline = outer || broken;
        break;
      }
      case MARK.statesOpen: {
        // Like prettier, a hard line inside a conditional group does not break it: each
        // state is tried as it is.
        const outer = this.sawHardline;
        const states: Node[][] = [];
        for (;;) {
          this.sawHardline = false;
          const { nodes: state, stop } = this.readUntil(MARK.stateSeparator + MARK.statesClose);
          states.push(state);
          if (stop !== MARK.stateSeparator) break;
        }
        this.sawHardline = outer;
        nodes.push({ kind: "group", contents: states[0]!, broken: false, states });
        break;
      }
      default:
        throw new Error(`unbalanced layout marker U+${c.charCodeAt(0).toString(16).toUpperCase()} in generated text`);
    }
  }
}

const enum Mode {
  Break,
  Flat,
}

interface Command {
  indent: string;
  mode: Mode;
  node: Node | Node[];
}

/**
 * Whether `next` fits in `width` columns, followed by the commands still to print (`rest`, the
 * top of the stack last) up to their first line break. With `mustBeFlat`, a broken group inside
 * does not fit.
 */
function fits(next: Command, rest: readonly Command[], width: number, mustBeFlat: boolean): boolean {
  let restIndex = rest.length;
  const stack: Array<{ mode: Mode; node: Node | Node[] }> = [next];
  while (width >= 0) {
    if (stack.length === 0) {
      if (restIndex === 0) return true;
      stack.push(rest[--restIndex]!);
      continue;
    }
    const { mode, node } = stack.pop()!;
    if (typeof node === "string") {
      width -= node.length;
    } else if (Array.isArray(node)) {
      for (let j = node.length - 1; j >= 0; j--) stack.push({ mode, node: node[j]! });
    } else {
      switch (node.kind) {
        case "indent":
        case "align":
          stack.push({ mode, node: node.contents });
          break;
        case "group": {
          if (mustBeFlat && node.broken) return false;
          const groupMode = node.broken ? Mode.Break : mode;
          const contents = node.states !== undefined && groupMode === Mode.Break ? node.states[node.states.length - 1]! : node.contents;
          stack.push({ mode: groupMode, node: contents });
          break;
        }
        case "ifBreak":
          stack.push({ mode, node: mode === Mode.Break ? node.broken : node.flat });
          break;
        case "fill":
          for (let j = node.items.length - 1; j >= 0; j--) {
            stack.push({ mode, node: node.items[j]! });
            if (j > 0) stack.push({ mode, node: LINE });
          }
          break;
        case "line":
          if (mode === Mode.Break || node.hard) return true;
          if (!node.soft) width -= 1;
          break;
        case "fluid":
          // Measured as prettier measures its group around the whole assignment.
          if (mode === Mode.Break) return true;
          width -= 1;
          stack.push({ mode, node: node.contents });
          break;
      }
    }
  }
  return false;
}

/** Prints nodes starting at column `start` with indentation `baseIndent`. */
function print(nodes: Node[], width: number, baseIndent: string, start: number): string {
  // Output goes to an array of pieces: trimming the end of one long string at every newline
  // would copy it each time.
  const out: string[] = [];
  let column = start;
  const stack: Command[] = [{ indent: baseIndent, mode: Mode.Break, node: nodes }];
  const newline = (indentation: string): void => {
    trimTrailingSpaces(out);
    out.push("\n", indentation);
    column = indentation.length;
  };
  while (stack.length > 0) {
    const { indent, mode, node } = stack.pop()!;
    if (typeof node === "string") {
      out.push(node);
      column += node.length;
      continue;
    }
    if (Array.isArray(node)) {
      for (let j = node.length - 1; j >= 0; j--) stack.push({ indent, mode, node: node[j]! });
      continue;
    }
    switch (node.kind) {
      case "indent":
        stack.push({ indent: `${indent}  `, mode, node: node.contents });
        break;
      case "align":
        stack.push({ indent: `${indent}  `, mode, node: node.contents });
        break;
      case "group": {
        if (mode === Mode.Flat) {
          // Inside a flat group, a group breaks only if it was broken from the start.
          stack.push({ indent, mode: node.broken ? Mode.Break : Mode.Flat, node: node.contents });
          break;
        }
        const flat: Command = { indent, mode: Mode.Flat, node: node.contents };
        const remaining = width - column;
        if (!node.broken && fits(flat, stack, remaining, false)) {
          stack.push(flat);
        } else if (node.states !== undefined) {
          const last: Command = { indent, mode: Mode.Break, node: node.states[node.states.length - 1]! };
          let chosen: Command | undefined;
          for (let s = 1; !node.broken && s < node.states.length && chosen === undefined; s++) {
            const state: Command = { indent, mode: Mode.Flat, node: node.states[s]! };
            if (fits(state, stack, remaining, false)) chosen = state;
          }
          stack.push(chosen ?? last);
        } else {
          stack.push({ indent, mode: Mode.Break, node: node.contents });
        }
        break;
      }
      case "ifBreak":
        stack.push({ indent, mode, node: mode === Mode.Break ? node.broken : node.flat });
        break;
      case "fill":
        printFill(node, indent, mode);
        break;
      case "fluid": {
        const flat: Command = { indent, mode: Mode.Flat, node: [" ", ...node.contents] };
        if ((mode === Mode.Flat && !node.broken) || (!node.broken && fits(flat, stack, width - column, false))) {
          stack.push(flat);
          break;
        }
        // The break after the operator is taken only when the right side cannot start on this line.
        const right: Command = { indent, mode: Mode.Break, node: node.contents };
        if (fits({ indent, mode: Mode.Flat, node: LINE }, [...stack, right], width - column, false)) {
          stack.push(right, { indent, mode: Mode.Flat, node: LINE });
        } else {
          const deeper = `${indent}  `;
          stack.push({ indent: deeper, mode: Mode.Break, node: node.contents }, { indent: deeper, mode: Mode.Break, node: HARDLINE });
        }
        break;
      }
      case "line":
        if (mode === Mode.Flat && !node.hard) {
          if (!node.soft) {
            out.push(" ");
            column += 1;
          }
        } else {
          newline(indent);
        }
        break;
    }
  }
  return out.join("");

  /** Pushes a fill's items and separators, deciding each separator as prettier does. */
  function printFill(node: Fill, indent: string, mode: Mode): void {
    // Items are laid out one at a time: push the first, then decide its separator once it is printed.
    const [first, ...others] = node.items;
    if (first === undefined) return;
    const remaining = width - column;
    const contentFits = fits({ indent, mode: Mode.Flat, node: first }, [], remaining, true);
    if (others.length === 0) {
      stack.push({ indent, mode: contentFits ? Mode.Flat : Mode.Break, node: first });
      return;
    }
    const second = others[0]!;
    const pairFits = fits({ indent, mode: Mode.Flat, node: [...first, LINE, ...second] }, [], remaining, true);
    stack.push({ indent, mode, node: { kind: "fill", items: others } });
    stack.push({ indent, mode: pairFits ? Mode.Flat : Mode.Break, node: LINE });
    stack.push({ indent, mode: contentFits ? Mode.Flat : Mode.Break, node: first });
  }
}

/** Drops the spaces at the end of the output pieces (before a newline). */
function trimTrailingSpaces(out: string[]): void {
  while (out.length > 0) {
    const last = out[out.length - 1]!;
    let end = last.length;
    while (end > 0 && (last.charCodeAt(end - 1) === 32 || last.charCodeAt(end - 1) === 9)) end--;
    if (end > 0) {
      if (end < last.length) out[out.length - 1] = last.slice(0, end);
      return;
    }
    out.pop();
  }
}

/** Lays out one marked line, written at indentation `lineIndent`, for `width` columns. */
export function printMarked(text: string, width: number, lineIndent: string): string {
  return print(parse(text), width, lineIndent, lineIndent.length);
}
