/**
 * `int64` values in the value model are decimal strings. The codec itself is the primitive
 * `int64` of `runtime/codec/primitives/integers.ts`; this module keeps the parsing used by the
 * known encodings built on int64 (timestamps).
 */
import { EncodeError, describeValue } from "../codec/errors.ts";
import { int64Digits } from "../codec/primitives/integers.ts";

export const INT64_MIN = -(2n ** 63n);
export const INT64_MAX = 2n ** 63n - 1n;

const DECIMAL = /^[+-]?\d+$/;

/**
 * The value of a decimal `int64` string, or `undefined` when it is not one (bad syntax or out
 * of range). A leading `+` and leading zeros are accepted, like OCaml's `Int64.of_string`.
 */
export function parseInt64(text: string): bigint | undefined {
  const digits = DECIMAL.test(text) ? int64Digits(text) : undefined;
  if (digits === undefined) return undefined;
  const value = BigInt(digits);
  return value < INT64_MIN || value > INT64_MAX ? undefined : value;
}

/** Parses a JSON `int64` value for encoding; fails with an {@link EncodeError} at `offset`. */
export function int64ForEncoding(value: unknown, offset: number): bigint {
  const parsed = typeof value === "string" ? parseInt64(value) : undefined;
  if (parsed === undefined) throw new EncodeError("an int64 as a decimal string (−2^63 to 2^63 − 1)", describeValue(value), offset);
  return parsed;
}
