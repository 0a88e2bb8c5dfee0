/**
 * Classes of JSON values: two values get the same class exactly when their canonical JSON
 * (canonical-json.ts) is the same text, that is when they are equal whatever the key order of
 * their objects. A class is found without writing any text: arrays and objects are interned
 * bottom-up in a {@link SequenceTable} as the classes of their parts (an object's in sorted key
 * order, leaving out the properties whose value is `undefined`, as JSON does), and each
 * distinct primitive value gets a number of its own.
 *
 * The class of a value is a number: a primitive's is negative, a structure's is its sequence
 * number in the table (which other kinds of structures may share, see repeated-subschemas.ts).
 * The length of the canonical text of each class is kept, for those who measure values by it.
 */

import { compareStrings } from "./names.ts";
import type { SequenceTable } from "./sequence-table.ts";

export class JsonClasses {
  private readonly arrayKind: number;
  private readonly objectKind: number;
  /** Primitive value → its index (its class is `~index`, negative). */
  private readonly primitives = new Map<unknown, number>();
  /** Primitive index → length of its JSON text. */
  private readonly primitiveLengths: number[] = [];
  /** Sequence number → length of the canonical text (set for arrays and objects only). */
  private readonly structureLengths: number[] = [];

  constructor(private readonly table: SequenceTable) {
    this.arrayKind = table.newKind();
    this.objectKind = table.newKind();
  }

  /** The class of `value` (see the module comment). */
  of(value: unknown): number {
    if (value === null || typeof value !== "object") return this.primitive(value);
    const table = this.table;
    let mark: number;
    let length = 2;
    if (Array.isArray(value)) {
      mark = table.open(this.arrayKind);
      for (let i = 0; i < value.length; i++) {
        // JSON writes `null` for an array's undefined items.
        const item = this.of(value[i] === undefined ? null : value[i]);
        table.add(item);
        length += (i > 0 ? 1 : 0) + this.textLength(item);
      }
    } else {
      mark = table.open(this.objectKind);
      const object = value as Record<string, unknown>;
      let first = true;
      for (const key of sortedKeys(object)) {
        const inner = object[key];
        if (inner === undefined) continue;
        const name = this.primitive(key);
        const content = this.of(inner);
        length += (first ? 0 : 1) + this.textLength(name) + 1 + this.textLength(content);
        first = false;
        table.add(name);
        table.add(content);
      }
    }
    const known = table.size;
    const klass = table.close(mark);
    if (klass === known) this.structureLengths[klass] = length;
    return klass;
  }

  /**
   * The length of the canonical JSON text of a class `of` gave. A lone `undefined` (which JSON
   * leaves out) counts as the 9 characters of `undefined`.
   */
  textLength(klass: number): number {
    return klass < 0 ? this.primitiveLengths[~klass]! : this.structureLengths[klass]!;
  }

  private primitive(value: unknown): number {
    let index = this.primitives.get(value);
    if (index === undefined) {
      index = this.primitiveLengths.length;
      this.primitives.set(value, index);
      this.primitiveLengths.push(String(JSON.stringify(value)).length);
    }
    return ~index;
  }
}

/** The keys of `object` in sorted order (the order of {@link compareStrings}). */
export function sortedKeys(object: object): string[] {
  const keys = Object.keys(object);
  if (keys.length > 16) return keys.sort(compareStrings);
  // Insertion sort, much faster than a general sort on the handful of keys schemas have.
  for (let i = 1; i < keys.length; i++) {
    const key = keys[i]!;
    let j = i;
    while (j > 0 && keys[j - 1]! > key) {
      keys[j] = keys[j - 1]!;
      j--;
    }
    keys[j] = key;
  }
  return keys;
}
