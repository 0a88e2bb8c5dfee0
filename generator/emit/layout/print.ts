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
/** What is printed: a node, or a sequence of them (contents of a single node are that node, with no array around it). */
type Doc = Node | readonly Doc[];
interface Group {
  kind: "group";
  contents: Doc;
  broken: boolean;
  /** The states of a conditional group (`contents` is the first). */
  states?: Doc[];
}
interface Indent {
  kind: "indent";
  contents: Doc;
}
interface Align {
  kind: "align";
  contents: Doc;
}
interface Line {
  kind: "line";
  soft: boolean;
  hard: boolean;
}
interface IfBreak {
  kind: "ifBreak";
  broken: Doc;
  flat: Doc;
}
interface Fill {
  kind: "fill";
  items: Doc[];
}

/** An assignment's right-hand side, after `left =` (doc.ts `fluidAssignment`). */
interface Fluid {
  kind: "fluid";
  contents: Doc;
  /** Whether the right side holds a forced break (which breaks the assignment's group). */
  broken: boolean;
}

const LINE: Line = { kind: "line", soft: false, hard: false };
const SOFTLINE: Line = { kind: "line", soft: true, hard: false };
const HARDLINE: Line = { kind: "line", soft: false, hard: true };

/** Whether `doc` is a sequence (`Array.isArray` does not narrow read-only arrays). */
function isSequence(doc: Doc): doc is readonly Doc[] {
  return Array.isArray(doc);
}

/**
 * A reader of marked text into nodes, one marker at a time (methods rather than closures: this
 * runs for every marked line); `hardline`s mark every enclosing group broken. One reader serves
 * every line of a file.
 */
class Parser {
  /** The text holding the line, read from {@link i} to {@link end} (the line is read in place, not sliced out). */
  private text = "";
  private end = 0;
  private i = 0;
  /** Whether the construct being read holds a forced break. */
  private sawHardline = false;
  /** The marker that ended the last {@link readUntil} (empty at the end of the text). */
  private stop = "";
  /**
   * The nodes read, on one stack for all the constructs being read: each construct takes its
   * own off the top once it ends, into an array of their number (an array grown by `push`
   * would reserve room for more).
   */
  private readonly read: Node[] = [];
  /** The height of the stack {@link read}: past it, the array keeps nodes already taken (no truncation, which costs a call into the engine). */
  private readCount = 0;

  /** The nodes of the marked line of `text` from `start` to `end`. */
  parse(text: string, start: number, end: number): Doc {
    this.text = text;
    this.i = start;
    this.end = end;
    this.sawHardline = false;
    return this.readUntil("");
  }

  /** Reads nodes up to the marker `stop` or `otherStop` (or the end, when `stop` is empty), which is consumed. */
  private readUntil(stop: string, otherStop = stop): Doc {
    const text = this.text;
    const first = this.readCount;
    let start = this.i;
    const end = this.end;
    for (let i = start; i < end; i++) {
      if (!isMarker(text.charCodeAt(i))) continue;
      const c = text[i]!;
      if (i > start) this.add(text.slice(start, i));
      this.i = i + 1;
      if (c === stop || c === otherStop) {
        this.stop = c;
        return this.take(first);
      }
      this.readMarker(c);
      start = this.i;
      i = start - 1;
    }
    if (end > start) this.add(text.slice(start, end));
    if (stop !== "") throw new Error("layout marker left open in generated text");
    this.i = end;
    this.stop = "";
    return this.take(first);
  }

  /** The nodes read from index `first` of the stack on, taken off it: a single one as it is. */
  private take(first: number): Doc {
    const count = this.readCount;
    this.readCount = first;
    return count === first + 1 ? this.read[first]! : this.read.slice(first, count);
  }

  /** Puts a node read on the stack. */
  private add(node: Node): void {
    this.read[this.readCount++] = node;
  }

  private readMarker(c: string): void {
    switch (c) {
      case MARK.groupOpen:
      case MARK.brokenGroupOpen: {
        const outer = this.sawHardline;
        this.sawHardline = false;
        const contents = this.readUntil(MARK.groupClose);
        const broken = c === MARK.brokenGroupOpen || this.sawHardline;
        this.add({ kind: "group", contents, broken });
        // A broken group breaks the groups around it.
        this.sawHardline = outer || broken;
        break;
      }
      case MARK.indentOpen:
        this.add({ kind: "indent", contents: this.readUntil(MARK.indentClose) });
        break;
      case MARK.alignOpen:
        this.add({ kind: "align", contents: this.readUntil(MARK.alignClose) });
        break;
      case MARK.line:
        this.add(LINE);
        break;
      case MARK.softline:
        this.add(SOFTLINE);
        break;
      case MARK.hardline:
        this.sawHardline = true;
        this.add(HARDLINE);
        break;
      case MARK.ifBreakOpen: {
        const broken = this.readUntil(MARK.ifFlat);
        const flat = this.readUntil(MARK.ifClose);
        this.add({ kind: "ifBreak", broken, flat });
        break;
      }
      case MARK.fillOpen: {
        const items: Doc[] = [];
        do items.push(this.readUntil(MARK.fillSeparator, MARK.fillClose));
        while (this.stop === MARK.fillSeparator);
        this.add({ kind: "fill", items });
        break;
      }
      case MARK.fluidOpen: {
        const outer = this.sawHardline;
        this.sawHardline = false;
        const contents = this.readUntil(MARK.fluidClose);
        const broken = this.sawHardline;
        this.add({ kind: "fluid", contents, broken });
        this.sawHardline = outer || broken;
        break;
      }
      case MARK.statesOpen: {
        // Like prettier, a hard line inside a conditional group does not break it: each
        // state is tried as it is.
        const outer = this.sawHardline;
        const states: Doc[] = [];
        do {
          this.sawHardline = false;
          states.push(this.readUntil(MARK.stateSeparator, MARK.statesClose));
        } while (this.stop === MARK.stateSeparator);
        this.sawHardline = outer;
        this.add({ kind: "group", contents: states[0]!, broken: false, states });
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

/**
 * Prints nodes for a line width (methods rather than closures: this runs for every marked
 * line). What is still to print is a stack of commands, each a node with the mode and the
 * indentation it prints in, kept as three parallel arrays: no object is made per command.
 * One printer serves every line of a file; its stacks are empty between lines.
 */
class Printer {
  /**
   * Where the text goes, piece by piece (trimming the end of one long string at every newline
   * would copy it each time), and the index in it where the line being printed begins.
   */
  private out: string[] = [];
  private lineStart = 0;
  /** The column the printer is at. */
  private column = 0;
  /** The commands still to print, the next one last. */
  private readonly indents: string[] = [];
  private readonly modes: Mode[] = [];
  private readonly nodes: Doc[] = [];
  /** The stack of {@link fits}, kept from one call to the next. */
  private readonly fitModes: Mode[] = [];
  private readonly fitNodes: Doc[] = [];

  /** Prints at `width` columns. */
  constructor(private readonly width: number) {}

  /** Appends to `out` `doc` printed with indentation `indent`, from the end of that indentation. */
  print(doc: Doc, indent: string, out: string[]): void {
    this.out = out;
    this.lineStart = out.length;
    this.column = indent.length;
    this.push(indent, Mode.Break, doc);
    while (this.nodes.length > 0) {
      const indent = this.indents.pop()!;
      const mode = this.modes.pop()!;
      const node = this.nodes.pop()!;
      if (typeof node === "string") {
        this.out.push(node);
        this.column += node.length;
      } else if (isSequence(node)) {
        for (let j = node.length - 1; j >= 0; j--) this.push(indent, mode, node[j]!);
      } else {
        this.printNode(node, indent, mode);
      }
    }
  }

  /** Pushes a command. */
  private push(indent: string, mode: Mode, node: Doc): void {
    this.indents.push(indent);
    this.modes.push(mode);
    this.nodes.push(node);
  }

  private printNode(node: Exclude<Node, string>, indent: string, mode: Mode): void {
    switch (node.kind) {
      case "indent":
      case "align":
        this.push(`${indent}  `, mode, node.contents);
        break;
      case "group": {
        if (mode === Mode.Flat) {
          // Inside a flat group, a group breaks only if it was broken from the start.
          this.push(indent, node.broken ? Mode.Break : Mode.Flat, node.contents);
          break;
        }
        const remaining = this.width - this.column;
        if (!node.broken && this.fits(Mode.Flat, node.contents, remaining, false, true)) {
          this.push(indent, Mode.Flat, node.contents);
        } else if (node.states !== undefined) {
          let chosen: Doc | undefined;
          for (let s = 1; !node.broken && s < node.states.length && chosen === undefined; s++) {
            if (this.fits(Mode.Flat, node.states[s]!, remaining, false, true)) chosen = node.states[s]!;
          }
          if (chosen !== undefined) this.push(indent, Mode.Flat, chosen);
          else this.push(indent, Mode.Break, node.states[node.states.length - 1]!);
        } else {
          this.push(indent, Mode.Break, node.contents);
        }
        break;
      }
      case "ifBreak":
        this.push(indent, mode, mode === Mode.Break ? node.broken : node.flat);
        break;
      case "fill":
        this.printFill(node, indent, mode);
        break;
      case "fluid": {
        // Flat, the right side follows the operator after a space.
        if (!node.broken && (mode === Mode.Flat || this.fits(Mode.Flat, node.contents, this.width - this.column - 1, false, true))) {
          this.push(indent, Mode.Flat, node.contents);
          this.push(indent, Mode.Flat, " ");
          break;
        }
        // The break after the operator is taken only when the right side cannot start on this line.
        this.push(indent, Mode.Break, node.contents);
        if (this.fits(Mode.Flat, LINE, this.width - this.column, false, true)) {
          this.push(indent, Mode.Flat, LINE);
        } else {
          this.pop();
          const deeper = `${indent}  `;
          this.push(deeper, Mode.Break, node.contents);
          this.push(deeper, Mode.Break, HARDLINE);
        }
        break;
      }
      case "line":
        if (mode === Mode.Flat && !node.hard) {
          if (!node.soft) {
            this.out.push(" ");
            this.column += 1;
          }
        } else {
          trimTrailingSpaces(this.out, this.lineStart);
          this.out.push("\n", indent);
          this.column = indent.length;
        }
        break;
    }
  }

  /** Drops the command on top. */
  private pop(): void {
    this.indents.pop();
    this.modes.pop();
    this.nodes.pop();
  }

  /** Pushes a fill's items and separators, deciding each separator as prettier does. */
  private printFill(node: Fill, indent: string, mode: Mode): void {
    // Items are laid out one at a time: push the first, then decide its separator once it is printed.
    const [first, ...others] = node.items;
    if (first === undefined) return;
    const remaining = this.width - this.column;
    const contentFits = this.fits(Mode.Flat, first, remaining, true, false);
    if (others.length === 0) {
      this.push(indent, contentFits ? Mode.Flat : Mode.Break, first);
      return;
    }
    const second = others[0]!;
    const pairFits = this.fits(Mode.Flat, [first, LINE, second], remaining, true, false);
    this.push(indent, mode, { kind: "fill", items: others });
    this.push(indent, pairFits ? Mode.Flat : Mode.Break, LINE);
    this.push(indent, contentFits ? Mode.Flat : Mode.Break, first);
  }

  /**
   * Whether `node`, printed in `mode`, fits in `width` columns, followed (`withRest`) by the
   * commands still to print up to their first line break. With `mustBeFlat`, a broken group
   * inside does not fit.
   */
  private fits(mode: Mode, node: Doc, width: number, mustBeFlat: boolean, withRest: boolean): boolean {
    // A stack of its own, as arrays kept from one call to the next, and the index of its top.
    const modes = this.fitModes;
    const nodes = this.fitNodes;
    modes[0] = mode;
    nodes[0] = node;
    let top = 1;
    let restIndex = withRest ? this.nodes.length : 0;
    while (width >= 0) {
      if (top === 0) {
        if (restIndex === 0) return true;
        restIndex--;
        modes[0] = this.modes[restIndex]!;
        nodes[0] = this.nodes[restIndex]!;
        top = 1;
        continue;
      }
      top--;
      const mode = modes[top]!;
      const node = nodes[top]!;
      if (typeof node === "string") {
        width -= node.length;
      } else if (isSequence(node)) {
        for (let j = node.length - 1; j >= 0; j--) {
          modes[top] = mode;
          nodes[top++] = node[j]!;
        }
      } else {
        switch (node.kind) {
          case "indent":
          case "align":
            modes[top] = mode;
            nodes[top++] = node.contents;
            break;
          case "group": {
            if (mustBeFlat && node.broken) return false;
            const groupMode = node.broken ? Mode.Break : mode;
            modes[top] = groupMode;
            nodes[top++] = node.states !== undefined && groupMode === Mode.Break ? node.states[node.states.length - 1]! : node.contents;
            break;
          }
          case "ifBreak":
            modes[top] = mode;
            nodes[top++] = mode === Mode.Break ? node.broken : node.flat;
            break;
          case "fill":
            for (let j = node.items.length - 1; j >= 0; j--) {
              modes[top] = mode;
              nodes[top++] = node.items[j]!;
              if (j > 0) {
                modes[top] = mode;
                nodes[top++] = LINE;
              }
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
            modes[top] = mode;
            nodes[top++] = node.contents;
            break;
        }
      }
    }
    return false;
  }
}

/** Drops the spaces at the end of the output pieces from index `start` on (before a newline). */
function trimTrailingSpaces(out: string[], start: number): void {
  while (out.length > start) {
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

/** Lays out marked lines for a width, one after the other (one instance serves a whole file). */
export class MarkedLinePrinter {
  private readonly parser = new Parser();
  private readonly printer: Printer;

  constructor(width: number) {
    this.printer = new Printer(width);
  }

  /**
   * Appends to `out` the marked line of `text` from `start` to `end`, laid out; the line is
   * written at indentation `lineIndent`, which `out` already ends with.
   */
  print(text: string, start: number, end: number, lineIndent: string, out: string[]): void {
    this.printer.print(this.parser.parse(text, start, end), lineIndent, out);
  }
}
