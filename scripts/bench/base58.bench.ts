/**
 * Base58Check encode and decode of 32-byte block hashes: this runtime versus `@taquito/utils`
 * 24.2.0 in the same process. Taquito 24 renamed `b58cencode`/`b58cdecode` to `b58Encode` and
 * `b58DecodeAndCheckPrefix`; those are the functions measured (same work: prefix, checksum,
 * Base58, and on decoding the checksum and prefix checks).
 *
 * Run: npx tsx scripts/bench/base58.bench.ts
 */
import { PrefixV2, b58DecodeAndCheckPrefix, b58Encode } from "@taquito/utils";
import { BASE58, decodeBase58Check, encodeBase58Check } from "../../runtime/index.ts";
import { benchPair, report } from "./harness.ts";

const COUNT = 1024;
const hashes: Uint8Array[] = [];
let seed = 12345;
const random = () => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed & 0xff;
};
for (let i = 0; i < COUNT; i++) hashes.push(Uint8Array.from({ length: 32 }, random));
const texts = hashes.map((h) => encodeBase58Check(BASE58.block_hash, h));

// Both sides must agree before anything is timed.
for (let i = 0; i < COUNT; i++) {
  if (b58Encode(hashes[i]!, PrefixV2.BlockHash) !== texts[i]) throw new Error(`encoding differs for hash ${i}`);
  const back = b58DecodeAndCheckPrefix(texts[i]!, [PrefixV2.BlockHash], true);
  if (Buffer.compare(Buffer.from(back), Buffer.from(hashes[i]!)) !== 0) throw new Error(`decoding differs for hash ${i}`);
}

const mask = COUNT - 1;
const encode = benchPair(
  { name: "ours", fn: (i) => encodeBase58Check(BASE58.block_hash, hashes[i & mask]!) },
  { name: "taquito", fn: (i) => b58Encode(hashes[i & mask]!, PrefixV2.BlockHash) },
);
const decode = benchPair(
  { name: "ours", fn: (i) => decodeBase58Check(BASE58.block_hash, texts[i & mask]!) },
  { name: "taquito", fn: (i) => b58DecodeAndCheckPrefix(texts[i & mask]!, [PrefixV2.BlockHash], true) },
);

report("Base58Check, 32-byte block hashes (B…, 51 characters)", [
  { label: "encode (bytes → B…)", ...encode },
  { label: "decode (B… → bytes)", ...decode },
]);
