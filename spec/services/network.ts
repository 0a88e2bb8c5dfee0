/**
 * `/network/...`: peers, points, connections and statistics of the peer-to-peer layer.
 *
 * JSON shapes follow Octez 20.3 (and 8.2 for the earlier layout). Binary layouts follow the
 * data-encoding conventions of the Octez p2p services (unions tagged 0, 1, ... in case order,
 * objects in field order); the spec does not show them.
 */
import { flag, multi, single, type Service } from "../service.ts";
import { E, del, get, patch, put, timespanArg } from "./common.ts";
import * as T from "./types.ts";
import type { Layout } from "./types.ts";
import type { Encoding } from "../combinators/index.ts";

const connMetadata = E.obj([E.req("disable_mempool", E.bool), E.req("private_node", E.bool)]);

export const connectionInfo = E.obj([
  E.req("incoming", E.bool),
  E.req("peer_id", T.peerId),
  E.req("id_point", T.p2pConnectionId),
  E.req("remote_socket_port", E.uint16),
  E.req("announced_version", T.networkVersion),
  E.req("private", E.bool),
  E.req("local_metadata", connMetadata),
  E.req("remote_metadata", connMetadata),
]);

const peerState = E.def("p2p_peer.state", E.stringEnum(["accepted", "running", "disconnected"], ["running", "accepted", "disconnected"]), {
  description: "State of the connection with a peer.",
});

const counters = (names: string[]) => E.obj(names.map((n) => E.req(n, E.z)));
const messageCounters = E.union([
  E.kase(
    0,
    "peer_metadata.v1",
    counters([
      "branch",
      "head",
      "block_header",
      "operations",
      "protocols",
      "operation_hashes_for_block",
      "operations_for_block",
      "checkpoint",
      "protocol_branch",
      "predecessor_header",
      "other",
    ]),
  ),
  E.jsonOnlyCase(
    "peer_metadata.legacy_v0",
    counters(["branch", "head", "block_header", "operations", "protocols", "operation_hashes_for_block", "operations_for_block", "other"]),
  ),
]);

const peerMetadata = E.obj([
  E.req(
    "responses",
    E.obj([
      E.req("sent", messageCounters),
      E.req("failed", messageCounters),
      E.req("received", messageCounters),
      E.req("unexpected", E.z),
      E.req("outdated", E.z),
    ]),
  ),
  E.req(
    "requests",
    E.obj([
      E.req("sent", messageCounters),
      E.req("received", messageCounters),
      E.req("failed", messageCounters),
      E.req("scheduled", messageCounters),
    ]),
  ),
  E.req("valid_blocks", E.z),
  E.req("old_heads", E.z),
  E.req(
    "prevalidator_results",
    counters([
      "cannot_download",
      "cannot_parse",
      "refused_by_prefilter",
      "refused_by_postfilter",
      "applied",
      "branch_delayed",
      "branch_refused",
      "refused",
      "duplicate",
      "outdated",
    ]),
  ),
  E.req("unactivated_chains", E.z),
  E.req("inactive_chains", E.z),
  E.req("future_blocks_advertised", E.z),
  E.req("unadvertised", counters(["block", "operations", "protocol"])),
  E.req("advertisements", E.obj([E.req("sent", counters(["head", "branch"])), E.req("received", counters(["head", "branch"]))])),
]);

const stamped = (e: Encoding) => E.tup([e, T.timestampSystem]);

const peerInfo = (l: Layout) =>
  E.obj([
    E.req("score", E.float),
    E.req("trusted", E.bool),
    E.opt("conn_metadata", connMetadata),
    E.req("peer_metadata", peerMetadata),
    E.req("state", peerState),
    E.opt("reachable_at", T.p2pConnectionId),
    E.req("stat", T.p2pStat),
    ...["last_failed_connection", "last_rejected_connection", "last_established_connection", "last_disconnection", "last_seen", "last_miss"].map(
      (n) => E.opt(n, stamped(T.p2pConnectionId)),
    ),
  ]);

const pointState = E.def(
  "p2p_point.state",
  E.union([
    E.kase(0, "Requested", E.obj([E.req("event_kind", E.constant("requested"))])),
    E.kase(1, "Accepted", E.obj([E.req("event_kind", E.constant("accepted")), E.req("p2p_peer_id", T.peerId)])),
    E.kase(2, "Running", E.obj([E.req("event_kind", E.constant("running")), E.req("p2p_peer_id", T.peerId)])),
    E.kase(3, "Disconnected", E.obj([E.req("event_kind", E.constant("disconnected"))])),
  ]),
  { description: "State of the connection with a point." },
);

const pointInfo = (l: Layout) =>
  E.def(
    "p2p_point.info",
    E.obj([
      E.req("trusted", E.bool),
      // Always written (default: the epoch) in the earlier layout; presence-flagged since.
      l.legacy ? E.dft("greylisted_until", T.timestampSystem, "1970-01-01T00:00:00Z") : E.opt("greylisted_until", T.timestampSystem),
      E.req("state", pointState),
      E.opt("p2p_peer_id", T.peerId),
      E.opt("last_failed_connection", T.timestampSystem),
      ...["last_rejected_connection", "last_established_connection", "last_disconnection", "last_seen"].map((n) =>
        E.opt(n, stamped(T.peerId)),
      ),
      E.opt("last_miss", T.timestampSystem),
      ...(l.legacy ? [] : [E.opt("expected_peer_id", T.peerId)]),
    ]),
    { description: "What the node knows about a point: flags, state and the times of past events." },
  );

const peerPoolEvent = E.def(
  "p2p_peer.pool_event",
  E.obj([
    E.req(
      "kind",
      E.stringEnum(
        ["incoming_request", "rejecting_request", "request_rejected", "connection_established", "disconnection", "external_disconnection"],
        ["rejecting_request", "incoming_request", "disconnection", "external_disconnection", "connection_established", "request_rejected"],
      ),
    ),
    E.req("timestamp", T.timestampSystem),
    E.req("addr", T.p2pAddress),
    E.opt("port", E.uint16),
  ]),
  { description: "An event in the history of a peer." },
);

const pointPoolEvent = E.def(
  "p2p_point.pool_event",
  E.tup([
    T.timestampSystem,
    E.union([
      E.kase(0, "Outgoing_request", E.obj([E.req("event_kind", E.constant("outgoing_request"))])),
      E.kase(1, "Accepting_request", E.obj([E.req("event_kind", E.constant("accepting_request")), E.req("p2p_peer_id", T.peerId)])),
      E.kase(2, "Rejecting_request", E.obj([E.req("event_kind", E.constant("rejecting_request")), E.req("p2p_peer_id", T.peerId)])),
      E.kase(3, "Rejecting_rejected", E.obj([E.req("event_kind", E.constant("request_rejected")), E.opt("p2p_peer_id", T.peerId)])),
      // The node tags these three cases with `rejecting_request` too.
      E.kase(4, "Connection_established", E.obj([E.req("event_kind", E.constant("rejecting_request")), E.req("p2p_peer_id", T.peerId)])),
      E.kase(5, "Disconnection", E.obj([E.req("event_kind", E.constant("rejecting_request")), E.req("p2p_peer_id", T.peerId)])),
      E.kase(6, "External_disconnection", E.obj([E.req("event_kind", E.constant("rejecting_request")), E.req("p2p_peer_id", T.peerId)])),
    ]),
  ]),
  { description: "An event in the history of a point, with its time." },
);

function logEvent(l: Layout): Encoding {
  const ev = (tag: number, title: string, kind: string, fields: ReturnType<typeof E.req>[] = []) =>
    E.kase(tag, title, E.obj([E.req("event", E.constant(kind)), ...fields]));
  const point = E.req("point", T.p2pPointId);
  const peer = E.req("peer_id", T.peerId);
  const idPoint = E.req("id_point", T.p2pConnectionId);
  const source = E.req("source", T.peerId);
  const cases = [
    ev(0, "Too_few_connections", "too_few_connections"),
    ev(1, "Too_many_connections", "too_many_connections"),
    ev(2, "New_point", "new_point", [point]),
    ev(3, "New_peer", "new_peer", [peer]),
    ev(4, "Incoming_connection", "incoming_connection", [point]),
    ev(5, "Outgoing_connection", "outgoing_connection", [point]),
    ev(6, "Authentication_failed", "authentication_failed", [point]),
    ev(7, "Accepting_request", "accepting_request", [point, idPoint, peer]),
    ev(8, "Rejecting_request", "rejecting_request", [point, idPoint, peer]),
    ev(9, "Request_rejected", "request_rejected", [
      point,
      E.opt("identity", E.tup([T.p2pConnectionId, T.peerId])),
    ]),
    ev(10, "Connection_established", "connection_established", [idPoint, peer]),
    ev(11, "Disconnection", "disconnection", [peer]),
    ev(12, "External_disconnection", "external_disconnection", [peer]),
    ev(13, "Gc_points", "gc_points"),
    ev(14, "Gc_peer_ids", "gc_peer_ids"),
    ev(15, "Swap_request_received", "swap_request_received", [source]),
    ev(16, "Swap_ack_received", "swap_ack_received", [source]),
    ev(17, "Swap_request_sent", "swap_request_sent", [source]),
    ev(18, "Swap_ack_sent", "swap_ack_sent", [source]),
    ev(19, "Swap_request_ignored", "swap_request_ignored", [source]),
    ev(20, "Swap_success", "swap_success", [source]),
    ev(21, "Swap_failure", "swap_failure", [source]),
    ev(22, "Bootstrap_sent", "bootstrap_sent", [source]),
    ev(23, "Bootstrap_received", "bootstrap_received", [source]),
    ev(24, "Advertise_sent", "advertise_sent", [source]),
    ev(25, "Advertise_received", "advertise_received", [source]),
  ];
  const u = E.union(cases);
  return l.legacy ? E.def("p2p_connection.pool_event", u, { description: "An event of the peer-to-peer layer." }) : u;
}

const aclInput = (withPeer: boolean) =>
  E.obj([
    E.opt("acl", E.stringEnum(["ban", "trust", "open"], ["open", "trust", "ban"])),
    ...(withPeer ? [E.opt("peer_id", T.peerId)] : []),
  ]);

// Octez names the filter argument of both listings `p2p.point.state_filter`.
const stateFilterArg = { name: "p2p.point.state_filter" };
const peerFilter = multi("filter", stateFilterArg, "Only peers in one of these states.");
const pointFilter = multi("filter", stateFilterArg, "Only points in one of these states.");
const monitorFlag = flag("monitor", "Keep the stream open and send new events as they happen.");

export function networkServices(l: Layout): Service[] {
  const out: Service[] = [
    get("/network/connections", { description: "The current connections with peers.", output: E.list(connectionInfo) }),
    get("/network/connections/{peer_id}", { description: "The connection with the given peer.", output: connectionInfo }),
    del("/network/connections/{peer_id}", {
      description: "Closes the connection with the given peer; with `wait`, once pending messages are sent.",
      query: [flag("wait", "Wait for pending messages to be sent before closing.")],
      output: E.empty,
    }),
  ];
  if (l.legacy) {
    out.push(get("/network/greylist/clear", { description: "Empties the greylists of addresses and peers.", output: E.empty }));
  } else {
    out.push(
      del("/network/greylist", { description: "Empties the greylists of addresses and peers.", output: E.empty }),
      get("/network/greylist/ips", {
        description: "The greylisted addresses, and since when the list is incomplete (null when it is complete).",
        output: E.obj([E.req("ips", E.list(T.p2pAddress)), E.req("not_reliable_since", E.option(T.timestampSystem))]),
      }),
      get("/network/greylist/peers", { description: "The most recently greylisted peers.", output: E.list(T.peerId) }),
    );
  }
  out.push(
    get("/network/log", { description: "Streams the events of the peer-to-peer layer.", output: logEvent(l) }),
    get("/network/peers", {
      description: "The known peers, with what the node knows about each.",
      query: [peerFilter],
      output: E.list(E.tup([T.peerId, peerInfo(l)])),
    }),
    get("/network/peers/{peer_id}", { description: "What the node knows about the given peer.", output: peerInfo(l) }),
  );
  if (!l.legacy)
    out.push(
      patch("/network/peers/{peer_id}", {
        description:
          "Changes how the node treats the given peer: `ban` blacklists it (and removes it from the trusted peers), `open` removes it from both lists, `trust` trusts it (and removes it from the blacklist).",
        input: aclInput(false),
        output: peerInfo(l),
      }),
    );
  const bool = E.bool;
  const aclGets = (what: "peers" | "points", arg: string) =>
    l.legacy
      ? (["ban", "trust", "unban", "untrust"] as const).map((op) =>
          get(`/network/${what}/{${arg}}/${op}`, {
            description: `Deprecated: ${op === "ban" ? "blacklists" : op === "unban" ? "removes from the blacklist" : op === "trust" ? "trusts" : "stops trusting"} the given ${what === "peers" ? "peer" : "point"}.`,
            output: E.empty,
          }),
        )
      : [];
  out.push(
    ...aclGets("peers", "peer_id").filter((s) => s.path[3] === "ban"),
    get("/network/peers/{peer_id}/banned", { description: "Whether the given peer is blacklisted.", output: bool }),
    get("/network/peers/{peer_id}/log", {
      description: "The recent events of the given peer; with `monitor`, a stream of them.",
      query: [monitorFlag],
      output: E.list(peerPoolEvent),
    }),
    ...aclGets("peers", "peer_id").filter((s) => s.path[3] !== "ban"),
    get("/network/points", {
      description: "The known points, with what the node knows about each.",
      query: [pointFilter],
      output: E.list(E.tup([T.p2pPointId, pointInfo(l)])),
    }),
    get("/network/points/{point}", { description: "What the node knows about the given point.", output: pointInfo(l) }),
    put("/network/points/{point}", {
      description: "Connects to the given point.",
      query: [single("timeout", timespanArg, "How long to wait for the connection, in seconds.")],
      input: E.empty,
      output: E.empty,
    }),
  );
  if (!l.legacy)
    out.push(
      patch("/network/points/{point}", {
        description:
          "Changes how the node treats the given point: `ban` blacklists the address (and removes it from the trusted points), `open` removes it from both lists, `trust` trusts it permanently (and removes it from the blacklist); `peer_id` sets the identity expected at that point. A greylisted peer can still be disconnected during authentication.",
        input: aclInput(true),
        output: pointInfo(l),
      }),
    );
  out.push(
    ...aclGets("points", "point").filter((s) => s.path[3] === "ban"),
    get("/network/points/{point}/banned", { description: "Whether the given point is blacklisted.", output: bool }),
    get("/network/points/{point}/log", {
      description: "The recent events of the given point; with `monitor`, a stream of them.",
      query: [monitorFlag],
      output: E.list(pointPoolEvent),
    }),
    ...aclGets("points", "point").filter((s) => s.path[3] !== "ban"),
    get("/network/self", { description: "The identity of this node.", output: T.peerId }),
    get("/network/stat", { description: "Traffic counters of the peer-to-peer layer.", output: T.p2pStat }),
  );
  if (l.legacy)
    out.push(
      get("/network/version", { description: "The network version the node announces.", output: T.networkVersion }),
      get("/network/versions", {
        description: "The network versions the node supports.",
        output: E.list(T.networkVersion),
      }),
    );
  return out;
}
