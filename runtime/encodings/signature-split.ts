/**
 * Octez's operations carry their signature split (protocols 019 on): the binary form is the
 * contents, then the signature's last 64 bytes; a BLS signature, 96 bytes, puts its first 32
 * bytes as a last contents element (the `Signature_prefix` case, whose JSON is the prefix as hex)
 * before them. The JSON has the contents alone and the whole signature. A generated codec of
 * such an object reads and writes the binary form, and converts with these two functions at its
 * edges: {@link joinSignaturePrefix} after decoding, {@link splitSignaturePrefix} before encoding.
 * Anything else passes through unchanged, for the codec to accept or refuse with its typed error.
 */

import { BASE58 } from "./base58/prefixes.ts";
import { decodeBase58Check, encodeBase58Check } from "./base58/check.ts";
import { bytesToHex, hexToBytes } from "../codec/primitives/hex.ts";

interface SignedParts {
  contents?: unknown;
  signature?: unknown;
}

/** A decoded operation's contents and signature as its JSON has them: a BLS prefix element joined to the signature. */
export function joinSignaturePrefix<T>(value: T): T {
  if (typeof value !== "object" || value === null) return value;
  const { contents, signature } = value as SignedParts;
  if (!Array.isArray(contents) || typeof signature !== "string") return value;
  const last: unknown = contents[contents.length - 1];
  if (typeof last !== "string") return value;
  const suffix = decodeBase58Check(BASE58.generic_signature, signature);
  const whole = new Uint8Array(96);
  whole.set(hexToBytes(last), 0);
  whole.set(suffix, 32);
  return { ...value, contents: contents.slice(0, -1), signature: encodeBase58Check(BASE58.bls12_381_signature, whole) };
}

/** An operation to encode with a BLS signature: its first 32 bytes as a last contents element, the signature its last 64. */
export function splitSignaturePrefix<T>(value: T): T {
  if (typeof value !== "object" || value === null) return value;
  const { contents, signature } = value as SignedParts;
  if (!Array.isArray(contents) || typeof signature !== "string" || !signature.startsWith(BASE58.bls12_381_signature.leading)) return value;
  let whole: Uint8Array;
  try {
    whole = decodeBase58Check(BASE58.bls12_381_signature, signature);
  } catch {
    return value; // not a BLS signature after all: the signature's own encoder says why, at its place
  }
  return { ...value, contents: [...contents, bytesToHex(whole.subarray(0, 32))], signature: encodeBase58Check(BASE58.generic_signature, whole.slice(32)) };
}
