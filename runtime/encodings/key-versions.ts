/**
 * The signature schemes of Octez's `Signature` module and its versions (`Signature.V0` to
 * `Signature.V3`, `src/lib_crypto/signature_v*.ml`): one table from which the key codecs
 * (`keys.ts`), the JSON validators' groups and the generator's known encodings are all derived.
 *
 * Each version adds schemes and never renumbers one: a scheme's binary tag is its position here,
 * the same in every version (V0: Ed25519, Secp256k1, P256; V1 and V2 add BLS12-381; V3 adds
 * ML-DSA-44). A protocol names its current version without a number (`Signature.Public_key_hash`
 * is V2 in Tallinn and V3 in Ushuaia), so a codec cannot tell the version from the name: the key
 * codecs accept every scheme of the newest version, which reads and writes every value of an older
 * version with the same bytes (a value of a newer scheme is then refused by the older node, not
 * by the codec).
 */
import { BASE58, type Base58Kind } from "./base58/prefixes.ts";

/** One signature scheme: its Base58Check types and the size of its signatures. */
export interface KeyScheme {
  /** The names Octez's titles give the scheme (`"A Ed25519, Secp256k1, P256, or BLS public key hash"`). */
  readonly names: readonly string[];
  readonly publicKeyHash: Base58Kind;
  readonly publicKey: Base58Kind;
  /** The scheme's own signature text (`edsig…`, `BLsig…`, `mdsig…`). */
  readonly signature: Base58Kind;
}

/** Every scheme, in binary tag order: the tag of a key hash or key is the scheme's index. */
export const KEY_SCHEMES: readonly KeyScheme[] = [
  { names: ["Ed25519"], publicKeyHash: BASE58.ed25519_public_key_hash, publicKey: BASE58.ed25519_public_key, signature: BASE58.ed25519_signature },
  { names: ["Secp256k1"], publicKeyHash: BASE58.secp256k1_public_key_hash, publicKey: BASE58.secp256k1_public_key, signature: BASE58.secp256k1_signature },
  { names: ["P256"], publicKeyHash: BASE58.p256_public_key_hash, publicKey: BASE58.p256_public_key, signature: BASE58.p256_signature },
  { names: ["BLS", "Bls12_381"], publicKeyHash: BASE58.bls12_381_public_key_hash, publicKey: BASE58.bls12_381_public_key, signature: BASE58.bls12_381_signature },
  { names: ["Mldsa44"], publicKeyHash: BASE58.mldsa44_public_key_hash, publicKey: BASE58.mldsa44_public_key, signature: BASE58.mldsa44_signature },
];

/** How many schemes (the first ones of {@link KEY_SCHEMES}) each version of `Signature` accepts, by version number. */
export const KEY_VERSION_SCHEMES: readonly number[] = [3, 4, 4, 5];

/** The schemes of `Signature.V<version>`. */
export function keySchemesOf(version: number): readonly KeyScheme[] {
  const count = KEY_VERSION_SCHEMES[version];
  if (count === undefined) throw new RangeError(`no Signature.V${version}: the versions known are V0 to V${KEY_VERSION_SCHEMES.length - 1}`);
  return KEY_SCHEMES.slice(0, count);
}

/** The newest version's schemes: what the key codecs accept. */
export const NEWEST_KEY_SCHEMES: readonly KeyScheme[] = keySchemesOf(KEY_VERSION_SCHEMES.length - 1);

/**
 * The Base58Check type of a signature of `length` raw bytes, as Octez prints it: the generic
 * `sig…` for 64 bytes (Ed25519, Secp256k1 and P256 signatures cannot be told apart by their
 * bytes), else the one scheme whose signatures have that length (`BLsig…` 96, `mdsig…` 2420).
 */
export function signatureKindOfLength(length: number): Base58Kind | undefined {
  if (length === BASE58.generic_signature.payloadLength) return BASE58.generic_signature;
  return NEWEST_KEY_SCHEMES.find((scheme) => scheme.signature.payloadLength === length)?.signature;
}
