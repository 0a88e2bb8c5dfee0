/**
 * Forging and parsing T024 (Tallinn) unsigned manager operations: the committed bindings
 * `generated/tallinn` (`tezos-rpcgen/protocols/tallinn`), whose `encodeOperationUnsigned` and
 * `decodeOperationUnsigned` are generated from Octez's Kaitai files of protocol 024 paired with
 * its OpenAPI document (`spec/snapshots/tallinn.json`, `assemble --layouts`), versus `@taquito/local-forging` 24.2.0, which forges for Tallinn
 * (`localForger.forge` / `localForger.parse`).
 *
 * The operations are the recorded `operation.unsigned` vectors of the manager kinds
 * (`../shared/reference/protocols/t024/codec-vectors.json`): reveal (with and without a BLS
 * proof), transaction to an implicit account and to a contract with parameters, delegation with
 * and without a delegate, origination, and a batch (the reveal and the transaction to an implicit
 * account in one operation, built from them). Before timing, our bytes must be Octez's recorded
 * bytes (the batch: the concatenation of its parts' contents), Taquito's must be the same, and
 * each side must parse the bytes back to a value that forges to them.
 *
 * Hex text at the boundary, like Taquito's API; rows with `Uint8Array` in and out (our native API)
 * are printed as well. Each pair is timed with interleaved rounds (harness.ts `benchPair`).
 *
 * Run: npx tsx scripts/bench/forge-t024.bench.ts
 */
import { isDeepStrictEqual } from "node:util";
import { fileURLToPath } from "node:url";
import { readFileSync } from "node:fs";
import { localForger, type ForgeParams } from "@taquito/local-forging";
import { bytesToHex, decodeBytes, encodeBytes, hexToBytes, type Codec } from "../../runtime/index.ts";
import { decodeOperationUnsigned as decode, encodeOperationUnsigned as encode, type OperationUnsigned } from "../../generated/tallinn/index.ts";
import { compareWithTaquito } from "./forge-comparison.ts";

const reference = fileURLToPath(new URL("../../../shared/reference/protocols/t024/", import.meta.url));
const MANAGER_KINDS = new Set(["reveal", "transaction", "delegation", "origination"]);

interface Vector {
  encoding: string;
  name: string;
  json: { branch: string; contents: Array<{ kind: string; destination?: string; parameters?: unknown; delegate?: string; proof?: string }> };
  hex: string;
}

// The codec on whole byte arrays through the runtime's own `decodeBytes`/`encodeBytes`.
const codec: Codec<unknown> = { decode, encode: (writer, value) => encode(writer, value as OperationUnsigned) };

const label = (v: Vector): string => {
  const op = v.json.contents[0]!;
  if (v.json.contents.length > 1) return `batch (${v.json.contents.map((c) => c.kind).join(" + ")})`;
  if (op.kind === "transaction") return op.parameters ? "transaction, with parameters" : "transaction, no parameters";
  if (op.kind === "delegation") return op.delegate ? "delegation, set delegate" : "delegation, withdraw";
  if (op.kind === "reveal") return op.proof ? "reveal, BLS proof" : "reveal";
  return op.kind;
};

const recorded = (JSON.parse(readFileSync(`${reference}codec-vectors.json`, "utf8")) as { vectors: Vector[] }).vectors.filter(
  (v) => v.encoding === "operation.unsigned" && v.json.contents.every((c) => MANAGER_KINDS.has(c.kind)),
);
// A batch: the plain reveal then the transaction to an implicit account, under one branch (the
// contents of an unsigned operation follow its 32-byte branch one after another).
const reveal = recorded.find((v) => v.name === "operation.unsigned-reveal")!;
const transfer = recorded.find((v) => v.name === "operation.unsigned-transaction-to-implicit")!;
const batch: Vector = {
  encoding: "operation.unsigned",
  name: "batch",
  json: { branch: reveal.json.branch, contents: [...reveal.json.contents, ...transfer.json.contents] },
  hex: reveal.hex + transfer.hex.slice(64),
};
if (transfer.json.branch !== reveal.json.branch) throw new Error("the batch's parts have different branches");

const cases = [...recorded, batch].map((v) => {
  const name = label(v);
  const ours = bytesToHex(encodeBytes(codec, v.json));
  if (ours !== v.hex) throw new Error(`${name}: our encoding ${ours} is not Octez's ${v.hex}`);
  if (!isDeepStrictEqual(decodeBytes(codec, hexToBytes(ours)), v.json)) throw new Error(`${name}: our decoding differs from the recorded JSON`);
  return { name, value: v.json, ours, taquitoHex: ours };
});

for (const c of cases) {
  const forged = await localForger.forge(c.value as unknown as ForgeParams);
  if (forged !== c.ours) throw new Error(`${c.name}: Taquito forges ${forged}, Octez ${c.ours}`);
  const parsed = await localForger.parse(forged);
  if ((await localForger.forge(parsed)) !== forged) throw new Error(`${c.name}: Taquito's parse does not forge back to the same bytes`);
}
console.log(`checked ${cases.length} operations: ours = Octez's recorded bytes = Taquito's`);

compareWithTaquito("T024 unsigned manager operations, hex in/out: generated/tallinn (codecs from Octez's Kaitai files) vs @taquito/local-forging 24.2.0 (targets: encode ≥ 12x, decode ≥ 8x)", cases, codec);

