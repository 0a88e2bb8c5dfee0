/**
 * The `tezos-rpcgen` command line. Each command lives in `commands/`; this module wires them
 * and turns failures into one line on stderr and an exit code (a stack trace only with --debug).
 */

import { Command, CommanderError } from "commander";
import { generatorVersion } from "../emit/header.ts";
import { CliError } from "./errors.ts";
import { registerGenerate } from "./commands/generate.ts";
import { registerCheck } from "./commands/check.ts";
import { registerList } from "./commands/list.ts";
import { registerDescribe } from "./commands/describe.ts";
import { registerEncode } from "./commands/encode.ts";
import { registerDecode } from "./commands/decode.ts";
import { registerServe } from "./commands/serve.ts";
import { registerRpc } from "./commands/rpc.ts";
import { registerDrift } from "./commands/drift.ts";
import { registerDriftCheck } from "./commands/drift-check.ts";
import { registerSnapshot } from "./commands/snapshot.ts";
import { registerAssemble } from "./commands/assemble.ts";

// Output piped into a reader that stops early (`tezos-rpcgen list encodings | head -c 10`): the
// reader has all it wanted, so the command ends quietly instead of dying on an unhandled EPIPE.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EPIPE") process.exit(typeof process.exitCode === "number" ? process.exitCode : 0);
  process.stderr.write(`tezos-rpcgen: cannot write the output (${error.message})\n`);
  process.exit(2);
});

const program = new Command("tezos-rpcgen")
  .description("Typed TypeScript bindings, binary codecs and route stubs from an Octez node's /describe self-description")
  .version(generatorVersion())
  .option("--debug", "print stack traces of failures")
  .showHelpAfterError()
  .exitOverride();

registerGenerate(program);
registerCheck(program);
registerList(program);
registerDescribe(program);
registerEncode(program);
registerDecode(program);
registerServe(program);
registerRpc(program);
registerSnapshot(program);
registerAssemble(program);
registerDrift(program);
registerDriftCheck(program);

try {
  await program.parseAsync(process.argv);
} catch (error) {
  process.exitCode = report(error, program.opts<{ debug?: boolean }>().debug === true);
}

/** Prints a failure and returns the exit code. */
function report(error: unknown, debug: boolean): number {
  if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 2;
  if (debug && error instanceof Error) process.stderr.write(`${error.stack ?? error.message}\n`);
  else process.stderr.write(`tezos-rpcgen: ${error instanceof Error ? error.message : String(error)}\n`);
  return error instanceof CliError ? error.exitCode : 2;
}
