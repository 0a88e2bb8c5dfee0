/**
 * The key version table (`runtime/encodings/key-versions.ts`) and what the key codecs take from
 * it: ML-DSA-44 (`Signature.V3`, protocol 025 on) key hashes, keys and signatures, tag 4, beside
 * the older schemes whose bytes do not change. The values are our own bytes; the prefixes and
 * lengths are checked against Octez's in `base58.test.ts`.
 */
import { describe, expect, it } from "vitest";
import {
  BASE58,
  DecodeError,
  EncodeError,
  KEY_SCHEMES,
  KEY_VERSION_SCHEMES,
  decodeBytes,
  encodeBase58Check,
  encodeBytes,
  isTezosBase58,
  joinSignaturePrefix,
  keySchemesOf,
  publicKeyCodec,
  publicKeyHashCodec,
  signatureCodec,
  signatureKindOfLength,
  splitSignaturePrefix,
  variableSignatureCodec,
  contractIdCodec,
  bytesToHex,
} from "../../../runtime/index.ts";
import { hex, thrown, unhex } from "./support/helpers.ts";

const bytes = (length: number, seed: number) => Uint8Array.from({ length }, (_, i) => (i * 31 + seed) & 0xff);

describe("the key version table", () => {
  it("gives each version its schemes, older ones first, so a tag means one scheme in every version", () => {
    expect(KEY_VERSION_SCHEMES).toEqual([3, 4, 4, 5]);
    expect(keySchemesOf(0).map((s) => s.publicKeyHash.leading)).toEqual(["tz1", "tz2", "tz3"]);
    expect(keySchemesOf(2).map((s) => s.publicKeyHash.leading)).toEqual(["tz1", "tz2", "tz3", "tz4"]);
    expect(keySchemesOf(3).map((s) => s.publicKey.leading)).toEqual(["edpk", "sppk", "p2pk", "BLpk", "mdpk"]);
    for (let v = 1; v < KEY_VERSION_SCHEMES.length; v++) expect(keySchemesOf(v).slice(0, keySchemesOf(v - 1).length)).toEqual(keySchemesOf(v - 1));
    expect(() => keySchemesOf(4)).toThrow(/no Signature\.V4/);
    expect(KEY_SCHEMES[4]!.names).toEqual(["Mldsa44"]);
  });

  it("tells a signature's type by its length as Octez prints it", () => {
    expect(signatureKindOfLength(64)).toBe(BASE58.generic_signature);
    expect(signatureKindOfLength(96)).toBe(BASE58.bls12_381_signature);
    expect(signatureKindOfLength(2420)).toBe(BASE58.mldsa44_signature);
    expect(signatureKindOfLength(65)).toBeUndefined();
  });
});

describe("ML-DSA-44 through the key codecs", () => {
  const hash = bytes(20, 5);
  const key = bytes(1312, 7);
  const signature = bytes(2420, 11);
  const tz5 = encodeBase58Check(BASE58.mldsa44_public_key_hash, hash);
  const mdpk = encodeBase58Check(BASE58.mldsa44_public_key, key);
  const mdsig = encodeBase58Check(BASE58.mldsa44_signature, signature);

  it("writes a tz5 key hash as tag 4 and its 20 bytes, and reads it back", () => {
    expect(tz5.startsWith("tz5")).toBe(true);
    const written = encodeBytes(publicKeyHashCodec, tz5);
    expect(written.length).toBe(21);
    expect(hex(written)).toBe("04" + hex(hash));
    expect(decodeBytes(publicKeyHashCodec, written)).toBe(tz5);
    // An implicit contract of a tz5 account: contract tag 0, then the key hash.
    expect(hex(encodeBytes(contractIdCodec, tz5))).toBe("0004" + hex(hash));
    expect(decodeBytes(contractIdCodec, unhex("0004" + hex(hash)))).toBe(tz5);
  });

  it("writes an mdpk key as tag 4 and its 1312 bytes, and reads it back", () => {
    expect(mdpk.startsWith("mdpk")).toBe(true);
    const written = encodeBytes(publicKeyCodec, mdpk);
    expect(written.length).toBe(1313);
    expect(written[0]).toBe(4);
    expect(written.subarray(1)).toEqual(key);
    expect(decodeBytes(publicKeyCodec, written)).toBe(mdpk);
    expect(thrown(() => decodeBytes(publicKeyCodec, written.subarray(0, 1312)))).toBeInstanceOf(DecodeError);
  });

  it("reads and writes a 2420-byte signature to the end of its frame as mdsig…, and refuses it where 64 bytes are fixed", () => {
    expect(mdsig.startsWith("mdsig")).toBe(true);
    const written = encodeBytes(variableSignatureCodec, mdsig);
    expect(written).toEqual(signature);
    expect(decodeBytes(variableSignatureCodec, written)).toBe(mdsig);
    const short = thrown(() => decodeBytes(variableSignatureCodec, signature.subarray(1)));
    expect(short).toBeInstanceOf(DecodeError);
    expect(short.message).toContain("64, 96 or 2420 bytes");
    expect(short.message).toContain("2419 bytes");
    expect(thrown(() => encodeBytes(signatureCodec, mdsig))).toBeInstanceOf(EncodeError);
  });

  it("still refuses an unknown tag, naming it", () => {
    const e = thrown(() => decodeBytes(publicKeyCodec, unhex("05" + "00".repeat(32))));
    expect(e).toBeInstanceOf(DecodeError);
    expect(e.message).toContain("public key tag (0 to 4)");
    expect(e.message).toContain("tag 5");
  });

  it("are accepted by the JSON groups of key hashes, keys and signatures", () => {
    expect(isTezosBase58("public_key_hash", tz5)).toBe(true);
    expect(isTezosBase58("public_key", mdpk)).toBe(true);
    expect(isTezosBase58("signature", mdsig)).toBe(true);
    expect(isTezosBase58("contract_id", tz5)).toBe(true);
    expect(isTezosBase58("public_key", tz5)).toBe(false);
  });

  it("splits an operation's mdsig into its first 2356 bytes as a contents element and the last 64, and joins them back", () => {
    const contents = [{ kind: "reveal" }];
    const split = splitSignaturePrefix({ branch: "B", contents, signature: mdsig });
    expect(split).toEqual({
      branch: "B",
      contents: [...contents, bytesToHex(signature.subarray(0, 2356))],
      signature: encodeBase58Check(BASE58.generic_signature, signature.subarray(2356)),
    });
    expect(joinSignaturePrefix(split)).toEqual({ branch: "B", contents, signature: mdsig });
    // A prefix element of no scheme's length is left for the codec to refuse.
    const odd = { contents: [...contents, "00".repeat(33)], signature: split.signature };
    expect(joinSignaturePrefix(odd)).toBe(odd);
  });
});
