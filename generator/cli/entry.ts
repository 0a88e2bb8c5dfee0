/**
 * What the `tezos-rpcgen` command runs (bin/tezos-rpcgen.js loads it, compiled or from source).
 *
 * `generate` and `check` render interfaces, whose validators compile on a worker thread. Started
 * now, the thread's own start-up (ajv and the compiler's modules) runs while this thread loads the
 * command line's modules, instead of after them.
 */

import { validatorsThread } from "../emit/validators-thread.ts";

const command = process.argv.slice(2).find((argument) => !argument.startsWith("-"));
if (command === "generate" || command === "check") validatorsThread();
await import("./main.ts");
