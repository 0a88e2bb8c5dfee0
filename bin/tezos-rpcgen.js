#!/usr/bin/env node
// Runs the TypeScript sources of the command line through tsx, so that neither a checkout nor
// an installed copy needs a build step.
import { register } from "tsx/esm/api";

register();

// `generate` and `check` render interfaces, whose validators compile on a worker thread. Started
// now, the thread's own start-up (tsx, ajv and the compiler's modules: about 300 ms) runs while
// this thread loads the command line's modules, instead of after them.
const command = process.argv.slice(2).find((argument) => !argument.startsWith("-"));
if (command === "generate" || command === "check") {
  const { validatorsThread } = await import("../generator/emit/validators-thread.ts");
  validatorsThread();
}
await import("../generator/cli/main.ts");
