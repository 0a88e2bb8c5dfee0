/**
 * Keys and signatures of implicit accounts, as protocol Tallinn checks them: a public key
 * hash is BLAKE2b-160 of the raw key bytes, and an operation's signature covers the watermark
 * byte `0x03` followed by the forged operation.
 *
 * How each curve signs (Octez's `Signature` module, the same facts Taquito's signer follows):
 * - tz1 Ed25519: Ed25519 over BLAKE2b-256 of the signed bytes;
 * - tz2 Secp256k1 and tz3 P256: ECDSA over BLAKE2b-256 of the signed bytes (that digest is
 *   the message hash itself: no further SHA-256), 64-byte `r‖s`; Secp256k1 wants the low-S form;
 * - tz4 BLS12-381 (min-pk: 48-byte keys, 96-byte signatures): the signed bytes themselves,
 *   hashed to G2 with the proof-of-possession ciphersuite's tag.
 */
import { blake2b } from "@noble/hashes/blake2.js";
import { ed25519 } from "@noble/curves/ed25519.js";
import { p256 } from "@noble/curves/nist.js";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { bls12_381 } from "@noble/curves/bls12-381.js";
import { ANY_SIGNATURE_KINDS, blake2b256, keySchemesOf, encodeBase58Check, readAnyBase58Check, isBase58Problem, type Base58Kind } from "@tezos-rpcgen/runtime";

/** Watermark of manager and other non-consensus operations (Octez `Signature.Generic_operation`). */
export const GENERIC_OPERATION_WATERMARK = 0x03;

/** The ciphersuite tag Tezos hashes BLS messages with (proof-of-possession scheme). */
export const BLS_DST = "BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_";
/** The tag of a BLS proof of possession: the key's own bytes signed under it. */
export const BLS_POP_DST = "BLS_POP_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_";

/** The four curves of implicit accounts, in their binary tag order. */
export type Curve = "ed25519" | "secp256k1" | "p256" | "bls12_381";
const CURVES: readonly Curve[] = ["ed25519", "secp256k1", "p256", "bls12_381"];

/**
 * Tallinn's `Signature` is V2, whose schemes are these four curves: the runtime's key codecs
 * accept V3's ML-DSA-44 (`tz5…`, `mdpk…`) too, which Tallinn refuses.
 */
const TALLINN_SCHEMES = keySchemesOf(2);
/** `tz1…`–`tz4…`, in their binary tag order. */
export const TALLINN_KEY_HASH_KINDS: readonly Base58Kind[] = TALLINN_SCHEMES.map((scheme) => scheme.publicKeyHash);
const TALLINN_KEY_KINDS: readonly Base58Kind[] = TALLINN_SCHEMES.map((scheme) => scheme.publicKey);

/** A key string that is not a valid key of any curve. */
export class KeyError extends Error {
  override name = "KeyError";
}

function decodeAny(kinds: readonly Base58Kind[], text: string, what: string): { curve: Curve; bytes: Uint8Array } {
  const found = readAnyBase58Check(kinds, text);
  if (isBase58Problem(found)) throw new KeyError(`${what}: ${found.problem}`);
  // The payload is a view of a scratch buffer the next Base58 call reuses: copied.
  return { curve: CURVES[kinds.indexOf(found.kind)] ?? "ed25519", bytes: found.payload.slice() };
}

/** The curve and raw bytes of an `edpk…`, `sppk…`, `p2pk…` or `BLpk…` key. */
export function decodePublicKey(publicKey: string): { curve: Curve; bytes: Uint8Array } {
  return decodeAny(TALLINN_KEY_KINDS, publicKey, `public key ${JSON.stringify(publicKey)}`);
}

/** `tz1…`–`tz4…` of a public key: BLAKE2b-160 of its raw bytes under its curve's prefix. */
export function publicKeyHashOf(publicKey: string): string {
  const { curve, bytes } = decodePublicKey(publicKey);
  return encodeBase58Check(TALLINN_KEY_HASH_KINDS[CURVES.indexOf(curve)]!, blake2b(bytes, { dkLen: 20 }));
}

/** Raw bytes of a signature string of any form (`sig…`, `edsig…`, `spsig1…`, `p2sig…`, `BLsig…`). */
export function signatureBytes(signature: string): Uint8Array {
  return decodeAny(ANY_SIGNATURE_KINDS, signature, `signature ${JSON.stringify(signature)}`).bytes;
}

/** Watermark byte followed by the forged bytes: what the signer signs. */
export function watermarked(forged: Uint8Array, watermark = GENERIC_OPERATION_WATERMARK): Uint8Array {
  const out = new Uint8Array(forged.length + 1);
  out[0] = watermark;
  out.set(forged, 1);
  return out;
}

/**
 * Whether `signature` (raw bytes) is `publicKey`'s signature of `message` (the watermarked
 * bytes). A malformed signature or key is simply not a valid signature, as in Octez.
 */
export function verifySignature(publicKey: string, message: Uint8Array, signature: Uint8Array): boolean {
  const { curve, bytes: key } = decodePublicKey(publicKey);
  try {
    switch (curve) {
      case "ed25519":
        return signature.length === 64 && ed25519.verify(signature, blake2b256(message), key);
      case "secp256k1":
        return signature.length === 64 && secp256k1.verify(signature, blake2b256(message), key, { prehash: false, lowS: true });
      case "p256":
        return signature.length === 64 && p256.verify(signature, blake2b256(message), key, { prehash: false, lowS: false });
      case "bls12_381": {
        const bls = bls12_381.longSignatures;
        return signature.length === 96 && bls.verify(signature, bls.hash(message, BLS_DST), key);
      }
    }
  } catch {
    return false;
  }
}

/** Whether `proof` proves possession of the tz4 key `publicKey` (its bytes signed under {@link BLS_POP_DST}). */
export function verifyProofOfPossession(publicKey: string, proof: Uint8Array): boolean {
  const { curve, bytes: key } = decodePublicKey(publicKey);
  if (curve !== "bls12_381" || proof.length !== 96) return false;
  try {
    const bls = bls12_381.longSignatures;
    return bls.verify(proof, bls.hash(key, BLS_POP_DST), key);
  } catch {
    return false;
  }
}
