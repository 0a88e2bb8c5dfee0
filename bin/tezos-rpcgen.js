#!/usr/bin/env node
// The `tezos-rpcgen` command. An installed package runs its compiled JavaScript (dist/, built by
// `npm run build`), with no TypeScript loader. In a checkout, where the TypeScript sources and the
// development dependencies are present, it runs the sources through tsx instead, so that an edit
// to the generator takes effect without a build (and `generated/` is always what the sources
// write); TEZOS_RPCGEN_COMPILED=1 runs the compiled JavaScript there too.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const sources = new URL("../generator/cli/main.ts", import.meta.url);

async function typeScriptLoader() {
  if (process.env.TEZOS_RPCGEN_COMPILED === "1" || !existsSync(sources)) return false;
  try {
    const { register } = await import("tsx/esm/api");
    // The project's tsconfig maps `@tezos-rpcgen/runtime` to the runtime's sources, whatever
    // the working directory.
    register({ tsconfig: fileURLToPath(new URL("../tsconfig.json", import.meta.url)) });
    return true;
  } catch {
    return false; // a checkout installed without development dependencies
  }
}

if (await typeScriptLoader()) await import(sources.href);
else await import("../dist/generator/cli/main.js");
