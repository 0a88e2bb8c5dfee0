/**
 * The size of a small application once bundled for a browser (esbuild, minified, ESM, gzip -9),
 * with the runtime package resolved to its sources: what the client and Tallinn size benchmarks
 * report.
 */
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";

const root = fileURLToPath(new URL("../../", import.meta.url));

/** `contents` (TypeScript, imports relative to the project's root) bundled: its bytes, gzipped bytes and the modules with bytes in it. */
export async function bundleSize(contents: string): Promise<{ raw: number; gzip: number; inputs: string[] }> {
  const result = await build({
    stdin: { contents, resolveDir: root, loader: "ts" },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    write: false,
    metafile: true,
    logLevel: "silent",
    alias: { "@tezos-rpcgen/runtime": `${root}runtime/index.ts` },
  });
  const text = result.outputFiles[0]!.contents;
  // esbuild's metafile: the modules with bytes in the output.
  const inputs = Object.entries(Object.values(result.metafile.outputs)[0]!.inputs)
    .filter(([, input]) => input.bytesInOutput > 0)
    .map(([path]) => path);
  return { raw: text.length, gzip: gzipSync(text, { level: 9 }).length, inputs };
}
