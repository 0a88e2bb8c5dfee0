/**
 * The form a field's stated default takes once decoded. Octez's JSON leaves out a `dft` field
 * holding its default, so a decoder leaves out a field whose value equals this form. A stated
 * default may spell out fields that are themselves defaulted (`{ latency: 150, … }`), which
 * decoding leaves out: the value is compared with the default as decoding would give it.
 */

import { decodeBytes, encodeBytes, type Codec } from "@tezos-rpcgen/runtime";

/** `value` written by `codec` and read back. */
export function decodedDefault(codec: Codec<unknown>, value: unknown): unknown {
  return decodeBytes(codec, encodeBytes(codec, value));
}
