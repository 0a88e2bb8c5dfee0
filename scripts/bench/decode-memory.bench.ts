/**
 * What decoded values cost to keep, against `JSON.parse` of the same values (issue 14):
 *
 * 1. retained heap per decoded operation: 10,000 signed operations (the recorded
 *    `alpha.operation` vectors, cycled) decoded with the codec generated from the 2022 Alpha
 *    mempool dump and all kept, against `JSON.parse` of their JSON text, all kept; measured
 *    between full collections (target: at most 1.5× `JSON.parse`);
 * 2. time per operation when 10,000 are decoded and kept, against 100 (target: at most 1.2×):
 *    values that cost the collector more than they should (ropes, extra objects) slow big lists;
 * 3. block header decode against `JSON.parse` of its JSON (the shell's `block_header`, as in
 *    `header.bench.ts`; target: at least 0.25×), and what the genesis header's three
 *    Base58Check hashes cost alone (text, and checksums only), which bounds that ratio.
 *
 * Needs `--expose-gc`; run without it, the file re-runs itself with it:
 *   npx tsx scripts/bench/decode-memory.bench.ts
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { loadInterface } from "../../generator/pipeline.ts";
import { BASE58, BinaryReader, doubleSha256Checksum, encodeBase58CheckRange, hexToBytes } from "../../runtime/index.ts";
import { vectorCodec } from "../../test/generator/vectors/vector-codecs.ts";
import { decodeBlockHeader } from "../../generated/shell/codecs.ts";
import { generateToTemporaryFolder } from "./generated-folder.ts";
import { benchPair, report } from "./harness.ts";

const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) {
  const self = fileURLToPath(import.meta.url);
  const run = spawnSync(process.execPath, ["--expose-gc", "--import", "tsx", self, ...process.argv.slice(2)], { stdio: "inherit" });
  process.exit(run.status ?? 1);
}
const collect = gc!;

const reference = fileURLToPath(new URL("../../../shared/reference/", import.meta.url));
const OPERATION = "alpha.operation";
const DEFINITION = `bench:${OPERATION}`;

// The operation codec, generated from the dump with the signed operation added as a definition.
const loaded = await loadInterface(`${reference}describe-mempool-alpha-2022-06-09.json`, {
  read: { prefix: ["chains", { kind: "arg", name: "chain_id", multiple: false }, "mempool"] },
});
const codec = vectorCodec(loaded.model, OPERATION);
if (!codec) throw new Error(`the dump has no contents definition to build ${OPERATION} from`);
loaded.model.definitions.set(DEFINITION, { name: DEFINITION, codec });
const generated = await generateToTemporaryFolder(loaded, "alpha-mempool");
const { decode } = generated.definition(DEFINITION);

const vectors = (JSON.parse(readFileSync(`${reference}codec-vectors-alpha-2022-06-09.json`, "utf8")) as { vectors: Array<{ encoding: string; hex: string }> }).vectors.filter(
  (v) => v.encoding === OPERATION,
);
const operations = vectors.map((v) => {
  const bytes = hexToBytes(v.hex);
  const decodeOne = (): unknown => {
    const r = new BinaryReader(bytes);
    const value = decode(r);
    r.expectEnd();
    return value;
  };
  return { bytes, decodeOne, json: JSON.stringify(decodeOne()) };
});
const averageBytes = operations.reduce((n, o) => n + o.bytes.length, 0) / operations.length;
const averageJson = operations.reduce((n, o) => n + o.json.length, 0) / operations.length;
console.log(`${operations.length} recorded operations, ${averageBytes.toFixed(0)} bytes binary and ${averageJson.toFixed(0)} characters of JSON on average`);

const decodeOp = (i: number): unknown => operations[i % operations.length]!.decodeOne();
const parseOp = (i: number): unknown => JSON.parse(operations[i % operations.length]!.json);

// Warm both paths up so that the heap measured holds values, not compiled code.
for (let i = 0; i < 20_000; i++) {
  decodeOp(i);
  parseOp(i);
}

/** Heap kept by `count` values made by `make`, per value, between full collections. */
function retainedOnce(make: (i: number) => unknown, count: number): number {
  collect();
  collect();
  const before = process.memoryUsage().heapUsed;
  const kept: unknown[] = new Array(count);
  for (let i = 0; i < count; i++) kept[i] = make(i);
  collect();
  collect();
  const after = process.memoryUsage().heapUsed;
  if (kept.length !== count) throw new Error("unreachable");
  return (after - before) / count;
}

/**
 * The median of 5 measurements. Each is its own call: a loop's stack slot would keep the previous
 * round's values alive while the next round's baseline is taken.
 */
function retainedPerValue(make: (i: number) => unknown, count: number): number {
  const samples: number[] = [];
  for (let round = 0; round < 5; round++) samples.push(retainedOnce(make, count));
  samples.sort((a, b) => a - b);
  return samples[2]!;
}

/**
 * Time per value (ns) to make `count` values into one list kept until the list is complete, in
 * batches of `count` run back to back for about `total` values (the median batch). Lists of
 * 10,000 keep their values alive across young-generation collections, which then copy and
 * promote them; lists of 100 mostly die young.
 */
function timePerValue(make: (i: number) => unknown, count: number, total = 200_000): number {
  const samples: number[] = [];
  for (let done = 0; done < total; done += count) samples.push(timeOnce(make, count));
  samples.sort((a, b) => a - b);
  return samples[samples.length >> 1]!;
}

function timeOnce(make: (i: number) => unknown, count: number): number {
  const kept: unknown[] = new Array(count);
  const started = performance.now();
  for (let i = 0; i < count; i++) kept[i] = make(i);
  const elapsed = performance.now() - started;
  if (kept.length !== count) throw new Error("unreachable");
  return (elapsed * 1e6) / count;
}

const KEPT = 10_000;
const ours = retainedPerValue(decodeOp, KEPT);
const baseline = retainedPerValue(parseOp, KEPT);
console.log(`\nRetained heap per operation, ${KEPT} kept`);
console.log(`  binary decode ${ours.toFixed(0).padStart(6)} B   JSON.parse ${baseline.toFixed(0).padStart(6)} B   ratio ${(ours / baseline).toFixed(2)}x (target <= 1.5x)`);

console.log(`\nTime per operation in lists of 10,000 against lists of 100 (batches back to back; medians)`);
for (const [name, make] of [
  ["binary decode", decodeOp],
  ["JSON.parse", parseOp],
] as const) {
  // Interleaved, so that load from other processes weighs on both sizes alike.
  const small: number[] = [];
  const large: number[] = [];
  for (let round = 0; round < 3; round++) {
    small.push(timePerValue(make, 100));
    large.push(timePerValue(make, 10_000));
  }
  const s = small.sort((a, b) => a - b)[1]!;
  const l = large.sort((a, b) => a - b)[1]!;
  console.log(`  ${name.padEnd(14)} 100: ${s.toFixed(0).padStart(6)} ns   10,000: ${l.toFixed(0).padStart(6)} ns   ratio ${(l / s).toFixed(2)}x${name === "binary decode" ? " (target <= 1.2x)" : ""}`);
}

// Block header decode against JSON.parse, as header.bench.ts measures it.
const headers = [
  ["genesis (114 B)", (JSON.parse(readFileSync(`${reference}codec-vectors-shell.json`, "utf8")) as { vectors: Array<{ encoding: string; hex: string }> }).vectors.find((v) => v.encoding.startsWith("block_header.shell"))!.hex],
  ["alpha (273 B)", vectors.length > 0 ? (JSON.parse(readFileSync(`${reference}codec-vectors-alpha-2022-06-09.json`, "utf8")) as { vectors: Array<{ encoding: string; hex: string }> }).vectors.find((v) => v.encoding === "alpha.block_header")!.hex : ""],
] as const;
const pairs: Parameters<typeof report>[1] = [];
for (const [label, hex] of headers) {
  const bytes = hexToBytes(hex);
  const decodeHeader = (): unknown => {
    const r = new BinaryReader(bytes);
    const value = decodeBlockHeader(r);
    r.expectEnd();
    return value;
  };
  const json = JSON.stringify(decodeHeader());
  pairs.push({ label: `block header ${label}`, ...benchPair({ name: "binary decode", fn: decodeHeader }, { name: "JSON.parse", fn: () => JSON.parse(json) }) });
}
report("Block header decode (generated/shell decodeBlockHeader) against JSON.parse (target >= 0.25x)", pairs);

// What the genesis header's three Base58Check hashes cost alone (predecessor, operations_hash,
// context: 2 SHA-256 blocks and one Base58 encoding each), and their checksums alone: the part
// of the decode that no codec change removes, against the same JSON.parse.
{
  const bytes = hexToBytes(headers[0][1]);
  const header = decodeBlockHeader(new BinaryReader(bytes));
  const json = JSON.stringify(header);
  // Offsets in the genesis header (empty fitness and protocol data).
  const hashes = [
    [BASE58.block_hash, 5],
    [BASE58.operation_list_list_hash, 46],
    [BASE58.context_hash, 82],
  ] as const;
  const texts = () => hashes.map(([kind, at]) => encodeBase58CheckRange(kind, bytes, at));
  if (texts().join() !== [header.predecessor, header.operations_hash, header.context].join()) throw new Error("the genesis header's hashes are not where this benchmark reads them");
  const body = new Uint8Array(35);
  const checksums = () => {
    let sum = 0;
    for (const [kind, at] of hashes) {
      body.set(kind.prefix);
      body.set(bytes.subarray(at, at + 32), kind.prefix.length);
      sum += doubleSha256Checksum(body, 0, kind.prefix.length + 32);
    }
    return sum;
  };
  const parse = { name: "JSON.parse", fn: () => JSON.parse(json) };
  report("Of the genesis header: its three hashes alone, against JSON.parse of the whole header (the ceiling of the ratio above)", [
    { label: "3 x Base58Check text", ...benchPair({ name: "hashes", fn: texts }, parse) },
    { label: "3 x checksum (2 SHA-256 blocks)", ...benchPair({ name: "checksums", fn: checksums }, parse) },
  ]);
}
generated.cleanup();
