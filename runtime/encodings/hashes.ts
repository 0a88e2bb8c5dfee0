/**
 * Codecs of Base58Check hashes: the JSON value is the Base58Check string, the binary value the
 * raw payload bytes (no prefix, no length).
 *
 * {@link HASH_DEFINITIONS} maps the definition names seen in describe dumps and OpenAPI files
 * (`block_hash`, `Operation_hash`, `cycle_nonce`, ...) to their Base58Check type; the generator
 * looks names up with {@link hashCodecFor}.
 */
import { DYNAMIC, fixedKind, type Codec, type DataKind } from "../codec/codec.ts";
import { DecodeError, describeValue } from "../codec/errors.ts";
import type { BinaryReader } from "../codec/reader.ts";
import type { BinaryWriter } from "../codec/writer.ts";
import { base58PayloadForEncoding, encodeBase58CheckRange, expectedBase58, isBase58Check, writeBase58CheckPayload } from "./base58/check.ts";
import { readLength } from "./internal/bytes.ts";
import { BASE58, type Base58Kind, type Base58KindName } from "./base58/prefixes.ts";

/** A codec of the hashes of one Base58Check type, with that type attached. */
export interface HashCodec extends Codec<string> {
  readonly base58: Base58Kind;
  /** Size of the binary form in bytes (always fixed). */
  readonly byteLength: number;
  readonly dataKind: DataKind;
}

/** Reads the raw payload of `kind` at the reader's offset and returns its Base58Check text. */
export function readHash(reader: BinaryReader, kind: Base58Kind): string {
  const start = reader.offset;
  reader.need(kind.payloadLength, kind.title);
  reader.offset = start + kind.payloadLength;
  return encodeBase58CheckRange(kind, reader.bytes, start);
}

/** Writes the raw payload of a Base58Check string of `kind`; an {@link EncodeError} names what was wrong with it. */
export function writeHash(writer: BinaryWriter, kind: Base58Kind, value: string): void {
  writeBase58CheckPayload(writer, kind, value);
}

/**
 * Reads a Base58Check string of `kind` sent as text (`rollup_address`: binary is the string
 * itself), `length` bytes or the rest of the frame; the text is validated.
 */
export function readBase58Text(reader: BinaryReader, kind: Base58Kind, length?: number): string {
  const start = reader.offset;
  const size = length ?? reader.remaining();
  reader.need(size, kind.title);
  reader.offset = start + size;
  let text = "";
  for (let i = start; i < start + size; i++) text += String.fromCharCode(reader.bytes[i]!);
  if (!isBase58Check(kind, text)) throw new DecodeError(expectedBase58(kind), describeValue(text), start);
  return text;
}

/** Writes a Base58Check string of `kind` as its text (ASCII), after validating it. */
export function writeBase58Text(writer: BinaryWriter, kind: Base58Kind, value: string): void {
  base58PayloadForEncoding(kind, value, writer.length);
  for (let i = 0; i < value.length; i++) writer.uint8(value.charCodeAt(i));
}

/** A Base58Check string carried as text in a `uint30`-length string (`rollup_address`). */
export function base58TextCodec(kind: Base58Kind | Base58KindName): Codec<string> {
  const k = typeof kind === "string" ? BASE58[kind] : kind;
  return Object.freeze({
    decode: (reader: BinaryReader) => readBase58Text(reader, k, readLength(reader, k.title)),
    encode(writer: BinaryWriter, value: string) {
      const at = writer.reserve(4);
      writeBase58Text(writer, k, value);
      writer.patchUint32(at, writer.length - at - 4);
    },
    dataKind: DYNAMIC,
  });
}

const cache = /* @__PURE__ */ new Map<Base58Kind, HashCodec>();

/** The codec of hashes of `kind` (one shared instance per kind). */
export function hashCodec(kind: Base58Kind | Base58KindName): HashCodec {
  const k = typeof kind === "string" ? BASE58[kind] : kind;
  let codec = cache.get(k);
  if (codec === undefined) {
    codec = Object.freeze({
      base58: k,
      byteLength: k.payloadLength,
      dataKind: fixedKind(k.payloadLength),
      decode: (reader: BinaryReader) => readHash(reader, k),
      encode: (writer: BinaryWriter, value: string) => writeHash(writer, k, value),
    });
    cache.set(k, codec);
  }
  return codec;
}

/**
 * Definition names (JSON `definitions` keys, root titles' binary names, OpenAPI schema names)
 * whose values are plain Base58Check hashes, with their type. Protocol-prefixed names
 * (`alpha.tx_rollup_id`) are listed without the prefix; see {@link hashCodecFor}.
 */
export const HASH_DEFINITIONS: Readonly<Record<string, Base58KindName>> = /* @__PURE__ */ Object.freeze({
  block_hash: "block_hash",
  Block_hash: "block_hash",
  Operation_hash: "operation_hash",
  Operation_list_hash: "operation_list_hash",
  Operation_list_list_hash: "operation_list_list_hash",
  Protocol_hash: "protocol_hash",
  Context_hash: "context_hash",
  Block_metadata_hash: "block_metadata_hash",
  Operation_metadata_hash: "operation_metadata_hash",
  Operation_metadata_list_hash: "operation_metadata_list_hash",
  Operation_metadata_list_list_hash: "operation_metadata_list_list_hash",
  Chain_id: "chain_id",
  "Crypto_box.Public_key_hash": "cryptobox_public_key_hash",
  "Ed25519.Public_key_hash": "ed25519_public_key_hash",
  "Secp256k1.Public_key_hash": "secp256k1_public_key_hash",
  "P256.Public_key_hash": "p256_public_key_hash",
  "Bls12_381.Public_key_hash": "bls12_381_public_key_hash",
  "Ed25519.Public_key": "ed25519_public_key",
  "Secp256k1.Public_key": "secp256k1_public_key",
  "P256.Public_key": "p256_public_key",
  "Bls12_381.Public_key": "bls12_381_public_key",
  "Ed25519.Signature": "ed25519_signature",
  "Secp256k1.Signature": "secp256k1_signature",
  "P256.Signature": "p256_signature",
  Bls12_381_signature: "bls12_381_signature",
  cycle_nonce: "nonce_hash",
  Nonce_hash: "nonce_hash",
  // The seed's random generation state (`random` in the constants' `initial_seed`…).
  random: "random_state_hash",
  value_hash: "block_payload_hash",
  script_expr: "script_expr_hash",
  Contract_hash: "contract_hash",
  // A commitment's committer in balance updates (Octez's OpenAPI component name has spaces).
  "Blinded public key hash": "blinded_public_key_hash",
  // Rollups of the 2022 Alpha dump.
  Commitment_hash: "tx_rollup_commitment_hash",
  Inbox_list_hash: "tx_rollup_inbox_hash",
  Message_result_hash: "tx_rollup_message_result_hash",
  Message_result_list_hash: "tx_rollup_message_result_list_hash",
  Withdraw_list_hash: "tx_rollup_withdraw_list_hash",
  Tx_rollup_l2_address: "bls12_381_public_key_hash",
  tx_rollup_id: "tx_rollup_address",
  // Jakarta's hash module of transaction rollup addresses (the field of `tx_rollup_id`).
  Rollup_hash: "tx_rollup_address",
  Sc_rollup_hash: "sc_rollup_address",
  commitment_hash: "sc_rollup_commitment_hash",
  state_hash: "sc_rollup_state_hash",
  inbox_hash: "sc_rollup_inbox_hash",
  // Smart rollups and DAL of current protocols.
  smart_rollup_address: "smart_rollup_address",
  smart_rollup_commitment_hash: "smart_rollup_commitment_hash",
  smart_rollup_state_hash: "smart_rollup_state_hash",
  smart_rollup_merkelized_payload_hashes_hash: "smart_rollup_merkelized_payload_hashes_hash",
  smart_rollup_inbox_hash: "smart_rollup_inbox_hash",
  DAL_commitment: "dal_commitment",
  // The DAL skip list's `Pointer_hash` (`dal_slot_repr.ml`), in the OpenAPI of Tallinn and Ushuaia.
  dal_skip_list_pointer: "dal_skip_list_pointer_hash",
  Zk_rollup_hash: "zk_rollup_address",
});

/** Protocol prefixes of definition names: `alpha.`, `012-Psithaca.`, `proto_alpha.`. */
const PROTOCOL_PREFIX = /^(?:alpha|proto_alpha|\d{3}-[A-Za-z0-9]{8}|proto_\d{3}_[A-Za-z0-9]{8})\./;

/**
 * The hash codec of a definition name, with or without a protocol prefix, or `undefined` when
 * the name is not a plain hash (public key hashes, keys and signatures of the `Signature`
 * module are tagged unions: see `keys.ts`).
 */
export function hashCodecFor(definitionName: string): HashCodec | undefined {
  const name = HASH_DEFINITIONS[definitionName] ?? HASH_DEFINITIONS[definitionName.replace(PROTOCOL_PREFIX, "")];
  return name === undefined ? undefined : hashCodec(name);
}
