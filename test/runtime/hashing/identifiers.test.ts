import { blake2b } from "@noble/hashes/blake2.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  BASE58,
  blake2b256,
  blockHash,
  chainIdOfGenesis,
  decodeBase58Check,
  encodeBase58Check,
  merkleRoot,
  operationHash,
  operationListHash,
  operationListListHash,
  operationsHashOfPasses,
} from "../../../runtime/index.ts";
import { itWithReference, readReference } from "../../support/reference.ts";

const H = (...parts: Uint8Array[]) => {
  const state = blake2b.create({ dkLen: 32 });
  for (const p of parts) state.update(p);
  return state.digest();
};
const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");
const EMPTY = new Uint8Array(0);

/**
 * An independent transcription of the array-based walk in Octez's `Generic_Merkle_tree`
 * (`blake2B.ml`): leaves in a[0..n−1], a[n] = leaf of the last element; each step pairs
 * neighbours, writes H(a[n] ‖ a[n]) after them and, when the new width is odd, copies it once
 * more. It never mentions powers of two, so agreeing with it checks the padding rule.
 */
function octezStyleRoot(elements: Uint8Array[]): Uint8Array {
  if (elements.length === 0) return H(EMPTY);
  if (elements.length === 1) return H(elements[0]!);
  const n0 = elements.length;
  const a: Uint8Array[] = elements.map((e) => H(e));
  a.push(H(elements[n0 - 1]!));
  let n = n0;
  for (;;) {
    const m = Math.floor((n + 1) / 2);
    for (let i = 0; i < m; i++) a[i] = H(a[2 * i]!, a[2 * i + 1]!);
    a[m] = H(a[n]!, a[n]!);
    if (m === 1) return a[0]!;
    if (m % 2 === 0) n = m;
    else {
      a[m + 1] = a[m]!;
      n = m + 1;
    }
  }
}

const leaf = (i: number) => H(Uint8Array.of(i));

describe("BLAKE2b-256", () => {
  it("hashes one part or many parts as their concatenation", () => {
    expect(hex(blake2b256(EMPTY))).toBe("0e5751c026e543b2e8ab2eb06099daa1d1e5df47778f7787faab45cdf12fe3a8");
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ maxLength: 50 }), { maxLength: 5 }), (parts) => {
        const joined = Uint8Array.from(parts.flatMap((p) => [...p]));
        expect(hex(blake2b256(...parts))).toBe(hex(blake2b(joined, { dkLen: 32 })));
      }),
      { numRuns: 200 },
    );
  });
});

describe("Merkle roots of operation lists", () => {
  it("gives the worked values of data-encoding.md §12", () => {
    expect(operationListListHash([])).toBe("LLoZS2LW3rEi7KYU4ouBQtorua37aWWCtpDmv1n2x3xoKi6sVXLWp");
    const emptyPass = operationListHash([]);
    expect(hex(decodeBase58Check(BASE58.operation_list_hash, emptyPass))).toBe(hex(H(EMPTY)));
    expect(operationListListHash([emptyPass, emptyPass, emptyPass, emptyPass])).toBe("LLoa7bxRTKaQN2bLYoitYB6bU2DvLnBAqrVjZcvJ364cTcX2PZYKU");
    expect(operationsHashOfPasses([[], [], [], []])).toBe("LLoa7bxRTKaQN2bLYoitYB6bU2DvLnBAqrVjZcvJ364cTcX2PZYKU");
    expect(operationsHashOfPasses([])).toBe("LLoZS2LW3rEi7KYU4ouBQtorua37aWWCtpDmv1n2x3xoKi6sVXLWp");
  });

  it("hashes one element to its leaf", () => {
    const e = leaf(7);
    expect(hex(merkleRoot([e]))).toBe(hex(H(e)));
  });

  it("pads six leaves with copies of the last leaf, not level by level", () => {
    const elements = [0, 1, 2, 3, 4, 5].map(leaf);
    const L = elements.map((e) => H(e));
    const padded = H(H(H(L[0]!, L[1]!), H(L[2]!, L[3]!)), H(H(L[4]!, L[5]!), H(L[5]!, L[5]!)));
    const levelByLevel = H(H(H(L[0]!, L[1]!), H(L[2]!, L[3]!)), H(H(L[4]!, L[5]!), H(L[4]!, L[5]!)));
    expect(hex(merkleRoot(elements))).toBe(hex(padded));
    expect(hex(merkleRoot(elements))).not.toBe(hex(levelByLevel));
  });

  it("agrees with the array walk of Octez's Generic_Merkle_tree for 0 to 70 elements", () => {
    for (let n = 0; n <= 70; n++) {
      const elements = Array.from({ length: n }, (_, i) => leaf(i));
      expect(hex(merkleRoot(elements)), `n = ${n}`).toBe(hex(octezStyleRoot(elements)));
    }
  });

  it("accepts Base58Check strings or raw bytes", () => {
    const ops = [1, 2, 3].map((i) => encodeBase58Check(BASE58.operation_hash, leaf(i)));
    expect(operationListHash(ops)).toBe(operationListHash(ops.map((o) => decodeBase58Check(BASE58.operation_hash, o))));
    expect(operationListHash(ops).startsWith("Lo")).toBe(true);
    const passes = [ops, [], ops.slice(0, 1), []];
    expect(operationsHashOfPasses(passes)).toBe(operationListListHash(passes.map((p) => operationListHash(p))));
  });
});

describe("block, operation and chain identifiers", () => {
  it("derives the mainnet chain id from the genesis block hash", () => {
    expect(chainIdOfGenesis("BLockGenesisGenesisGenesisGenesisGenesisf79b5d1CoW2")).toBe("NetXdQprcVkpaWU");
    const genesis = decodeBase58Check(BASE58.block_hash, "BLockGenesisGenesisGenesisGenesisGenesisf79b5d1CoW2");
    expect(hex(H(genesis)).slice(0, 8)).toBe("7a06a770");
    expect(chainIdOfGenesis(genesis)).toBe("NetXdQprcVkpaWU");
  });

  it("hashes a header and an operation with BLAKE2b-256", () => {
    const header = Uint8Array.from({ length: 200 }, (_, i) => i & 0xff);
    expect(blockHash(header)).toBe(encodeBase58Check(BASE58.block_hash, H(header)));
    const branch = "BKpbfCvh777DQHnXjU2sqHvVUNZ7dBAdqEfKkdw8EGSkD9LSYXb";
    const body = Uint8Array.of(1, 2, 3);
    const whole = Uint8Array.from([...decodeBase58Check(BASE58.block_hash, branch), ...body]);
    expect(operationHash(branch, body)).toBe(operationHash(whole));
    expect(operationHash(whole)).toBe(encodeBase58Check(BASE58.operation_hash, H(whole)));
    expect(operationHash(whole).startsWith("o")).toBe(true);
  });

  itWithReference("codec-vectors-shell.json")("hashes the genesis shell header of the recorded vector", () => {
    const vectors = readReference<{ vectors: { encoding: string; hex: string }[] }>("codec-vectors-shell.json").vectors;
    const header = Buffer.from(vectors.find((v) => v.encoding.startsWith("block_header.shell"))!.hex, "hex");
    // Its operations_hash is the root of no passes at all.
    expect(hex(header.subarray(46, 78))).toBe(hex(decodeBase58Check(BASE58.operation_list_list_hash, operationsHashOfPasses([]))));
    expect(blockHash(header)).toMatch(/^B[1-9A-HJ-NP-Za-km-z]{50}$/);
  });
});
