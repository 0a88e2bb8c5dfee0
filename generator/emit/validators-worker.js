/**
 * Entry of the validators' worker thread (validators.ts). A worker thread does not always
 * inherit its parent's TypeScript loader (the command line registers tsx in-process, vitest
 * has its own), so the entry registers tsx before loading validators-worker.ts.
 */

import { register } from "tsx/esm/api";

register();
await import("./validators-worker.ts");
