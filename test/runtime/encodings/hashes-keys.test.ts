import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ALL_BASE58_KINDS,
  BASE58,
  BinaryReader,
  BinaryWriter,
  DecodeError,
  EncodeError,
  HASH_DEFINITIONS,
  base58TextCodec,
  contractIdCodec,
  decodeBase58Check,
  decodeBytes,
  encodeBase58Check,
  encodeBytes,
  fitnessCodec,
  hashCodec,
  hashCodecFor,
  publicKeyCodec,
  publicKeyHashCodec,
  signatureCodec,
  timestampProtocolCodec,
  variableSignatureCodec,
  type Codec,
} from "../../../runtime/index.ts";
import { itWithReference, readReference } from "../../support/reference.ts";
import { ALPHA, ITHACA, SHELL, decodesOrDecodeError, hex, roundTrip, thrown, unhex, type Vector } from "./support/helpers.ts";

const vectorsOf = (file: string) => readReference<{ vectors: Vector[] }>(file).vectors;

describe("hash codecs", () => {
  it("write the raw payload and read it back as Base58Check", () => {
    const codec = hashCodec("block_hash");
    roundTrip(codec, "BKpbfCvh777DQHnXjU2sqHvVUNZ7dBAdqEfKkdw8EGSkD9LSYXb", "0e5751c026e543b2e8ab2eb06099daa1d1e5df47778f7787faab45cdf12fe3a8");
    expect(codec.byteLength).toBe(32);
    expect(codec.dataKind).toEqual({ kind: "Fixed", size: 32 });
    roundTrip(hashCodec(BASE58.chain_id), "NetXdQprcVkpaWU", "7a06a770");
    roundTrip(hashCodec("cryptobox_public_key_hash"), encodeBase58Check(BASE58.cryptobox_public_key_hash, new Uint8Array(16).fill(9)), "09".repeat(16));
  });

  it("carry a rollup address as text when the encoding says so", () => {
    const address = encodeBase58Check(BASE58.sc_rollup_address, new Uint8Array(20).fill(3));
    const codec = base58TextCodec("sc_rollup_address");
    roundTrip(codec, address, "00000025" + Buffer.from(address).toString("hex"));
    expect(thrown(() => encodeBytes(codec, "BKpbfCvh777DQHnXjU2sqHvVUNZ7dBAdqEfKkdw8EGSkD9LSYXb"))).toBeInstanceOf(EncodeError);
    expect(thrown(() => decodeBytes(codec, unhex("00000003616263")))).toBeInstanceOf(DecodeError);
  });

  it("are found by definition name, with or without a protocol prefix", () => {
    expect(hashCodecFor("block_hash")?.base58).toBe(BASE58.block_hash);
    expect(hashCodecFor("Operation_list_list_hash")?.base58).toBe(BASE58.operation_list_list_hash);
    expect(hashCodecFor("cycle_nonce")?.base58).toBe(BASE58.nonce_hash);
    expect(hashCodecFor("value_hash")?.base58).toBe(BASE58.block_payload_hash);
    // The seed's random generation state of the constants (`initial_seed`): rng, 53 characters.
    const random = hashCodecFor("random")!;
    expect(random.base58).toBe(BASE58.random_state_hash);
    for (const fill of [0x00, 0xff]) {
      const text = random.decode(new BinaryReader(new Uint8Array(32).fill(fill)));
      expect(text).toMatch(/^rng[1-9A-HJ-NP-Za-km-z]{50}$/);
      const w = new BinaryWriter();
      random.encode(w, text);
      expect(w.finish()).toEqual(new Uint8Array(32).fill(fill));
    }
    expect(hashCodecFor("Crypto_box.Public_key_hash")?.base58).toBe(BASE58.cryptobox_public_key_hash);
    expect(hashCodecFor("alpha.tx_rollup_id")?.base58).toBe(BASE58.tx_rollup_address);
    expect(hashCodecFor("012-Psithaca.tx_rollup_id")?.base58).toBe(BASE58.tx_rollup_address);
    expect(hashCodecFor("Signature.Public_key_hash")).toBeUndefined();
    expect(hashCodecFor("unistring")).toBeUndefined();
    for (const name of Object.values(HASH_DEFINITIONS)) expect(ALL_BASE58_KINDS).toContain(BASE58[name]);
  });

  it("name the expected type when the JSON string is wrong", () => {
    const e = thrown(() => encodeBytes(hashCodec("block_hash"), "LLoZS2LW3rEi7KYU4ouBQtorua37aWWCtpDmv1n2x3xoKi6sVXLWp"));
    expect(e).toBeInstanceOf(EncodeError);
    expect(e.message).toContain("expected a block hash");
    expect(e.message).toContain("an operation list list hash");
    expect(thrown(() => encodeBytes(hashCodec("block_hash"), 12 as unknown as string))).toBeInstanceOf(EncodeError);
  });

  it("fail with a DecodeError at the right offset on short input", () => {
    const e = thrown(() => decodeBytes(hashCodec("block_hash"), new Uint8Array(31))) as DecodeError;
    expect(e).toBeInstanceOf(DecodeError);
    expect(e.offset).toBe(0);
    expect(e.message).toContain("32 bytes for a block hash");
  });

  it.each(ALL_BASE58_KINDS.map((k) => [k.name, k] as const))("%s: round-trip of any payload", (_, kind) => {
    const codec = hashCodec(kind);
    fc.assert(
      fc.property(fc.uint8Array({ minLength: kind.payloadLength, maxLength: kind.payloadLength }), (payload) => {
        const text = decodeBytes(codec, payload);
        expect(hex(encodeBytes(codec, text))).toBe(hex(payload));
      }),
      { numRuns: 50 },
    );
  });
});

describe("public key hashes, public keys, signatures", () => {
  const pkhPayload = unhex("02298c03ed7d454a101eb7022bc95f7e5f41ac78");

  it("tag the curve of a public key hash", () => {
    const kinds = [BASE58.ed25519_public_key_hash, BASE58.secp256k1_public_key_hash, BASE58.p256_public_key_hash, BASE58.bls12_381_public_key_hash];
    kinds.forEach((kind, tag) => {
      const text = encodeBase58Check(kind, pkhPayload);
      expect(text.slice(0, 3)).toBe(`tz${tag + 1}`);
      roundTrip(publicKeyHashCodec, text, `0${tag}` + hex(pkhPayload));
    });
    expect(publicKeyHashCodec.dataKind).toEqual({ kind: "Fixed", size: 21 });
  });

  it("tag the curve of a public key, with its own length", () => {
    const cases = [
      [BASE58.ed25519_public_key, 0, 32],
      [BASE58.secp256k1_public_key, 1, 33],
      [BASE58.p256_public_key, 2, 33],
      [BASE58.bls12_381_public_key, 3, 48],
    ] as const;
    for (const [kind, tag, size] of cases) {
      const payload = Uint8Array.from({ length: size }, (_, i) => (i * 13 + tag) & 0xff);
      roundTrip(publicKeyCodec, encodeBase58Check(kind, payload), `0${tag}` + hex(payload));
    }
  });

  it("refuse unknown tags with a DecodeError", () => {
    const e = thrown(() => decodeBytes(publicKeyHashCodec, unhex("05" + hex(pkhPayload)))) as DecodeError;
    expect(e).toBeInstanceOf(DecodeError);
    expect(e.message).toContain("public key hash tag (0 to 4)");
    expect(e.message).toContain("tag 5");
    expect(thrown(() => decodeBytes(publicKeyCodec, unhex("09" + "00".repeat(32))))).toBeInstanceOf(DecodeError);
  });

  it("refuse strings of other types with an EncodeError", () => {
    for (const bad of ["KT1DieU51jzXLerQx5AqMCiLC1SsCeM8yRat", "tz1KqTpEZ7Yob7QbPE4Hy4Wo8fHG8LhKxZSy", "", "edpk"]) {
      const e = thrown(() => encodeBytes(publicKeyHashCodec, bad));
      expect(e).toBeInstanceOf(EncodeError);
      expect(e.message).toContain("a public key hash (tz1, tz2, tz3, tz4");
    }
    expect(thrown(() => encodeBytes(publicKeyCodec, "tz1KqTpEZ7Yob7QbPE4Hy4Wo8fHG8LhKxZSx"))).toBeInstanceOf(EncodeError);
  });

  it("accept every 64-byte signature form and print the generic one", () => {
    const bytes = Uint8Array.from({ length: 64 }, (_, i) => 255 - i);
    const generic = encodeBase58Check(BASE58.generic_signature, bytes);
    expect(generic.startsWith("sig")).toBe(true);
    for (const kind of [BASE58.generic_signature, BASE58.ed25519_signature, BASE58.secp256k1_signature, BASE58.p256_signature]) {
      const written = encodeBytes(signatureCodec, encodeBase58Check(kind, bytes));
      expect(written).toEqual(bytes);
      expect(decodeBytes(signatureCodec, written)).toBe(generic);
    }
    expect(thrown(() => encodeBytes(signatureCodec, encodeBase58Check(BASE58.bls12_381_signature, new Uint8Array(96))))).toBeInstanceOf(EncodeError);
  });

  it("read a signature to the end of its frame as sig… (64 bytes) or BLsig… (96 bytes)", () => {
    const sig64 = new Uint8Array(64).fill(1);
    const sig96 = new Uint8Array(96).fill(2);
    expect(decodeBytes(variableSignatureCodec, sig64)).toBe(encodeBase58Check(BASE58.generic_signature, sig64));
    expect(decodeBytes(variableSignatureCodec, sig96)).toBe(encodeBase58Check(BASE58.bls12_381_signature, sig96));
    expect(encodeBytes(variableSignatureCodec, encodeBase58Check(BASE58.bls12_381_signature, sig96))).toEqual(sig96);
    expect(thrown(() => decodeBytes(variableSignatureCodec, new Uint8Array(65)))).toBeInstanceOf(DecodeError);
    expect(variableSignatureCodec.dataKind).toEqual({ kind: "Variable" });
  });
});

describe("contract ids", () => {
  it("write implicit and originated contracts in 22 bytes", () => {
    roundTrip(contractIdCodec, "tz1KqTpEZ7Yob7QbPE4Hy4Wo8fHG8LhKxZSx", "000002298c03ed7d454a101eb7022bc95f7e5f41ac78");
    roundTrip(contractIdCodec, "KT1DieU51jzXLerQx5AqMCiLC1SsCeM8yRat", "0138560805b4c8d7b7fbbafad5c59dbfa3878ca70500");
  });

  it("refuse bad tags and strings", () => {
    expect(thrown(() => decodeBytes(contractIdCodec, unhex("02" + "00".repeat(21))))).toBeInstanceOf(DecodeError);
    expect(thrown(() => encodeBytes(contractIdCodec, "BKpbfCvh777DQHnXjU2sqHvVUNZ7dBAdqEfKkdw8EGSkD9LSYXb"))).toBeInstanceOf(EncodeError);
    expect(thrown(() => encodeBytes(contractIdCodec, "KT1DieU51jzXLerQx5AqMCiLC1SsCeM8yRa"))).toBeInstanceOf(EncodeError);
  });

  itWithReference(ALPHA)("match every alpha.contract vector", () => {
    const vectors = vectorsOf(ALPHA).filter((v) => v.encoding === "alpha.contract");
    expect(vectors.length).toBe(2);
    for (const v of vectors) roundTrip(contractIdCodec, v.json as string, v.hex, v.decoded_json as string);
  });
});

describe("random and truncated bytes only ever give DecodeError", () => {
  const codecs: [string, Codec<unknown>][] = [
    ["block_hash", hashCodec("block_hash") as Codec<unknown>],
    ["public_key_hash", publicKeyHashCodec as Codec<unknown>],
    ["public_key", publicKeyCodec as Codec<unknown>],
    ["signature", signatureCodec as Codec<unknown>],
    ["variable signature", variableSignatureCodec as Codec<unknown>],
    ["contract_id", contractIdCodec as Codec<unknown>],
  ];
  it.each(codecs)("%s", (_, codec) => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 120 }), (bytes) => decodesOrDecodeError(codec, bytes)),
      { numRuns: 500 },
    );
  });
});

describe("real values from the recorded vectors", () => {
  itWithReference(SHELL)("decode the 114-byte genesis shell header field by field", () => {
    const vector = vectorsOf(SHELL).find((v) => v.encoding.startsWith("block_header.shell"))!;
    const bytes = unhex(vector.hex);
    expect(bytes.length).toBe(114);
    const r = new BinaryReader(bytes);
    expect(r.int32()).toBe(0);
    expect(r.uint8()).toBe(0);
    const predecessor = hashCodec("block_hash").decode(r);
    expect(hex(decodeBase58Check(BASE58.block_hash, predecessor))).toBe("8fcf233671b6a04fcf679d2a381c2544ea6c1ea29ba6157776ed8424c7ccd00b");
    expect(timestampProtocolCodec.decode(r)).toBe("2018-06-30T16:07:32Z");
    expect(r.uint8()).toBe(0);
    expect(hashCodec("operation_list_list_hash").decode(r)).toBe("LLoZS2LW3rEi7KYU4ouBQtorua37aWWCtpDmv1n2x3xoKi6sVXLWp");
    expect(fitnessCodec.decode(r)).toEqual([]);
    const context = hashCodec("context_hash").decode(r);
    expect(context.startsWith("Co")).toBe(true);
    expect(hex(decodeBase58Check(BASE58.context_hash, context))).toBe("46eda4bd10fa370d99881852b74be8a0e2f407afb9d4722fefffcfbe76878a66");
    r.expectEnd();
  });

  itWithReference(ALPHA)("decode and re-encode the alpha.block_header vector with these codecs", () => {
    const vector = vectorsOf(ALPHA).find((v) => v.encoding === "alpha.block_header")!;
    const json = vector.decoded_json as Record<string, unknown>;
    const bytes = unhex(vector.hex);
    const r = new BinaryReader(bytes);
    const decoded = {
      level: r.int32(),
      proto: r.uint8(),
      predecessor: hashCodec("block_hash").decode(r),
      timestamp: timestampProtocolCodec.decode(r),
      validation_pass: r.uint8(),
      operations_hash: hashCodec("operation_list_list_hash").decode(r),
      fitness: fitnessCodec.decode(r),
      context: hashCodec("context_hash").decode(r),
      payload_hash: hashCodec("block_payload_hash").decode(r),
      payload_round: r.int32(),
      proof_of_work_nonce: hex(r.raw(8)),
      seed_nonce_hash: r.uint8() !== 0 ? hashCodec("nonce_hash").decode(r) : undefined,
      liquidity_baking_toggle_vote: ["on", "off", "pass"][r.int8()],
      signature: signatureCodec.decode(r),
    };
    r.expectEnd();
    expect(decoded).toEqual(json);

    const w = new BinaryWriter();
    w.int32(decoded.level);
    w.uint8(decoded.proto);
    hashCodec("block_hash").encode(w, decoded.predecessor);
    timestampProtocolCodec.encode(w, decoded.timestamp);
    w.uint8(decoded.validation_pass);
    hashCodec("operation_list_list_hash").encode(w, decoded.operations_hash);
    fitnessCodec.encode(w, decoded.fitness);
    hashCodec("context_hash").encode(w, decoded.context);
    hashCodec("block_payload_hash").encode(w, decoded.payload_hash);
    w.int32(decoded.payload_round);
    w.raw(unhex(decoded.proof_of_work_nonce));
    w.uint8(0xff);
    hashCodec("nonce_hash").encode(w, decoded.seed_nonce_hash!);
    w.int8(1);
    signatureCodec.encode(w, decoded.signature);
    expect(hex(w.finish())).toBe(vector.hex);
  });

  itWithReference([ALPHA, ITHACA])("find every Base58Check value of the operation vectors in their bytes", () => {
    // Each hash, key hash, key or signature string of an operation's JSON appears in its binary
    // form (raw payload, tagged key, 64-byte signature) somewhere in the recorded hex.
    let checked = 0;
    for (const file of [ALPHA, ITHACA]) {
      for (const v of vectorsOf(file)) {
        if (!v.encoding.includes("operation")) continue;
        const strings: string[] = [];
        const walk = (x: unknown): void => {
          if (typeof x === "string") strings.push(x);
          else if (Array.isArray(x)) x.forEach(walk);
          else if (x !== null && typeof x === "object") Object.values(x).forEach(walk);
        };
        walk(v.json);
        for (const s of strings) {
          let bytes: Uint8Array | undefined;
          if (/^(B|P|vh|nce|expr|Co|LLo|o)/.test(s) && !/^(off|on)$/.test(s)) {
            const kind = ALL_BASE58_KINDS.find((k) => s.length === k.encodedLength && s.startsWith(k.leading));
            if (kind !== undefined) bytes = decodeBase58Check(kind, s);
          } else if (/^tz[1-4]/.test(s) && s.length === 36) {
            bytes = encodeBytes(publicKeyHashCodec, s);
          } else if (/^KT1/.test(s)) {
            bytes = encodeBytes(contractIdCodec, s);
          } else if (/^(edpk|sppk|p2pk)/.test(s)) {
            bytes = encodeBytes(publicKeyCodec, s);
          } else if (/^sig/.test(s) && s.length === 96) {
            bytes = encodeBytes(signatureCodec, s);
            expect(v.hex.endsWith(hex(bytes))).toBe(true);
          }
          if (bytes === undefined) continue;
          const tail = hex(bytes);
          // activate_account carries a bare 20-byte Ed25519 key hash, not a tagged one.
          const bare = /^tz1/.test(s) ? tail.slice(2) : tail;
          expect(v.hex.includes(tail) || v.hex.includes(bare)).toBe(true);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  itWithReference(ALPHA)("read public keys and key hashes at their place in operation bytes", () => {
    const reveal = vectorsOf(ALPHA).find((v) => v.encoding === "alpha.operation" && JSON.stringify(v.json).includes('"reveal"'))!;
    const pk = ((reveal.json as { contents: { public_key: string }[] }).contents[0]!).public_key;
    const pkBytes = hex(encodeBytes(publicKeyCodec, pk));
    const at = reveal.hex.indexOf(pkBytes) / 2;
    expect(at).toBeGreaterThan(32);
    expect(publicKeyCodec.decode(new BinaryReader(unhex(reveal.hex), at))).toBe(pk);
    // Source: the tagged key hash right after branch (32 bytes) and operation tag (1 byte).
    expect(publicKeyHashCodec.decode(new BinaryReader(unhex(reveal.hex), 33))).toBe("tz1KqTpEZ7Yob7QbPE4Hy4Wo8fHG8LhKxZSx");
    expect(hashCodec("block_hash").decode(new BinaryReader(unhex(reveal.hex)))).toBe("BKpbfCvh777DQHnXjU2sqHvVUNZ7dBAdqEfKkdw8EGSkD9LSYXb");
  });
});
