import { sha256 as nobleSha256 } from "@noble/hashes/sha2.js";
import bs58check from "bs58check";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ALL_BASE58_KINDS,
  BASE58,
  DecodeError,
  EncodeError,
  base58PayloadForEncoding,
  decodeBase58,
  decodeBase58Check,
  decodeBase58CheckRaw,
  doubleSha256Checksum,
  encodeBase58,
  encodeBase58Check,
  encodeBase58CheckRaw,
  isBase58Check,
  sha256,
  type Base58KindName,
} from "../../../runtime/index.ts";
import { hex, thrown, unhex } from "./support/helpers.ts";

describe("SHA-256 used for checksums", () => {
  it("equals @noble/hashes on every length around the block boundaries", () => {
    for (let n = 0; n < 300; n++) {
      const data = Uint8Array.from({ length: n }, (_, i) => (i * 131 + n * 7) & 0xff);
      expect(hex(sha256(data))).toBe(hex(nobleSha256(data)));
    }
  });

  it("computes the double-hash checksum on a sub-range", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), fc.nat(20), fc.nat(20), (data, cutStart, cutEnd) => {
        const start = Math.min(cutStart, data.length);
        const end = Math.max(start, data.length - cutEnd);
        const expected = nobleSha256(nobleSha256(data.subarray(start, end)));
        const word = ((expected[0]! << 24) | (expected[1]! << 16) | (expected[2]! << 8) | expected[3]!) >>> 0;
        expect(doubleSha256Checksum(data, start, end)).toBe(word);
      }),
      { numRuns: 300 },
    );
  });
});

describe("Base58 (no checksum)", () => {
  // bs58check.encode(x) is base58(x ‖ checksum): ours must give the same text for the same bytes.
  const withChecksum = (data: Uint8Array) => Uint8Array.from([...data, ...nobleSha256(nobleSha256(data)).subarray(0, 4)]);

  it("gives the same text as bs58check for random bytes, leading zeros included", () => {
    const bytesWithZeros = fc
      .tuple(fc.nat(6), fc.uint8Array({ maxLength: 120 }))
      .map(([zeros, rest]) => Uint8Array.from([...new Array<number>(zeros).fill(0), ...rest]));
    fc.assert(
      fc.property(bytesWithZeros, (data) => {
        const text = bs58check.encode(data);
        expect(encodeBase58(withChecksum(data))).toBe(text);
        expect(encodeBase58CheckRaw(data)).toBe(text);
        expect(hex(decodeBase58(text)!)).toBe(hex(withChecksum(data)));
        expect(hex(decodeBase58CheckRaw(text))).toBe(hex(data));
      }),
      { numRuns: 2000 },
    );
  });

  it("handles the empty input, all zeros and all 0xff", () => {
    expect(encodeBase58(new Uint8Array(0))).toBe("");
    expect(decodeBase58("")).toEqual(new Uint8Array(0));
    for (const n of [1, 2, 3, 31, 32, 33, 64, 100]) {
      const zeros = new Uint8Array(n);
      expect(encodeBase58(zeros)).toBe("1".repeat(n));
      expect(decodeBase58("1".repeat(n))).toEqual(zeros);
      const ones = new Uint8Array(n).fill(0xff);
      expect(decodeBase58(encodeBase58(ones))).toEqual(ones);
    }
  });

  it("agrees with bs58check around the sizes where the power tables give way to chunk-by-chunk conversion", () => {
    // Up to 44 chunks of 3 bytes (132 bytes) or 44 groups of 4 digits (176 characters) go
    // through the tables; all-0xff bytes and all-"z" text are the largest sums they make.
    for (let n = 120; n <= 140; n++) {
      for (const data of [new Uint8Array(n).fill(0xff), Uint8Array.from({ length: n }, (_, i) => (i * 97 + n) & 0xff)]) {
        const text = bs58check.encode(data);
        expect(encodeBase58(withChecksum(data))).toBe(text);
        expect(hex(decodeBase58(text)!)).toBe(hex(withChecksum(data)));
      }
    }
    // Text: against the number computed with bigints.
    const alphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
    const bigintHex = (text: string) => {
      const digits = [...text].reduce((n, c) => n * 58n + BigInt(alphabet.indexOf(c)), 0n).toString(16);
      return digits.length % 2 === 0 ? digits : `0${digits}`;
    };
    for (let n = 165; n <= 185; n++) {
      for (const text of ["z".repeat(n), Array.from({ length: n }, (_, i) => alphabet[(i * 31 + n) % 58]!).join("").replace(/^1+/, "2")]) {
        const bytes = decodeBase58(text)!;
        expect(hex(bytes)).toBe(bigintHex(text));
        expect(encodeBase58(bytes)).toBe(text);
      }
    }
  });

  it("builds text longer than one String.fromCharCode call takes (8192 characters) in pieces", () => {
    const data = Uint8Array.from({ length: 6200 }, (_, i) => (i * 151 + 7) & 0xff);
    data[0] = 0;
    const text = encodeBase58(withChecksum(data));
    expect(text.length).toBeGreaterThan(8192);
    expect(text).toBe(bs58check.encode(data));
    expect(decodeBase58(text)).toEqual(withChecksum(data));
  });

  it("is a bijection on random text over the alphabet", () => {
    const alphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...alphabet), { maxLength: 120 }), (chars) => {
        const text = chars.join("");
        expect(encodeBase58(decodeBase58(text)!)).toBe(text);
      }),
      { numRuns: 1000 },
    );
  });

  it("rejects characters outside the alphabet", () => {
    for (const bad of ["0", "O", "I", "l", "+", "é", " ", "\u0000"]) expect(decodeBase58(`2${bad}3`)).toBeUndefined();
  });
});

describe("Tezos prefix table", () => {
  it.each(ALL_BASE58_KINDS.map((k) => [k.name, k] as const))("%s: every string starts with its characters and has its length", (_, kind) => {
    const samples = [new Uint8Array(kind.payloadLength), new Uint8Array(kind.payloadLength).fill(0xff)];
    // Base58 costs the square of the length: kilobyte payloads (ML-DSA keys) get a few samples.
    const random = kind.payloadLength > 256 ? 3 : 50;
    for (let i = 0; i < random; i++) samples.push(Uint8Array.from({ length: kind.payloadLength }, () => Math.floor(Math.random() * 256)));
    for (const payload of samples) {
      const text = encodeBase58Check(kind, payload);
      expect(text.startsWith(kind.leading)).toBe(true);
      expect(text).toHaveLength(kind.encodedLength);
      expect(decodeBase58Check(kind, text)).toEqual(payload);
      // The same text through the reference implementation.
      expect(bs58check.encode(Uint8Array.from([...kind.prefix, ...payload]))).toBe(text);
    }
  });

  it("has no two types whose strings could be confused", () => {
    for (const a of ALL_BASE58_KINDS) {
      for (const b of ALL_BASE58_KINDS) {
        if (a === b || a.encodedLength !== b.encodedLength) continue;
        // Same length: the prefixes must differ (tz4 is shared on purpose by BLS pkh and L2 addresses).
        expect(a.leading.startsWith(b.leading) && b.leading.startsWith(a.leading)).toBe(false);
      }
    }
  });

  it("decodes strings taken from Octez's tests and documentation, retired features included", () => {
    const recorded: Array<[Base58KindName, string]> = [
      ["tx_rollup_address", "txr1YNMEtkj5Vkqsbdmt7xaxBTMRZjzS96UAi"],
      ["smart_rollup_address", "sr1RYurGZtN8KNSpkMcCt9CgWeUaNkzsAfXf"],
      ["smart_rollup_commitment_hash", "src13wCGc2nMVfN7rD1rgeG3g1q7oXYX2m5MJY5ZRooVhLt7JwKXwX"],
      ["smart_rollup_state_hash", "srs11Z9V76SGd97kGmDQXV8tEF67C48GMy77RuaHdF1kWLk6UTmMfj"],
      ["zk_rollup_address", "epx18RJJqrYuJQqhB636BWvukU3XBNQGbtm8C"],
      ["dal_commitment", "sh1zFuLSsa59HwTh84ZvxceyJzrAJsbr6ZMYjfpUhoy72faAmiZZscjhtmwaCjhrPCwR8iaeah"],
      ["mldsa44_public_key_hash", "tz5fxSJrMeVsmEAVDencuUcpgRe3Kw7CwPFe"],
      ["blinded_public_key_hash", "btz1bRL4X5BWo2Fj4EsBdUwexXqgTf75uf1qa"],
      ["sapling_address", "zet13XtyU5Bkasoj1b19sy4DJc7U13XydbxLHqLUdf8Y5tarGbHgFLgDrT6J6FYJoHGL3"],
      ["bls12_381_secret_key", "BLsk27Wo9tVS8XbNDfCD7X9FnQBwZ4o2gQCZxXkJRmdFYoUTvuTu1S"],
      ["ed25519_encrypted_seed", "edesk1oGXxunJ5FTGpQ6o1xdop8VGKdT36Fj7LwWF9HLjzEqaCC4V6tdRVN1jaeJTfCHS8bYf7U2YhMK2yW6jSUy"],
      ["secp256k1_secret_key", "spsk236JVFEqgJtsg4EbVeMjcppsumD1CdwNiBnP1YWeDhHubWRh1Z"],
      ["p256_secret_key", "p2sk3EC67qL8iPQv6o2j14bgqKR6JaPBahXHpZFypVCGkbeMvv5H5G"],
    ];
    for (const [name, text] of recorded) {
      const kind = BASE58[name];
      const payload = decodeBase58Check(kind, text);
      expect(payload).toHaveLength(kind.payloadLength);
      expect(encodeBase58Check(kind, payload)).toBe(text);
      expect(bs58check.encode(Uint8Array.from([...kind.prefix, ...payload]))).toBe(text);
    }
  });

  it("carries Octez's whole table, each with its prefix and payload length", () => {
    // Octez's names (base58.ml and the protocol files) → the runtime's; the leading text and
    // length are those of Octez's comments, checked by the encodings above.
    const table: Array<[Base58KindName, string, number, string, number]> = [
      ["ed25519_seed", "0d0f3a07", 32, "edsk", 54],
      ["ed25519_secret_key", "2bf64e07", 64, "edsk", 98],
      ["secp256k1_scalar", "26f888", 32, "SSp", 53],
      ["secp256k1_element", "055c00", 33, "GSp", 54],
      ["secp256k1_encrypted_scalar", "01832456f8", 60, "seesk", 93],
      ["generic_aggregate_signature", "024bea65", 96, "asig", 141],
      ["sapling_spending_key", "0bed145c", 169, "sask", 241],
      ["bls12_381_encrypted_secret_key", "02051e3519", 56, "BLesk", 88],
      ["mldsa44_public_key", "0d07ed43", 1312, "mdpk", 1802],
      ["mldsa44_secret_key", "09397439", 3872, "mdsk", 5298],
      ["mldsa44_encrypted_secret_key", "05318527ac", 3896, "mdesk", 5332],
      ["mldsa44_signature", "019c2dd203", 2420, "mdsig", 3316],
      ["smart_rollup_inbox_hash", "03ff8a916e", 32, "srib1", 55],
      ["smart_rollup_merkelized_payload_hashes_hash", "03ff8a918c", 32, "srib2", 55],
      ["smart_rollup_inbox_message_hash", "03ff8a91aa", 32, "srib3", 55],
      ["zk_rollup_address_lima", "01ab54fb", 20, "zkr1", 37],
      ["dal_skip_list_content_hash", "02e0485edb", 32, "dash1", 55],
      ["dal_attestations_hash", "380ca5", 32, "dba", 53],
      ["tx_rollup_l2_context_hash", "118f13", 32, "CTx", 53],
    ];
    for (const [name, prefix, payloadLength, leading, encodedLength] of table) {
      expect({ prefix: hex(BASE58[name].prefix), payloadLength: BASE58[name].payloadLength, leading: BASE58[name].leading, encodedLength: BASE58[name].encodedLength }).toEqual({ prefix, payloadLength, leading, encodedLength });
    }
  });

  it("knows the recorded values", () => {
    const h = unhex("0e5751c026e543b2e8ab2eb06099daa1d1e5df47778f7787faab45cdf12fe3a8");
    expect(encodeBase58Check(BASE58.operation_list_list_hash, h)).toBe("LLoZS2LW3rEi7KYU4ouBQtorua37aWWCtpDmv1n2x3xoKi6sVXLWp");
    expect(hex(decodeBase58Check(BASE58.contract_hash, "KT1DieU51jzXLerQx5AqMCiLC1SsCeM8yRat"))).toBe("38560805b4c8d7b7fbbafad5c59dbfa3878ca705");
    expect(hex(decodeBase58Check(BASE58.ed25519_public_key_hash, "tz1KqTpEZ7Yob7QbPE4Hy4Wo8fHG8LhKxZSx"))).toBe("02298c03ed7d454a101eb7022bc95f7e5f41ac78");
    expect(hex(decodeBase58Check(BASE58.chain_id, "NetXdQprcVkpaWU"))).toBe("7a06a770");
  });
});

describe("Base58Check errors", () => {
  const block = "BKpbfCvh777DQHnXjU2sqHvVUNZ7dBAdqEfKkdw8EGSkD9LSYXb";

  it("names a wrong checksum", () => {
    const bad = block.slice(0, -1) + (block.endsWith("b") ? "c" : "b");
    const e = thrown(() => decodeBase58Check(BASE58.block_hash, bad));
    expect(e).toBeInstanceOf(DecodeError);
    expect(e.message).toContain("a block hash");
    expect(e.message).toContain("checksum is wrong");
  });

  it("names a value of another type with the same length", () => {
    const op = encodeBase58Check(BASE58.operation_hash, decodeBase58Check(BASE58.block_hash, block));
    expect(op).toHaveLength(51);
    const e = thrown(() => decodeBase58Check(BASE58.block_hash, op));
    expect(e).toBeInstanceOf(DecodeError);
    expect(e.message).toContain("which is an operation hash");
  });

  it("names a value of another type and length", () => {
    const e = thrown(() => decodeBase58Check(BASE58.block_hash, "tz1KqTpEZ7Yob7QbPE4Hy4Wo8fHG8LhKxZSx"));
    expect(e).toBeInstanceOf(DecodeError);
    expect(e.message).toContain('51 characters starting with "B"');
    expect(e.message).toContain("of 36 characters (an Ed25519 public key hash)");
  });

  it("names a right prefix with a wrong payload length", () => {
    // Prefix 0134 with 31 bytes: valid checksum, wrong length.
    const text = bs58check.encode(Uint8Array.from([0x01, 0x34, ...new Uint8Array(31)]));
    const e = thrown(() => decodeBase58Check(BASE58.block_hash, text));
    expect(e).toBeInstanceOf(DecodeError);
    expect(e.message).toMatch(/characters/);
  });

  it("names a bad character", () => {
    const e = thrown(() => decodeBase58Check(BASE58.block_hash, block.slice(0, 10) + "0" + block.slice(11)));
    expect(e.message).toContain('character "0" at index 10');
  });

  it("fails with an EncodeError when a JSON value is being written", () => {
    const e = thrown(() => base58PayloadForEncoding(BASE58.block_hash, 42, 7));
    expect(e).toBeInstanceOf(EncodeError);
    expect((e as EncodeError).offset).toBe(7);
    expect(e.message).toContain("expected a block hash (Base58Check");
    expect(e.message).toContain("found number 42");
  });

  it("refuses a payload of the wrong length on encoding", () => {
    expect(thrown(() => encodeBase58Check(BASE58.block_hash, new Uint8Array(31)))).toBeInstanceOf(EncodeError);
  });

  it("only ever fails with DecodeError on random text", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (text) => {
        for (const kind of [BASE58.block_hash, BASE58.chain_id, BASE58.generic_signature]) {
          try {
            decodeBase58Check(kind, text);
          } catch (error) {
            expect(error).toBeInstanceOf(DecodeError);
          }
          expect(typeof isBase58Check(kind, text)).toBe("boolean");
        }
      }),
      { numRuns: 1000 },
    );
  });

  it("only ever fails with DecodeError on near-miss hashes", () => {
    fc.assert(
      fc.property(fc.nat(50), fc.constantFrom(..."123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"), (at, c) => {
        const text = block.slice(0, at) + c + block.slice(at + 1);
        if (text === block) return;
        const e = thrown(() => decodeBase58Check(BASE58.block_hash, text));
        expect(e).toBeInstanceOf(DecodeError);
      }),
      { numRuns: 500 },
    );
  });
});
