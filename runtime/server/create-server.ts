/**
 * `createRpcServer`: a running HTTP(S) server for a generated interface. It listens on one or
 * more addresses, each with its own ACL, and serves the routes of a route table with a handler
 * object typed by the generated `Handlers` interface, plus interfaces mounted under dynamic
 * directories and `/describe` from a describe tree. Node only.
 */
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import type { AddressInfo } from "node:net";
import type { AnyRouteDescriptor, RouteDescriptor } from "../rpc/route.ts";
import { binaryBodies, type BinaryCodecTable } from "../client/binary.ts";
import { compileAcl, defaultAclFor, type AclPolicy } from "./acl.ts";
import { DEFAULT_ARG_PARSERS, type ArgParser } from "./arg-types.ts";
import { compileCors, type CorsOptions } from "./cors.ts";
import { RpcServerSetupError } from "./errors.ts";
import { serverMediaTypes, type MediaTypeSetting } from "./negotiation.ts";
import { handleRequest } from "./pipeline.ts";
import type { ServerCore, ServerErrorContext } from "./core.ts";
import { addRoutes, emptyDirectory, parsePrefix } from "./router.ts";
import { withBinarySchemas, type DescribeMount } from "./describe.ts";

/** An interface served under a dynamic directory (a protocol's block or mempool routes). */
export interface RpcMount {
  /**
   * Where the interface lives, with `{name}` for path arguments named by the node's type:
   * `/chains/{chain_id}/blocks/{block_id}`. Route paths are relative to it (a route whose path
   * already starts with the prefix is taken as it is).
   */
  readonly prefix: string;
  readonly routes: readonly AnyRouteDescriptor[];
  /** The interface's handler object; its handlers get the prefix's arguments in `path` too. */
  readonly handlers: object;
  /** The interface's binary codecs (its generated `binaryCodecs`); without them it speaks JSON only. */
  readonly binary?: BinaryCodecTable;
  /** The interface's describe tree (`GET /describe/<prefix>?recurse=yes` of a node). */
  readonly describe?: unknown;
}

/** One listening address. */
export interface RpcListenAddress {
  /** Default `127.0.0.1`. */
  readonly host?: string;
  /** Default 0 (any free port). */
  readonly port?: number;
  /** The address's access policy; default: allow all on loopback, Octez's `secure` policy elsewhere. */
  readonly acl?: AclPolicy;
}

/** Options of {@link createRpcServer}; `H` is the generated `Handlers` interface. */
export interface RpcServerOptions<H extends object> {
  /** The generated `routeTable`. */
  readonly routes: readonly AnyRouteDescriptor[];
  /** One method per route, named by the route's `operation`. */
  readonly handlers: H;
  /**
   * The interface's binary codecs (the generated `binaryCodecs` of its `binary.ts`); without
   * them the server answers and reads JSON only, as a node with `--media-type json` would for
   * these routes (a binary `Accept` gets 406, a binary body 415).
   */
  readonly binary?: BinaryCodecTable;
  /**
   * Serve the routes without a handler as absent (404), instead of refusing to start; for
   * servers that implement part of an interface.
   */
  readonly partialHandlers?: boolean;
  /** The interface's describe tree, served at `/describe`; without it `/describe` goes to the handlers. */
  readonly describe?: unknown;
  /** Interfaces mounted under dynamic directories. */
  readonly mounts?: readonly RpcMount[];
  /** Shorthand for one listener: `listen: [{host, port, acl}]`. */
  readonly host?: string;
  readonly port?: number;
  readonly acl?: AclPolicy;
  /** Several listeners, each with its ACL; overrides `host`/`port`/`acl`. */
  readonly listen?: readonly RpcListenAddress[];
  /** Speak HTTPS with this certificate and key (PEM). */
  readonly tls?: { readonly cert: string | Buffer; readonly key: string | Buffer };
  /** The node's `media-type` setting (default `any`). */
  readonly mediaType?: MediaTypeSetting;
  readonly cors?: CorsOptions;
  /** Most connections open at once per listener (default 100, as a node). */
  readonly maxConnections?: number;
  /**
   * Milliseconds a client may take to send a request's headers (default 10,000) and the whole
   * request (default 60,000); a slower one gets 408 and its connection is closed, so clients
   * trickling bytes cannot hold the connection slots (Node's `headersTimeout`, `requestTimeout`).
   */
  readonly headersTimeout?: number;
  readonly requestTimeout?: number;
  /**
   * Milliseconds a stream's client may leave data unread (the socket's buffer full) before its
   * connection is closed (default 30,000). A silent stream is never cut: only one whose client
   * does not read what was written.
   */
  readonly streamStallTimeout?: number;
  /** Largest request body accepted, in bytes (default 8 MiB); larger ones get 413. */
  readonly maxBodyBytes?: number;
  /**
   * Check JSON outputs against the route's validator before sending them, answering 500 for a
   * value its type refuses (default false: validators check every Base58 checksum, about 3 µs
   * per hash, which would halve throughput on lists of hashes; binary outputs are always
   * checked by their encoder). Turn on in tests and while writing handlers.
   */
  readonly validateOutput?: boolean;
  /** Parsers of path and query argument types, added to (or replacing) the built-in ones. */
  readonly argParsers?: Readonly<Record<string, ArgParser>>;
  /** Told about handler exceptions, invalid outputs and failing streams (default: none). */
  readonly onError?: (error: unknown, context: ServerErrorContext) => void;
}

/** A running server. */
export interface RpcServer {
  /** Base URL of the first listener, `http://127.0.0.1:<port>` (no trailing slash). */
  readonly url: string;
  /** Base URLs of every listener, in the order of `listen`. */
  readonly urls: readonly string[];
  /** The underlying `node:http`/`node:https` servers. */
  readonly servers: readonly Server[];
  /** Stops listening, closes every connection (ending streams) and resolves when done. */
  close(): Promise<void>;
}

/** Largest request body accepted by default (8 MiB). */
export const DEFAULT_MAX_BODY_BYTES = 8 * 1024 * 1024;

/** Stands for the describe service when the route table has none: JSON answers only. */
const DESCRIBE_JSON_ONLY: AnyRouteDescriptor = {
  operation: "describe",
  method: "GET",
  path: [{ kind: "static", name: "describe" }],
  query: [],
  streaming: "never",
  output: { mediaTypes: ["application/json"], validate: Object.assign(() => true, { errors: null }) },
  error: { mediaTypes: ["application/json"], validate: Object.assign(() => true, { errors: null }) },
};

/** The describe route of a table (`GET /describe/<string...>`), whose output encoder serves binary answers. */
function describeRoute(routes: readonly AnyRouteDescriptor[]): RouteDescriptor<unknown, unknown, unknown> | undefined {
  return routes.find((r) => r.method === "GET" && r.path.length === 2 && r.path[0]?.kind === "static" && r.path[0].name === "describe" && r.path[1]?.kind === "arg" && r.path[1].multiple);
}

function checkHandlers(routes: readonly AnyRouteDescriptor[], handlers: object, partial: boolean, skip?: AnyRouteDescriptor): AnyRouteDescriptor[] {
  const served: AnyRouteDescriptor[] = [];
  const missing: string[] = [];
  for (const route of routes) {
    if (route === skip) continue;
    if (typeof (handlers as Record<string, unknown>)[route.operation] === "function") served.push(route);
    else missing.push(route.operation);
  }
  if (missing.length > 0 && !partial) throw new RpcServerSetupError(`no handler for ${missing.join(", ")} (pass partialHandlers: true to serve a part of the interface)`);
  return served;
}

/** Builds the pipeline's configuration from the options. */
function buildCore<H extends object>(options: RpcServerOptions<H>): ServerCore {
  const root = emptyDirectory();
  const partial = options.partialHandlers ?? false;
  const ownDescribe = options.describe !== undefined ? describeRoute(options.routes) : undefined;
  const binary = options.binary === undefined ? undefined : binaryBodies(options.binary);
  addRoutes(root, [], checkHandlers(options.routes, options.handlers, partial, ownDescribe), options.handlers, binary);
  const mounts: DescribeMount[] = [];
  for (const mount of options.mounts ?? []) {
    const prefix = parsePrefix(mount.prefix);
    addRoutes(root, prefix, checkHandlers(mount.routes, mount.handlers, partial), mount.handlers, mount.binary === undefined ? undefined : binaryBodies(mount.binary));
    if (mount.describe !== undefined) mounts.push({ shape: prefix.map((s) => (s.kind === "static" ? s.name : null)), tree: withBinarySchemas(mount.describe) });
  }
  const core: ServerCore = {
    root,
    parsers: { ...DEFAULT_ARG_PARSERS, ...options.argParsers },
    offered: serverMediaTypes(options.mediaType ?? "any"),
    cors: compileCors(options.cors),
    maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    streamStallTimeout: options.streamStallTimeout ?? 30_000,
    validateOutput: options.validateOutput ?? false,
    ...(options.onError ? { onError: options.onError } : {}),
    ...(options.describe !== undefined
      ? { describe: { tree: withBinarySchemas(options.describe), mounts, route: ownDescribe ?? DESCRIBE_JSON_ONLY, ...(ownDescribe && binary ? { binary } : {}) } }
      : {}),
  };
  return core;
}

/**
 * Node's request timeouts, checked often enough to matter: Node looks for expired requests every
 * `connectionsCheckingInterval` (30 s by default, longer than the timeouts themselves).
 */
function requestTimeouts(options: RpcServerOptions<object>): { headersTimeout: number; requestTimeout: number; connectionsCheckingInterval: number } {
  const headersTimeout = options.headersTimeout ?? 10_000;
  // Node refuses a headers timeout longer than the request timeout.
  const requestTimeout = Math.max(options.requestTimeout ?? 60_000, headersTimeout);
  return { headersTimeout, requestTimeout, connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(headersTimeout / 4))) };
}

function listenOn(server: Server, host: string, port: number): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve(server.address() as AddressInfo);
    });
  });
}

/**
 * Starts a server for a generated interface and resolves once every listener is up.
 *
 * ```ts
 * import { routeTable, binaryCodecs, type Handlers } from "tezos-rpcgen/shell";
 * import { createRpcServer } from "@tezos-rpcgen/runtime/server";
 * const server = await createRpcServer<Handlers>({ routes: routeTable, handlers, binary: binaryCodecs, describe: tree, port: 8732 });
 * console.log(server.url); // http://127.0.0.1:8732
 * await server.close();
 * ```
 *
 * Fails with {@link RpcServerSetupError} when a route has no handler (unless `partialHandlers`),
 * two routes clash, or an ACL matcher is malformed; with the listen error when a port is taken.
 */
export async function createRpcServer<H extends object>(options: RpcServerOptions<H>): Promise<RpcServer> {
  const core = buildCore(options);
  const listeners = options.listen ?? [{ host: options.host, port: options.port, acl: options.acl }];
  if (listeners.length === 0) throw new RpcServerSetupError("listen: at least one address is needed");
  const servers: Server[] = [];
  const urls: string[] = [];
  const scheme = options.tls ? "https" : "http";
  try {
    for (const listener of listeners) {
      const host = listener.host ?? "127.0.0.1";
      const acl = compileAcl(listener.acl ?? defaultAclFor(host));
      const onRequest = (req: IncomingMessage, res: ServerResponse): void => handleRequest(core, acl, req, res);
      const timeouts = requestTimeouts(options);
      const server: Server = options.tls
        ? (createHttpsServer({ cert: options.tls.cert, key: options.tls.key, ...timeouts }, onRequest) as unknown as Server)
        : createHttpServer(timeouts, onRequest);
      server.maxConnections = options.maxConnections ?? 100;
      server.keepAliveTimeout = 30_000;
      servers.push(server);
      const address = await listenOn(server, host, listener.port ?? 0);
      const shown = address.family === "IPv6" ? `[${address.address}]` : address.address;
      urls.push(`${scheme}://${shown}:${address.port}`);
    }
  } catch (error) {
    await Promise.all(servers.map(closeServer));
    throw error;
  }
  return { url: urls[0]!, urls, servers, close: () => Promise.all(servers.map(closeServer)).then(() => undefined) };
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve();
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
