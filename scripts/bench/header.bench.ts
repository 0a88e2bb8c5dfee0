/**
 * Shell block header: binary decode and encode with the runtime's codecs versus
 * `JSON.parse`/`JSON.stringify` of the same header's JSON form.
 *
 * The header codec is composed by hand from the reader/writer and the known encodings (the
 * generated codec will replace it). Inputs: the 114-byte genesis header recorded from a
 * sandbox node (`codec-vectors-shell.json`, empty fitness) and the shell part of the recorded
 * `alpha.block_header` vector (`codec-vectors-alpha-2022-06-09.json`, fitness
 * `["01","000000000000000a"]`), both from `../shared/reference/`.
 *
 * Run: npx tsx scripts/bench/header.bench.ts
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import {
  BinaryReader,
  BinaryWriter,
  fitnessCodec,
  hashCodec,
  timestampProtocolCodec,
} from "../../runtime/index.ts";
import { bench, report } from "./harness.ts";

/** The shell header in the value model (the node's JSON form). */
interface ShellHeader {
  level: number;
  proto: number;
  predecessor: string;
  timestamp: string;
  validation_pass: number;
  operations_hash: string;
  fitness: string[];
  context: string;
}

const blockHash = hashCodec("block_hash");
const operationsHash = hashCodec("operation_list_list_hash");
const contextHash = hashCodec("context_hash");

function decodeShellHeader(bytes: Uint8Array): ShellHeader {
  const r = new BinaryReader(bytes);
  const header: ShellHeader = {
    level: r.int32(),
    proto: r.uint8(),
    predecessor: blockHash.decode(r),
    timestamp: timestampProtocolCodec.decode(r),
    validation_pass: r.uint8(),
    operations_hash: operationsHash.decode(r),
    fitness: fitnessCodec.decode(r),
    context: contextHash.decode(r),
  };
  r.expectEnd();
  return header;
}

function encodeShellHeader(header: ShellHeader): Uint8Array {
  const w = new BinaryWriter(160);
  w.int32(header.level);
  w.uint8(header.proto);
  blockHash.encode(w, header.predecessor);
  timestampProtocolCodec.encode(w, header.timestamp);
  w.uint8(header.validation_pass);
  operationsHash.encode(w, header.operations_hash);
  fitnessCodec.encode(w, header.fitness);
  contextHash.encode(w, header.context);
  return w.finish();
}

const reference = (name: string) =>
  JSON.parse(readFileSync(fileURLToPath(new URL(`../../../shared/reference/${name}`, import.meta.url)), "utf8")) as {
    vectors: { encoding: string; hex: string }[];
  };

const genesisHex = reference("codec-vectors-shell.json").vectors.find((v) => v.encoding.startsWith("block_header.shell"))!.hex;
const alphaHex = reference("codec-vectors-alpha-2022-06-09.json").vectors.find((v) => v.encoding === "alpha.block_header")!.hex;
// Shell part of the alpha header: 78 bytes of fixed fields, the fitness (4 + 0x11 bytes), the context.
const alphaShellHex = alphaHex.slice(0, 2 * (78 + 4 + 0x11 + 32));

const inputs = [
  { label: "genesis (114 B, fitness [])", bytes: new Uint8Array(Buffer.from(genesisHex, "hex")) },
  { label: "alpha (131 B, 2-element fitness)", bytes: new Uint8Array(Buffer.from(alphaShellHex, "hex")) },
];

const pairs: Parameters<typeof report>[1] = [];
for (const { label, bytes } of inputs) {
  const value = decodeShellHeader(bytes);
  const json = JSON.stringify(value);
  // The codec must round-trip before it is timed.
  if (Buffer.compare(Buffer.from(encodeShellHeader(value)), Buffer.from(bytes)) !== 0) throw new Error(`${label}: re-encoding differs`);
  if (JSON.stringify(JSON.parse(json)) !== json) throw new Error(`${label}: JSON differs`);
  console.log(`${label}: ${json}`);
  pairs.push({ label: `decode ${label}`, ours: bench("binary decode", () => decodeShellHeader(bytes)), baseline: bench("JSON.parse", () => JSON.parse(json)) });
  pairs.push({ label: `encode ${label}`, ours: bench("binary encode", () => encodeShellHeader(value)), baseline: bench("JSON.stringify", () => JSON.stringify(value)) });
}
report("Shell block header: binary codec vs JSON of the same value", pairs);
