/**
 * The `tezos-rpcgen` command line as a function: {@link runCli} wires one module per command
 * from `commands/` to the given streams, runs the arguments and returns the exit code, turning
 * a failure into one line on stderr (a stack trace only with --debug). `main.ts` runs it on the
 * process; the command-line tests run it in-process.
 */

import { Command, CommanderError } from "commander";
import { generatorVersion } from "../emit/header.ts";
import { CliError } from "./errors.ts";
import { processIo, type CliContext, type CliIo } from "./io.ts";
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
import { registerEncodings } from "./commands/encodings.ts";

/**
 * Runs the command line on `args` (the words after the program name) and resolves to the exit
 * code: 0 done, or the code a command sets without failing (`drift` and `drift-check`: 1 when
 * they find drift), the {@link CliError}'s code on a failure the user can act on, 2 otherwise.
 */
export async function runCli(args: readonly string[], io: CliIo = processIo()): Promise<number> {
  const context: CliContext = { io, exitCode: 0 };
  const program = new Command("tezos-rpcgen")
    .description("Typed TypeScript bindings, binary codecs and route stubs from an Octez node's /describe self-description")
    // Before the commands are added: they inherit where help and usage errors are written.
    .configureOutput({ writeOut: (text) => void io.stdout.write(text), writeErr: (text) => void io.stderr.write(text) })
    .version(generatorVersion())
    .option("--debug", "print stack traces of failures")
    // One line after a usage error, not the whole help.
    .showHelpAfterError("(add --help for the command's options)")
    .exitOverride();

  registerGenerate(program, context);
  registerCheck(program, context);
  registerList(program, context);
  registerDescribe(program, context);
  registerEncode(program, context);
  registerDecode(program, context);
  registerServe(program, context);
  registerRpc(program, context);
  registerSnapshot(program, context);
  registerAssemble(program, context);
  registerEncodings(program, context);
  registerDrift(program, context);
  registerDriftCheck(program, context);

  try {
    await program.parseAsync(args, { from: "user" });
    return context.exitCode;
  } catch (error) {
    return report(error, program.opts<{ debug?: boolean }>().debug === true, io);
  }
}

/** Prints a failure and returns the exit code. */
function report(error: unknown, debug: boolean, io: CliIo): number {
  if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 2;
  if (debug && error instanceof Error) io.stderr.write(`${error.stack ?? error.message}\n`);
  else io.stderr.write(`tezos-rpcgen: ${error instanceof Error ? error.message : String(error)}\n`);
  return error instanceof CliError ? error.exitCode : 2;
}
