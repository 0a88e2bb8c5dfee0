/**
 * `startSandbox(options)`: a sandbox node served over HTTP by the runtime's server, for test
 * suites and for `tezos-rpcgen serve`. The shell routes come from `generated/shell/`; the
 * sandbox protocol's block and mempool routes are mounted under the dynamic directories and
 * described there, so `/describe/chains/main/blocks/head?recurse=yes` answers them.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { binaryCodecs } from "../generated/shell/binary.ts";
import { routeTable } from "../generated/shell/routes.ts";
import { createRpcServer, DEFAULT_ARG_PARSERS, type RpcServer } from "@tezos-rpcgen/runtime/server";
import type { AnyRouteDescriptor, BinaryCodecTable } from "@tezos-rpcgen/runtime";
import { PACKAGE_ROOT } from "../generator/package-root.ts";
import { buildConfig, loadConfigFile, rpcAclFor, texts, type ConfigOverrides, type NodeConfig } from "./config/config.ts";
import { shellHandlers, type DescribeTrees } from "./handlers/index.ts";
import { checkOperationCodecs, checkOperationRoutes } from "./handlers/operation-bodies.ts";
import { SandboxNode } from "./node/node.ts";
import { watchCollections } from "./node/process-stats.ts";
import { binaryCodecs as blockBinary } from "./protocol/generated/block/binary.ts";
import { routeTable as blockRoutes } from "./protocol/generated/block/routes.ts";
import { binaryCodecs as mempoolBinary } from "./protocol/generated/mempool/binary.ts";
import { routeTable as mempoolRoutes } from "./protocol/generated/mempool/routes.ts";
import { blockHandlers, mempoolHandlers } from "./protocol/handlers.ts";
import { subtree } from "./protocol/services.ts";
import { openSqliteStore } from "./store/open-store.ts";
import { binaryCodecs as tallinnBinary } from "../generated/tallinn/binary.ts";
import { routeTable as tallinnRoutes } from "../generated/tallinn/routes.ts";
import type { Handlers as TallinnHandlers } from "../generated/tallinn/server.ts";
import { bootstrapAccountsOf, DEFAULT_BOOTSTRAP_ACCOUNTS } from "./tallinn/accounts.ts";
import { validatedForProtocol } from "./tallinn/block-protocol.ts";
import { tallinnHandlers, withNotModelled } from "./tallinn/handlers.ts";
import { isTallinn, tallinnRules } from "./tallinn/rules.ts";
import type { NodeStore } from "./store/store.ts";

// Found from the package root, so that the compiled sandbox (dist/sandbox/) reads the same files.
/** The shell describe tree the sandbox answers by default (Octez 20.3's layout). */
export const DEFAULT_SPEC = join(PACKAGE_ROOT, "spec", "snapshots", "shell.json");
const BLOCK_TREE = join(PACKAGE_ROOT, "sandbox", "protocol", "snapshots", "block.json");
const MEMPOOL_TREE = join(PACKAGE_ROOT, "sandbox", "protocol", "snapshots", "mempool.json");
/** The whole-node interface of a node running Tallinn: the shell, T024's block directory and mempool. */
const TALLINN_TREE = join(PACKAGE_ROOT, "spec", "snapshots", "tallinn.json");

export interface SandboxOptions {
  /** Listening host (default `127.0.0.1`). */
  host?: string;
  /** Listening port (default 0: any free port; the command line defaults to 8732). */
  port?: number;
  /** Keep state in this directory (SQLite); without it, state lives in memory. */
  dataDir?: string;
  /** Make a block every `blockTime` seconds holding the mempool's operations. */
  blockTime?: number;
  /** A built-in network name, a custom network object, or a JSON file holding one. */
  network?: string | object;
  /** A node configuration file (path) or record (object). */
  config?: string | object;
  mediaType?: "json" | "binary" | "any";
  /**
   * The describe tree file to answer `/describe` with (default `spec/snapshots/tallinn.json`;
   * with `protocol: "sandbox"`, `spec/snapshots/shell.json`).
   */
  spec?: string;
  /**
   * `host:port` the peer-to-peer layer listens on (default: the config's `p2p.listen-addr`,
   * itself `127.0.0.1:0`, any free loopback port); `false`: no incoming connections.
   */
  netAddr?: string | false;
  /** Points to connect to at start, added to the config's `p2p.bootstrap-peers`. */
  peers?: readonly string[];
  /** Origins allowed to call from a browser, replacing the config's `rpc.cors-origin` (Octez's `--cors-origin`). */
  corsOrigins?: readonly string[];
  /** Headers allowed in CORS preflights, replacing the config's `rpc.cors-headers` (Octez's `--cors-header`). */
  corsHeaders?: readonly string[];
  /** RPC addresses (`host:port`) given the allow-all ACL (Octez's `--allow-all-rpc`). */
  allowAllRpc?: readonly string[];
  /** Stream elements a slow reader may have waiting before its stream is ended (default 4096). */
  streamQueueLimit?: number;
  /** Told about handler failures (default: nothing). */
  onError?: (error: unknown) => void;
  /**
   * The protocol the chain runs after genesis: `"tallinn"` (default: protocol 024-PtTALLiN's
   * accounts and manager operations, its generated block and mempool routes) or `"sandbox"`
   * (the minimal protocol of opaque operations, `sandbox/protocol/`).
   */
  protocol?: "tallinn" | "sandbox";
  /**
   * Tallinn's protocol parameters: an Octez parameters file (path) or object whose
   * `bootstrap_accounts` replace Octez's sandbox accounts bootstrap1…bootstrap5.
   */
  protocolParameters?: string | object;
  /**
   * Check every answer with the generated validators before writing it (the server's
   * `validateOutput`; default false: answers are typed by the generated interface). Tests turn
   * it on to hold the sandbox to the interface.
   */
  validateOutput?: boolean;
}

export interface RunningSandbox {
  /** Base URL, `http://127.0.0.1:<port>`. */
  readonly url: string;
  readonly node: SandboxNode;
  /** Stops block production, the server (ending streams) and the store. */
  stop(): Promise<void>;
}

function readJson(path: string): unknown {
  return JSON.parse(readFileSync(path, "utf8"));
}

/** The configuration record the options describe. */
export function sandboxConfig(options: SandboxOptions): NodeConfig {
  let network = options.network;
  if (typeof network === "string" && (network.endsWith(".json") || network.includes("/"))) network = readJson(network) as object;
  const overrides: ConfigOverrides = {
    ...(options.dataDir !== undefined ? { dataDir: options.dataDir } : {}),
    ...(options.mediaType !== undefined ? { mediaType: options.mediaType } : {}),
    ...(network !== undefined ? { network } : {}),
    ...(typeof options.netAddr === "string" ? { netAddr: options.netAddr } : {}),
    ...(options.peers !== undefined ? { peers: options.peers } : {}),
    ...(options.corsOrigins !== undefined ? { corsOrigins: options.corsOrigins } : {}),
    ...(options.corsHeaders !== undefined ? { corsHeaders: options.corsHeaders } : {}),
    ...(options.allowAllRpc !== undefined ? { allowAllRpc: options.allowAllRpc } : {}),
    listenAddr: `${options.host ?? "127.0.0.1"}:${options.port ?? 8732}`,
  };
  return typeof options.config === "string" ? loadConfigFile(options.config, overrides) : buildConfig(options.config, overrides);
}

export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const config = sandboxConfig(options);
  const host = options.host ?? "127.0.0.1";
  const port = options.port ?? 0;
  // Before anything is opened: a malformed matcher is a configuration error.
  const acl = rpcAclFor(config, host, port);
  // SQLite (an optional native module) is loaded only for a data directory.
  const store: NodeStore | undefined = options.dataDir !== undefined ? await openSqliteStore(options.dataDir) : undefined;
  watchCollections();
  const tallinn = (options.protocol ?? "tallinn") === "tallinn";
  let node: SandboxNode;
  try {
    const accounts = options.protocolParameters === undefined ? DEFAULT_BOOTSTRAP_ACCOUNTS : bootstrapAccountsOf(typeof options.protocolParameters === "string" ? readJson(options.protocolParameters) : options.protocolParameters, typeof options.protocolParameters === "string" ? options.protocolParameters : "parameters");
    node = new SandboxNode({
      config,
      store,
      ...(tallinn ? { protocol: tallinnRules(accounts) } : {}),
      ...(options.streamQueueLimit !== undefined ? { streamQueueLimit: options.streamQueueLimit } : {}),
    });
  } catch (error) {
    // A database refused on open is closed again, releasing its lock.
    store?.close();
    throw error;
  }
  const served = tallinn ? tallinnInterface(node, options.spec, options.validateOutput ?? false) : minimalInterface(node, options.spec);
  // A fresh Tallinn chain gets its first two blocks at once, as a sandbox after `activate
  // protocol` and one bake: clients branch operations on `head~2` (Taquito does).
  if (tallinn) while (node.mainChain.head.header.level < 2) node.produceBlock();
  let server: RpcServer;
  const maxConnections = config.rpc.max_active_rpc_connections;
  try {
    server = await createRpcServer({
      routes: checkOperationRoutes(served.routes),
      handlers: served.handlers,
      binary: checkOperationCodecs(served.binary),
      ...(served.describe !== undefined ? { describe: served.describe } : {}),
      mounts: served.mounts,
      host,
      port,
      // The config's RPC part, as a node applies it: ACL entry of this address (else the
      // default for it), CORS, and the connection cap.
      ...(acl !== undefined ? { acl } : {}),
      cors: { origins: texts(config.rpc["cors-origin"]), headers: texts(config.rpc["cors-headers"]) },
      maxConnections: maxConnections === "unlimited" ? Infinity : maxConnections,
      mediaType: config.rpc["media-type"],
      // Not checked (the server's default): answers are typed by the generated interface, binary
      // answers are checked by their encoders, and the JSON check of every Base58 checksum
      // would cost more than the answer itself.
      validateOutput: options.validateOutput ?? false,
      argParsers: { list_offset: DEFAULT_ARG_PARSERS.uint!, operation_offset: DEFAULT_ARG_PARSERS.uint! },
      ...(options.onError ? { onError: options.onError } : {}),
    });
  } catch (error) {
    node.close();
    throw error;
  }
  // With port 0 the address is known only now: `GET /config` tells the real one.
  config.rpc["listen-addrs"] = [new URL(server.url).host];
  try {
    const listen = config.p2p["listen-addr"];
    const p2pAddr = await node.p2p.start(options.netAddr === false || typeof listen !== "string" ? undefined : listen, node);
    if (p2pAddr !== undefined) config.p2p["listen-addr"] = p2pAddr;
    else delete config.p2p["listen-addr"];
  } catch (error) {
    await server.close();
    node.close();
    throw error;
  }
  const timer =
    options.blockTime !== undefined && options.blockTime > 0
      ? setInterval(() => {
          try {
            node.produceBlock();
          } catch (error) {
            options.onError?.(error);
          }
        }, options.blockTime * 1000)
      : undefined;
  let stopped: Promise<void> | undefined;
  return {
    url: server.url,
    node,
    stop() {
      stopped ??= (async () => {
        if (timer) clearInterval(timer);
        // Ending the topics ends the streams; a few turns let the server write their last chunk.
        node.events.close();
        await node.p2p.close();
        for (let i = 0; i < 3; i++) await new Promise((r) => setImmediate(r));
        await server.close();
        node.close();
      })();
      return stopped;
    },
  };
}

/**
 * What the server serves: a route table with its handlers and binary codecs, mounted
 * directories, and the describe tree the server answers itself (without one, `/describe` goes
 * to the shell's describe handler).
 */
interface Served {
  routes: readonly AnyRouteDescriptor[];
  handlers: object;
  binary: BinaryCodecTable;
  describe?: unknown;
  mounts: Mount[];
}
type Mount = NonNullable<Parameters<typeof createRpcServer>[0]["mounts"]>[number];

/** The shell interface with the minimal protocol's directories mounted under it. */
function minimalInterface(node: SandboxNode, spec: string | undefined): Served {
  const root = readJson(spec ?? DEFAULT_SPEC);
  const mounts = [
    { prefix: "/chains/{chain_id}/blocks/{block_id}", routes: blockRoutes, handlers: blockHandlers(node), binary: blockBinary, describe: subtree(readJson(BLOCK_TREE), 4) },
    { prefix: "/chains/{chain_id}/mempool", routes: mempoolRoutes, handlers: mempoolHandlers(node), binary: mempoolBinary, describe: subtree(readJson(MEMPOOL_TREE), 3) },
  ];
  const describeMounts = [
    { shape: ["chains", null, "blocks", null], tree: mounts[0]!.describe },
    { shape: ["chains", null, "mempool"], tree: mounts[1]!.describe },
  ];
  return { routes: routeTable, handlers: shellHandlers(node, { root, mounts: describeMounts }), binary: binaryCodecs, describe: root, mounts };
}

/**
 * The generated whole-node Tallinn interface (`generated/tallinn/`: shell, T024 block directory,
 * mempool): the shell handlers, Tallinn's, and a typed error for each route the sandbox does
 * not model.
 */
function tallinnInterface(node: SandboxNode, spec: string | undefined, validateOutput: boolean): Served {
  const rules = node.protocol;
  if (!isTallinn(rules)) throw new Error("the node does not run Tallinn");
  const doc = readJson(spec ?? TALLINN_TREE);
  const { root, mounts } = describeTreesOf(doc);
  const implemented = { ...(shellHandlers(node, { root, mounts }) as unknown as Partial<TallinnHandlers>), ...tallinnHandlers(node, rules.state) };
  // `/describe` is the shell handler's, which answers the expansions under the dynamic directories.
  // Checked answers: those about Tallinn blocks; the genesis block has its own protocol's shapes.
  const routes = validateOutput ? validatedForProtocol(tallinnRoutes, rules.hash) : tallinnRoutes;
  return { routes, handlers: withNotModelled<TallinnHandlers>(tallinnRoutes, implemented), binary: tallinnBinary, mounts: [] };
}

/**
 * The trees `/describe` answers from a describe answer or a `tezos-rpcgen-snapshot/1` document:
 * its root, and each expansion (captured at a concrete chain and block, `chains/main/blocks/head`)
 * answered under the dynamic directories it was captured in.
 */
function describeTreesOf(doc: unknown): { root: unknown; mounts: DescribeTrees["mounts"] } {
  const snapshot = doc as { format?: string; root?: unknown; expansions?: Array<{ prefix: string[]; tree: unknown }> };
  if (snapshot.format === undefined) return { root: doc, mounts: [] };
  const dynamicAfter = new Set(["chains", "blocks"]);
  const mounts = (snapshot.expansions ?? []).map(({ prefix, tree }) => ({ shape: prefix.map((name, i) => (i > 0 && dynamicAfter.has(prefix[i - 1]!) ? null : name)), tree }));
  return { root: snapshot.root, mounts };
}
