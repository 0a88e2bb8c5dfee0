/** Handlers of `/network/…` on the node's {@link P2p} tables. */
import type { Handlers } from "../../generated/shell/server.ts";
import { notFound } from "../errors.ts";
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

export function networkHandlers(node: SandboxNode): NetworkHandlers {
  const p2p = node.p2p;
  return {
    getNetworkConnections() {
      return [];
    },
    getNetworkConnectionsByPeerId({ path }) {
      throw notFound(`connection with ${path.peer_id}`);
    },
    deleteNetworkConnectionsByPeerId({ path }) {
      throw notFound(`connection with ${path.peer_id}`);
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
      return p2p.patchPeer(path.peer_id, body.acl);
    },
    getNetworkPeersBanned({ path }) {
      return p2p.peerBanned(path.peer_id);
    },
    getNetworkPeersLog({ path, query }, { signal }) {
      const events = [...p2p.peerEvents(path.peer_id)];
      if (!query?.monitor) return events;
      // A sandbox peer never connects: after the known events, nothing comes until the client leaves.
      return (async function* () {
        yield events;
        for await (const _ of node.events.activeChains.subscribe(signal)) yield [];
      })();
    },
    getNetworkPoints({ query }) {
      return p2p.points().filter(([, info]) => stateFilter(query?.filter, info.state.event_kind));
    },
    getNetworkPointsByPoint({ path }) {
      const info = p2p.pointInfo(path.point);
      if (info === undefined) throw notFound(`point ${path.point}`);
      return info;
    },
    putNetworkPointsByPoint({ path }) {
      p2p.connect(path.point);
      return {};
    },
    patchNetworkPointsByPoint({ path, body }) {
      return p2p.patchPoint(path.point, body.acl, body.peer_id);
    },
    getNetworkPointsBanned({ path }) {
      return p2p.pointBanned(path.point);
    },
    getNetworkPointsLog({ path, query }, { signal }) {
      const events = [...p2p.pointEvents(path.point)];
      if (!query?.monitor) return events;
      const updates = p2p.pointLogs.subscribe(signal);
      return (async function* () {
        yield events;
        for await (const e of updates) if (e.point === path.point) yield [e.event];
      })();
    },
    getNetworkSelf() {
      return p2p.identity;
    },
    getNetworkStat() {
      return { total_sent: "0", total_recv: "0", current_inflow: 0, current_outflow: 0 };
    },
  };
}
