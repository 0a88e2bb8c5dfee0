import { build } from "esbuild";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../../", import.meta.url));

async function bundle(contents: string) {
  const result = await build({
    stdin: { contents, resolveDir: root, loader: "ts" },
    bundle: true,
    minify: true,
    platform: "browser",
    format: "esm",
    write: false,
    metafile: true,
    logLevel: "silent",
    alias: { "@tezos-rpcgen/runtime": `${root}runtime/index.ts` },
  });
  const inputs = Object.entries(Object.values(result.metafile.outputs)[0]!.inputs)
    .filter(([, input]) => input.bytesInOutput > 0)
    .map(([path]) => path);
  return { errors: result.errors, text: result.outputFiles[0]!.text, inputs };
}

describe("the client in browsers", () => {
  it("bundles for the browser platform from the runtime entry: no Node-only module is imported", async () => {
    const result = await bundle('import { HttpTransport, binaryBodies } from "./runtime/index.ts"; console.log(new HttpTransport({ baseUrl: "http://x", binary: binaryBodies({}) }));');
    expect(result.errors).toEqual([]);
    expect(result.text).toContain("application/octet-stream");
    expect(result.inputs.some((path) => path.startsWith("node:"))).toBe(false);
  });

  it("a one-route JSON application leaves out binary codecs, framing, the binary splitter, Base58 and SHA-256, and stays under 10 KB gzip", async () => {
    const result = await bundle('import { HttpTransport } from "./runtime/index.ts"; import { getChainsChainId } from "./generated/shell/client.ts"; getChainsChainId(new HttpTransport({ baseUrl: "http://localhost:8732" }), { path: { chain_id: "main" } }).then(console.log);');
    for (const left of ["generated/shell/codecs.ts", "generated/shell/binary.ts", "runtime/codec/reader.ts", "runtime/codec/writer.ts", "runtime/http/framing.ts", "runtime/client/binary.ts", "runtime/encodings/json-value.ts"]) {
      expect(result.inputs).not.toContain(left);
    }
    // Validators check the shape of Base58 text; decoding it and its SHA-256 checksum stay out.
    expect(result.inputs).toContain("runtime/encodings/base58-shape.ts");
    for (const left of ["runtime/encodings/base58/base58.ts", "runtime/encodings/base58/check.ts", "runtime/encodings/base58/sha256.ts", "runtime/encodings/base58/prefixes.ts", "runtime/encodings/base58-groups.ts", "runtime/hashing/blake2b.ts"]) {
      expect(result.inputs).not.toContain(left);
    }
    expect(result.inputs).toContain("generated/shell/validators.js");
    expect(gzipSync(result.text, { level: 9 }).length).toBeLessThanOrEqual(10 * 1024);
  });
});
