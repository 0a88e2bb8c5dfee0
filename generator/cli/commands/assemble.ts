/** `tezos-rpcgen assemble`: a whole node's snapshot from the shell, a protocol and its mempool. */

import { readFile, writeFile } from "node:fs/promises";
import { basename, isAbsolute, normalize } from "node:path";
import type { Command } from "commander";
import { assembleWithReport, type AssembledSnapshot, type AssemblePart } from "../../assemble/index.ts";
import { formatBlockDirectoryReport } from "../../assemble/block-directory.ts";
import { formatAttachReport } from "../../encodings/attach.ts";
import { loadRegisteredEncodings } from "../../encodings/load.ts";
import { EncodingSourceError, type RegisteredEncoding } from "../../encodings/registered.ts";
import { isOpenApiDocument } from "../../openapi/index.ts";
import { DescribeError } from "../../describe/index.ts";
import { serializeSnapshot } from "../../live/index.ts";
import { CliError } from "../errors.ts";
import { DEFAULT_SPEC } from "../spec-source.ts";
import type { CliContext } from "../io.ts";

export interface AssembleOptions {
  shell?: string;
  protocol?: string;
  mempool?: string;
  chain: string;
  block: string;
  origin?: string;
  layouts?: string;
  out?: string;
}

export function registerAssemble(program: Command, { io }: CliContext): void {
  program
    .command("assemble")
    .description("build a whole node's snapshot without a node: the shell tree with a protocol's routes under /chains/<chain_id>/blocks/<block_id> and its mempool's under /chains/<chain_id>/mempool")
    .option("--shell <file>", "the shell: a describe answer or snapshot with the two dynamic directories (default: spec/snapshots/shell.json of this package)")
    .option("--protocol <file>", "the protocol's routes: Octez's <name>-openapi.json, or a describe answer captured at /describe/chains/main/blocks/head")
    .option("--mempool <file>", "the mempool's routes: Octez's <name>-mempool-openapi.json, or a describe answer captured at /describe/chains/main/mempool")
    .option("--chain <chain>", "concrete chain recorded in the graft prefixes", "main")
    .option("--block <block>", "concrete block recorded in the protocol's graft prefix", "head")
    .option("--origin <text>", "where the input files come from, recorded as source.origin (e.g. a repository and commit)")
    .option("--layouts <folder|file>", "Octez's registered encodings of the protocol: a folder of Kaitai files (.ksy; JSON schemas from --protocol) or an `octez-codec dump encodings` file; bodies that are one of them get its binary layout, and the snapshot carries them (OperationUnsigned, encodeOperationUnsigned…)")
    .option("--out <file>", "where to write the snapshot (default: standard output)")
    .addHelpText(
      "after",
      `
The result is a tezos-rpcgen-snapshot/1 document: the shell's root answer and one expansion per
part, grafted where the shell has the dynamic directory, as 'snapshot --node' writes them. Its
source records this command, --origin and each input by file name (with an OpenAPI document's
title and version), never a local absolute path, so the same inputs give the same bytes.

OpenAPI documents publish JSON schemas only: their bodies are JSON-only in the bindings (the
binary media type is not offered for them), and 'generate' says so. With --layouts, a body
whose JSON schema is a registered encoding (by definition name, else by structure) gets that
encoding's binary layout; the report on stderr counts the bodies laid and, by reason, those
left JSON-only.

Octez's protocol OpenAPI files were written at a genesis head, so the block's own routes (/,
/header, /header/protocol_data, /metadata, /operations…) describe the genesis protocol there.
With --layouts they are rebuilt for the protocol from block_services.ml's shell facts and its
registered encodings (the protocol part of block metadata stays an open object: Octez
registers no encoding of it), and helpers/parse/operations' input takes the shell's operation
{branch, data}; the report lists what was rebuilt (docs/protocols.md).

Examples:
  $ tezos-rpcgen assemble --protocol tallinn-openapi.json --mempool tallinn-mempool-openapi.json --out tallinn.json
  $ tezos-rpcgen assemble --protocol t024/openapi.json --mempool t024/mempool-openapi.json --layouts t024/kaitai --out tallinn.json
  $ tezos-rpcgen generate --spec tallinn.json
  $ tezos-rpcgen rpc GET /chains/main/blocks/head/context/contracts/tz1…/balance --node http://127.0.0.1:8732 --spec tallinn.json`,
    )
    .action(async (options: AssembleOptions) => {
      const { text, report } = await runAssemble(options);
      for (const line of report) io.stderr.write(`${line}\n`);
      if (options.out === undefined) io.stdout.write(text);
      else io.stderr.write(`wrote ${options.out}\n`);
    });
}

/**
 * Builds the snapshot's text, also written to `options.out` when given, and, when `--layouts` is
 * given, the attach report of each part and its lines.
 */
export async function runAssemble(options: AssembleOptions): Promise<{ text: string; report: string[]; attached: AssembledSnapshot["attached"] }> {
  if (options.protocol === undefined && options.mempool === undefined) throw new CliError("nothing to assemble: give --protocol, --mempool or both", 2);
  const part = async (file: string, label = fileLabel(file)): Promise<AssemblePart> => {
    let text: string;
    try {
      text = await readFile(file, "utf8");
    } catch (error) {
      throw new CliError(`cannot read ${file}: ${(error as Error).message}`, 2);
    }
    try {
      return { json: JSON.parse(text), label };
    } catch (error) {
      throw new CliError(`${file} is not valid JSON (${(error as Error).message})`, 2);
    }
  };
  const protocol = options.protocol === undefined ? undefined : await part(options.protocol);
  const encodings = options.layouts === undefined ? undefined : layoutsOf(options.layouts, protocol === undefined || !isOpenApiDocument(protocol.json) ? undefined : options.protocol);
  try {
    const { document, attached, blockDirectory } = assembleWithReport({
      shell: options.shell === undefined ? await part(DEFAULT_SPEC, "spec/snapshots/shell.json of tezos-rpcgen") : await part(options.shell),
      ...(protocol === undefined ? {} : { protocol }),
      ...(options.mempool === undefined ? {} : { mempool: await part(options.mempool) }),
      chain: options.chain,
      block: options.block,
      ...(options.origin === undefined ? {} : { origin: options.origin }),
      ...(encodings === undefined ? {} : { encodings }),
    });
    const text = serializeSnapshot(document);
    if (options.out !== undefined) await writeFile(options.out, text, "utf8");
    const report = attached.flatMap(({ part, report }) => formatAttachReport(part, report));
    if (blockDirectory !== undefined) report.push(...formatBlockDirectoryReport(blockDirectory));
    return { text, report, attached };
  } catch (error) {
    if (error instanceof DescribeError) throw new CliError(`cannot assemble: ${error.message}`, 2);
    throw error;
  }
}

/**
 * The registered encodings of `--layouts` and how the snapshot's source names them; a Kaitai
 * folder takes its JSON schemas from `openapi` (the protocol's document) when given.
 */
function layoutsOf(source: string, openapi: string | undefined): { list: RegisteredEncoding[]; label: string } {
  try {
    const list = loadRegisteredEncodings(source, openapi);
    return { list, label: `${fileLabel(source)} (${list.length} registered encodings)` };
  } catch (error) {
    if (error instanceof EncodingSourceError) throw new CliError(`cannot read the layouts: ${error.message}`, 2);
    throw error;
  }
}

/** A relative path inside the working directory as given (`spec/snapshots/shell.json`), else the file name. */
function fileLabel(file: string): string {
  const path = normalize(file).replace(/\\/g, "/");
  return isAbsolute(path) || path.startsWith("../") ? basename(path) : path;
}
