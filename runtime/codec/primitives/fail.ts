/**
 * Small throw helpers shared by the primitives and by generated code. They keep the hot paths
 * short: a check is written inline and calls one of these only on failure, so no error text is
 * built while decoding or encoding succeeds.
 */
import { DecodeError, EncodeError, describeValue } from "../errors.ts";
import type { BinaryReader } from "../reader.ts";
import type { BinaryWriter } from "../writer.ts";

/** Fails because fewer than `n` bytes are left in the reader's frame. */
export function failShort(r: BinaryReader, n: number, what: string): never {
  const left = r.end - r.offset;
  throw new DecodeError(`${n} byte${n === 1 ? "" : "s"} for ${what}`, `${left} byte${left === 1 ? "" : "s"} left in frame`, r.offset);
}

/** Fails decoding at `offset` (the start of the offending value). */
export function failDecode(offset: number, expected: string, found: string): never {
  throw new DecodeError(expected, found, offset);
}

/** Fails encoding `value`, which is not what `expected` describes. */
export function failValue(w: BinaryWriter, expected: string, value: unknown): never {
  throw new EncodeError(expected, describeValue(value), w.length);
}

/** Fails encoding with a free-form `found` text. */
export function failEncode(w: BinaryWriter, expected: string, found: string): never {
  throw new EncodeError(expected, found, w.length);
}
