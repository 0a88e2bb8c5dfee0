/**
 * Public key hashes, public keys and signatures of the `Signature` module: JSON carries them as
 * Base58Check strings of any supported scheme, binary as a scheme tag and the raw bytes (keys and
 * key hashes) or the raw bytes alone (signatures). The schemes and their tags come from
 * `key-versions.ts`; the codecs accept the newest version's, which covers every older one.
 */
import { DYNAMIC, VARIABLE, fixedKind, type Codec } from "../codec/codec.ts";
import { DecodeError, EncodeError } from "../codec/errors.ts";
import type { BinaryReader } from "../codec/reader.ts";
import type { BinaryWriter } from "../codec/writer.ts";
import { encodeBase58CheckRange, expectedBase58, isBase58Problem, readAnyBase58Check, writeAnyBase58CheckPayload } from "./base58/check.ts";
import { BASE58, type Base58Kind } from "./base58/prefixes.ts";
import { NEWEST_KEY_SCHEMES, signatureKindOfLength } from "./key-versions.ts";

/**
 * Key hash types in binary tag order (0 Ed25519, 1 Secp256k1, 2 P256, 3 BLS12-381, 4 ML-DSA-44):
 * every scheme of the newest `Signature` version (`key-versions.ts`).
 */
export const PUBLIC_KEY_HASH_KINDS: readonly Base58Kind[] = NEWEST_KEY_SCHEMES.map((scheme) => scheme.publicKeyHash);

/** Public key types in binary tag order, as {@link PUBLIC_KEY_HASH_KINDS}. */
export const PUBLIC_KEY_KINDS: readonly Base58Kind[] = NEWEST_KEY_SCHEMES.map((scheme) => scheme.publicKey);

/** Signature strings accepted for a 64-byte signature: the generic form first (the one printed). */
export const SIGNATURE_64_KINDS: readonly Base58Kind[] = [
  BASE58.generic_signature,
  ...NEWEST_KEY_SCHEMES.map((scheme) => scheme.signature).filter((kind) => kind.payloadLength === BASE58.generic_signature.payloadLength),
];

/** Reads a curve tag and the key (hash) bytes that follow it. */
function readTagged(reader: BinaryReader, kinds: readonly Base58Kind[], what: string): string {
  const at = reader.offset;
  const tag = reader.uint8();
  const kind = kinds[tag];
  if (kind === undefined) throw new DecodeError(`a ${what} tag (0 to ${kinds.length - 1})`, `tag ${tag}`, at);
  const start = reader.offset;
  reader.need(kind.payloadLength, kind.title);
  reader.offset = start + kind.payloadLength;
  return encodeBase58CheckRange(kind, reader.bytes, start);
}

/** Writes the curve tag and bytes of a key (hash) string of any of `kinds`. */
function writeTagged(writer: BinaryWriter, kinds: readonly Base58Kind[], value: string, what: string): void {
  if (writeAnyBase58CheckPayload(writer, kinds, value, true)) return;
  const found = readAnyBase58Check(kinds, value);
  if (isBase58Problem(found)) {
    throw new EncodeError(`${what} (${kinds.map((k) => k.leading).join(", ")}…)`, found.problem, writer.length);
  }
  writer.uint8(kinds.indexOf(found.kind));
  writer.raw(found.payload);
}

/** Reads a `public_key_hash` (curve tag, 20 bytes) as `tz1…`–`tz5…`. */
export function readPublicKeyHash(reader: BinaryReader): string {
  return readTagged(reader, PUBLIC_KEY_HASH_KINDS, "public key hash");
}

/** Writes a `tz1…`–`tz5…` string as a `public_key_hash`. */
export function writePublicKeyHash(writer: BinaryWriter, value: string): void {
  writeTagged(writer, PUBLIC_KEY_HASH_KINDS, value, "a public key hash");
}

/** Reads a `public_key` (curve tag, key bytes) as `edpk…`, `sppk…`, `p2pk…`, `BLpk…` or `mdpk…`. */
export function readPublicKey(reader: BinaryReader): string {
  return readTagged(reader, PUBLIC_KEY_KINDS, "public key");
}

/** Writes an `edpk…`, `sppk…`, `p2pk…`, `BLpk…` or `mdpk…` string as a `public_key`. */
export function writePublicKey(writer: BinaryWriter, value: string): void {
  writeTagged(writer, PUBLIC_KEY_KINDS, value, "a public key");
}

/** `public_key_hash`: 21 bytes, curve tag then 20 bytes; JSON `tz1…` to `tz5…`. */
export const publicKeyHashCodec: Codec<string> = /* @__PURE__ */ Object.freeze({
  decode: readPublicKeyHash,
  encode: writePublicKeyHash,
  dataKind: /* @__PURE__ */ fixedKind(21),
});

/** `public_key`: curve tag then 32 (Ed25519), 33 (Secp256k1, P256), 48 (BLS) or 1312 (ML-DSA-44) bytes; JSON `edpk…`, `sppk…`, `p2pk…`, `BLpk…`, `mdpk…`. */
export const publicKeyCodec: Codec<string> = /* @__PURE__ */ Object.freeze({
  decode: readPublicKey,
  encode: writePublicKey,
  // A union of cases of different sizes: Dynamic in binary schemas.
  dataKind: DYNAMIC,
});

function writeSignatureOf(writer: BinaryWriter, kinds: readonly Base58Kind[], value: string): void {
  if (writeAnyBase58CheckPayload(writer, kinds, value, false)) return;
  const found = readAnyBase58Check(kinds, value);
  if (isBase58Problem(found)) {
    throw new EncodeError(`a signature (${kinds.map((k) => k.leading).join(", ")}…)`, found.problem, writer.length);
  }
  writer.raw(found.payload);
}

/**
 * Reads a signature of 64 raw bytes, as in the encodings of the 2021–2022 dumps, in the generic
 * `sig…` form, which is what Octez prints (the recorded operation vectors decode to `sig…`).
 */
export function readSignature(reader: BinaryReader): string {
  const start = reader.offset;
  reader.need(64, "a signature");
  reader.offset = start + 64;
  return encodeBase58CheckRange(BASE58.generic_signature, reader.bytes, start);
}

/** Writes a 64-byte signature given as `sig…`, `edsig…`, `spsig1…` or `p2sig…`. */
export function writeSignature(writer: BinaryWriter, value: string): void {
  writeSignatureOf(writer, SIGNATURE_64_KINDS, value);
}

/** Every signature string form: the 64-byte forms, then each scheme's own longer form (`BLsig…` 96 bytes, `mdsig…` 2420). */
export const ANY_SIGNATURE_KINDS: readonly Base58Kind[] = [
  ...SIGNATURE_64_KINDS,
  ...NEWEST_KEY_SCHEMES.map((scheme) => scheme.signature).filter((kind) => !SIGNATURE_64_KINDS.includes(kind)),
];

/** The lengths a signature running to the end of its frame may have, for messages (`64, 96 or 2420`). */
const VARIABLE_SIGNATURE_LENGTHS = /* @__PURE__ */ (() => {
  const lengths = [...new Set(ANY_SIGNATURE_KINDS.map((kind) => kind.payloadLength))];
  return `${lengths.slice(0, -1).join(", ")} or ${lengths[lengths.length - 1]}`;
})();

/**
 * Reads a signature running to the end of the frame, printed as Octez prints it: 64 bytes as
 * `sig…`, 96 as `BLsig…`, 2420 as `mdsig…` (`signatureKindOfLength`).
 */
export function readVariableSignature(reader: BinaryReader): string {
  const start = reader.offset;
  const length = reader.remaining();
  const kind = signatureKindOfLength(length);
  if (kind === undefined) throw new DecodeError(`a signature of ${VARIABLE_SIGNATURE_LENGTHS} bytes to the end of the frame`, `${length} bytes`, start);
  reader.offset = start + length;
  return encodeBase58CheckRange(kind, reader.bytes, start);
}

/** Writes the bytes of any 64-byte signature form, of a `BLsig…` (96 bytes) or of an `mdsig…` (2420 bytes). */
export function writeVariableSignature(writer: BinaryWriter, value: string): void {
  writeSignatureOf(writer, ANY_SIGNATURE_KINDS, value);
}

/**
 * A signature of 64 raw bytes. Any of `sig…`, `edsig…`, `spsig1…`, `p2sig…` is accepted on
 * input; output is the generic `sig…` form.
 */
export const signatureCodec: Codec<string> = /* @__PURE__ */ Object.freeze({
  decode: readSignature,
  encode: writeSignature,
  dataKind: /* @__PURE__ */ fixedKind(64),
});

/**
 * A signature that runs to the end of its frame (`Variable` bytes), as in protocols with BLS or
 * ML-DSA-44 signers: 64 bytes print as `sig…`, 96 as `BLsig…`, 2420 as `mdsig…`; any other
 * length is an error.
 */
export const variableSignatureCodec: Codec<string> = /* @__PURE__ */ Object.freeze({
  decode: readVariableSignature,
  encode: writeVariableSignature,
  dataKind: VARIABLE,
});

/** What a valid key hash string looks like, for messages elsewhere. */
export const EXPECTED_PUBLIC_KEY_HASH = /* @__PURE__ */ (() => `a public key hash (${PUBLIC_KEY_HASH_KINDS.map((k) => expectedBase58(k)).join(" or ")})`)();
