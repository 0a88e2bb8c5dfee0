/**
 * BLAKE2b with a 32-byte digest, the hash behind every Tezos identifier here.
 */
import { blake2b } from "@noble/hashes/blake2.js";

const OPTIONS = { dkLen: 32 } as const;

/** BLAKE2b-256 of the concatenation of `parts` (no copy of the parts is made). */
export function blake2b256(...parts: Uint8Array[]): Uint8Array {
  if (parts.length === 1) return blake2b(parts[0]!, OPTIONS);
  const state = blake2b.create(OPTIONS);
  for (const part of parts) state.update(part);
  return state.digest();
}
