/**
 * The Base58Check types of Tezos: prefix bytes, payload length, and the leading characters and
 * total length that every string of the type has.
 *
 * Facts from tezos/tezos-mirror: the whole `Prefix` table of `src/lib_crypto/base58.ml` (shell
 * hashes, keys, secret keys, signatures, chain id, peer id, Sapling, BLS, ML-DSA-44, smart
 * rollups, DAL commitments), the protocol files `block_payload_hash.ml`, `nonce_hash.ml`,
 * `state_hash.ml` (the seed's random generation state, `rng`),
 * `contract_hash.ml`, `script_expr_hash.ml`, `blinded_public_key_hash.ml`, `zk_rollup_repr.ml`
 * (Lima's `zkr1`, then `epx1`), `dal_slot_repr.ml`, `dal_attestations_repr.ml`,
 * `sc_rollup_inbox_message_repr.ml`, and, for retired features, Jakarta's and Kathmandu's
 * `tx_rollup_prefixes.ml`, `tx_rollup_l2_context_hash.ml`, `sc_rollup_repr.ml` and
 * `sc_rollup_inbox_repr.ml`; `src/lib_crypto/injector_operations_hash.ml` and
 * `src/lib_smart_rollup/l2_message.ml`. Octez's own comments give each leading text and length
 * (`edsk(54)`); where a comment's byte-count group disagrees (`SSp` is 32 bytes, not 33), the
 * encoded length decides.
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
  random_state_hash: kind("random_state_hash", "a random generation state", "4c40cc", 32, "rng", 53),
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
  // Secret keys, encrypted secret keys and scalars (wallet formats: never in RPC bodies, kept so that every Octez string is recognised).
  ed25519_seed: kind("ed25519_seed", "an Ed25519 secret key (seed)", "0d0f3a07", 32, "edsk", 54),
  ed25519_secret_key: kind("ed25519_secret_key", "an Ed25519 secret key", "2bf64e07", 64, "edsk", 98),
  secp256k1_secret_key: kind("secp256k1_secret_key", "a Secp256k1 secret key", "11a2e0c9", 32, "spsk", 54),
  p256_secret_key: kind("p256_secret_key", "a P256 secret key", "1051eebd", 32, "p2sk", 54),
  bls12_381_secret_key: kind("bls12_381_secret_key", "a BLS12-381 secret key", "0396c028", 32, "BLsk", 54),
  ed25519_encrypted_seed: kind("ed25519_encrypted_seed", "an encrypted Ed25519 secret key", "075a3cb329", 56, "edesk", 88),
  secp256k1_encrypted_secret_key: kind("secp256k1_encrypted_secret_key", "an encrypted Secp256k1 secret key", "09edf1ae96", 56, "spesk", 88),
  p256_encrypted_secret_key: kind("p256_encrypted_secret_key", "an encrypted P256 secret key", "09303973ab", 56, "p2esk", 88),
  bls12_381_encrypted_secret_key: kind("bls12_381_encrypted_secret_key", "an encrypted BLS12-381 secret key", "02051e3519", 56, "BLesk", 88),
  secp256k1_encrypted_scalar: kind("secp256k1_encrypted_scalar", "an encrypted Secp256k1 scalar", "01832456f8", 60, "seesk", 93),
  secp256k1_scalar: kind("secp256k1_scalar", "a Secp256k1 scalar", "26f888", 32, "SSp", 53),
  secp256k1_element: kind("secp256k1_element", "a Secp256k1 element", "055c00", 33, "GSp", 54),
  // Aggregate signatures, Sapling.
  generic_aggregate_signature: kind("generic_aggregate_signature", "an aggregate signature", "024bea65", 96, "asig", 141),
  sapling_spending_key: kind("sapling_spending_key", "a Sapling spending key", "0bed145c", 169, "sask", 241),
  sapling_address: kind("sapling_address", "a Sapling address", "124728df", 43, "zet1", 69),
  // ML-DSA-44 (post-quantum `tz5` accounts).
  mldsa44_public_key_hash: kind("mldsa44_public_key_hash", "an ML-DSA-44 public key hash", "06a1a9", 20, "tz5", 36),
  mldsa44_public_key: kind("mldsa44_public_key", "an ML-DSA-44 public key", "0d07ed43", 1312, "mdpk", 1802),
  mldsa44_secret_key: kind("mldsa44_secret_key", "an ML-DSA-44 secret key", "09397439", 3872, "mdsk", 5298),
  mldsa44_encrypted_secret_key: kind("mldsa44_encrypted_secret_key", "an encrypted ML-DSA-44 secret key", "05318527ac", 3896, "mdesk", 5332),
  mldsa44_signature: kind("mldsa44_signature", "an ML-DSA-44 signature", "019c2dd203", 2420, "mdsig", 3316),
  // Smart rollups (`sr1`, from Mumbai on) and their hashes.
  smart_rollup_address: kind("smart_rollup_address", "a smart rollup address", "067c75", 20, "sr1", 36),
  smart_rollup_commitment_hash: kind("smart_rollup_commitment_hash", "a smart rollup commitment hash", "11a5868a", 32, "src1", 54),
  smart_rollup_state_hash: kind("smart_rollup_state_hash", "a smart rollup state hash", "11a5ebf0", 32, "srs1", 54),
  smart_rollup_inbox_hash: kind("smart_rollup_inbox_hash", "a smart rollup inbox hash", "03ff8a916e", 32, "srib1", 55),
  smart_rollup_merkelized_payload_hashes_hash: kind("smart_rollup_merkelized_payload_hashes_hash", "a smart rollup merkelized payload hashes hash", "03ff8a918c", 32, "srib2", 55),
  smart_rollup_inbox_message_hash: kind("smart_rollup_inbox_message_hash", "a smart rollup inbox message hash", "03ff8a91aa", 32, "srib3", 55),
  smart_rollup_message_hash: kind("smart_rollup_message_hash", "a smart rollup L2 message hash", "03fab3f7c4", 32, "scmsg", 55),
  // Zk rollups (`zkr1` in Lima, `epx1` after), commitments' blinded key hashes (`btz1`).
  zk_rollup_address_lima: kind("zk_rollup_address_lima", "a zk rollup address (Lima)", "01ab54fb", 20, "zkr1", 37),
  zk_rollup_address: kind("zk_rollup_address", "a zk rollup address", "0117e07d", 20, "epx1", 37),
  blinded_public_key_hash: kind("blinded_public_key_hash", "a blinded public key hash (commitment)", "010231df", 20, "btz1", 37),
  // DAL: commitments (`sh`), skip-list cells, attestation hashes.
  dal_commitment: kind("dal_commitment", "a DAL commitment (slot header)", "0274b4", 48, "sh", 74),
  dal_skip_list_content_hash: kind("dal_skip_list_content_hash", "a DAL skip list content hash", "02e0485edb", 32, "dash1", 55),
  dal_skip_list_pointer_hash: kind("dal_skip_list_pointer_hash", "a DAL skip list pointer hash", "02e0487323", 32, "dask1", 55),
  dal_attestations_hash: kind("dal_attestations_hash", "a DAL attestations hash", "380ca5", 32, "dba", 53),
  // Tooling and retired transaction-rollup L2 state.
  injector_operation_hash: kind("injector_operation_hash", "an injector operation hash", "4007ce", 32, "iop", 53),
  tx_rollup_l2_context_hash: kind("tx_rollup_l2_context_hash", "a transaction rollup L2 context hash", "118f13", 32, "CTx", 53),
} as const satisfies Record<string, Base58Kind>;

/** Name of a Base58Check type of {@link BASE58}. */
export type Base58KindName = keyof typeof BASE58;

/** All kinds, for lookups by prefix. */
export const ALL_BASE58_KINDS: readonly Base58Kind[] = Object.values(BASE58);
