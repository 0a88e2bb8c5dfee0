/**
 * Forging and parsing unsigned manager operations (branch + contents): the codecs generated
 * from the 2022 Alpha mempool dump (`../shared/reference/describe-mempool-alpha-2022-06-09.json`)
 * versus `@taquito/local-forging` 24.2.0 (`localForger.forge` / `localForger.parse`).
 *
 * The codecs are generated at the start of the run into a temporary folder, with the pipeline
 * and the codec emitter, after adding the unsigned operation as a definition (branch + list of
 * the dump's `alpha.operation.alpha.contents`), as the vector tests do.
 *
 * The operations are the recorded `alpha.operation.unsigned` vectors of the manager kinds
 * (`codec-vectors-alpha-2022-06-09.json`): reveal, transaction to an implicit account without
 * parameters, transaction to a contract with parameters, delegation with and without a
 * delegate, origination. Before timing, both sides must give the recorded bytes, and each must
 * parse the bytes back to a value that forges to the same bytes.
 *
 * One difference is protocol-related, not a bug on either side: Taquito 24 forges for current
 * protocols (Seoul and later), where a reveal carries an optional BLS `proof`, so it appends one
 * presence byte `00` to every reveal. For the reveal, Taquito's bytes must equal ours plus
 * that byte, and each side is timed on its own bytes.
 *
 * Both directions are measured with hexadecimal text at the boundary, like Taquito's API
 * (forge returns hex, parse takes hex): ours includes `bytesToHex`/`hexToBytes`. Rows with
 * `Uint8Array` in and out (our native API) are printed as well.
 *
 * Each pair is timed with interleaved rounds (harness.ts `benchPair`).
 *
 * Run: npx tsx scripts/bench/forge.bench.ts
 */
import { isDeepStrictEqual } from "node:util";
import { fileURLToPath } from "node:url";
import { readFileSync } from "node:fs";
import { localForger, type ForgeParams } from "@taquito/local-forging";
import { loadInterface } from "../../generator/pipeline.ts";
import { bytesToHex, decodeBytes, encodeBytes, hexToBytes, type Codec } from "../../runtime/index.ts";
import { vectorCodec } from "../../test/generator/vectors/vector-codecs.ts";
import { generateToTemporaryFolder } from "./generated-folder.ts";
import { compareWithTaquito } from "./forge-comparison.ts";

const reference = fileURLToPath(new URL("../../../shared/reference/", import.meta.url));
const DUMP = `${reference}describe-mempool-alpha-2022-06-09.json`;
const VECTORS = `${reference}codec-vectors-alpha-2022-06-09.json`;
const UNSIGNED = "alpha.operation.unsigned";
const DEFINITION = `bench:${UNSIGNED}`;
/** Taquito's encoding of "no proof" after a reveal's public key (see above). */
const REVEAL_PROOF_ABSENT = "00";

interface Vector {
  encoding: string;
  json: { contents: Array<{ kind: string; destination?: string; parameters?: unknown; delegate?: string }> };
  hex: string;
}

// Generate the codecs, with the unsigned operation added to the model.
let start = performance.now();
const loaded = await loadInterface(DUMP, { read: { prefix: ["chains", { kind: "arg", name: "chain_id", multiple: false }, "mempool"] } });
const unsignedIr = vectorCodec(loaded.model, UNSIGNED);
if (!unsignedIr) throw new Error(`the dump has no contents definition to build ${UNSIGNED} from`);
loaded.model.definitions.set(DEFINITION, { name: DEFINITION, codec: unsignedIr });
const generated = await generateToTemporaryFolder(loaded, "alpha-mempool");
const { decode, encode } = generated.definition(DEFINITION);
console.log(`generated ${generated.directory} in ${(performance.now() - start).toFixed(0)} ms`);

// The codec on whole byte arrays through the runtime's own `decodeBytes`/`encodeBytes`.
const codec: Codec<unknown> = { decode, encode };

const label = (v: Vector): string => {
  const op = v.json.contents[0]!;
  if (op.kind === "transaction") return op.parameters ? "transaction, with parameters" : "transaction, no parameters";
  if (op.kind === "delegation") return op.delegate ? "delegation, set delegate" : "delegation, withdraw";
  return op.kind;
};
const MANAGER_KINDS = new Set(["reveal", "transaction", "delegation", "origination"]);
const vectors = (JSON.parse(readFileSync(VECTORS, "utf8")) as { vectors: Vector[] }).vectors.filter(
  (v) => v.encoding === UNSIGNED && v.json.contents.length === 1 && MANAGER_KINDS.has(v.json.contents[0]!.kind),
);

const cases = vectors.map((v) => {
  const name = label(v);
  const value = v.json;
  const ours = bytesToHex(encodeBytes(codec, value));
  if (ours !== v.hex) throw new Error(`${name}: our encoding ${ours} is not the recorded ${v.hex}`);
  if (!isDeepStrictEqual(decodeBytes(codec, hexToBytes(ours)), value)) throw new Error(`${name}: our decoding differs from the recorded JSON`);
  return { name, value, ours, taquitoHex: "" };
});

for (const c of cases) {
  const forged = await localForger.forge(c.value as unknown as ForgeParams);
  const expected = c.value.contents[0]!.kind === "reveal" ? c.ours + REVEAL_PROOF_ABSENT : c.ours;
  if (forged !== expected) throw new Error(`${c.name}: Taquito forges ${forged}, expected ${expected}`);
  const parsed = await localForger.parse(forged);
  if ((await localForger.forge(parsed)) !== forged) throw new Error(`${c.name}: Taquito's parse does not forge back to the same bytes`);
  c.taquitoHex = forged;
}
console.log(`checked ${cases.length} operations: ours = recorded Octez bytes = Taquito's (reveal: Taquito + "${REVEAL_PROOF_ABSENT}" proof byte)`);

compareWithTaquito("Unsigned manager operations, hex in/out: generated codecs (Alpha 2022 dump) vs @taquito/local-forging 24.2.0 (target ≥ 3.00x)", cases, codec);
