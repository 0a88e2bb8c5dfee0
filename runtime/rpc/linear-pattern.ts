/**
 * A JSON Schema `pattern` checked in time linear in the string's length, whatever the pattern:
 * a Thompson automaton (every possible position in the pattern followed at once, one step per
 * character), where V8's backtracking engine can take exponential time (`^(a+)+$`) or exhaust
 * its stack on a long string.
 *
 * It reads the part of the ECMAScript syntax that schemas use: literals and escapes (`\d`, `\w`,
 * `\s` and their negations, `\uXXXX`, `\xHH`, control escapes), classes with ranges and
 * negation, `.`, groups (capturing, non-capturing, named), alternation, the quantifiers `*`,
 * `+`, `?` and `{n,m}` (greedy or lazy: `test` answers the same), and the anchors `^` and `$`.
 * {@link linearPattern} gives `undefined` for anything else (lookarounds, backreferences, word
 * boundaries, flags other than `u`) and for counted repetitions that would unfold into more
 * than {@link MAX_STATES} states.
 */

/** Largest automaton built (counted repetitions unfold into copies of what they repeat). */
export const MAX_STATES = 10_000;

type Predicate = (c: number) => boolean;

type Node =
  | { t: "char"; test: Predicate }
  | { t: "start" }
  | { t: "end" }
  | { t: "seq"; items: Node[] }
  | { t: "alt"; options: Node[] }
  | { t: "rep"; node: Node; min: number; max: number };

class Unsupported extends Error {}

/** Parses the pattern syntax above into a tree. */
class Parser {
  private i = 0;
  constructor(private readonly s: string) {}

  parse(): Node {
    const node = this.alternation();
    if (this.i < this.s.length) throw new Unsupported(`unexpected ${this.s[this.i]}`);
    return node;
  }

  private alternation(): Node {
    const options = [this.sequence()];
    while (this.s[this.i] === "|") {
      this.i++;
      options.push(this.sequence());
    }
    return options.length === 1 ? options[0]! : { t: "alt", options };
  }

  private sequence(): Node {
    const items: Node[] = [];
    while (this.i < this.s.length && this.s[this.i] !== "|" && this.s[this.i] !== ")") {
      const atom = this.atom();
      items.push(this.quantified(atom));
    }
    return { t: "seq", items };
  }

  private quantified(atom: Node): Node {
    const c = this.s[this.i];
    let min: number;
    let max: number;
    if (c === "*" || c === "+" || c === "?") {
      this.i++;
      [min, max] = c === "*" ? [0, Infinity] : c === "+" ? [1, Infinity] : [0, 1];
    } else if (c === "{" && /^\{\d+(,\d*)?\}/.test(this.s.slice(this.i))) {
      const [text, low, high] = /^\{(\d+)(?:,(\d*))?\}/.exec(this.s.slice(this.i))!;
      this.i += text.length;
      min = Number(low);
      max = high === undefined ? min : high === "" ? Infinity : Number(high);
      if (max < min) throw new Unsupported("numbers out of order in {}");
    } else return atom;
    if (this.s[this.i] === "?") this.i++; // lazy: the same answer for `test`
    if (atom.t === "start" || atom.t === "end") throw new Unsupported("quantified anchor");
    return { t: "rep", node: atom, min, max };
  }

  private atom(): Node {
    const c = this.s[this.i++]!;
    switch (c) {
      case "^":
        return { t: "start" };
      case "$":
        return { t: "end" };
      case ".":
        return { t: "char", test: (x) => x !== 0x0a && x !== 0x0d && x !== 0x2028 && x !== 0x2029 };
      case "(": {
        if (this.s.startsWith("?:", this.i)) this.i += 2;
        else if (this.s.startsWith("?<", this.i) && !this.s.startsWith("?<=", this.i) && !this.s.startsWith("?<!", this.i)) {
          const close = this.s.indexOf(">", this.i);
          if (close < 0) throw new Unsupported("unterminated group name");
          this.i = close + 1;
        } else if (this.s[this.i] === "?") throw new Unsupported("lookaround");
        const inner = this.alternation();
        if (this.s[this.i++] !== ")") throw new Unsupported("unterminated group");
        return inner;
      }
      case "[":
        return { t: "char", test: this.charClass() };
      case "\\":
        return { t: "char", test: this.escape() };
      case ")":
      case "*":
      case "+":
      case "?":
        throw new Unsupported(`unexpected ${c}`);
      default: {
        const code = this.codePointAt(this.i - 1);
        return { t: "char", test: (x) => x === code };
      }
    }
  }

  /** The code point at `at` (a surrogate pair counts as one); advances past its second half. */
  private codePointAt(at: number): number {
    const code = this.s.codePointAt(at)!;
    if (code > 0xffff) this.i++;
    return code;
  }

  private charClass(): Predicate {
    const negated = this.s[this.i] === "^";
    if (negated) this.i++;
    const parts: Predicate[] = [];
    const ranges: number[] = [];
    while (this.s[this.i] !== "]") {
      if (this.i >= this.s.length) throw new Unsupported("unterminated class");
      const low = this.classAtom();
      if (typeof low === "function") {
        parts.push(low);
        continue;
      }
      if (this.s[this.i] === "-" && this.s[this.i + 1] !== "]" && this.i + 1 < this.s.length) {
        this.i++;
        const high = this.classAtom();
        if (typeof high === "function" || high < low) throw new Unsupported("bad class range");
        ranges.push(low, high);
      } else ranges.push(low, low);
    }
    this.i++;
    const inRanges = (x: number): boolean => {
      for (let k = 0; k < ranges.length; k += 2) if (x >= ranges[k]! && x <= ranges[k + 1]!) return true;
      return parts.some((p) => p(x));
    };
    return negated ? (x) => !inRanges(x) : inRanges;
  }

  /** One member of a class: a code point, or a predicate (`\d` and the like). */
  private classAtom(): number | Predicate {
    const c = this.s[this.i++]!;
    if (c !== "\\") return this.codePointAt(this.i - 1);
    const e = this.s[this.i]!;
    if (e === "b") {
      this.i++;
      return 0x08;
    }
    if (e === "-") {
      this.i++;
      return 0x2d;
    }
    return this.escape();
  }

  /** An escape after `\`: a predicate for a set, or for one code point. */
  private escape(): Predicate {
    const e = this.s[this.i++];
    if (e === undefined) throw new Unsupported("trailing backslash");
    const set = ESCAPE_SETS[e];
    if (set !== undefined) return set;
    const single = (code: number): Predicate => (x) => x === code;
    switch (e) {
      case "t":
        return single(0x09);
      case "n":
        return single(0x0a);
      case "r":
        return single(0x0d);
      case "f":
        return single(0x0c);
      case "v":
        return single(0x0b);
      case "0":
        if (/[0-9]/.test(this.s[this.i] ?? "")) throw new Unsupported("octal escape");
        return single(0);
      case "x": {
        const hex = /^[0-9a-fA-F]{2}/.exec(this.s.slice(this.i));
        if (!hex) throw new Unsupported("bad \\x escape");
        this.i += 2;
        return single(parseInt(hex[0], 16));
      }
      case "u": {
        const braced = /^\{([0-9a-fA-F]{1,6})\}/.exec(this.s.slice(this.i));
        if (braced) {
          this.i += braced[0].length;
          return single(parseInt(braced[1]!, 16));
        }
        const hex = /^[0-9a-fA-F]{4}/.exec(this.s.slice(this.i));
        if (!hex) throw new Unsupported("bad \\u escape");
        this.i += 4;
        return single(parseInt(hex[0], 16));
      }
      case "c": {
        const letter = this.s[this.i++];
        if (letter === undefined || !/[a-zA-Z]/.test(letter)) throw new Unsupported("bad \\c escape");
        return single(letter.charCodeAt(0) % 32);
      }
      default:
        // Backreferences, \k<name>, word boundaries and property escapes are not read; other
        // letters and digits are errors under the `u` flag.
        if (/[a-zA-Z0-9]/.test(e)) throw new Unsupported(`\\${e}`);
        return single(e.codePointAt(0)!);
    }
  }
}

const isDigit: Predicate = (x) => x >= 0x30 && x <= 0x39;
const isWord: Predicate = (x) => isDigit(x) || (x >= 0x41 && x <= 0x5a) || (x >= 0x61 && x <= 0x7a) || x === 0x5f;
const isSpace: Predicate = (x) =>
  (x >= 0x09 && x <= 0x0d) || x === 0x20 || x === 0xa0 || x === 0x1680 || (x >= 0x2000 && x <= 0x200a) || x === 0x2028 || x === 0x2029 || x === 0x202f || x === 0x205f || x === 0x3000 || x === 0xfeff;
const ESCAPE_SETS: Readonly<Record<string, Predicate>> = {
  d: isDigit,
  D: (x) => !isDigit(x),
  w: isWord,
  W: (x) => !isWord(x),
  s: isSpace,
  S: (x) => !isSpace(x),
};

/** Automaton states: `char` steps over one matching character, the others are free moves. */
type State =
  | { k: "char"; test: Predicate; out: number }
  | { k: "split"; a: number; b: number }
  | { k: "start"; out: number }
  | { k: "end"; out: number }
  | { k: "match" };

/** Builds the automaton of `node` leading to state `next`; the index of its first state. */
function build(node: Node, next: number, states: State[]): number {
  if (states.length > MAX_STATES) throw new Unsupported("too many states");
  const add = (s: State): number => states.push(s) - 1;
  switch (node.t) {
    case "char":
      return add({ k: "char", test: node.test, out: next });
    case "start":
      return add({ k: "start", out: next });
    case "end":
      return add({ k: "end", out: next });
    case "seq": {
      let at = next;
      for (let i = node.items.length - 1; i >= 0; i--) at = build(node.items[i]!, at, states);
      return at;
    }
    case "alt": {
      let at = build(node.options[node.options.length - 1]!, next, states);
      for (let i = node.options.length - 2; i >= 0; i--) at = add({ k: "split", a: build(node.options[i]!, next, states), b: at });
      return at;
    }
    case "rep": {
      let at = next;
      if (node.max === Infinity) {
        const loop = add({ k: "split", a: -1, b: next });
        (states[loop] as Extract<State, { k: "split" }>).a = build(node.node, loop, states);
        at = loop;
      } else {
        for (let i = node.min; i < node.max; i++) at = add({ k: "split", a: build(node.node, at, states), b: next });
      }
      for (let i = 0; i < node.min; i++) at = build(node.node, at, states);
      return at;
    }
  }
}

/** The states free moves reach from each state, away from both ends of the string. */
interface Closures {
  /** Per state: the `char` states reached. */
  readonly chars: Int32Array[];
  /** Per state: whether the match state is reached. */
  readonly matches: Uint8Array;
}

/** Char states and match reached from `from` by free moves at position `at` of a string of `length`. */
function closure(states: readonly State[], from: number, at: number, length: number): { chars: number[]; match: boolean } {
  const seen = new Uint8Array(states.length);
  const stack = [from];
  const chars: number[] = [];
  let match = false;
  while (stack.length > 0) {
    const i = stack.pop()!;
    if (seen[i]) continue;
    seen[i] = 1;
    const state = states[i]!;
    if (state.k === "char") chars.push(i);
    else if (state.k === "match") match = true;
    else if (state.k === "split") stack.push(state.b, state.a);
    else if (state.k === "start" ? at === 0 : at === length) stack.push(state.out);
  }
  return { chars, match };
}

function middleClosures(states: readonly State[]): Closures {
  const chars: Int32Array[] = [];
  const matches = new Uint8Array(states.length);
  states.forEach((_, i) => {
    // Position 1 of a string of 2: neither at the start nor at the end.
    const c = closure(states, i, 1, 2);
    chars.push(Int32Array.from(c.chars));
    matches[i] = c.match ? 1 : 0;
  });
  return { chars, matches };
}

/** A pattern's linear-time test, or `undefined` when the pattern is outside the syntax read here. */
export function linearPattern(source: string, flags: string): { test(text: string): boolean } | undefined {
  if (!/^u?$/.test(flags)) return undefined;
  let start: number;
  const states: State[] = [{ k: "match" }];
  try {
    start = build(new Parser(source).parse(), 0, states);
  } catch (error) {
    if (error instanceof Unsupported) return undefined;
    throw error;
  }
  const unicode = flags === "u";
  const middle = middleClosures(states);
  // Anchored at the start: no match can begin past position 0.
  const anchored = middle.chars[start]!.length === 0 && middle.matches[start] === 0;
  const sets = new StateSets(states, middle, anchored ? -1 : start);
  return {
    test(text: string): boolean {
      const length = text.length;
      const first = closure(states, start, 0, length);
      if (first.match) return true;
      let set = sets.idOf(first.chars);
      for (let at = 0; at < length; ) {
        let c = text.charCodeAt(at);
        let width = 1;
        if (unicode && c >= 0xd800 && c <= 0xdbff && at + 1 < length) {
          const low = text.charCodeAt(at + 1);
          if (low >= 0xdc00 && low <= 0xdfff) {
            c = (c - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000;
            width = 2;
          }
        }
        at += width;
        // The last step reaches the end, where `$` holds: computed apart from the cached steps.
        if (at === length) return sets.finalStep(set, c, length, anchored ? -1 : start);
        set = sets.step(set, c);
        if (set === MATCHED) return true;
        if (set === sets.empty && anchored) return false;
      }
      return false;
    },
  };
}

/** What a step gives when the match state is reached. */
const MATCHED = -1;
/** Sets of states kept before the cache is emptied (each costs one step's work to rebuild). */
const MAX_SETS = 2_000;

/**
 * The sets of `char` states the automaton can be in, numbered as they are met, with the step
 * from each on each character cached (a lazily built deterministic automaton): a long string
 * then costs one table lookup per character once its sets are known. The cache is emptied when
 * it grows past {@link MAX_SETS}, so each character still costs at most one step of the
 * automaton.
 */
class StateSets {
  private members: Int32Array[] = [];
  private ids = new Map<string, number>();
  /** Per set: the next set for each ASCII character (-2: not computed yet). */
  private ascii: Int32Array[] = [];
  private other: Map<number, number>[] = [];
  /** The empty set's number (its own number survives the cache being emptied). */
  empty = 0;

  constructor(
    private readonly states: readonly State[],
    private readonly middle: Closures,
    /** The start state, entered again at every position (-1 when anchored at the start). */
    private readonly restart: number,
  ) {
    this.reset();
  }

  private reset(): void {
    this.members = [];
    this.ids.clear();
    this.ascii = [];
    this.other = [];
    this.empty = this.idOf([]);
  }

  idOf(chars: ArrayLike<number>): number {
    const sorted = Int32Array.from(chars).sort();
    const key = sorted.join(",");
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.members.length;
      this.ids.set(key, id);
      this.members.push(sorted);
      this.ascii.push(new Int32Array(128).fill(-2));
      this.other.push(new Map());
    }
    return id;
  }

  /** The set after character `c` away from the end of the string, or {@link MATCHED}. */
  step(set: number, c: number): number {
    const cached = c < 128 ? this.ascii[set]![c]! : (this.other[set]!.get(c) ?? -2);
    if (cached !== -2) return cached;
    const seen = new Set<number>();
    let matched = false;
    const enter = (from: number) => {
      if (this.middle.matches[from] === 1) matched = true;
      for (const s of this.middle.chars[from]!) seen.add(s);
    };
    for (const s of this.members[set]!) {
      const state = this.states[s] as Extract<State, { k: "char" }>;
      if (state.test(c)) enter(state.out);
    }
    if (this.restart >= 0) enter(this.restart);
    if (this.members.length >= MAX_SETS) {
      const members = [...seen];
      this.reset();
      return matched ? MATCHED : this.idOf(members);
    }
    const next = matched ? MATCHED : this.idOf([...seen]);
    if (c < 128) this.ascii[set]![c] = next;
    else this.other[set]!.set(c, next);
    return next;
  }

  /** Whether the match state is reached after the last character `c`, at the end of the string. */
  finalStep(set: number, c: number, length: number, restart: number): boolean {
    for (const s of this.members[set]!) {
      const state = this.states[s] as Extract<State, { k: "char" }>;
      if (state.test(c) && closure(this.states, state.out, length, length).match) return true;
    }
    return restart >= 0 && closure(this.states, restart, length, length).match;
  }
}
