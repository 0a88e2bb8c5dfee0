/**
 * The Tallinn model's keys, signatures and forged operations: bootstrap key hashes, signatures of
 * the four curves checked as Octez checks them, and the manager operations' bytes against Octez's
 * own T024 codec vectors.
 */
import { describe, expect, it } from "vitest";
import { ed25519 } from "@noble/curves/ed25519.js";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { p256 } from "@noble/curves/nist.js";
import { bls12_381 } from "@noble/curves/bls12-381.js";
import { BASE58, blake2b256, bytesToHex, encodeBase58Check, hexToBytes } from "@tezos-rpcgen/runtime";
import { BLS_DST, publicKeyHashOf, signatureBytes, verifyProofOfPossession, verifySignature, watermarked } from "../../../sandbox/tallinn/keys.ts";
import { BOOTSTRAP_KEYS, DEFAULT_BOOTSTRAP_ACCOUNTS, ParametersError, bootstrapAccountsOf } from "../../../sandbox/tallinn/accounts.ts";
import { forgeOperation, forgeSignedOperation, parseOperation, type UnsignedOperation } from "../../../sandbox/tallinn/forge.ts";
import { itWithReference, readReference } from "../../support/reference.ts";
import { parseHeader } from "../../../sandbox/chain/block.ts";
import { parseProtocolData, producedProtocolData } from "../../../sandbox/tallinn/block-data.ts";

const VECTORS = "protocols/t024/codec-vectors.json";
type Vector = { encoding: string; name: string; json: Record<string, unknown>; hex: string };
const vectors = () => readReference<{ vectors: Vector[] }>(VECTORS).vectors;

describe("bootstrap accounts", () => {
  it("derive Octez's sandbox key hashes from their public keys", () => {
    for (const key of Object.values(BOOTSTRAP_KEYS)) expect(publicKeyHashOf(key.publicKey)).toBe(key.publicKeyHash);
    expect(DEFAULT_BOOTSTRAP_ACCOUNTS.map((a) => [a.publicKeyHash, a.balance, a.delegate])).toEqual(
      Object.values(BOOTSTRAP_KEYS).map((k) => [k.publicKeyHash, 4_000_000_000_000n, k.publicKeyHash]),
    );
  });

  it("are read from an Octez parameters file, with a clear error naming the faulty entry", () => {
    const accounts = bootstrapAccountsOf({ bootstrap_accounts: [[BOOTSTRAP_KEYS.bootstrap3.publicKey, "12"], ["tz1faswCTDciRzE4oJ9jn2Vm2dvjeyA9fUzU", "5"]] });
    expect(accounts).toEqual([
      { publicKeyHash: BOOTSTRAP_KEYS.bootstrap3.publicKeyHash, publicKey: BOOTSTRAP_KEYS.bootstrap3.publicKey, balance: 12n, delegate: BOOTSTRAP_KEYS.bootstrap3.publicKeyHash },
      { publicKeyHash: "tz1faswCTDciRzE4oJ9jn2Vm2dvjeyA9fUzU", balance: 5n },
    ]);
    expect(() => bootstrapAccountsOf({ bootstrap_accounts: [["tz1faswCTDciRzE4oJ9jn2Vm2dvjeyA9fUzU", 5]] })).toThrow(ParametersError);
    expect(() => bootstrapAccountsOf({ bootstrap_accounts: [["tz1faswCTDciRzE4oJ9jn2Vm2dvjeyA9fUzU", 5]] })).toThrow(/bootstrap_accounts\[0\]\.amount/);
    expect(() => bootstrapAccountsOf({ bootstrap_accounts: [["tz9nope", "5"]] })).toThrow(/bootstrap_accounts\[0\]\.public_key_hash/);
  });
});

describe("signatures", () => {
  const message = watermarked(hexToBytes("00112233"));
  const other = watermarked(hexToBytes("00112234"));
  const digest = blake2b256(message);

  it("tz1 Ed25519 over BLAKE2b-256 of the watermarked bytes", () => {
    const sk = ed25519.utils.randomSecretKey();
    const pk = encodeBase58Check(BASE58.ed25519_public_key, ed25519.getPublicKey(sk));
    expect(publicKeyHashOf(pk)).toMatch(/^tz1/);
    const sig = ed25519.sign(digest, sk);
    expect(verifySignature(pk, message, sig)).toBe(true);
    expect(verifySignature(pk, other, sig)).toBe(false);
  });

  it("tz2 Secp256k1 and tz3 P256: ECDSA over the BLAKE2b-256 digest itself", () => {
    for (const [curve, kind, prefix] of [[secp256k1, BASE58.secp256k1_public_key, "tz2"], [p256, BASE58.p256_public_key, "tz3"]] as const) {
      const sk = curve.utils.randomSecretKey();
      const pk = encodeBase58Check(kind, curve.getPublicKey(sk, true));
      expect(publicKeyHashOf(pk).startsWith(prefix)).toBe(true);
      const sig = curve.sign(digest, sk, { prehash: false });
      expect(verifySignature(pk, message, sig)).toBe(true);
      expect(verifySignature(pk, other, sig)).toBe(false);
      // Hashing the digest again (a signer that forgot prehash: false) is not the same signature.
      expect(verifySignature(pk, message, curve.sign(digest, sk))).toBe(false);
    }
  });

  it("tz4 BLS12-381 (min-pk) over the watermarked bytes with the proof-of-possession tag", () => {
    const bls = bls12_381.longSignatures;
    const { secretKey, publicKey } = bls.keygen();
    const pk = encodeBase58Check(BASE58.bls12_381_public_key, publicKey.toBytes());
    expect(publicKeyHashOf(pk)).toMatch(/^tz4/);
    const sig = bls.sign(bls.hash(message, BLS_DST), secretKey).toBytes();
    expect(verifySignature(pk, message, sig)).toBe(true);
    expect(verifySignature(pk, other, sig)).toBe(false);
    expect(verifySignature(pk, message, sig.subarray(0, 64))).toBe(false);
  });
});

describe("forged manager operations", () => {
  const MANAGER = /^operation(\.unsigned)?-(reveal|reveal-with-proof|transaction-to-implicit|transaction-to-originated|delegation|delegation-withdrawal|batch-reveal-transaction)$/;

  itWithReference(VECTORS)("match every Octez T024 vector of reveal, transaction and delegation, both ways", () => {
    const picked = vectors().filter((v) => MANAGER.test(v.name));
    expect(picked.length).toBeGreaterThanOrEqual(12);
    for (const v of picked) {
      if (v.encoding === "operation.unsigned") {
        expect(bytesToHex(forgeOperation(v.json as unknown as UnsignedOperation)), v.name).toBe(v.hex);
      } else {
        const parsed = parseOperation(hexToBytes(v.hex));
        expect(parsed.operation, v.name).toEqual(v.json);
        expect(bytesToHex(forgeSignedOperation(parsed.operation)), v.name).toBe(v.hex);
      }
    }
  });

  itWithReference(VECTORS)("sign the unsigned bytes of a tz4 operation, without its signature prefix", () => {
    const signed = vectors().find((v) => v.name === "operation-reveal-with-proof")!;
    const unsigned = vectors().find((v) => v.name === "operation.unsigned-reveal-with-proof")!;
    expect(bytesToHex(parseOperation(hexToBytes(signed.hex)).signedBytes)).toBe(unsigned.hex);
  });

  itWithReference(VECTORS)("Octez's tz4 reveal carries a proof of possession that verifies (and not for another key)", () => {
    const v = vectors().find((x) => x.name === "operation.unsigned-reveal-with-proof")!;
    const { public_key, proof } = (v.json as { contents: Array<{ public_key: string; proof: string }> }).contents[0]!;
    expect(verifyProofOfPossession(public_key, signatureBytes(proof))).toBe(true);
    const other = encodeBase58Check(BASE58.bls12_381_public_key, bls12_381.longSignatures.keygen().publicKey.toBytes());
    expect(verifyProofOfPossession(other, signatureBytes(proof))).toBe(false);
  });

  itWithReference(VECTORS)("refuse kinds the sandbox does not apply, naming the kind and offset; forging them is the generated codec's", () => {
    const origination = vectors().find((v) => v.name === "operation-origination")!;
    expect(() => parseOperation(hexToBytes(origination.hex))).toThrow(/\(byte 32\).*operation kind "origination"/);
    // `helpers/forge/operations` forges what it does not apply, as Octez's does.
    for (const name of ["operation.unsigned-origination", "operation.unsigned-ballot", "operation.unsigned-proposals"]) {
      const v = vectors().find((x) => x.name === name)!;
      expect(bytesToHex(forgeOperation(v.json as { branch: string; contents: unknown[] })), name).toBe(v.hex);
    }
  });
});

describe("Tallinn block protocol data", () => {
  itWithReference(VECTORS)("reads Octez's T024 block_header vector's protocol fields", () => {
    const v = vectors().find((x) => x.name === "block_header")!;
    const { payload_hash, payload_round, proof_of_work_nonce, seed_nonce_hash, liquidity_baking_toggle_vote, signature } = v.json as Record<string, unknown>;
    expect(parseProtocolData(parseHeader(hexToBytes(v.hex)).protocol_data)).toEqual({ payload_hash, payload_round, proof_of_work_nonce, seed_nonce_hash, liquidity_baking_toggle_vote, signature });
  });

  it("the sandbox's blocks: round 0, no nonce, a pass vote, a payload hash per level", () => {
    const ops = "LLoZS2LW3rEi7KYU4ouBQtorua37aWWCtpDmv1n2x3xoKi6sVXLWp";
    const data = parseProtocolData(producedProtocolData(7, ops))!;
    expect(data).toMatchObject({ payload_round: 0, proof_of_work_nonce: "0000000000000000", liquidity_baking_toggle_vote: "pass" });
    expect(data.payload_hash).toMatch(/^vh/);
    expect(parseProtocolData(producedProtocolData(8, ops))!.payload_hash).not.toBe(data.payload_hash);
    expect(parseProtocolData("")).toBeUndefined();
  });
});
