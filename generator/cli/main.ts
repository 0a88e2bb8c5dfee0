/**
 * The `tezos-rpcgen` process (what `bin/tezos-rpcgen.js` loads): the command line of
 * `program.ts` run on the process's arguments and streams, its result the exit code.
 */

import { runCli } from "./program.ts";

// Output piped into a reader that stops early (`tezos-rpcgen list encodings | head -c 10`): the
// reader has all it wanted, so the command ends quietly instead of dying on an unhandled EPIPE.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EPIPE") process.exit(typeof process.exitCode === "number" ? process.exitCode : 0);
  process.stderr.write(`tezos-rpcgen: cannot write the output (${error.message})\n`);
  process.exit(2);
});

process.exitCode = await runCli(process.argv.slice(2));
