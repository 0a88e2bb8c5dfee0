/**
 * Octez's operations carry their signature split (protocols 019 on): the binary form is the
 * contents, then the signature's last 64 bytes; a longer signature (BLS, 96 bytes; ML-DSA-44 from
 * protocol 025, 2420 bytes) puts the bytes before those 64 as a last contents element (the
 * `Signature_prefix` case, whose JSON is the prefix as hex; its tag, 3 or 4, is the scheme's key
 * tag) before them. The JSON has the contents alone and the whole signature. A generated codec of
 * such an object reads and writes the binary form, and converts with these two functions at its
 * edges: {@link joinSignaturePrefix} after decoding, {@link splitSignaturePrefix} before encoding.
 * Anything else passes through unchanged, for the codec to accept or refuse with its typed error.
 */

import { BASE58 } from "./base58/prefixes.ts";
import { decodeBase58Check, encodeBase58Check } from "./base58/check.ts";
import { bytesToHex, hexToBytes } from "../codec/primitives/hex.ts";
import { NEWEST_KEY_SCHEMES } from "./key-versions.ts";

/** The 64 bytes every signature keeps in place: the whole of a 64-byte one, the end of a longer one. */
const SUFFIX_LENGTH = BASE58.generic_signature.payloadLength;

/** The signature types longer than 64 bytes, which an operation splits (`BLsig…`, `mdsig…`). */
const SPLIT_KINDS = NEWEST_KEY_SCHEMES.map((scheme) => scheme.signature).filter((kind) => kind.payloadLength > SUFFIX_LENGTH);

interface SignedParts {
  contents?: unknown;
  signature?: unknown;
}

/** A decoded operation's contents and signature as its JSON has them: a prefix element joined to the signature. */
export function joinSignaturePrefix<T>(value: T): T {
  if (typeof value !== "object" || value === null) return value;
  const { contents, signature } = value as SignedParts;
  if (!Array.isArray(contents) || typeof signature !== "string") return value;
  const last: unknown = contents[contents.length - 1];
  if (typeof last !== "string") return value;
  const prefix = hexToBytes(last);
  // The prefix's length tells the scheme (its tag, which the binary form had, is not kept).
  const kind = SPLIT_KINDS.find((k) => k.payloadLength === prefix.length + SUFFIX_LENGTH);
  if (kind === undefined) return value;
  const suffix = decodeBase58Check(BASE58.generic_signature, signature);
  const whole = new Uint8Array(kind.payloadLength);
  whole.set(prefix, 0);
  whole.set(suffix, prefix.length);
  return { ...value, contents: contents.slice(0, -1), signature: encodeBase58Check(kind, whole) };
}

/** An operation to encode with a long signature: all but its last 64 bytes as a last contents element, the signature those 64. */
export function splitSignaturePrefix<T>(value: T): T {
  if (typeof value !== "object" || value === null) return value;
  const { contents, signature } = value as SignedParts;
  if (!Array.isArray(contents) || typeof signature !== "string") return value;
  const kind = SPLIT_KINDS.find((k) => signature.startsWith(k.leading) && signature.length === k.encodedLength);
  if (kind === undefined) return value;
  let whole: Uint8Array;
  try {
    whole = decodeBase58Check(kind, signature);
  } catch {
    return value; // not such a signature after all: the signature's own encoder says why, at its place
  }
  const cut = whole.length - SUFFIX_LENGTH;
  return { ...value, contents: [...contents, bytesToHex(whole.subarray(0, cut))], signature: encodeBase58Check(BASE58.generic_signature, whole.slice(cut)) };
}
