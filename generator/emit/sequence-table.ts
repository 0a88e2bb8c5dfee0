/**
 * Hash-consing of number sequences: each distinct sequence gets a number of its own, the same
 * every time it is met again. Structures are interned bottom-up as the sequence of their parts'
 * numbers (json-classes.ts, repeated-subschemas.ts), so that telling whether two structures
 * are equal costs one lookup, however deep they are, and builds no text.
 *
 * Structures of different kinds must never compare equal, so each sequence starts with a kind
 * tag handed out by the table ({@link SequenceTable.newKind}).
 *
 * A sequence is written on the table's stack ({@link SequenceTable.open}, `add`, `close`), so
 * that nested structures can be interned while an enclosing one is being written: each
 * structure's parts are known once the structures inside it are closed. It is looked up by a
 * 32-bit hash of its numbers, then compared number by number with the sequences already stored
 * under that hash: the hash only narrows the search, equality is always checked.
 */

/** Numbers given to the sequences met, from 0 in order of first appearance. */
export class SequenceTable {
  /** Hash → number of the last sequence stored with that hash. */
  private readonly lastWithHash = new Map<number, number>();
  /** Sequence number → number of the previous sequence with the same hash, or -1. */
  private readonly previousWithHash: number[] = [];
  /** Sequence number → its numbers. */
  private readonly sequences: number[][] = [];
  /** The sequences being written, innermost on top (entries from {@link top} on are stale). */
  private readonly stack: number[] = [];
  private top = 0;
  private kinds = 0;

  /** A tag no other kind of this table has, to start the sequences of one kind of structure. */
  newKind(): number {
    return this.kinds++;
  }

  /** How many distinct sequences have been met; the next new one gets this number. */
  get size(): number {
    return this.sequences.length;
  }

  /** Starts writing a sequence of kind `kind`; returns its mark, for {@link close}. */
  open(kind: number): number {
    const mark = this.top;
    this.stack[this.top++] = kind;
    return mark;
  }

  /** Appends a number to the sequence being written last. */
  add(part: number): void {
    this.stack[this.top++] = part;
  }

  /** Ends the sequence opened at `mark`: its number (a new one if it was never met). */
  close(mark: number): number {
    const stack = this.stack;
    const end = this.top;
    this.top = mark;
    const length = end - mark;
    let hash = length;
    for (let i = mark; i < end; i++) hash = Math.imul(hash ^ stack[i]!, 0x9e3779b1) ^ (hash >>> 15);
    hash &= 0x3fffffff; // small enough for the engine to keep the map's keys unboxed
    const last = this.lastWithHash.get(hash);
    for (let candidate = last ?? -1; candidate >= 0; candidate = this.previousWithHash[candidate]!) {
      const stored = this.sequences[candidate]!;
      if (stored.length !== length) continue;
      let i = 0;
      while (i < length && stored[i] === stack[mark + i]) i++;
      if (i === length) return candidate;
    }
    const number = this.sequences.length;
    this.sequences.push(stack.slice(mark, end));
    this.previousWithHash.push(last ?? -1);
    this.lastWithHash.set(hash, number);
    return number;
  }
}
