/** `tezos-rpcgen decode ENCODING HEX|@FILE|-`: binary → the node's JSON form. */

import type { Command } from "commander";
import { CliError } from "../errors.ts";
import { EncodingResolver, splitEncodingArguments } from "../encoding-names.ts";
import { CliCodec } from "../run-codec.ts";
import { loadSpec, withSpecOptions, withSpecTimeout, type InspectIo } from "../spec-source.ts";
import { bytesToDecode, readValueArgument, standardInput } from "../value-input.ts";
import { ENCODING_HELP, EXIT_CODES_HELP } from "./inspect-help.ts";
import { stringifyJsonWithFloats } from "@tezos-rpcgen/runtime";
import type { CliContext } from "../io.ts";

interface DecodeOptions {
  spec?: string;
  prefix?: string;
  followRedirects?: boolean;
  maxSize?: number;
  many?: boolean;
  framed?: boolean;
  raw?: boolean;
  compact?: boolean;
}

/** Decodes and returns the JSON text printed on stdout. */
export async function runDecode(args: readonly string[], options: DecodeOptions, io: InspectIo = {}): Promise<string> {
  const { encoding, rest } = splitEncodingArguments(args);
  if (rest.length !== 1) throw new CliError(rest.length === 0 ? "missing the value to decode: HEX, @FILE or - (standard input)" : `too many arguments: ${rest.slice(1).join(" ")}`, 2);
  const value = await readValueArgument(rest[0]!, io.stdin, options.maxSize);
  const spec = io.spec ?? (await loadSpec(options));
  const resolved = new EncodingResolver(spec).resolve(encoding);
  const codec = new CliCodec(resolved.ir, spec.model.definitions, resolved.label);
  const bytes = bytesToDecode(value, options.raw === true);
  const decoded = options.many ? codec.decodeMany(bytes, options) : codec.decode(bytes);
  // Non-finite floats as Octez prints them (`nan`, `inf`, `-inf`); `encode` reads them back.
  return stringifyJsonWithFloats(decoded, options.compact ? undefined : 2) + "\n";
}

export function registerDecode(program: Command, { io }: CliContext): void {
  withSpecTimeout(withSpecOptions(
    program
      .command("decode")
      .argument("<encoding-and-value...>", "ENCODING then HEX, @FILE or - (standard input)")
      .usage("ENCODING HEX|@FILE|- [options]")
      .description("decode binary data (hex, or raw bytes from a file or stdin) with an encoding of the snapshot; prints the node's JSON form"),
  ))
    .option("--many", "decode a concatenation of values until the input ends; print a JSON array")
    .option("--framed", "with --many: every value is preceded by its 4-byte length (automatic for values that run to the end of their frame)")
    .option("--raw", "read @FILE or standard input as raw bytes even when they look like hex text")
    .option("--compact", "print JSON on one line")
    .addHelpText(
      "after",
      `
${ENCODING_HELP}
Input: hex digits in any case, with or without 0x, whitespace ignored; @FILE holds hex text or
raw bytes; - reads standard input the same way.

${EXIT_CODES_HELP}

Examples:
  $ tezos-rpcgen decode block_header @genesis-header.hex     # hex text or raw bytes
  $ tezos-rpcgen decode Chain_id 0x7a06a770
  $ tezos-rpcgen decode timestamp.protocol 000000005b37aac4
  $ tezos-rpcgen decode "GET /chains/<chain_id>/checkpoint" output @checkpoint.bin
  $ tezos-rpcgen decode --many block_header @three-framed-headers.hex
  $ tezos-rpcgen decode 024-PtTALLiN.operation.unsigned @forged.hex --spec t024/kaitai
  $ cat op.hex | tezos-rpcgen decode --spec mempool-dump.json \\
      '{branch: block_hash, contents: [alpha.operation.alpha.contents], signature: Signature}' -`,
    )
    .action(async (args: string[], options: DecodeOptions) => {
      io.stdout.write(await runDecode(args, options, { stdin: standardInput(io.stdin, options.maxSize) }));
    });
}
