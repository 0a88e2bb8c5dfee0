/**
 * Sizes of the Tallinn bindings (issue 20's figures): the generated folder `generated/tallinn`
 * (raw, and gzip -9 file by file), and the bundle of an app using one protocol route
 * (`getContractBalance`) in JSON and in binary, and of an app forging one operation locally
 * (esbuild, minified, platform browser, gzip -9), as client.bench.ts measures the shell's.
 *
 * The binary app gives the transport the codecs of its one route (`binaryBodies({getContractBalance:
 * …})`); with the whole `binaryCodecs` table every laid-out body of the interface comes along,
 * which the last row shows.
 *
 * Run: npx tsx scripts/bench/tallinn-size.bench.ts
 */
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { bundleSize } from "./app-bundle.ts";

const root = fileURLToPath(new URL("../../", import.meta.url));
const folder = `${root}generated/tallinn/`;
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

let raw = 0;
let gzip = 0;
for (const name of readdirSync(folder)) {
  const bytes = readFileSync(folder + name);
  raw += bytes.length;
  gzip += gzipSync(bytes, { level: 9 }).length;
}
console.log(`generated/tallinn: ${readdirSync(folder).length} files, ${kib(raw)} raw, ${kib(gzip)} gzip -9 (file by file)`);

const call = 'getContractBalance(transport, { path: { chain_id: "main", block_id: "head", contract_id: "tz1KqTpEZ7Yob7QbPE4Hy4Wo8fHG8LhKxZSx" } }).then(console.log);';
const apps: Record<string, string> = {
  "getContractBalance, JSON (validating)": `import { HttpTransport } from "./runtime/index.ts"; import { getContractBalance } from "./generated/tallinn/index.ts"; const transport = new HttpTransport({ baseUrl: "http://localhost:8732" }); ${call}`,
  "getContractBalance, binary (its route's codecs)": `import { HttpTransport, binaryBodies } from "./runtime/index.ts"; import { getContractBalance, decodeGetContractBalanceOutput, encodeGetContractBalanceOutput } from "./generated/tallinn/index.ts"; const transport = new HttpTransport({ baseUrl: "http://localhost:8732", mediaType: "application/octet-stream", binary: binaryBodies({ getContractBalance: { output: { decode: decodeGetContractBalanceOutput, encode: encodeGetContractBalanceOutput } } }) }); ${call}`,
  "forge one operation locally (encodeOperationUnsigned)": `import { BinaryWriter, bytesToHex } from "./runtime/index.ts"; import { encodeOperationUnsigned } from "./generated/tallinn/index.ts"; const w = new BinaryWriter(); encodeOperationUnsigned(w, JSON.parse(globalThis.input)); console.log(bytesToHex(w.finish()));`,
  "getContractBalance, binary (the whole binaryCodecs table)": `import { HttpTransport, binaryBodies } from "./runtime/index.ts"; import { getContractBalance, binaryCodecs } from "./generated/tallinn/index.ts"; const transport = new HttpTransport({ baseUrl: "http://localhost:8732", mediaType: "application/octet-stream", binary: binaryBodies(binaryCodecs) }); ${call}`,
};
console.log("\nOne-route app bundles (esbuild --minify, platform browser, gzip -9; target ≤ 10 KB gzip for JSON):");
for (const [name, contents] of Object.entries(apps)) {
  const size = await bundleSize(contents);
  console.log(`  ${name.padEnd(60)} ${kib(size.raw).padStart(10)} min ${kib(size.gzip).padStart(9)} gzip`);
}
