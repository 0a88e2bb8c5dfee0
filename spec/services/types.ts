/**
 * Encodings shared by several shell services, named as Octez names them so that a generator's
 * table of known encodings recognises them (`block_hash`, `Chain_id`, `block_header`, ...).
 * Titles and descriptions are ours.
 */
import * as E from "../combinators/index.ts";
import type { Encoding } from "../combinators/index.ts";

/** Which shell layout is being described. */
export interface Layout {
  /** The earlier layout (Octez 8.2). */
  readonly legacy: boolean;
}
export const CURRENT: Layout = { legacy: false };
export const LEGACY: Layout = { legacy: true };

// ---- hashes ----
export const blockHash = E.hash("block_hash", "Block hash (Base58Check-encoded)", 32);
export const chainId = E.hash("Chain_id", "Chain identifier (Base58Check-encoded)", 4);
export const protocolHash = E.hash("Protocol_hash", "Protocol hash (Base58Check-encoded)", 32);
export const operationHash = E.hash("Operation_hash", "Operation hash (Base58Check-encoded)", 32);
export const contextHash = E.hash("Context_hash", "Context hash (Base58Check-encoded)", 32);
export const operationListListHash = E.hash(
  "Operation_list_list_hash",
  "Root hash of the operation lists of a block (Base58Check-encoded)",
  32,
);
export const peerId = E.hash("Crypto_box.Public_key_hash", "Peer identity (Base58Check-encoded)", 16);

// ---- times ----
export const timestampProtocol = E.def("timestamp.protocol", E.splitted(E.string, E.int64), {
  description: "A point in time with one-second precision, counted from the Unix epoch.",
});
export const timestampRfc = E.def("timestamp.rfc", E.splitted(E.string, E.string), {
  title: "Timestamp in RFC 3339 notation",
  description: "A date and time written as an RFC 3339 string.",
});
export const timestampSystem = E.def(
  "timestamp.system",
  E.splitted(
    E.union([E.jsonOnlyCase("RFC 3339 text", timestampRfc), E.jsonOnlyCase("Seconds since the epoch", E.int64)]),
    E.int64,
  ),
  { description: "A point in time read from the node's clock, with sub-second precision." },
);
export const timespanSystem = (l: Layout): Encoding =>
  E.def("timespan.system", l.legacy ? E.withJsonSchema({ type: "number" }, E.float) : E.float, {
    description: "A duration measured by the node's clock, in seconds.",
  });

// ---- blocks and operations ----
export const fitness = E.def(
  "fitness",
  E.splitted(E.list(E.bytes), E.list(E.def("fitness.elem", E.bytes))),
  {
    title: "Fitness",
    description:
      "The score of a block: a list of byte strings. A shorter list is smaller; lists of equal length compare element by element. The chain with the highest fitness wins.",
  },
);

export const blockHeaderShell = E.def(
  "block_header.shell",
  E.obj([
    E.req("level", E.int32),
    E.req("proto", E.uint8),
    E.req("predecessor", blockHash),
    E.req("timestamp", timestampProtocol),
    E.req("validation_pass", E.uint8),
    E.req("operations_hash", operationListListHash),
    E.req("fitness", fitness),
    E.req("context", contextHash),
  ]),
  { title: "Shell part of a block header", description: "The protocol-independent fields of a block header." },
);

export const blockHeader = E.def(
  "block_header",
  E.mergeObjs(blockHeaderShell, E.obj([E.req("protocol_data", E.variableBytes)])),
  {
    title: "Full block header",
    description: "A block header: the shell fields followed by the protocol's own data.",
  },
);

export const operationShellHeader = E.def("operation.shell_header", E.obj([E.req("branch", blockHash)]), {
  description: "The protocol-independent part of an operation.",
});

export const operation = E.def("operation", E.mergeObjs(operationShellHeader, E.obj([E.req("data", E.variableBytes)])), {
  description:
    "An operation: the block it applies on top of (its branch), then an opaque protocol-specific payload.",
});

/** A list of lists of operations, each operation length-prefixed. */
export const operationLists = E.list(E.list(E.dynamicSize(operation)));

// ---- chain state ----
export const historyMode = (l: Layout): Encoding => {
  if (l.legacy)
    return E.def("history_mode", E.stringEnum(["archive", "full", "rolling"], ["full", "archive", "rolling"]), {
      title: "History mode",
      description: "How much of the chain's history the node keeps.",
    });
  const cycles = E.obj([
    E.req("additional_cycles", E.rangedInt(0, 1000), {
      title: "Additional cycles to keep",
      description: "How many cycles are kept below the savepoint (1 when not given).",
    }),
  ]);
  return E.def(
    "history_mode",
    E.union([
      E.kase(0, "archive", E.constant("archive"), "Keeps every block, operation, metadata and context since genesis."),
      E.kase(1, "full", E.obj([E.req("full", cycles)]), "Keeps every block and operation since genesis, and prunes the metadata of old blocks."),
      E.kase(2, "rolling", E.obj([E.req("rolling", cycles)]), "Keeps only the most recent cycles."),
      E.kase(3, "full_alias", E.constant("full"), "Full mode with the default number of additional cycles."),
      E.kase(4, "rolling_alias", E.constant("rolling"), "Rolling mode with the default number of additional cycles."),
    ]),
    { title: "Storage history mode", description: "How much of the chain's history the node keeps." },
  );
};

export const chainStatus = E.def(
  "chain_status",
  E.stringEnum(["synced", "unsynced", "stuck"], ["stuck", "synced", "unsynced"]),
  {
    description:
      "Synchronisation state: `unsynced` while the head lags behind the peers (bootstrapping), `synced` when the head is recent, `stuck` when synchronised but the chain appears halted.",
  },
);

/** The generic error trace of every RPC (data-encoding JSON value; binary BSON in a string). */
export const error = E.def("error", E.anyJson, {
  description: "An error trace; `GET /errors` serves the schema of every error the shell can report.",
});

// ---- network ----
export const p2pAddress = E.def("p2p_address", E.string, { description: "A network address of a peer." });
export const p2pPort = E.uint16;
export const p2pPointId = E.def("p2p_point.id", E.string, {
  description: "A network point: an address and a port (`ipv4:port` or `[ipv6]:port`).",
});
export const p2pConnectionId = E.def(
  "p2p_connection.id",
  E.obj([E.req("addr", p2pAddress), E.opt("port", p2pPort)]),
  { description: "The address and, when known, the port of a connection." },
);
export const distributedDbVersionName = E.def("distributed_db_version.name", E.string, {
  description: "Name of a version of the distributed database protocol.",
});
export const distributedDbVersion = E.def("distributed_db_version", E.uint16, {
  description: "Version of the distributed database protocol.",
});
export const p2pVersion = E.def("p2p_version", E.uint16, { description: "Version of the peer-to-peer layer." });
export const networkVersion = E.def(
  "network_version",
  E.obj([
    E.req("chain_name", distributedDbVersionName),
    E.req("distributed_db_version", distributedDbVersion),
    E.req("p2p_version", p2pVersion),
  ]),
  {
    description:
      "The version a node announces on the network: chain name, distributed database version and peer-to-peer version.",
  },
);
export const p2pStat = E.def(
  "p2p_stat",
  E.obj([
    E.req("total_sent", E.int64),
    E.req("total_recv", E.int64),
    E.req("current_inflow", E.int31),
    E.req("current_outflow", E.int31),
  ]),
  { description: "Traffic counters of the peer-to-peer layer." },
);

export const int64 = E.int64;
