/** `tezos-rpcgen serve`: runs the sandbox node (`sandbox/`) until SIGINT or SIGTERM. */

import { InvalidArgumentError, type Command } from "commander";
import { CliError } from "../errors.ts";
import { positiveInteger } from "../options.ts";
import type { CliContext } from "../io.ts";

interface ServeOptions {
  host: string;
  port: number;
  dataDir?: string;
  blockTime?: number;
  network?: string;
  config?: string;
  mediaType?: "json" | "binary" | "any";
  spec?: string;
  netAddr?: string;
  peer?: string[];
  corsOrigin?: string[];
  corsHeader?: string[];
  allowAllRpc?: string[];
  protocol?: "tallinn" | "sandbox";
  protocolParameters?: string;
}

function protocolName(value: string): "tallinn" | "sandbox" {
  if (value !== "tallinn" && value !== "sandbox") throw new InvalidArgumentError(`expected tallinn or sandbox, got ${JSON.stringify(value)}`);
  return value;
}

const repeatable = (v: string, all: string[] = []) => [...all, v];

function seconds(value: string): number {
  const n = Number(value);
  if (!/^\d+(\.\d+)?$/.test(value) || !(n > 0)) throw new InvalidArgumentError(`expected a positive number of seconds, got ${JSON.stringify(value)}`);
  return n;
}

function mediaType(value: string): "json" | "binary" | "any" {
  if (value !== "json" && value !== "binary" && value !== "any") throw new InvalidArgumentError(`expected json, binary or any, got ${JSON.stringify(value)}`);
  return value;
}

export function registerServe(program: Command, { io }: CliContext): void {
  program
    .command("serve")
    .description("run the sandbox node: the shell RPC interface and protocol Tallinn's accounts and manager operations (or a minimal protocol), over HTTP")
    .option("--host <host>", "address to listen on", "127.0.0.1")
    .option("--port <port>", "port to listen on (0: any free port)", positiveInteger, 8732)
    .option("--data-dir <dir>", "keep blocks, operations, invalid blocks and network state in this directory (SQLite); default: in memory")
    .option("--block-time <seconds>", "make a block every S seconds with the pending operations; default: blocks only come from /injection/block", seconds)
    .option("--network <name|file>", "sandbox (default), mainnet, ghostnet, or a JSON file holding a custom network object")
    .option("--config <file>", "an Octez node configuration file (validated; defaults filled)")
    .option("--media-type <type>", "json, binary or any (the config's rpc.media-type, default any)", mediaType)
    .option("--spec <file>", "the describe tree to answer /describe with (default spec/snapshots/tallinn.json; with --protocol sandbox, spec/snapshots/shell.json)")
    .option("--net-addr <host:port>", "where the peer-to-peer layer listens (the config's p2p.listen-addr; default 127.0.0.1:0, any free port)")
    .option("--peer <host:port>", "a sandbox to connect to at start, added to p2p.bootstrap-peers (repeatable)", repeatable)
    .option("--cors-origin <origin>", "an origin allowed to call from a browser, e.g. http://localhost:3000 or * (repeatable; replaces rpc.cors-origin)", repeatable)
    .option("--cors-header <header>", "a header allowed in CORS preflights; Content-Type always is (repeatable; replaces rpc.cors-headers)", repeatable)
    .option("--allow-all-rpc <addr:port>", "give this RPC listening address the allow-all ACL instead of the default for it (repeatable; added to rpc.acl)", repeatable)
    .option("--protocol <name>", "tallinn (default: protocol 024-PtTALLiN's accounts, transfers, reveals, delegations) or sandbox (a minimal protocol of opaque operations)", protocolName)
    .option("--protocol-parameters <file>", "an Octez protocol parameters file whose bootstrap_accounts replace bootstrap1…bootstrap5 (tallinn)")
    .addHelpText(
      "after",
      `
Prints the address it listens on, then serves until SIGINT or SIGTERM.
Exit codes: 0 after a clean stop, 2 when the node cannot start (bad configuration, port in use,
a data directory held by another sandbox or holding an inconsistent database).

Examples:
  $ tezos-rpcgen serve                                  # http://127.0.0.1:8732, in memory
  $ tezos-rpcgen serve --data-dir ./node --block-time 2 # persistent, a block every 2 s
  $ tezos-rpcgen serve --port 0 --network ghostnet      # any free port, ghostnet's genesis
  $ tezos-rpcgen serve --net-addr 127.0.0.1:9732        # peer-to-peer on a fixed port (default: any free port)
  $ tezos-rpcgen serve --port 8733 --peer 127.0.0.1:9732 # a second sandbox connected to the first
  $ tezos-rpcgen serve --cors-origin http://localhost:3000   # a browser app on that origin may call it
  $ tezos-rpcgen serve --host 0.0.0.0 --allow-all-rpc 0.0.0.0:8732 # every RPC from other machines too
  $ tezos-rpcgen serve --block-time 1 --protocol-parameters params.json # Tallinn with your own bootstrap accounts`,
    )
    .action(async (options: ServeOptions) => {
      // Loaded here so that the other commands never load the node (nor SQLite).
      const { startSandbox, ConfigError, StoreError, MissingSqliteError, ParametersError } = await import("../../../sandbox/index.ts");
      let sandbox;
      try {
        sandbox = await startSandbox({
          host: options.host,
          port: options.port,
          ...(options.dataDir !== undefined ? { dataDir: options.dataDir } : {}),
          ...(options.blockTime !== undefined ? { blockTime: options.blockTime } : {}),
          ...(options.network !== undefined ? { network: options.network } : {}),
          ...(options.config !== undefined ? { config: options.config } : {}),
          ...(options.mediaType !== undefined ? { mediaType: options.mediaType } : {}),
          ...(options.spec !== undefined ? { spec: options.spec } : {}),
          ...(options.netAddr !== undefined ? { netAddr: options.netAddr } : {}),
          ...(options.peer !== undefined ? { peers: options.peer } : {}),
          ...(options.corsOrigin !== undefined ? { corsOrigins: options.corsOrigin } : {}),
          ...(options.corsHeader !== undefined ? { corsHeaders: options.corsHeader } : {}),
          ...(options.allowAllRpc !== undefined ? { allowAllRpc: options.allowAllRpc } : {}),
          ...(options.protocol !== undefined ? { protocol: options.protocol } : {}),
          ...(options.protocolParameters !== undefined ? { protocolParameters: options.protocolParameters } : {}),
        });
      } catch (error) {
        if (error instanceof ConfigError) throw new CliError(`invalid configuration: ${error.message}`, 2);
        if (error instanceof StoreError) throw new CliError(error.message, 2);
        if (error instanceof MissingSqliteError) throw new CliError(`--data-dir: ${error.message}`, 2);
        if (error instanceof ParametersError) throw new CliError(error.message, 2);
        const code = (error as { code?: string }).code;
        if (code === "EADDRINUSE" || code === "EACCES" || code === "ENOENT") throw new CliError((error as Error).message, 2);
        throw error;
      }
      const running = sandbox;
      // The handlers come before the line that says the node is up: a supervisor that stops it
      // as soon as it reads that line must reach them, not the default action (killed at once).
      const stopped = new Promise<void>((resolve) => {
        const stop = (signal: string) => {
          io.stderr.write(`${signal}: stopping\n`);
          void running.stop().then(resolve);
        };
        process.once("SIGINT", () => stop("SIGINT"));
        process.once("SIGTERM", () => stop("SIGTERM"));
      });
      io.stdout.write(`sandbox node listening on ${running.url} (chain ${running.node.network.chainId}, network ${running.node.network.alias})\n`);
      const p2pAddr = running.node.config.p2p["listen-addr"];
      if (typeof p2pAddr === "string") io.stdout.write(`peer-to-peer on ${p2pAddr} as ${running.node.p2p.self}\n`);
      await stopped;
    });
}
