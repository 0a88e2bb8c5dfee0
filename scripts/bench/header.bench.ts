/**
 * Block header (the shell's `block_header` definition: shell fields + `protocol_data` as hex):
 * binary decode and encode with the codecs generated from `spec/snapshots/shell.json`
 * (`decodeBlockHeader`/`encodeBlockHeader`) versus `JSON.parse`/`JSON.stringify` of the same
 * header's JSON form. This is the baseline for later work, not a target.
 *
 * The codecs are those of `generated/shell/codecs.ts` when that file is exactly what the
 * generator writes now; otherwise the folder is rendered into a temporary directory and used
 * from there (the run says which).
 *
 * Inputs, from `../shared/reference/`: the 114-byte genesis header recorded from a sandbox node
 * (`codec-vectors-shell.json`: shell part only, empty fitness, so `protocol_data` is "") and the
 * recorded 273-byte `alpha.block_header` (`codec-vectors-alpha-2022-06-09.json`: 2-element
 * fitness, 142 bytes of protocol data).
 *
 * Both sides work on the boundary form of their format: bytes for the binary codec (a
 * `Uint8Array`), text for JSON.
 *
 * Run: npx tsx scripts/bench/header.bench.ts
 */
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { loadInterface, renderInterface } from "../../generator/pipeline.ts";
import { BinaryReader, BinaryWriter, bytesToHex, hexToBytes } from "../../runtime/index.ts";
import { importCodecs, PROJECT_ROOT, writeToTemporaryFolder, type GeneratedCodecs } from "./generated-folder.ts";
import { benchPair, report } from "./harness.ts";

const COMMITTED = `${PROJECT_ROOT}generated/shell/`;

const loaded = await loadInterface(`${PROJECT_ROOT}spec/snapshots/shell.json`);
const files = await renderInterface(loaded);
const fresh = files.find((f) => f.name === "codecs.ts")!.contents;
const committedFile = `${COMMITTED}codecs.ts`;
let generated: GeneratedCodecs;
if (existsSync(committedFile) && readFileSync(committedFile, "utf8") === fresh) {
  generated = await importCodecs(COMMITTED, loaded.model);
  console.log("codecs: generated/shell/codecs.ts (up to date)");
} else {
  generated = await writeToTemporaryFolder(files, loaded.model, "shell");
  console.log(`codecs: ${generated.directory}/codecs.ts (generated/shell/codecs.ts is ${existsSync(committedFile) ? "stale" : "missing"})`);
}
const { decode, encode } = generated.definition("block_header");

const decodeHeader = (bytes: Uint8Array): unknown => {
  const r = new BinaryReader(bytes);
  const value = decode(r);
  r.expectEnd();
  return value;
};
const encodeHeader = (value: unknown): Uint8Array => {
  const w = new BinaryWriter(320);
  encode(w, value);
  return w.finish();
};

const reference = (name: string) =>
  JSON.parse(readFileSync(fileURLToPath(new URL(`../../../shared/reference/${name}`, import.meta.url)), "utf8")) as {
    vectors: { encoding: string; hex: string }[];
  };
const genesisHex = reference("codec-vectors-shell.json").vectors.find((v) => v.encoding.startsWith("block_header.shell"))!.hex;
const alphaHex = reference("codec-vectors-alpha-2022-06-09.json").vectors.find((v) => v.encoding === "alpha.block_header")!.hex;

const inputs = [
  { label: "genesis (114 B, fitness [])", hex: genesisHex },
  { label: "alpha (273 B, 2-elt fitness)", hex: alphaHex },
];

const pairs: Parameters<typeof report>[1] = [];
for (const { label, hex } of inputs) {
  const bytes = hexToBytes(hex);
  const value = decodeHeader(bytes);
  const json = JSON.stringify(value);
  // The codec must round-trip before it is timed.
  if (bytesToHex(encodeHeader(value)) !== hex) throw new Error(`${label}: re-encoding differs`);
  if (JSON.stringify(JSON.parse(json)) !== json) throw new Error(`${label}: JSON differs`);
  console.log(`${label}: ${json.length} bytes of JSON: ${json}`);
  pairs.push({ label: `decode ${label}`, ...benchPair({ name: "binary decode", fn: () => decodeHeader(bytes) }, { name: "JSON.parse", fn: () => JSON.parse(json) }) });
  pairs.push({ label: `encode ${label}`, ...benchPair({ name: "binary encode", fn: () => encodeHeader(value) }, { name: "JSON.stringify", fn: () => JSON.stringify(value) }) });
}
report("Block header (shell `block_header`): generated binary codec vs JSON of the same value", pairs);
