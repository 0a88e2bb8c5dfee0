/** Handlers of `/network/…` on the node's {@link P2p} layer (Octez's `p2p_directory.ml`). */
import type { Handlers } from "../../generated/shell/server.ts";
import { genericFailure, notFound } from "../errors.ts";
import { canonicalPoint } from "../network/address.ts";
import type { SandboxNode } from "../node/node.ts";

type NetworkHandlers = Pick<
  Handlers,
  | "getNetworkConnections"
  | "getNetworkConnectionsByPeerId"
  | "deleteNetworkConnectionsByPeerId"
  | "deleteNetworkGreylist"
  | "getNetworkGreylistIps"
  | "getNetworkGreylistPeers"
  | "getNetworkLog"
  | "getNetworkPeers"
  | "getNetworkPeersByPeerId"
  | "patchNetworkPeersByPeerId"
  | "getNetworkPeersBanned"
  | "getNetworkPeersLog"
  | "getNetworkPoints"
  | "getNetworkPointsByPoint"
  | "putNetworkPointsByPoint"
  | "patchNetworkPointsByPoint"
  | "getNetworkPointsBanned"
  | "getNetworkPointsLog"
  | "getNetworkSelf"
  | "getNetworkStat"
>;

/** Peer states a `filter` query keeps (Octez's `p2p.point.state_filter`: requested, accepted, running, disconnected). */
function stateFilter(filter: readonly string[] | undefined, state: string): boolean {
  return filter === undefined || filter.length === 0 || filter.includes(state);
}

/** Seconds in a `timeout` query (a time span such as `10` or `1.5`); undefined when absent. */
function seconds(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text.replace(/s$/, ""));
  if (!Number.isFinite(n) || n < 0) throw genericFailure(`Cannot parse timeout: ${JSON.stringify(text)}`);
  return n;
}

/**
 * A log: the known events, then with `monitor` each new one as it happens. An unknown point
 * or peer has an empty log, answered once even with `monitor` (Octez's `p2p_directory.ml`).
 */
function eventLog<E, T>(events: E[] | undefined, monitor: boolean | undefined, updates: () => AsyncIterable<T>, mine: (update: T) => E | undefined): E[] | AsyncIterable<E[]> {
  if (events === undefined) return [];
  if (!monitor) return events;
  const stream = updates();
  return (async function* () {
    yield events;
    for await (const u of stream) {
      const e = mine(u);
      if (e !== undefined) yield [e];
    }
  })();
}

export function networkHandlers(node: SandboxNode): NetworkHandlers {
  const p2p = node.p2p;
  return {
    getNetworkConnections() {
      return p2p.connections();
    },
    getNetworkConnectionsByPeerId({ path }) {
      const info = p2p.connection(path.peer_id);
      if (info === undefined) throw notFound(`connection with ${path.peer_id}`);
      return info;
    },
    async deleteNetworkConnectionsByPeerId({ path, query }) {
      await p2p.disconnect(path.peer_id, query?.wait ?? false);
      return {};
    },
    deleteNetworkGreylist() {
      p2p.clearGreylist();
      return {};
    },
    getNetworkGreylistIps() {
      return p2p.greylistedIps();
    },
    getNetworkGreylistPeers() {
      return p2p.greylistedPeers();
    },
    getNetworkLog(_request, { signal }) {
      return p2p.log.subscribe(signal);
    },
    getNetworkPeers({ query }) {
      return p2p.peers().filter(([, info]) => stateFilter(query?.filter, info.state));
    },
    getNetworkPeersByPeerId({ path }) {
      const info = p2p.peerInfo(path.peer_id);
      if (info === undefined) throw notFound(`peer ${path.peer_id}`);
      return info;
    },
    patchNetworkPeersByPeerId({ path, body }) {
      const info = p2p.patchPeer(path.peer_id, body.acl);
      if (info === undefined) throw notFound(`peer ${path.peer_id}`);
      return info;
    },
    getNetworkPeersBanned({ path }) {
      return p2p.peerBanned(path.peer_id);
    },
    getNetworkPeersLog({ path, query }, { signal }) {
      return eventLog(p2p.peerEvents(path.peer_id), query?.monitor, () => p2p.pool.peerEvents.subscribe(signal), (u) => (u.peer === path.peer_id ? u.event : undefined));
    },
    getNetworkPoints({ query }) {
      return p2p.points().filter(([, info]) => stateFilter(query?.filter, info.state.event_kind));
    },
    getNetworkPointsByPoint({ path }) {
      const info = p2p.pointInfo(path.point);
      if (info === undefined) throw notFound(`point ${path.point}`);
      return info;
    },
    async putNetworkPointsByPoint({ path, query }) {
      await p2p.connect(path.point, seconds(query?.timeout));
      return {};
    },
    patchNetworkPointsByPoint({ path, body }) {
      const info = p2p.patchPoint(path.point, body.acl, body.peer_id);
      if (info === undefined) throw notFound(`point ${path.point}`);
      return info;
    },
    getNetworkPointsBanned({ path }) {
      return p2p.pointBanned(path.point);
    },
    getNetworkPointsLog({ path, query }, { signal }) {
      const point = canonicalPoint(path.point) ?? path.point;
      return eventLog(p2p.pointEvents(point), query?.monitor, () => p2p.pool.pointEvents.subscribe(signal), (u) => (u.point === point ? u.event : undefined));
    },
    getNetworkSelf() {
      return p2p.self;
    },
    getNetworkStat() {
      return p2p.stat();
    },
  };
}
