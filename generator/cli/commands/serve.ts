/** `tezos-rpcgen serve`: reserved for the sandbox node, which a later issue brings. */

import type { Command } from "commander";
import { CliError } from "../errors.ts";

export const SERVE_RESERVED = "serve is reserved for the sandbox node (an in-memory shell node on loopback), which a later issue brings; nothing is served yet";

export function registerServe(program: Command): void {
  program
    .command("serve")
    .description("reserved for the sandbox node (a later issue); exits with code 2 for now")
    .allowUnknownOption()
    .allowExcessArguments()
    .argument("[args...]")
    .addHelpText("after", "\nExit codes: always 2 until the sandbox node exists.\n\nExample:\n  $ tezos-rpcgen serve   # prints that the command is reserved")
    .action(() => {
      throw new CliError(SERVE_RESERVED, 2);
    });
}
