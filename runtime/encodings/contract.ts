/**
 * Contract ids (`<protocol>.contract_id`): JSON `tz1…` to `tz5…` for implicit
 * accounts and `KT1…` for originated contracts; binary always 22 bytes:
 * `00` + public key hash (tag + 20 bytes), or `01` + 20-byte contract hash + one padding byte.
 */
import { fixedKind, type Codec } from "../codec/codec.ts";
import { DecodeError, EncodeError, describeValue } from "../codec/errors.ts";
import type { BinaryReader } from "../codec/reader.ts";
import type { BinaryWriter } from "../codec/writer.ts";
import { base58PayloadForEncoding } from "./base58/check.ts";
import { BASE58 } from "./base58/prefixes.ts";
import { readHash } from "./hashes.ts";
import { PUBLIC_KEY_HASH_KINDS, readPublicKeyHash, writePublicKeyHash } from "./keys.ts";
import type { Base58Kind } from "./base58/prefixes.ts";

/** String forms of a contract id: implicit `tz1…`–`tz5…`, then originated `KT1…`. */
export const CONTRACT_ID_KINDS: readonly Base58Kind[] = [...PUBLIC_KEY_HASH_KINDS, BASE58.contract_hash];

/** Reads a 22-byte contract id as `tz…` or `KT1…`. */
export function readContractId(reader: BinaryReader): string {
  const at = reader.offset;
  const tag = reader.uint8();
  if (tag === 0) return readPublicKeyHash(reader);
  if (tag === 1) {
    const text = readHash(reader, BASE58.contract_hash);
    // The padding byte is skipped, as data-encoding's reader does.
    reader.need(1, "the padding byte of an originated contract id");
    reader.offset += 1;
    return text;
  }
  throw new DecodeError("a contract id tag (0 implicit, 1 originated)", `tag ${tag}`, at);
}

/** Writes a `tz…` or `KT1…` string as a 22-byte contract id. */
export function writeContractId(writer: BinaryWriter, value: string): void {
  if (typeof value === "string" && value.startsWith("KT1")) {
    const payload = base58PayloadForEncoding(BASE58.contract_hash, value, writer.length + 1);
    writer.uint8(1);
    writer.raw(payload);
    writer.uint8(0);
    return;
  }
  if (typeof value !== "string" || !value.startsWith("tz")) {
    throw new EncodeError('a contract id ("tz1…"–"tz5…" or "KT1…")', describeValue(value), writer.length);
  }
  writer.uint8(0);
  writePublicKeyHash(writer, value);
}

export const contractIdCodec: Codec<string> = /* @__PURE__ */ Object.freeze({
  decode: readContractId,
  encode: writeContractId,
  dataKind: /* @__PURE__ */ fixedKind(22),
});
