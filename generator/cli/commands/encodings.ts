/**
 * `tezos-rpcgen encodings SOURCE`: registered encodings (a folder of Octez Kaitai files, or an
 * `octez-codec dump encodings` file) written as a `tezos-rpcgen-snapshot/1` document with
 * `encodings`, which `generate` turns into types and codecs (`encodeOperationUnsigned`…) and
 * which the whole-node assembly can merge with routes.
 */

import { writeFileSync } from "node:fs";
import type { Command } from "commander";
import { SNAPSHOT_FORMAT } from "../../describe/index.ts";
import { loadRegisteredEncodings } from "../../encodings/load.ts";
import { EncodingSourceError, snapshotEntry, type RegisteredEncoding } from "../../encodings/registered.ts";
import { CliError } from "../errors.ts";
import type { CliContext } from "../io.ts";

interface EncodingsOptions {
  openapi?: string;
  out?: string;
}

/** The snapshot document of the encodings of `source`. */
export function encodingsSnapshot(source: string, options: EncodingsOptions = {}): Record<string, unknown> {
  let encodings: RegisteredEncoding[];
  try {
    encodings = loadRegisteredEncodings(source, options.openapi);
  } catch (error) {
    if (error instanceof EncodingSourceError) throw new CliError(`cannot read the encodings: ${error.message}`, 2);
    throw error;
  }
  return { format: SNAPSHOT_FORMAT, source: { file: source }, encodings: encodings.map(snapshotEntry) };
}

export function registerEncodings(program: Command, { io }: CliContext): void {
  program
    .command("encodings")
    .argument("<source>", "a folder of Octez Kaitai files (.ksy) or an `octez-codec dump encodings` file")
    .description("write the registered encodings of SOURCE (codec ids with JSON and binary schemas) as a snapshot that `generate` turns into types and codecs")
    .option("--openapi <file>", "for a Kaitai folder: the protocol's OpenAPI document giving the JSON schemas (default: openapi.json or <name>-openapi.json in the folder or its parent)")
    .option("--out <file>", "write the snapshot there (default: standard output)")
    .addHelpText(
      "after",
      `
Examples:
  $ tezos-rpcgen encodings t024/kaitai --out t024-encodings.json
  $ tezos-rpcgen generate --spec t024-encodings.json --name t024   # OperationUnsigned, encodeOperationUnsigned…
  $ octez-codec dump encodings > dump.json && tezos-rpcgen encodings dump.json --out encodings.json`,
    )
    .action((source: string, options: EncodingsOptions) => {
      const text = JSON.stringify(encodingsSnapshot(source, options)) + "\n";
      if (options.out !== undefined) writeFileSync(options.out, text, "utf8");
      else io.stdout.write(text);
    });
}
