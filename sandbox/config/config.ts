/**
 * The node configuration record (`GET /config`): read from an Octez-style configuration file,
 * completed with Octez's defaults, combined with command-line options, and validated against
 * the record's JSON schema (the generated validator of `GET /config`), with errors that name
 * the offending field.
 *
 * Defaults follow tezos/tezos-mirror `src/lib_node_config/config_file.ml`,
 * `P2p_limits.default`, `Point_reconnection_config.default` and `Shell_limits`; where the
 * sandbox differs (history mode `archive`, `synchronisation_threshold` 0, so that a lone node
 * counts as bootstrapped, as Octez's own `--synchronisation-threshold 0` sandboxes do; the
 * peer-to-peer `listen-addr` `127.0.0.1:0`, any free loopback port, so that sandboxes on one
 * machine never collide and none is reachable from outside unless asked) it says so.
 */
import { readFileSync } from "node:fs";
import { decodeBytes, encodeBytes, type Codec } from "@tezos-rpcgen/runtime";
import { decodeGetConfigOutput, encodeGetConfigOutput } from "../../generated/shell/codecs.ts";
import { getConfigRoute } from "../../generated/shell/routes.ts";
import type { GetConfigOutput } from "../../generated/shell/types.ts";
import { ConfigError, resolveNetwork } from "../chain/networks.ts";
import { parsePoint } from "../network/address.ts";
import { parseMatcher, type AclPolicy } from "@tezos-rpcgen/runtime/server";

/**
 * Octez's defaults as the sandbox gives them (see the module comment). Every key here is present
 * in a sandbox's configuration (a file can change a value, never remove it): {@link NodeConfig}
 * says so. Octez's `listen-addr` default is not among them, as the sandbox removes the field
 * when its peer-to-peer layer does not run.
 */
const DEFAULTS = {
  // The data directory is Octez's default for a node run as root (the snapshot's `default`);
  // `--data-dir` replaces it.
  "data-dir": "/root/.tezos-node",
  "disable-config-validation": false,
  rpc: { "listen-addrs": ["127.0.0.1:8732"], "cors-origin": [], "cors-headers": [], acl: [], "media-type": "any", max_active_rpc_connections: 100 },
  p2p: {
    "expected-proof-of-work": 26,
    "discovery-addr": null,
    "private-mode": false,
    limits: {
      "connection-timeout": 10,
      "authentication-timeout": 5,
      "min-connections": 10,
      "expected-connections": 50,
      "max-connections": 100,
      backlog: 20,
      "max-incoming-connections": 20,
      "swap-linger": 30,
      "read-buffer-size": 131072,
      max_known_points: [400, 300],
      max_known_peer_ids: [400, 300],
      peer_greylist_size: 1023,
      ip_greylist_size_in_kilobytes: 2048,
      ip_greylist_cleanup_delay: 86400,
      "greylist-timeout": 86400,
      "maintenance-idle-time": 120,
    },
    disable_mempool: false,
    enable_testchain: false,
    greylisting_config: { factor: 1.2, "initial-delay": 60, "disconnection-delay": 60, "increase-cap": 172800 },
    disable_peer_discovery: false,
  },
  log: { output: "stderr", level: "info", colors: true },
  shell: {
    peer_validator: { block_header_request_timeout: 30, block_operations_request_timeout: 30, protocol_request_timeout: 120, new_head_request_timeout: 90 },
    block_validator: { protocol_request_timeout: 120, operation_metadata_size_limit: 10_000_000 },
    prevalidator: { operations_request_timeout: 10, max_refused_operations: 1000, operations_batch_size: 50 },
    chain_validator: { latency: 150, synchronisation_threshold: 0 },
    history_mode: "archive",
  },
  network: "sandbox",
  metrics_addr: [],
} satisfies GetConfigOutput;

/**
 * `T` with the keys `D` gives made present, level by level; the others as `T` has them. Values
 * keep `T`'s types (`D` only says which keys are there); a union is filled case by case.
 */
type Filled<T, D> = T extends readonly unknown[] ? T : T extends object ? (D extends object ? FilledObject<T, D> : T) : T;
type FilledObject<T, D> = { [K in keyof T as K extends keyof D ? K : never]-?: Filled<Exclude<T[K], undefined>, D[K & keyof D]> } & {
  [K in keyof T as K extends keyof D ? never : K]: T[K];
};

/**
 * A sandbox's configuration record: the `GET /config` value with Octez's defaults filled in, so
 * that the sandbox reads them without checks. Fields without a default (`rpc.crt`,
 * `log.rules`, `p2p.listen-addr`…) stay optional. `GET /config` answers its canonical form
 * (see {@link canonicalConfig}).
 */
export type NodeConfig = Filled<GetConfigOutput, typeof DEFAULTS>;

/** The defaults the sandbox fills in (see the module comment). */
export function defaultConfig(): NodeConfig {
  // Octez: `[::]:9732`.
  return { ...structuredClone(DEFAULTS), p2p: { ...structuredClone(DEFAULTS.p2p), "listen-addr": "127.0.0.1:0" } };
}

/**
 * The configuration as Octez's JSON shows it: fields holding their default left out. Written and
 * read back by the binary codec, whose decoder leaves them out, so that the JSON and binary
 * answers of `GET /config` are the same value.
 */
export function canonicalConfig(config: NodeConfig): GetConfigOutput {
  const codec: Codec<GetConfigOutput> = { decode: decodeGetConfigOutput, encode: encodeGetConfigOutput };
  return decodeBytes(codec, encodeBytes(codec, config));
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** `base` with `over`'s fields written on it, objects merged field by field. */
function merge(base: unknown, over: unknown): unknown {
  if (!isObject(base) || !isObject(over)) return over;
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(over)) out[k] = k in base ? merge(base[k], v) : v;
  return out;
}

/** Options that override the file, as the node's command line does. */
export interface ConfigOverrides {
  dataDir?: string;
  /** `host:port` the RPC server listens on. */
  listenAddr?: string;
  mediaType?: "json" | "binary" | "any";
  /** A network alias or a custom network object. */
  network?: unknown;
  /** `host:port` the peer-to-peer layer listens on (Octez's `--net-addr`). */
  netAddr?: string;
  /** Points added to the bootstrap peers (Octez's `--peer`). */
  peers?: readonly string[];
  /** Replace `rpc.cors-origin` when not empty (Octez's repeatable `--cors-origin`). */
  corsOrigins?: readonly string[];
  /** Replace `rpc.cors-headers` when not empty (Octez's repeatable `--cors-header`). */
  corsHeaders?: readonly string[];
  /** RPC listening addresses given the allow-all policy in `rpc.acl` (Octez's repeatable `--allow-all-rpc ADDR:PORT`). */
  allowAllRpc?: readonly string[];
}

/**
 * The configuration record from a file's JSON (or none), the overrides and the defaults.
 * Throws {@link ConfigError} naming the first invalid field.
 */
export function buildConfig(fileValue: unknown, overrides: ConfigOverrides = {}, source = "config"): NodeConfig {
  if (fileValue !== undefined && !isObject(fileValue)) throw new ConfigError(source, "expected a JSON object");
  const merged = merge(defaultConfig(), fileValue ?? {}) as Record<string, unknown>;
  // The network is replaced whole, never merged field by field.
  if (isObject(fileValue) && "network" in fileValue) merged.network = fileValue.network;
  if (overrides.network !== undefined) merged.network = overrides.network;
  if (overrides.dataDir !== undefined) merged["data-dir"] = overrides.dataDir;
  const rpc = merged.rpc as Record<string, unknown>;
  if (overrides.listenAddr !== undefined) rpc["listen-addrs"] = [overrides.listenAddr];
  if (overrides.mediaType !== undefined) rpc["media-type"] = overrides.mediaType;
  // As Octez's `Config_file.update`: command-line lists replace the file's unless empty.
  if (overrides.corsOrigins !== undefined && overrides.corsOrigins.length > 0) rpc["cors-origin"] = [...overrides.corsOrigins];
  if (overrides.corsHeaders !== undefined && overrides.corsHeaders.length > 0) rpc["cors-headers"] = [...overrides.corsHeaders];
  for (const address of overrides.allowAllRpc ?? []) {
    // Octez's `Acl.put_policy`: the address's entry is replaced, the new one first.
    const others = ((rpc.acl as { address: string }[] | undefined) ?? []).filter((e) => e.address !== address);
    rpc.acl = [{ address, blacklist: [] }, ...others];
  }
  const p2p = merged.p2p as Record<string, unknown>;
  if (overrides.netAddr !== undefined) p2p["listen-addr"] = overrides.netAddr;
  if (overrides.peers !== undefined && overrides.peers.length > 0) p2p["bootstrap-peers"] = [...((p2p["bootstrap-peers"] as unknown[] | undefined) ?? []), ...overrides.peers];
  // The network first: the schema's `oneOf` would only say that no case matched.
  resolveNetwork(merged.network, `${source}.network`);
  const validate = getConfigRoute.output.validate;
  if (!validate(merged)) {
    const e = validate.errors?.[0];
    const where = source + (e?.instancePath ? e.instancePath.replace(/\//g, ".").replace(/^\./, ".") : "");
    throw new ConfigError(where, e?.message ?? "invalid value");
  }
  // Points the schema only types as strings: the peer-to-peer layer must be able to use them.
  const points: Array<[string, unknown]> = [[`${source}.p2p.listen-addr`, p2p["listen-addr"]], ...((p2p["bootstrap-peers"] as unknown[] | undefined) ?? []).map((v, i): [string, unknown] => [`${source}.p2p.bootstrap-peers[${i}]`, v])];
  for (const [where, value] of points) if (value !== undefined && (typeof value !== "string" || parsePoint(value) === undefined)) throw new ConfigError(where, `expected host:port, got ${JSON.stringify(value)}`);
  return merged as unknown as NodeConfig;
}

/** `host` and optional port of an `rpc.acl` address: `127.0.0.1:8732`, `[::1]:8732`, `localhost`. */
function aclAddress(text: string): { host: string; port?: number } {
  const m = /^\[([^\]]+)\](?::(\d+))?$/.exec(text) ?? /^([^:]+)(?::(\d+))?$/.exec(text);
  if (!m) return { host: text };
  return m[2] !== undefined ? { host: m[1]!, port: Number(m[2]) } : { host: m[1]! };
}

/**
 * The `rpc.acl` policy of the listener at `host:port`, as Octez's `RPC_server.Acl.find_policy`
 * picks it: the first entry with that address and either no port or that port; `undefined` when
 * none (the server's default: allow all on loopback, the `secure` policy elsewhere).
 */
export function rpcAclFor(config: NodeConfig, host: string, port: number): AclPolicy | undefined {
  for (const [i, entry] of config.rpc.acl.entries()) {
    if (typeof entry.address !== "string") continue;
    const address = aclAddress(entry.address);
    if (address.host !== host || (address.port !== undefined && address.port !== port)) continue;
    const list = texts("whitelist" in entry ? entry.whitelist : entry.blacklist);
    // Checked here, so that a typo names its place in the configuration.
    for (const [j, matcher] of list.entries()) {
      try {
        parseMatcher(matcher);
      } catch (error) {
        throw new ConfigError(`config.rpc.acl[${i}].${"whitelist" in entry ? "whitelist" : "blacklist"}[${j}]`, (error as Error).message);
      }
    }
    if ("whitelist" in entry) return { whitelist: list };
    return list.length === 0 ? "allow-all" : { blacklist: list };
  }
  return undefined;
}

/** The strings of a list of `Unistring`s (a value that is not UTF-8 names nothing here). */
export function texts(list: readonly unknown[]): string[] {
  return list.filter((v): v is string => typeof v === "string");
}

/** Reads and checks a configuration file. */
export function loadConfigFile(path: string, overrides: ConfigOverrides = {}): NodeConfig {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new ConfigError(path, `cannot read the configuration file (${(error as Error).message})`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(path, `not JSON (${(error as Error).message})`);
  }
  return buildConfig(value, overrides, path);
}
