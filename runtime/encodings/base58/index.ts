/** Base58 and Base58Check with the Tezos prefix table. */
export * from "./base58.ts";
export * from "./prefixes.ts";
export * from "./check.ts";
export { doubleSha256Checksum, sha256 } from "./sha256.ts";
