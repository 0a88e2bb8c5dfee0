/**
 * The node's peer-to-peer identity: an X25519 key pair and its peer id, written as Octez
 * writes one (`idt…`, Base58Check of the 16-byte BLAKE2b hash of the public key, Octez's
 * `Crypto_box.hash`). Octez's identities also carry a proof of work; the sandbox's do not.
 */
import { createHmac, createPrivateKey, createPublicKey, diffieHellman, generateKeyPairSync, timingSafeEqual, type KeyObject } from "node:crypto";
import { blake2b } from "@noble/hashes/blake2.js";
import { BASE58, encodeBase58Check, type JsonValue } from "@tezos-rpcgen/runtime";

/** The X25519 public key is the last 32 bytes of its DER `SubjectPublicKeyInfo`. */
const SPKI_PREFIX = Buffer.from("302a300506032b656e032100", "hex");
export const PUBLIC_KEY_BYTES = 32;

export interface Identity {
  readonly peerId: string;
  readonly publicKey: Buffer;
  readonly privateKey: KeyObject;
}

/** The peer id of a public key: `idt…`. */
export function peerIdOf(publicKey: Uint8Array): string {
  return encodeBase58Check(BASE58.cryptobox_public_key_hash, blake2b(publicKey, { dkLen: 16 }));
}

function fromPrivateKey(privateKey: KeyObject): Identity {
  const publicKey = createPublicKey(privateKey).export({ format: "der", type: "spki" }).subarray(SPKI_PREFIX.length);
  return { peerId: peerIdOf(publicKey), publicKey, privateKey };
}

/** A fresh identity. */
export function newIdentity(): Identity {
  return fromPrivateKey(generateKeyPairSync("x25519").privateKey);
}

/** The identity as the store keeps it (the secret key as PKCS#8 DER, hexadecimal). */
export function identityToJson(identity: Identity): JsonValue {
  return { peer_id: identity.peerId, secret_key: identity.privateKey.export({ format: "der", type: "pkcs8" }).toString("hex") };
}

/** The stored identity, or undefined when `value` is not one (an older store kept only the peer id). */
export function identityFromJson(value: JsonValue | undefined): Identity | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value) || typeof value.secret_key !== "string") return undefined;
  try {
    return fromPrivateKey(createPrivateKey({ key: Buffer.from(value.secret_key, "hex"), format: "der", type: "pkcs8" }));
  } catch {
    return undefined;
  }
}

/** The X25519 secret shared with the owner of `remotePublicKey`. */
export function sharedSecret(identity: Identity, remotePublicKey: Uint8Array): Buffer {
  const publicKey = createPublicKey({ key: Buffer.concat([SPKI_PREFIX, remotePublicKey]), format: "der", type: "spki" });
  return diffieHellman({ privateKey: identity.privateKey, publicKey });
}

/**
 * The proof that the sender holds its secret key: a MAC, keyed with the shared secret, of the
 * receiver's challenge (nonce) then the sender's own. Only the two key holders can compute it.
 */
export function proof(secret: Buffer, challenge: Uint8Array, own: Uint8Array): Buffer {
  return createHmac("sha256", secret).update("tezos-rpcgen sandbox p2p auth").update(challenge).update(own).digest();
}

/** Constant-time comparison of two proofs. */
export function sameProof(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}
