/** `tezos-rpcgen snapshot --node URL`: capture a live node's describe tree into a snapshot file. */

import { writeFile } from "node:fs/promises";
import type { Command } from "commander";
import { captureSnapshot, serializeSnapshot, type CaptureProgress } from "../../live/index.ts";
import { byteSize, MAX_SIZE_HELP, positiveInteger } from "../options.ts";
import { DEFAULT_MAX_BODY_BYTES } from "../../describe/body.ts";
import type { CliContext } from "../io.ts";

export interface SnapshotOptions {
  node: string;
  out?: string;
  chain: string;
  block: string;
  timeout: number;
  retries: number;
  maxSize?: number;
  expand: boolean;
  followRedirects?: boolean;
}

export function registerSnapshot(program: Command, { io }: CliContext): void {
  program
    .command("snapshot")
    .description("capture GET /describe?recurse=yes from a live node, with its dynamic directories described at a concrete chain and block")
    .requiredOption("--node <url>", "the node's RPC address, e.g. http://127.0.0.1:8732")
    .option("--out <file>", "where to write the snapshot (default: standard output)")
    .option("--chain <chain>", "chain at which /chains/<chain_id>/… dynamic directories are described", "main")
    .option("--block <block>", "block at which /chains/<chain_id>/blocks/<block_id> is described", "head")
    .option("--timeout <ms>", "deadline of each request", positiveInteger, 30_000)
    .option("--retries <n>", "retries after a network error or a 5xx answer", positiveInteger, 2)
    .option("--max-size <bytes>", `${MAX_SIZE_HELP}`, byteSize, DEFAULT_MAX_BODY_BYTES)
    .option("--follow-redirects", "follow a redirect to another host (default: refused, exit 2); the snapshot's source.url names the host that answered")
    .option("--no-expand", "keep dynamic directories as {\"dynamic\": …} nodes (write the bare describe answer)")
    .addHelpText(
      "after",
      `
The output is the bare describe answer when no dynamic directory was expanded, and otherwise a
tezos-rpcgen-snapshot/1 document: the root answer plus each dynamic directory described at
/chains/<chain>/blocks/<block> and /chains/<chain>/mempool, with the source it came from.

A node listening on a public address refuses /describe with its default ACL (401): capture
from a loopback RPC address, or start the node with --allow-all-rpc for that address.

Examples:
  $ tezos-rpcgen snapshot --node http://127.0.0.1:8732 --out my-node.json
  $ tezos-rpcgen snapshot --node http://127.0.0.1:8732 --block head~10 --timeout 60000 > snapshot.json`,
    )
    .action(async (options: SnapshotOptions) => {
      const showProgress = io.stderr.isTTY === true;
      const { text } = await runSnapshot(options, {
        progress: showProgress ? (line) => io.stderr.write(`${line}\n`) : undefined,
        note: (line) => io.stderr.write(`${line}\n`),
      });
      if (options.out === undefined) io.stdout.write(text);
    });
}

/**
 * Captures the node and returns the snapshot's text, also written to `options.out` when given
 * (the command prints it when there is no `--out`). `io.note` receives the lines meant for
 * stderr (directories not expanded, the file written), `io.progress` the progress lines.
 */
export async function runSnapshot(
  options: SnapshotOptions,
  io: { progress?: (line: string) => void; note?: (line: string) => void } = {},
): Promise<{ text: string; written?: string }> {
  const note = io.note ?? (() => {});
  const progress = io.progress;
  const captured = await captureSnapshot(options.node, {
    chain: options.chain,
    block: options.block,
    timeoutMs: options.timeout,
    retries: options.retries,
    maxBytes: options.maxSize,
    expand: options.expand,
    followRedirects: options.followRedirects === true,
    onProgress: progress === undefined ? () => {} : (event) => progress(progressLine(event)),
  });
  if (captured.nodeUrl !== options.node) note(`redirected: the interface is ${captured.nodeUrl}'s`);
  // With progress shown, the progress lines already said which directories were skipped.
  if (progress === undefined) for (const skipped of captured.skipped) note(`not expanded: ${skipped.route} (${skipped.reason})`);
  const document = captured.document.expansions === undefined || captured.document.expansions.length === 0 ? captured.answer : captured.document;
  const text = serializeSnapshot(document);
  if (options.out === undefined) return { text };
  await writeFile(options.out, text, "utf8");
  note(`wrote ${options.out}`);
  return { text, written: options.out };
}

function progressLine(event: CaptureProgress): string {
  switch (event.kind) {
    case "request":
      return `describing ${event.what}: ${event.url}`;
    case "skipped":
      return `skipping ${event.route}: ${event.reason}`;
    case "retry":
      return `retrying ${event.url} in ${event.delayMs} ms (attempt ${event.attempt}): ${event.problem}`;
    case "done":
      return `captured ${event.services} services, ${event.expansions} dynamic directories expanded`;
  }
}
