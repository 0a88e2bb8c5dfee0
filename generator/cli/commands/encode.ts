/** `tezos-rpcgen encode ENCODING JSON|@FILE|-`: the node's JSON form → binary hex. */

import type { Command } from "commander";
import { bytesToHex } from "@tezos-rpcgen/runtime";
import { CliError } from "../errors.ts";
import { EncodingResolver, splitEncodingArguments } from "../encoding-names.ts";
import { CliCodec } from "../run-codec.ts";
import { loadSpec, withSpecOptions, withSpecTimeout, type InspectIo } from "../spec-source.ts";
import { jsonToEncode, readValueArgument, standardInput } from "../value-input.ts";
import { ENCODING_HELP, EXIT_CODES_HELP } from "./inspect-help.ts";
import type { CliContext } from "../io.ts";

interface EncodeOptions {
  spec?: string;
  prefix?: string;
  followRedirects?: boolean;
  maxSize?: number;
  many?: boolean;
  framed?: boolean;
}

/** Encodes and returns the hex line printed on stdout. */
export async function runEncode(args: readonly string[], options: EncodeOptions, io: InspectIo = {}): Promise<string> {
  const { encoding, rest } = splitEncodingArguments(args);
  if (rest.length !== 1) throw new CliError(rest.length === 0 ? "missing the value to encode: JSON, @FILE or - (standard input)" : `too many arguments: ${rest.slice(1).join(" ")}`, 2);
  const value = jsonToEncode(await readValueArgument(rest[0]!, io.stdin, options.maxSize));
  const spec = io.spec ?? (await loadSpec(options));
  const resolved = new EncodingResolver(spec).resolve(encoding);
  const codec = new CliCodec(resolved.ir, spec.model.definitions, resolved.label);
  const bytes = options.many ? codec.encodeMany(value, options) : codec.encode(value);
  return bytesToHex(bytes) + "\n";
}

export function registerEncode(program: Command, { io }: CliContext): void {
  withSpecTimeout(withSpecOptions(
    program
      .command("encode")
      .argument("<encoding-and-value...>", "ENCODING then JSON, @FILE or - (standard input)")
      .usage("ENCODING JSON|@FILE|- [options]")
      .description("encode a JSON value (the node's JSON form) with an encoding of the snapshot; prints lowercase hex"),
  ))
    .option("--many", "the JSON is an array: write its elements one after another")
    .option("--framed", "with --many: precede every value by its 4-byte length (automatic for values that run to the end of their frame)")
    .addHelpText(
      "after",
      `
${ENCODING_HELP}
Input: JSON text; a bare word that is not JSON (NetXdQprcVkpaWU) is taken as a JSON string.
Put -- before a value that starts with '-' (a negative number).

${EXIT_CODES_HELP}

Examples:
  $ tezos-rpcgen encode Chain_id NetXdQprcVkpaWU
  $ tezos-rpcgen encode timestamp.protocol '"2018-06-30T16:07:32Z"'
  $ tezos-rpcgen encode network_version '{"chain_name":"main","distributed_db_version":1,"p2p_version":0}'
  $ tezos-rpcgen encode block_header @header.json
  $ tezos-rpcgen encode --many Chain_id '["NetXdQprcVkpaWU","NetXdQprcVkpaWU"]'`,
    )
    .action(async (args: string[], options: EncodeOptions) => {
      io.stdout.write(await runEncode(args, options, { stdin: standardInput(io.stdin, options.maxSize) }));
    });
}
