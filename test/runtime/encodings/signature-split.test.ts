/**
 * Octez's signature split at a codec's edges: a BLS signature's first 32 bytes as the last
 * contents element and its last 64 as the binary signature; other values pass through unchanged
 * (the T024 vectors test the whole codecs: test/generator/encodings/t024-vectors.test.ts).
 */
import { describe, expect, it } from "vitest";
import { BASE58, bytesToHex, encodeBase58Check, joinSignaturePrefix, splitSignaturePrefix } from "../../../runtime/index.ts";

const whole = Uint8Array.from({ length: 96 }, (_, i) => (i * 37 + 11) & 0xff);
const bls = encodeBase58Check(BASE58.bls12_381_signature, whole);
const contents = [{ kind: "reveal" }];

describe("signature split", () => {
  it("splits a BLS signature into a prefix element and a 64-byte signature, and joins them back", () => {
    const split = splitSignaturePrefix({ branch: "B", contents, signature: bls });
    expect(split).toEqual({ branch: "B", contents: [...contents, bytesToHex(whole.subarray(0, 32))], signature: encodeBase58Check(BASE58.generic_signature, whole.slice(32)) });
    expect(joinSignaturePrefix(split)).toEqual({ branch: "B", contents, signature: bls });
  });

  it("leaves alone what is not a split: a 64-byte signature, no signature, a bad BLS text, a non-object", () => {
    const generic = { contents, signature: encodeBase58Check(BASE58.generic_signature, whole.slice(32)) };
    expect(splitSignaturePrefix(generic)).toBe(generic);
    expect(joinSignaturePrefix(generic)).toBe(generic);
    const unsigned = { contents: [...contents, "00"] };
    expect(joinSignaturePrefix(unsigned)).toBe(unsigned);
    const broken = { contents, signature: bls.slice(0, -1) + (bls.endsWith("1") ? "2" : "1") };
    expect(splitSignaturePrefix(broken)).toBe(broken);
    expect(splitSignaturePrefix(null)).toBe(null);
  });
});
