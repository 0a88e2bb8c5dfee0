/**
 * Entry of the validators' worker thread (validators.ts). A worker thread does not always
 * inherit its parent's TypeScript loader (the command line registers tsx in-process, vitest
 * has its own), so the entry registers tsx before loading validators-worker.ts. Compiled
 * (dist/), validators-worker.ts becomes this file's name and this entry is not used.
 */

import { fileURLToPath } from "node:url";
import { register } from "tsx/esm/api";

// The project's tsconfig maps `@tezos-rpcgen/runtime` to the runtime's sources.
register({ tsconfig: fileURLToPath(new URL("../../tsconfig.json", import.meta.url)) });
await import("./validators-worker.ts");
