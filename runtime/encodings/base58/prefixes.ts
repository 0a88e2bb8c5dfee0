/**
 * The Base58Check types of Tezos: prefix bytes, payload length, and the leading characters and
 * total length that every string of the type has.
 *
 * Facts from tezos/tezos-mirror: `src/lib_crypto/base58.ml` (shell hashes, keys, signatures,
 * chain id, peer id), the protocol files `block_payload_hash.ml`, `nonce_hash.ml`,
 * `contract_hash.ml`, `script_expr_hash.ml`, and, for the rollup types of the 2022 Alpha dump,
 * `tx_rollup_prefixes.ml`, `sc_rollup_repr.ml` and `sc_rollup_inbox_repr.ml` of that period.
 * The leading characters and lengths are checked by the tests against encodings of all-zero and
 * all-0xff payloads, so a wrong prefix byte cannot go unnoticed.
 */

/** One Base58Check type. */
export interface Base58Kind {
  /** Identifier used in this runtime (`block_hash`, `ed25519_public_key_hash`, ...). */
  readonly name: string;
  /** Human description for error messages (`a block hash`). */
  readonly title: string;
  /** Prefix bytes put before the payload. */
  readonly prefix: Uint8Array;
  /** Payload length in bytes. */
  readonly payloadLength: number;
  /** Characters every encoded string starts with (`B`, `tz1`, ...). */
  readonly leading: string;
  /** Length of every encoded string. */
  readonly encodedLength: number;
}

function kind(name: string, title: string, prefixHex: string, payloadLength: number, leading: string, encodedLength: number): Base58Kind {
  const prefix = new Uint8Array(prefixHex.length / 2);
  for (let i = 0; i < prefix.length; i++) prefix[i] = parseInt(prefixHex.slice(i * 2, i * 2 + 2), 16);
  return Object.freeze({ name, title, prefix, payloadLength, leading, encodedLength });
}

/** Every Base58Check type the runtime knows, by {@link Base58Kind.name}. */
export const BASE58 = {
  // Shell hashes (32 bytes).
  block_hash: kind("block_hash", "a block hash", "0134", 32, "B", 51),
  operation_hash: kind("operation_hash", "an operation hash", "0574", 32, "o", 51),
  operation_list_hash: kind("operation_list_hash", "an operation list hash", "85e9", 32, "Lo", 52),
  operation_list_list_hash: kind("operation_list_list_hash", "an operation list list hash", "1d9f6d", 32, "LLo", 53),
  protocol_hash: kind("protocol_hash", "a protocol hash", "02aa", 32, "P", 51),
  context_hash: kind("context_hash", "a context hash", "4fc7", 32, "Co", 52),
  block_metadata_hash: kind("block_metadata_hash", "a block metadata hash", "eaf9", 32, "bm", 52),
  operation_metadata_hash: kind("operation_metadata_hash", "an operation metadata hash", "05b7", 32, "r", 51),
  operation_metadata_list_hash: kind("operation_metadata_list_hash", "an operation metadata list hash", "8627", 32, "Lr", 52),
  operation_metadata_list_list_hash: kind(
    "operation_metadata_list_list_hash",
    "an operation metadata list list hash",
    "1d9fb6",
    32,
    "LLr",
    53,
  ),
  // Chain and peer identifiers.
  chain_id: kind("chain_id", "a chain id", "575200", 4, "Net", 15),
  cryptobox_public_key_hash: kind("cryptobox_public_key_hash", "a peer id (Crypto_box public key hash)", "9967", 16, "id", 30),
  // Public key hashes (20 bytes).
  ed25519_public_key_hash: kind("ed25519_public_key_hash", "an Ed25519 public key hash", "06a19f", 20, "tz1", 36),
  secp256k1_public_key_hash: kind("secp256k1_public_key_hash", "a Secp256k1 public key hash", "06a1a1", 20, "tz2", 36),
  p256_public_key_hash: kind("p256_public_key_hash", "a P256 public key hash", "06a1a4", 20, "tz3", 36),
  bls12_381_public_key_hash: kind("bls12_381_public_key_hash", "a BLS12-381 public key hash", "06a1a6", 20, "tz4", 36),
  // Public keys.
  ed25519_public_key: kind("ed25519_public_key", "an Ed25519 public key", "0d0f25d9", 32, "edpk", 54),
  secp256k1_public_key: kind("secp256k1_public_key", "a Secp256k1 public key", "03fee256", 33, "sppk", 55),
  p256_public_key: kind("p256_public_key", "a P256 public key", "03b28b7f", 33, "p2pk", 55),
  bls12_381_public_key: kind("bls12_381_public_key", "a BLS12-381 public key", "069587cc", 48, "BLpk", 76),
  // Signatures.
  generic_signature: kind("generic_signature", "a signature", "04822b", 64, "sig", 96),
  ed25519_signature: kind("ed25519_signature", "an Ed25519 signature", "09f5cd8612", 64, "edsig", 99),
  secp256k1_signature: kind("secp256k1_signature", "a Secp256k1 signature", "0d7365133f", 64, "spsig1", 99),
  p256_signature: kind("p256_signature", "a P256 signature", "36f02c34", 64, "p2sig", 98),
  bls12_381_signature: kind("bls12_381_signature", "a BLS12-381 signature", "28ab40cf", 96, "BLsig", 142),
  // Protocol hashes.
  block_payload_hash: kind("block_payload_hash", "a block payload hash", "016af2", 32, "vh", 52),
  nonce_hash: kind("nonce_hash", "a nonce hash", "45dca9", 32, "nce", 53),
  contract_hash: kind("contract_hash", "an originated contract hash", "025a79", 20, "KT1", 36),
  script_expr_hash: kind("script_expr_hash", "a script expression hash", "0d2c401b", 32, "expr", 54),
  // Transaction rollups (protocol Alpha of mid-2022, Jakarta/Kathmandu).
  tx_rollup_address: kind("tx_rollup_address", "a transaction rollup address", "0180781f", 20, "txr1", 37),
  tx_rollup_inbox_hash: kind("tx_rollup_inbox_hash", "a transaction rollup inbox hash", "4f94c4", 32, "txi", 53),
  tx_rollup_message_hash: kind("tx_rollup_message_hash", "a transaction rollup message hash", "4f951e", 32, "txm", 53),
  tx_rollup_commitment_hash: kind("tx_rollup_commitment_hash", "a transaction rollup commitment hash", "4f9411", 32, "txc", 53),
  tx_rollup_message_result_hash: kind(
    "tx_rollup_message_result_hash",
    "a transaction rollup message result hash",
    "1207ce57",
    32,
    "txmr",
    54,
  ),
  tx_rollup_message_result_list_hash: kind(
    "tx_rollup_message_result_list_hash",
    "a transaction rollup message result list hash",
    "4f9252",
    32,
    "txM",
    53,
  ),
  tx_rollup_withdraw_list_hash: kind("tx_rollup_withdraw_list_hash", "a transaction rollup withdraw list hash", "4f9648", 32, "txw", 53),
  // Smart contract rollups (same period: `scr1` addresses, later replaced by `sr1`).
  sc_rollup_address: kind("sc_rollup_address", "a smart contract rollup address", "017684d9", 20, "scr1", 37),
  sc_rollup_commitment_hash: kind("sc_rollup_commitment_hash", "a smart contract rollup commitment hash", "11901564", 32, "scc1", 54),
  sc_rollup_state_hash: kind("sc_rollup_state_hash", "a smart contract rollup state hash", "11907aca", 32, "scs1", 54),
  sc_rollup_inbox_hash: kind("sc_rollup_inbox_hash", "a smart contract rollup inbox hash", "03faaeeed0", 32, "scib1", 55),
  // Smart rollups and DAL of current protocols (`src/lib_crypto/base58.ml`); the minimum protocol
  // 024 (Tallinn) needs, see generator/encodings/.
  smart_rollup_address: kind("smart_rollup_address", "a smart rollup address", "067c75", 20, "sr1", 36),
  smart_rollup_commitment_hash: kind("smart_rollup_commitment_hash", "a smart rollup commitment hash", "11a5868a", 32, "src1", 54),
  smart_rollup_state_hash: kind("smart_rollup_state_hash", "a smart rollup state hash", "11a5ebf0", 32, "srs1", 54),
  smart_rollup_merkelized_payload_hashes_hash: kind(
    "smart_rollup_merkelized_payload_hashes_hash",
    "a smart rollup merkelized payload hashes hash",
    "03ff8a918c",
    32,
    "srib2",
    55,
  ),
  zk_rollup_hash: kind("zk_rollup_hash", "a zk rollup address", "0117e07d", 20, "epx1", 37),
  dal_commitment: kind("dal_commitment", "a DAL slot commitment", "0274b4", 48, "sh", 74),
} as const satisfies Record<string, Base58Kind>;

/** Name of a Base58Check type of {@link BASE58}. */
export type Base58KindName = keyof typeof BASE58;

/** All kinds, for lookups by prefix. */
export const ALL_BASE58_KINDS: readonly Base58Kind[] = Object.values(BASE58);
