/**
 * The shape of Base58Check text, for the generated JSON validators: the right leading
 * characters and total length for one of the group's types, every character in the Base58
 * alphabet. Octez's prefixes give every type a fixed length and leading characters, so the
 * shape says the text decodes to the right prefix and payload size; only the 4-byte checksum is
 * left unchecked. That needs neither Base58 decoding nor SHA-256, so JSON-only applications do
 * not bundle them; receivers of untrusted input add the checksum test (`BASE58_CHECKSUMS`,
 * see `JsonValidationOptions`). The generator writes each group's pattern
 * (`tezosBase58Pattern`) into the validators module.
 */
import { asciiUnistringText } from "./internal/bytes.ts";

/** Longer than the longest Base58Check text of any type: a byte form past it is not converted. */
const LONGEST_TEXT = 256;

/**
 * True when `value` (text, or Octez's `{"invalid_utf8_string": […]}` form of ASCII text)
 * matches `shape`, a group's pattern.
 */
export function isBase58Shaped(value: unknown, shape: RegExp): boolean {
  const text = asciiUnistringText(value, LONGEST_TEXT);
  return text !== undefined && shape.test(text);
}
