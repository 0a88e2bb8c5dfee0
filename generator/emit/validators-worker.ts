/**
 * The validators' worker thread: compiles each plan it receives with {@link emitValidators},
 * the function the caller's thread would run, and answers the files or the error's message.
 */

import { parentPort } from "node:worker_threads";
import { emitValidators, type PlannedValidator } from "./validators.ts";

// ajv builds its functions from source text; with source maps on (as tsx sets them), Node scans
// each such text for a source map comment, which costs more than a tenth of the compilation.
process.setSourceMapsEnabled(false);

parentPort!.on("message", ({ id, validators }: { id: number; validators: PlannedValidator[] }) => {
  try {
    parentPort!.postMessage({ id, files: emitValidators({ validators }) });
  } catch (error) {
    parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
