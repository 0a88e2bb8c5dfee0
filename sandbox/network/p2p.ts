/**
 * The sandbox's peer-to-peer layer as the `/network` routes see it: its identity, the
 * {@link Pool} (points, peers, access lists, logs), the {@link ConnectHandler} (sockets and
 * running connections), the bootstrap peers and the maintenance that keeps connections up.
 * The access-list routes act as Octez's `p2p_directory.ml` and `p2p_pool.ml` do:
 * - banning a point bans its address, untrusts the point, and bans and disconnects the peers
 *   connected from that address; banning a peer untrusts it and disconnects it;
 * - trusting unbans (the address and its connected peers, or the peer) and trusts, making
 *   the point or peer known; `open` unbans and untrusts;
 * - patching an unknown point or peer changes the lists, then answers 404 (nothing to show);
 * - `banned` is false for a trusted point or peer, else true when banned or greylisted.
 */
import type { JsonValue } from "@tezos-rpcgen/runtime";
import type { GetNetworkConnectionsByPeerIdOutput, GetNetworkPeersByPeerIdOutput, P2pPeerPoolEvent, P2pPointInfo, P2pPointPoolEvent, P2pStat } from "../../generated/shell/types.ts";
import { resolveNetwork } from "../chain/networks.ts";
import type { NodeConfig } from "../config/config.ts";
import type { NodeStore } from "../store/store.ts";
import { addressOf, canonicalPoint, parsePoint } from "./address.ts";
import { ConnectHandler, type Connection } from "./connect-handler.ts";
import { identityFromJson, identityToJson, newIdentity, type Identity } from "./identity.ts";
import type { SandboxNode } from "../node/node.ts";
import { BlockGossip } from "./gossip.ts";
import { EMPTY_STAT } from "./meter.ts";
import { Pool } from "./pool.ts";

export type Acl = "ban" | "trust" | "open";

const IDENTITY_KEY = "p2p-identity";

export class P2p {
  readonly identity: Identity;
  readonly pool: Pool;
  readonly net: ConnectHandler;
  private maintenanceTimer: NodeJS.Timeout | undefined;
  private closed = false;
  private gossip: BlockGossip | undefined;

  constructor(
    private readonly config: NodeConfig,
    private readonly store: NodeStore,
    values: Map<string, JsonValue>,
    now: () => number,
  ) {
    const saved = identityFromJson(values.get(IDENTITY_KEY));
    this.identity = saved ?? newIdentity();
    if (saved === undefined) store.putValue(IDENTITY_KEY, identityToJson(this.identity));
    this.pool = new Pool(config, store, values, now);
    // Octez registers its bootstrap peers as trusted points (`P2p_pool.create`).
    for (const peer of config.p2p["bootstrap-peers"] ?? []) {
      const point = typeof peer === "string" ? canonicalPoint(peer) : undefined;
      if (point !== undefined) this.pool.registerPoint(point, { trusted: true });
    }
    const chainName = resolveNetwork(config.network).chainName;
    this.net = new ConnectHandler(this.pool, config, this.identity, { chain_name: chainName, distributed_db_version: 2, p2p_version: 1 }, () => this.pool.save());
    this.net.onConnection = (c) => c.socket.onClose(() => this.maintain());
  }

  /** The peer id (`GET /network/self`). */
  get self(): string {
    return this.identity.peerId;
  }

  get log() {
    return this.pool.log;
  }

  /**
   * Listens on `listenAddr` (`host:port`, port 0 for any free one; none: no incoming
   * connections), then connects to the bootstrap peers. With `blocks`, heads propagate
   * between `blocks` and the peers ({@link BlockGossip}). Resolves to the bound `host:port`.
   */
  async start(listenAddr: string | undefined, blocks?: SandboxNode): Promise<string | undefined> {
    if (blocks) this.gossip = new BlockGossip(blocks, this.net);
    let bound: string | undefined;
    if (listenAddr !== undefined) {
      const p = parsePoint(listenAddr);
      if (p === undefined) throw new Error(`p2p listen address ${JSON.stringify(listenAddr)}: expected host:port`);
      const port = await this.net.listen(p.host, p.port);
      bound = p.host.includes(":") ? `[${p.host}]:${port}` : `${p.host}:${port}`;
    }
    const idle = this.config.p2p.limits["maintenance-idle-time"];
    if (typeof idle === "number" && idle > 0) {
      this.maintenanceTimer = setInterval(() => this.maintain(), idle * 1000);
      this.maintenanceTimer.unref();
    }
    this.maintain();
    return bound;
  }

  /**
   * The maintenance (Octez's `p2p_maintenance.ml`, in short): below `min-connections`, tries
   * the known disconnected points whose reconnection delay has passed and that are not banned,
   * trusted ones (the bootstrap peers) first.
   */
  maintain(): void {
    if (this.closed || this.net.connections.size >= this.config.p2p.limits["min-connections"]) return;
    const candidates = this.pool
      .pointList()
      .map((point) => [point, this.pool.point(point)!] as const)
      .filter(([point, p]) => p.state === "disconnected" && !this.pool.cannotReconnectYet(p) && !this.pool.addrBanned(addressOf(parsePoint(point)!.host)))
      .sort(([, a], [, b]) => Number(b.trusted) - Number(a.trusted))
      .slice(0, this.config.p2p.limits["min-connections"] - this.net.connections.size);
    for (const [point] of candidates) this.net.connect(point).catch(() => undefined);
  }

  /** `PUT /network/points/<point>`. */
  connect(point: string, timeoutS?: number): Promise<void> {
    return this.net.connect(point, timeoutS);
  }

  // ---- points ----

  points(): Array<[string, P2pPointInfo]> {
    return this.pool.pointList().map((p) => [p, this.pool.pointInfo(p)!]);
  }

  pointInfo(point: string): P2pPointInfo | undefined {
    return this.pool.pointInfo(canonicalPoint(point) ?? point);
  }

  /** A point's events; undefined for an unknown point. */
  pointEvents(point: string): P2pPointPoolEvent[] | undefined {
    const events = this.pool.point(canonicalPoint(point) ?? point)?.events;
    return events && [...events];
  }

  /** `PATCH /network/points/<point>`: the point's record after the change, undefined when unknown. */
  patchPoint(given: string, acl: Acl | undefined, peerId: string | undefined): P2pPointInfo | undefined {
    const point = canonicalPoint(given) ?? given;
    const addr = addressOf(parsePoint(point)?.host ?? point);
    const known = this.pool.point(point);
    if (peerId !== undefined && known) {
      known.expectedPeerId = peerId;
      // Octez's `set_expected_peer_id`: another peer on the point is greylisted and, when running, disconnected.
      if ((known.state === "running" || known.state === "accepted") && known.peer !== peerId) {
        this.pool.greylistAddr(addr);
        const c = known.state === "running" ? this.net.connections.get(known.peer!) : undefined;
        if (c) void c.socket.close(false);
      }
    }
    if (acl === "ban") {
      this.pool.setTrusted(point, false);
      this.pool.banAddr(addr);
      for (const c of this.net.connectionsOf(addr)) {
        this.pool.banPeer(c.peerId);
        void c.socket.close(false);
      }
    } else if (acl === "trust" || acl === "open") {
      this.pool.unbanAddr(addr);
      for (const c of this.net.connectionsOf(addr)) this.pool.unbanPeer(c.peerId);
      if (acl === "trust") this.pool.registerPoint(point, { trusted: true });
      else this.pool.setTrusted(point, false);
    }
    this.pool.save();
    return this.pool.pointInfo(point);
  }

  /** `GET /network/points/<point>/banned`. */
  pointBanned(given: string): boolean {
    const point = canonicalPoint(given) ?? given;
    if (this.pool.point(point)?.trusted) return false;
    return this.pool.addrBanned(addressOf(parsePoint(point)?.host ?? point));
  }

  // ---- peers ----

  peers(): Array<[string, GetNetworkPeersByPeerIdOutput]> {
    return this.pool.peerList().map((p) => [p, this.peerInfo(p)!]);
  }

  peerInfo(peer: string): GetNetworkPeersByPeerIdOutput | undefined {
    const c = this.net.connections.get(peer);
    return this.pool.peerInfo(peer, c ? { stat: c.meter.stat(), conn_metadata: c.remoteMetadata } : { stat: EMPTY_STAT });
  }

  /** A peer's events; undefined for an unknown peer. */
  peerEvents(peer: string): P2pPeerPoolEvent[] | undefined {
    const events = this.pool.peer(peer)?.events;
    return events && [...events];
  }

  /** `PATCH /network/peers/<peer_id>`: the peer's record after the change, undefined when unknown. */
  patchPeer(peer: string, acl: Acl | undefined): GetNetworkPeersByPeerIdOutput | undefined {
    if (acl === "ban") {
      this.pool.setPeerTrusted(peer, false);
      this.pool.banPeer(peer);
      const c = this.net.connections.get(peer);
      if (c) void c.socket.close(false);
    } else if (acl === "trust") {
      this.pool.unbanPeer(peer);
      this.pool.setPeerTrusted(peer, true);
    } else if (acl === "open") {
      this.pool.unbanPeer(peer);
      this.pool.setPeerTrusted(peer, false);
    }
    this.pool.save();
    return this.peerInfo(peer);
  }

  /** `GET /network/peers/<peer_id>/banned`. */
  peerBanned(peer: string): boolean {
    if (this.pool.peer(peer)?.trusted) return false;
    return this.pool.peerBanned(peer);
  }

  // ---- connections ----

  connections(): GetNetworkConnectionsByPeerIdOutput[] {
    return [...this.net.connections.values()].map((c) => this.net.info(c));
  }

  connection(peer: string): GetNetworkConnectionsByPeerIdOutput | undefined {
    const c: Connection | undefined = this.net.connections.get(peer);
    return c && this.net.info(c);
  }

  /** `DELETE /network/connections/<peer_id>` (nothing for an unknown peer, as Octez). */
  disconnect(peer: string, wait: boolean): Promise<void> {
    return this.net.disconnect(peer, wait);
  }

  /** The running connections' peers and when each connection was established (the peer validators). */
  runningPeers(): Array<{ peerId: string; since: number }> {
    return [...this.net.connections.keys()].map((peerId) => ({ peerId, since: this.pool.peer(peerId)?.lastEstablished?.[1] ?? 0 }));
  }

  stat(): P2pStat {
    return this.net.meter.stat();
  }

  // ---- greylists ----

  greylistedIps(): { ips: string[]; not_reliable_since: string | null } {
    return { ips: this.pool.greylistedAddrs(), not_reliable_since: null };
  }

  greylistedPeers(): string[] {
    return this.pool.greylistedPeers();
  }

  /** `DELETE /network/greylist` (see {@link Pool.clearAcl}). */
  clearGreylist(): void {
    this.pool.clearAcl();
    this.pool.save();
  }

  /** Closes every connection and the listening socket; ends the logs. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.maintenanceTimer) clearInterval(this.maintenanceTimer);
    this.gossip?.close();
    // The sockets close at once (the store, closed right after by the node, gets the final
    // tables); only the listening socket is waited for.
    const listening = this.net.close();
    this.pool.save();
    this.pool.close();
    await listening;
  }
}
