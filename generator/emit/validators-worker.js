/**
 * Worker thread of the validators (validators.ts): compiles each job it receives with
 * validators-compile.js and answers the code, or the error's message.
 */

import { parentPort } from "node:worker_threads";
import { compileValidators } from "./validators-compile.js";

// ajv builds its functions from source text; with source maps on (as tsx sets them), Node scans
// each such text for a source map comment, which costs more than a tenth of the compilation.
process.setSourceMapsEnabled(false);

parentPort.on("message", ({ id, job }) => {
  try {
    parentPort.postMessage({ id, code: compileValidators(job) });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
