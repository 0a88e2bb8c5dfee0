/**
 * Values of T024's registered encodings that the vectors do not cover and that reconciliation
 * used to leave JSON-only, built by hand from Octez's JSON schemas (the OpenAPI document) and
 * Octez's sources: each encodes through `tezos-rpcgen encode` with Octez's codec id, gives the
 * bytes data-encoding writes, and decodes back to the same JSON.
 */
import { describe, expect } from "vitest";
import { loadKaitaiEncodings } from "../../../generator/encodings/load.ts";
import { buildCodecModel } from "../../../generator/reconcile/codec-model.ts";
import { runDecode } from "../../../generator/cli/commands/decode.ts";
import { runEncode } from "../../../generator/cli/commands/encode.ts";
import type { InspectedInterface } from "../../../generator/cli/spec-source.ts";
import type { DescribedTree } from "../../../generator/describe/read.ts";
import { BASE58, encodeBase58Check } from "../../../runtime/index.ts";
import { itWithReference, readReference, referenceDir } from "../../support/reference.ts";

const KAITAI = "protocols/t024/kaitai";
const FILES = [KAITAI, "protocols/t024/openapi.json"];
const PROTOCOL = "024-PtTALLiN";
const BRANCH = "BLockGenesisGenesisGenesisGenesisGenesisf79b5d1CoW2";
const BRANCH_HEX = "8fcf233671b6a04fcf679d2a381c2544ea6c1ea29ba6157776ed8424c7ccd00b";

let spec: InspectedInterface | undefined;
/** The encodings of the Kaitai folder as `--spec <folder>` reads them (built once). */
function t024(): InspectedInterface {
  if (spec) return spec;
  const tree: DescribedTree = { services: [], dynamicDirectories: [], expansions: [], warnings: [], encodings: loadKaitaiEncodings(referenceDir + KAITAI) };
  return (spec = { source: referenceDir + KAITAI, tree, model: buildCodecModel(tree) });
}

/** Encodes `json` by codec id, checks the decoded value is `json` again, and returns the hex. */
async function roundTrip(encoding: string, json: unknown): Promise<string> {
  const hex = (await runEncode([`${PROTOCOL}.${encoding}`, JSON.stringify(json)], {}, { spec: t024() })).trim();
  expect(JSON.parse(await runDecode([`${PROTOCOL}.${encoding}`, hex], {}, { spec: t024() }))).toEqual(json);
  return hex;
}

const unsigned = (content: unknown) => ({ branch: BRANCH, contents: [content] });
const hash = (kind: (typeof BASE58)[keyof typeof BASE58], size: number, fill: number) => encodeBase58Check(kind, new Uint8Array(size).fill(fill));
const PKH = hash(BASE58.ed25519_public_key_hash, 20, 1);

describe("T024 values of shapes the vectors lack", () => {
  itWithReference(FILES)("a vdf_revelation: the solution is a tuple of two 100-byte values (tag 8)", async () => {
    const solution = ["ab".repeat(100), "cd".repeat(100)];
    const hex = await roundTrip("operation.unsigned", unsigned({ kind: "vdf_revelation", solution }));
    expect(hex).toBe(`${BRANCH_HEX}08${solution[0]}${solution[1]}`);
  });

  itWithReference(FILES)("a failing_noop: its arbitrary bytes behind a 4-byte length (tag 17)", async () => {
    const hex = await roundTrip("operation.unsigned", unsigned({ kind: "failing_noop", arbitrary: "cafe" }));
    expect(hex).toBe(`${BRANCH_HEX}1100000002cafe`);
  });

  itWithReference(FILES)("both in a BLS-mode operation, whose contents share most cases with the published ones", async () => {
    const json = { branch: BRANCH, contents: [{ kind: "failing_noop", arbitrary: "00" }] };
    expect(await roundTrip("operation.bls_mode_unsigned", json)).toBe(`${BRANCH_HEX}110000000100`);
  });

  itWithReference(FILES)("a zk_rollup_publish operation without a ticket: the option's None is null (tag 0)", async () => {
    const op = { op_code: 0, price: { id: hash(BASE58.script_expr_hash, 32, 2), amount: "5" }, l1_dst: PKH, rollup_id: hash(BASE58.zk_rollup_address, 20, 3), payload: [] };
    const content = { kind: "zk_rollup_publish", source: PKH, fee: "1", counter: "2", gas_limit: "3", storage_limit: "4", zk_rollup: op.rollup_id, op: [[op, null]] };
    const hex = await roundTrip("operation.unsigned", unsigned(content));
    // The option's tag closes the one element: 00, no bytes after it.
    expect(hex.endsWith("00")).toBe(true);
  });

  itWithReference([...FILES, "protocols/t024/codec-vectors.json"])("a receipt's balance updates: the list of a vector's receipt, as the published balance_updates definition", async () => {
    type Receipt = { contents: Array<{ metadata: { operation_result: { balance_updates: unknown[] } } }> };
    const vectors = readReference<{ vectors: Array<{ encoding: string; name: string; json: Receipt }> }>("protocols/t024/codec-vectors.json").vectors;
    const receipt = vectors.find((v) => v.encoding === "operation.data_and_metadata" && v.name === "tez_transfer")!;
    const updates = receipt.json.contents[0]!.metadata.operation_result.balance_updates;
    expect(updates).toHaveLength(2);
    const hex = await roundTrip("receipt.balance_updates", updates);
    // One 4-byte length, then the items.
    expect(parseInt(hex.slice(0, 8), 16)).toBe(hex.length / 2 - 4);
  });

  itWithReference(FILES)("a smart_rollup_refute whose proof is an inbox proof: a case titled `inbox proof`, named `inbox__proof` by Kaitai", async () => {
    const input_proof = { input_proof_kind: "inbox_proof", level: 7, message_counter: "1", serialized_proof: "beef" };
    const refutation = { refutation_kind: "move", choice: "3", step: { pvm_step: "aa", input_proof } };
    const content = { kind: "smart_rollup_refute", source: PKH, fee: "1", counter: "2", gas_limit: "3", storage_limit: "4", rollup: hash(BASE58.smart_rollup_address, 20, 4), opponent: PKH, refutation };
    const hex = await roundTrip("operation.unsigned", unsigned(content));
    // The inbox proof (tag 00): level 7, counter 1, the proof behind a 4-byte length.
    expect(hex.endsWith("00" + "00000007" + "01" + "00000002beef")).toBe(true);
  });

  itWithReference(FILES)("a seed nonce revelation's receipt: metadata is `{balance_updates}` over the list alone, left out when empty (dft)", async () => {
    const signature = hash(BASE58.generic_signature, 64, 5);
    const update = { kind: "contract", contract: PKH, change: "125000", origin: "block" };
    const receipt = (metadata: unknown) => ({ contents: [{ kind: "seed_nonce_revelation", level: 5, nonce: "11".repeat(32), metadata }], signature });
    await roundTrip("operation.data_and_metadata", receipt({ balance_updates: [update] }));
    const empty = await roundTrip("operation.data_and_metadata", receipt({}));
    const explicit = (await runEncode([`${PROTOCOL}.operation.data_and_metadata`, JSON.stringify(receipt({ balance_updates: [] }))], {}, { spec: t024() })).trim();
    expect(explicit).toBe(empty);
  });

  itWithReference(FILES)("a balance update of a smart rollup's bond: the bond id, a union of one case, is that case's object", async () => {
    const rollup = hash(BASE58.smart_rollup_address, 20, 6);
    const update = { kind: "freezer", category: "bonds", contract: PKH, bond_id: { smart_rollup: rollup }, change: "-10000000000", origin: "block" };
    const hex = await roundTrip("receipt.balance_updates", [update]);
    expect(hex).toContain("01" + "06".repeat(20));
  });

  itWithReference([...FILES, "protocols/t024/codec-vectors.json"])("an internal transaction's result with a big map update: Micheline keys in the receipt's lazy storage diff", async () => {
    type Vector = { encoding: string; name: string; json: Record<string, unknown> };
    const vectors = readReference<{ vectors: Vector[] }>("protocols/t024/codec-vectors.json").vectors;
    const find = (encoding: string, name: string) => vectors.find((v) => v.encoding === encoding && v.name === name)!.json;
    const applied = find("operation.internal_and_metadata", "applied") as { result: Record<string, unknown> };
    const diff = find("lazy_storage_diff", "big_map_diff-update");
    const json = { ...applied, result: { ...applied.result, lazy_storage_diff: diff } };
    await roundTrip("operation.internal_and_metadata", json);
  });

  itWithReference(FILES)("a sapling state update: the case's two lists are its `updates` object, which Kaitai lays out in place", async () => {
    const updates = { commitments_and_ciphertexts: [], nullifiers: ["77".repeat(32)] };
    const hex = await roundTrip("lazy_storage_diff", [{ kind: "sapling_state", id: "1", diff: { action: "update", updates } }]);
    // The update (tag 00): no commitments, then one 32-byte nullifier, each list behind its length.
    expect(hex.endsWith("00" + "00000000" + "00000020" + "77".repeat(32))).toBe(true);
  });
});
