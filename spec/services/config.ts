/** `/config...`: the node's runtime configuration. */
import type { Service } from "../service.ts";
import { E, get, put } from "./common.ts";
import * as T from "./types.ts";
import type { Layout } from "./types.ts";
import type { Encoding, Field, Json } from "../combinators/index.ts";

const strings = E.list(E.string);
/**
 * A field with a default value: optional in JSON, always written in binary. `dflt` is the JSON
 * form of Octez's default (tezos/tezos-mirror `src/lib_node_config/config_file.ml`,
 * `P2p_limits`, `Shell_limits`), or `undefined` where it is not known; the snapshot states it as
 * the property's `default`, so that a value that leaves the field out can still be encoded.
 */
const dft = (name: string, e: Encoding, dflt: Json | undefined, d?: { description?: string }) => E.dft(name, e, dflt, d);

/**
 * `{}` (every field at its default) when each field of an object is optional or has a known
 * default, as data-encoding's record defaults are built from their fields' defaults; otherwise
 * unknown.
 */
const objectDefault = (fields: readonly Field[]): Json | undefined =>
  fields.every((f) => f.presence === "opt" || (f.presence === "dft" && f.default !== undefined)) ? {} : undefined;
/** A `dft` field holding an object of `fields`, defaulting to {@link objectDefault}. */
const dftObj = (name: string, fields: readonly Field[], d?: { description?: string }) => dft(name, E.obj(fields), objectDefault(fields), d);

export const userActivatedUpgrades = E.def(
  "user_activated.upgrades",
  E.list(E.obj([E.req("level", E.int32), E.req("replacement_protocol", T.protocolHash)])),
  { title: "User-activated upgrades", description: "Protocols to switch to at given levels." },
);

export const userActivatedProtocolOverrides = E.def(
  "user_activated.protocol_overrides",
  E.list(E.obj([E.req("replaced_protocol", T.protocolHash), E.req("replacement_protocol", T.protocolHash)])),
  { title: "User-activated protocol overrides", description: "Protocols to run in place of others." },
);

export const dalConfig = E.obj([
  E.req("activated", E.bool),
  E.req("use_mock_srs_for_testing", E.bool),
  E.req("bootstrap_peers", strings),
]);

/** Logging configuration: the current form (tag 0) or the deprecated one (tag 1). */
export const loggingConfig = E.union([
  E.kase(0, "Active-Sinks", E.obj([dft("active_sinks", strings, [], { description: "URIs that activate or configure event sinks." })])),
  E.kase(1, "Active-Sinks-Deprecated", E.obj([dft("activate", strings, [], { description: "Deprecated name of `active_sinks`." })])),
]);

const unlimitedOr = (name: string, what: string): Encoding =>
  E.def(
    name,
    E.union([E.kase(0, "unlimited", E.constant("unlimited")), E.kase(1, "limited", E.int31)]),
    { title: name, description: what },
  );

function rpcFields(l: Layout): Field[] {
  const port = "; the default port is 8732";
  const fields = [
    ...(l.legacy ? [] : [E.opt("listen-addrs", strings, { description: "Hosts to listen on for RPCs" + port + "." })]),
    ...(l.legacy ? [] : [E.opt("external-listen-addrs", strings, { description: "Hosts of external RPC servers" + port + "." })]),
    ...(l.legacy ? [E.opt("listen-addrs", strings, { description: "Hosts to listen on for RPCs" + port + "." })] : []),
    E.opt("listen-addr", E.string, { description: "Legacy single host to listen on" + port + "." }),
    dft("cors-origin", strings, [], { description: "Allowed CORS origins." }),
    dft("cors-headers", strings, [], { description: "Allowed CORS headers." }),
    E.opt("crt", E.string, { description: "Certificate file, needed for TLS." }),
    E.opt("key", E.string, { description: "Private key file, needed for TLS." }),
  ];
  if (!l.legacy) {
    fields.push(
      dft(
        "acl",
        E.list(
          E.union([
            E.kase(0, "Whitelist", E.obj([E.req("address", E.string), E.req("whitelist", strings)])),
            E.kase(1, "Blacklist", E.obj([E.req("address", E.string), E.req("blacklist", strings)])),
          ]),
        ),
        [],
        { description: "Access rules per listening address." },
      ),
      dft("media-type", E.stringEnum(["json", "binary", "any"], ["json", "any", "binary"]), "any", {
        description: "Media types the RPC server accepts and produces.",
      }),
      dft("max_active_rpc_connections", unlimitedOr("max_active_rpc_connections", "Maximum number of active connections per RPC endpoint."), 100, {
        description: "Maximum number of active connections per RPC endpoint.",
      }),
    );
  }
  return fields;
}

function limitsConfig(l: Layout): Encoding {
  const span = T.timespanSystem(l);
  const d = (description: string) => ({ description });
  const pair = E.tup([E.uint16, E.uint16]);
  const fields = [
    dft("connection-timeout", span, 10, d("Delay before a connection attempt is abandoned, in seconds.")),
    dft("authentication-timeout", span, 5, d("Delay before an authentication attempt is abandoned, in seconds.")),
    dft("min-connections", E.uint16, 10, d("Strict minimum number of connections; below it, maintenance is urgent.")),
    dft("expected-connections", E.uint16, 50, d("Target number of connections.")),
    dft("max-connections", E.uint16, 100, d("Maximum number of connections; extra peers are disconnected.")),
    dft("backlog", E.uint8, 20, d("Number of pending incoming connections above which new ones are rejected.")),
    dft("max-incoming-connections", E.uint8, 20, d("Number of pending incoming connections above which new ones are rejected.")),
    E.opt("max-download-speed", E.int31, d("Maximum download speed, in KiB/s.")),
    E.opt("max-upload-speed", E.int31, d("Maximum upload speed, in KiB/s.")),
    dft("swap-linger", E.option(span), 30, d("Delay between two peer swaps, or null.")),
    E.opt("binary-chunks-size", E.uint8, d("Size of the binary chunks exchanged with peers.")),
    dft("read-buffer-size", E.int31, l.legacy ? 16384 : 131072, d("Size of the read buffer.")),
    E.opt("read-queue-size", E.int31, d("Size of the read queue.")),
    E.opt("write-queue-size", E.int31, d("Size of the write queue.")),
    E.opt("incoming-app-message-queue-size", E.int31, d("Size of the queue of incoming application messages.")),
    E.opt("incoming-message-queue-size", E.int31, d("Size of the queue of incoming messages.")),
    E.opt("outgoing-message-queue-size", E.int31, d("Size of the queue of outgoing messages.")),
    E.opt("max_known_points", pair, d("Maximum and target size of the table of known addresses.")),
    E.opt("max_known_peer_ids", pair, d("Maximum and target size of the table of known peers.")),
    dft("peer_greylist_size", E.uint16, 1023, d("Number of peers kept in the greylist.")),
    dft("ip_greylist_size_in_kilobytes", E.uint16, 2048, d("Size of the IP greylist, in kilobytes.")),
    dft("ip_greylist_cleanup_delay", span, 86400, d("How long an IP stays greylisted.")),
    dft("greylist-timeout", span, 86400, d("Delay after which greylist entries are garbage-collected.")),
    dft("maintenance-idle-time", E.option(span), 120, d("Longest wait between two maintenance loops; null disables maintenance.")),
  ];
  if (l.legacy) {
    // The earlier layout has no greylist sizes nor cleanup delay, and its two delays cannot be null.
    const absent = new Set(["peer_greylist_size", "ip_greylist_size_in_kilobytes", "ip_greylist_cleanup_delay"]);
    return E.obj(
      fields
        .filter((f) => !absent.has(f.name))
        .map((f) => (f.name === "swap-linger" || f.name === "maintenance-idle-time" ? { ...f, encoding: span } : f)),
    );
  }
  return E.obj(fields);
}

function p2pFields(l: Layout): Field[] {
  const port = "; the default port is 9732";
  const d = (description: string) => ({ description });
  const fields = [
    dft("expected-proof-of-work", E.float, 26, d("Number of leading zero bits required in a peer identity's proof of work (0 to 256).")),
    E.opt("bootstrap-peers", strings, d("Hosts of the peers to connect to first (IPv4 or IPv6)" + port + ".")),
    E.opt("listen-addr", E.string, d("Host to listen on for peers" + port + ".")),
    ...(l.legacy ? [] : [E.opt("advertised-net-port", E.uint16, d("Port announced to peers; the listening port when absent."))]),
    dft("discovery-addr", E.option(E.string), null, d("Host used for local peer discovery; the default port is 10732.")),
    dft("private-mode", E.bool, false, d("In private mode, only trusted peers may connect, and the node only connects to its bootstrap peers and explicitly given peers.")),
    dft("limits", limitsConfig(l), {}, d("Limits of the peer-to-peer layer.")),
    dft("disable_mempool", E.bool, false, d("When true, the node takes no part in propagating pending operations (default false).")),
    dft("enable_testchain", E.bool, false, d("Deprecated; default false.")),
  ];
  {
    fields.push(
      dftObj(
        "greylisting_config",
        [
          dft("factor", E.float, 1.2, d("Growth factor of the reconnection delay: 1 for linear, above 1 for exponential back-off.")),
          dft("initial-delay", span(l), 60, d("First reconnection delay.")),
          dft("disconnection-delay", span(l), 60, d("Reconnection delay after a disconnection.")),
          dft("increase-cap", span(l), 172800, d("Upper bound of the reconnection delay.")),
        ],
        d("Reconnection back-off settings."),
      ),
    );
    if (!l.legacy) fields.push(dft("disable_peer_discovery", E.bool, false, d("Testing only: disables peer discovery.")));
  }
  return fields;
}
const span = (l: Layout) => T.timespanSystem(l);

const logLevel = E.stringEnum(["debug", "info", "notice", "warning", "error", "fatal"], ["info", "debug", "error", "fatal", "warning", "notice"]);

function logFields(l: Layout): Field[] {
  return [
    dft("output", E.string, "stderr", { description: "Where logs go: `stdout`, `stderr` or a file name." }),
    dft("level", logLevel, "info", { description: "Default log level." }),
    ...(l.legacy ? [] : [dft("colors", E.bool, true, { description: "Whether to use light coloring." })]),
    E.opt("rules", E.string, { description: "Per-section log level rules." }),
    // Octez 8.2's `Lwt_log_sink_unix.default_template`.
    ...(l.legacy ? [dft("template", E.string, "$(date).$(milliseconds) - $(section): $(message)", { description: "Format of log lines." })] : []),
  ];
}

/** Worker settings that the earlier layout adds to every shell worker. */
const backlog = (l: Layout) =>
  l.legacy
    ? [
        // Octez 8.2's defaults for every shell worker (src/lib_shell/node.ml, `default_workers_limits`).
        dft("worker_backlog_size", E.uint16, 300, { description: "Number of events a worker keeps." }),
        dft("worker_backlog_level", logLevel, "info", { description: "Lowest level of the events a worker keeps." }),
      ]
    : [];

function shellFields(l: Layout): Field[] {
  const s = span(l);
  const fields = [
    dftObj("peer_validator", [
      dft("block_header_request_timeout", s, 30),
      dft("block_operations_request_timeout", s, 30),
      dft("protocol_request_timeout", s, 120),
      dft("new_head_request_timeout", s, 90),
      ...backlog(l),
    ]),
    dftObj(
      "block_validator",
      l.legacy
        ? [dft("protocol_request_timeout", s, 120), ...backlog(l)]
        : [
            dft("protocol_request_timeout", s, 120),
            dft(
              "operation_metadata_size_limit",
              unlimitedOr("operation_metadata_size_limit", "Maximum size of operation metadata the node keeps, in bytes."),
              10_000_000,
            ),
          ],
    ),
    dftObj("prevalidator", [
      dft("operations_request_timeout", s, 10),
      dft("max_refused_operations", E.uint16, 1000),
      dft("operations_batch_size", E.int31, 50),
      ...backlog(l),
    ]),
    dft(
      "chain_validator",
      E.union([
        E.kase(
          0,
          "synchronisation_heuristic_encoding",
          E.obj([
            dft("latency", E.uint16, 150, {
              description:
                "A peer is considered synchronised when the timestamp of its known head is at least now minus this many seconds.",
            }),
            dft("synchronisation_threshold", E.uint8, 4, {
              description: "Minimal number of synchronised peers for the node to count as bootstrapped.",
            }),
            ...backlog(l),
          ]),
        ),
        E.kase(1, "legacy_bootstrap_threshold_encoding", E.obj([dft("bootstrap_threshold", E.uint8, 4, { description: "Deprecated." }), ...backlog(l)])),
      ]),
      // Written whole: `{}` would fit both cases.
      l.legacy ? undefined : { latency: 150, synchronisation_threshold: 4 },
    ),
    E.opt("history_mode", T.historyMode(l)),
  ];
  return fields;
}

function networkConfig(l: Layout): Encoding {
  const name = T.distributedDbVersionName;
  const custom = E.obj([
    E.req(
      "genesis",
      E.obj([E.req("timestamp", T.timestampProtocol), E.req("block", T.blockHash), E.req("protocol", T.protocolHash)]),
    ),
    E.opt("genesis_parameters", E.obj([E.opt("context_key", E.string), E.req("values", E.anyJson)])),
    E.req("chain_name", name),
    E.opt("old_chain_name", name),
    E.opt("incompatible_chain_name", name),
    E.req("sandboxed_chain_name", name),
    dft("user_activated_upgrades", userActivatedUpgrades, []),
    dft("user_activated_protocol_overrides", userActivatedProtocolOverrides, []),
    dft("default_bootstrap_peers", strings, [], { description: "Peers to use when no bootstrap peers are configured." }),
    ...(l.legacy ? [] : [dft("dal_config", dalConfig, { activated: false, use_mock_srs_for_testing: false, bootstrap_peers: [] }, { description: "Testing only." })]),
  ]);
  const builtins: [number, string][] = l.legacy
    ? [
        [1, "sandbox"],
        [4, "mainnet"],
        [9, "delphinet"],
        [11, "edonet"],
      ]
    : [
        [1, "sandbox"],
        [4, "mainnet"],
        [19, "ghostnet"],
      ];
  // Built-in networks come first so that an alias is preferred to the full description.
  return E.union([...builtins.map(([tag, name]) => E.kase(tag, name, E.constant(name))), E.kase(0, "Custom", custom)]);
}

/**
 * Octez's default data directory is `$HOME/.tezos-node` (`/root/.tezos-node` when `HOME` is
 * unset), so it depends on the node's environment: the snapshot states it for a node run as
 * root. A snapshot taken from another node would carry that node's own.
 */
const DATA_DIR = "/root/.tezos-node";

export function nodeConfig(l: Layout): Encoding {
  if (l.legacy)
    return E.obj([
      dft("data-dir", E.string, DATA_DIR, { description: "Location of the data directory." }),
      dftObj("rpc", rpcFields(l), { description: "RPC server settings." }),
      E.req("p2p", E.obj(p2pFields(l)), { description: "Peer-to-peer settings." }),
      dftObj("log", logFields(l), { description: "Logging settings." }),
      E.opt("internal-events", E.obj([dft("activate", strings, [], { description: "URIs that activate or configure event sinks." })]), {
        description: "Event sink settings.",
      }),
      dftObj("shell", shellFields(l), { description: "Settings of the shell workers." }),
      dft("network", networkConfig(l), "mainnet", { description: "The network the node runs on." }),
    ]);
  return E.obj([
    dft("data-dir", E.string, DATA_DIR, { description: "Location of the data directory." }),
    dft("disable-config-validation", E.bool, false, { description: "Skips the validation of the configuration file." }),
    dftObj("rpc", rpcFields(l), { description: "RPC server settings." }),
    dftObj("p2p", p2pFields(l), { description: "Peer-to-peer settings." }),
    dftObj("log", logFields(l), { description: "Logging settings." }),
    E.opt("internal-events", loggingConfig, { description: "Event sink settings." }),
    dftObj("shell", shellFields(l), { description: "Settings of the shell workers." }),
    dft("network", networkConfig(l), "mainnet", { description: "The network the node runs on." }),
    dft("metrics_addr", strings, [], { description: "Addresses of the metrics endpoint." }),
  ]);
}

export function configServices(l: Layout): Service[] {
  const services: Service[] = [
    get("/config", {
      description: "The node's runtime configuration: its configuration file combined with its command-line arguments.",
      output: nodeConfig(l),
    }),
  ];
  if (!l.legacy)
    services.push(
      get("/config/history_mode", {
        description: "The history mode of the node's storage.",
        output: E.obj([E.req("history_mode", T.historyMode(l))]),
      }),
      put("/config/logging", {
        description: "Replaces the node's logging configuration.",
        input: loggingConfig,
        output: E.empty,
      }),
      get("/config/network/dal", {
        description: "The data-availability layer settings of the network (testing only).",
        output: dalConfig,
      }),
    );
  services.push(
    get("/config/network/user_activated_protocol_overrides", {
      description: "The protocol overrides configured for the network.",
      output: userActivatedProtocolOverrides,
    }),
    get("/config/network/user_activated_upgrades", {
      description: "The protocol upgrades configured at given levels for the network.",
      output: userActivatedUpgrades,
    }),
  );
  return services;
}
