/**
 * The peer-to-peer tables: known points and peers with their states and event logs, and the
 * access lists (bans, greylists). Every transition is one of Octez's, from tezos/tezos-mirror
 * `src/lib_p2p/p2p_point_state.ml`, `p2p_peer_state.ml`, `p2p_pool.ml` and `p2p_acl.ml`:
 * - a point goes `disconnected → requested` (outgoing request) `→ accepted` (authenticated)
 *   `→ running`, and back to `disconnected` from any of them; a failed request sets
 *   `last_failed_connection`, a rejection `last_rejected_connection`, both a reconnection delay
 *   (`greylisted_until`: `initial-delay`, then times `factor`, capped by `increase-cap`); the
 *   end of a running connection sets `last_disconnection` and a delay of `disconnection-delay`;
 * - a peer goes `accepted → running → disconnected` (or `accepted → disconnected`);
 * - addresses and peers are banned (until unbanned) or greylisted (addresses for
 *   `ip_greylist_cleanup_delay`, peers in a list of `peer_greylist_size`).
 * The connections themselves live in {@link ConnectHandler}.
 */
import { formatSystemTimestamp, type JsonValue } from "@tezos-rpcgen/runtime";
import type { GetNetworkLogOutput, GetNetworkPeersByPeerIdOutput, P2pConnectionId, P2pPeerPoolEvent, P2pPointInfo, P2pPointPoolEvent } from "../../generated/shell/types.ts";
import type { NodeConfig } from "../config/config.ts";
import { Topic } from "../node/topic.ts";
import { isLoopbackAddress } from "@tezos-rpcgen/runtime/server";
import type { NodeStore } from "../store/store.ts";

/** Events kept per point and per peer (Octez's `log_size`). */
const LOG_SIZE = 100;

export type PointStateKind = "requested" | "accepted" | "running" | "disconnected";
export type PeerStateKind = "accepted" | "running" | "disconnected";

/** Octez's `P2p_point.Pool_event.kind`. */
export type PointEventKind =
  | { kind: "outgoing_request" }
  | { kind: "accepting_request" | "rejecting_request"; peer: string }
  | { kind: "request_rejected"; peer?: string }
  | { kind: "connection_established" | "disconnection" | "external_disconnection"; peer: string };

export interface PointRecord {
  trusted: boolean;
  state: PointStateKind;
  /** The peer of an accepted or running connection. */
  peer?: string;
  lastFailed?: number;
  lastRejected?: [string, number];
  lastEstablished?: [string, number];
  lastDisconnection?: [string, number];
  reconnection?: { delay: number; end: number };
  expectedPeerId?: string;
  events: P2pPointPoolEvent[];
}

export interface PeerRecord {
  trusted: boolean;
  state: PeerStateKind;
  /** The connection id of an accepted or running connection. */
  point?: P2pConnectionId;
  lastRejected?: [P2pConnectionId, number];
  lastEstablished?: [P2pConnectionId, number];
  lastDisconnection?: [P2pConnectionId, number];
  events: P2pPeerPoolEvent[];
}

interface Acl {
  bannedAddrs: string[];
  bannedPeers: string[];
  /** Address → greylisted until (seconds). */
  greylistedAddrs: Record<string, number>;
  greylistedPeers: string[];
}

interface Saved {
  points: Record<string, PointRecord>;
  peers: Record<string, PeerRecord>;
  acl: Acl;
}

const STORE_KEY = "p2p-tables";

/** The most recent of two stamped values (Octez's `Time.System.recent`). */
function recent<T>(a: [T, number] | undefined, b: [T, number] | undefined): [T, number] | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return a[1] >= b[1] ? a : b;
}

export class Pool {
  private readonly points = new Map<string, PointRecord>();
  private readonly peers = new Map<string, PeerRecord>();
  private acl: Acl = { bannedAddrs: [], bannedPeers: [], greylistedAddrs: {}, greylistedPeers: [] };
  /** `GET /network/log`. */
  readonly log = new Topic<GetNetworkLogOutput>();
  /** Point and peer events as they happen (`…/log?monitor`). */
  readonly pointEvents = new Topic<{ point: string; event: P2pPointPoolEvent }>();
  readonly peerEvents = new Topic<{ peer: string; event: P2pPeerPoolEvent }>();

  constructor(
    private readonly config: NodeConfig,
    private readonly store: NodeStore,
    values: Map<string, JsonValue>,
    private readonly now: () => number,
  ) {
    const saved = values.get(STORE_KEY) as unknown as Saved | undefined;
    if (saved) {
      // A restart finds every connection closed (as Octez's peers file reloads peers
      // disconnected) and no reconnection delay (Octez keeps none), so bootstrap peers are
      // reconnected at once.
      for (const [k, p] of Object.entries(saved.points)) this.points.set(k, { ...p, state: "disconnected", peer: undefined, reconnection: undefined });
      for (const [k, p] of Object.entries(saved.peers)) this.peers.set(k, { ...p, state: "disconnected", point: undefined });
      this.acl = saved.acl;
    }
  }

  /** Writes the tables to the store (a restart finds them). */
  save(): void {
    const clean = <T extends object>(m: Map<string, T>) => Object.fromEntries([...m].map(([k, v]) => [k, JSON.parse(JSON.stringify(v)) as T]));
    const saved: Saved = { points: clean(this.points), peers: clean(this.peers), acl: this.acl };
    this.store.putValue(STORE_KEY, saved as unknown as JsonValue);
  }

  private stamp(): string {
    return formatSystemTimestamp(Math.floor(this.now()));
  }

  // ---- points ----

  point(point: string): PointRecord | undefined {
    return this.points.get(point);
  }

  pointList(): string[] {
    return [...this.points.keys()].sort();
  }

  /** Octez's `register_point`: known from now on; `trusted` and `expectedPeerId` update a known point. */
  registerPoint(point: string, options: { trusted?: boolean; expectedPeerId?: string } = {}): PointRecord {
    let p = this.points.get(point);
    if (p === undefined) {
      this.collect(this.points, this.config.p2p.limits.max_known_points, "gc_points");
      p = { trusted: options.trusted ?? false, state: "disconnected", events: [], ...(options.expectedPeerId ? { expectedPeerId: options.expectedPeerId } : {}) };
      this.points.set(point, p);
      this.log.publish({ event: "new_point", point });
    } else {
      if (options.trusted !== undefined) p.trusted = options.trusted;
      if (options.expectedPeerId !== undefined) p.expectedPeerId = options.expectedPeerId;
    }
    return p;
  }

  /**
   * Octez's `gc_points` / `gc_peer_ids`: when a table holds `max` entries, the disconnected
   * untrusted ones are forgotten, the oldest known first, down to `target` (so that peers
   * with fresh identities cannot grow the tables without end).
   */
  private collect(table: Map<string, { trusted: boolean; state: string }>, bounds: [number, number] | undefined, event: "gc_points" | "gc_peer_ids"): void {
    if (bounds === undefined || table.size < bounds[0]) return;
    let excess = table.size - bounds[1];
    for (const [key, entry] of table) {
      if (excess <= 0) break;
      if (entry.trusted || entry.state !== "disconnected") continue;
      table.delete(key);
      excess--;
    }
    this.log.publish({ event });
  }

  /** Forgets a point (Octez's `unregister_point`, for peers of another network). */
  unregisterPoint(point: string): void {
    this.points.delete(point);
  }

  private pointEvent(point: string, p: PointRecord, e: PointEventKind): void {
    // Octez's JSON encoding writes the last three kinds with the `rejecting_request` name
    // (tezos/tezos-mirror `src/lib_base/p2p_point.ml`, cases 4 to 6), and the describe schema
    // has no other name for them: the sandbox writes what Octez writes.
    const body: P2pPointPoolEvent[1] =
      e.kind === "outgoing_request"
        ? { event_kind: "outgoing_request" }
        : e.kind === "request_rejected"
          ? { event_kind: "request_rejected", ...(e.peer !== undefined ? { p2p_peer_id: e.peer } : {}) }
          : { event_kind: e.kind === "accepting_request" ? "accepting_request" : "rejecting_request", p2p_peer_id: e.peer };
    const event: P2pPointPoolEvent = [this.stamp(), body];
    p.events.push(event);
    if (p.events.length > LOG_SIZE) p.events.shift();
    this.pointEvents.publish({ point, event });
  }

  private reconnectionDelay(p: PointRecord, now: number): void {
    const g = this.config.p2p.greylisting_config;
    const delay = p.reconnection?.delay ?? g["initial-delay"];
    p.reconnection = { delay: Math.min(delay * g.factor, g["increase-cap"]), end: now + delay };
  }

  /** `set_requested`. */
  pointRequested(point: string, p: PointRecord): void {
    p.state = "requested";
    delete p.peer;
    this.pointEvent(point, p, { kind: "outgoing_request" });
  }

  /** `set_accepted`. */
  pointAccepted(point: string, p: PointRecord, peer: string): void {
    p.state = "accepted";
    p.peer = peer;
    this.pointEvent(point, p, { kind: "accepting_request", peer });
  }

  /** `set_running`. */
  pointRunning(point: string, p: PointRecord, peer: string): void {
    p.state = "running";
    p.peer = peer;
    p.lastEstablished = [peer, this.now()];
    this.pointEvent(point, p, { kind: "connection_established", peer });
  }

  /** `set_disconnected` (nothing when already disconnected). */
  pointDisconnected(point: string, p: PointRecord, requested = false): void {
    const now = this.now();
    let event: PointEventKind;
    if (p.state === "disconnected") return;
    if (p.state === "requested") {
      this.reconnectionDelay(p, now);
      p.lastFailed = now;
      event = { kind: "request_rejected" };
    } else if (p.state === "accepted") {
      this.reconnectionDelay(p, now);
      p.lastRejected = [p.peer!, now];
      event = { kind: "request_rejected", peer: p.peer! };
    } else {
      const g = this.config.p2p.greylisting_config;
      p.reconnection = { delay: g["initial-delay"], end: now + g["disconnection-delay"] };
      p.lastDisconnection = [p.peer!, now];
      event = { kind: requested ? "disconnection" : "external_disconnection", peer: p.peer! };
    }
    p.state = "disconnected";
    delete p.peer;
    this.pointEvent(point, p, event);
  }

  /** The reconnection delay has not passed (Octez's `cannot_reconnect_yet`). */
  cannotReconnectYet(p: PointRecord): boolean {
    return p.reconnection !== undefined && this.now() <= p.reconnection.end;
  }

  /** `GET /network/points/<point>`'s record (`P2p_point_state.info_of_point_info`). */
  pointInfo(point: string): P2pPointInfo | undefined {
    const p = this.points.get(point);
    if (p === undefined) return undefined;
    const t = (s: number) => formatSystemTimestamp(Math.floor(s));
    const pair = (v: [string, number] | undefined): [string, string] | undefined => v && [v[0], t(v[1])];
    const state: P2pPointInfo["state"] =
      p.state === "accepted" || p.state === "running" ? { event_kind: p.state, p2p_peer_id: p.peer! } : { event_kind: p.state };
    const info: P2pPointInfo = { trusted: p.trusted, state };
    if (p.reconnection) info.greylisted_until = t(p.reconnection.end);
    if (p.peer !== undefined) info.p2p_peer_id = p.peer;
    if (p.lastFailed !== undefined) info.last_failed_connection = t(p.lastFailed);
    const optional = {
      last_rejected_connection: pair(p.lastRejected),
      last_established_connection: pair(p.lastEstablished),
      last_disconnection: pair(p.lastDisconnection),
      last_seen: pair(recent(p.lastRejected, recent(p.lastEstablished, p.lastDisconnection))),
    };
    for (const [k, v] of Object.entries(optional)) if (v) (info as unknown as Record<string, unknown>)[k] = v;
    const miss = recent(p.lastRejected, p.lastDisconnection)?.[1];
    const lastMiss = p.lastFailed === undefined ? miss : miss === undefined ? p.lastFailed : Math.max(miss, p.lastFailed);
    if (lastMiss !== undefined) info.last_miss = t(lastMiss);
    if (p.expectedPeerId !== undefined) info.expected_peer_id = p.expectedPeerId;
    return info;
  }

  setTrusted(point: string, trusted: boolean): void {
    const p = this.points.get(point);
    if (p) p.trusted = trusted;
  }

  // ---- peers ----

  peer(peer: string): PeerRecord | undefined {
    return this.peers.get(peer);
  }

  peerList(): string[] {
    return [...this.peers.keys()].sort();
  }

  /** Octez's `register_peer`. */
  registerPeer(peer: string): PeerRecord {
    let p = this.peers.get(peer);
    if (p === undefined) {
      this.collect(this.peers, this.config.p2p.limits.max_known_peer_ids, "gc_peer_ids");
      p = { trusted: false, state: "disconnected", events: [] };
      this.peers.set(peer, p);
      this.log.publish({ event: "new_peer", peer_id: peer });
    }
    return p;
  }

  private peerEvent(peer: string, p: PeerRecord, kind: P2pPeerPoolEvent["kind"], at: P2pConnectionId): void {
    const event: P2pPeerPoolEvent = { kind, timestamp: this.stamp(), addr: at.addr, ...(at.port !== undefined ? { port: at.port } : {}) };
    p.events.push(event);
    if (p.events.length > LOG_SIZE) p.events.shift();
    this.peerEvents.publish({ peer, event });
  }

  /** `P2p_peer_state.set_accepted` (logged as `incoming_request`, Octez's name for it). */
  peerAccepted(peer: string, p: PeerRecord, at: P2pConnectionId): void {
    p.state = "accepted";
    p.point = at;
    this.peerEvent(peer, p, "incoming_request", at);
  }

  peerRunning(peer: string, p: PeerRecord, at: P2pConnectionId): void {
    p.state = "running";
    p.point = at;
    p.lastEstablished = [at, this.now()];
    this.peerEvent(peer, p, "connection_established", at);
  }

  peerDisconnected(peer: string, p: PeerRecord, requested = false): void {
    if (p.state === "disconnected") return;
    const at = p.point!;
    let kind: P2pPeerPoolEvent["kind"];
    if (p.state === "accepted") {
      p.lastRejected = [at, this.now()];
      kind = "request_rejected";
    } else {
      p.lastDisconnection = [at, this.now()];
      kind = requested ? "disconnection" : "external_disconnection";
    }
    p.state = "disconnected";
    delete p.point;
    this.peerEvent(peer, p, kind, at);
  }

  /** The parts of `GET /network/peers/<peer_id>` the tables know (the connection adds the rest). */
  peerInfo(peer: string, live: Pick<GetNetworkPeersByPeerIdOutput, "stat" | "conn_metadata">): GetNetworkPeersByPeerIdOutput | undefined {
    const p = this.peers.get(peer);
    if (p === undefined) return undefined;
    const t = (v: [P2pConnectionId, number] | undefined): [P2pConnectionId, string] | undefined => v && [v[0], formatSystemTimestamp(Math.floor(v[1]))];
    const info: GetNetworkPeersByPeerIdOutput = { score: 0, trusted: p.trusted, ...(live.conn_metadata ? { conn_metadata: live.conn_metadata } : {}), peer_metadata: emptyPeerMetadata(), state: p.state, stat: live.stat };
    if (p.point) info.reachable_at = p.point;
    const optional = {
      last_rejected_connection: t(p.lastRejected),
      last_established_connection: t(p.lastEstablished),
      last_disconnection: t(p.lastDisconnection),
      last_seen: t(recent(p.lastRejected, recent(p.lastEstablished, p.lastDisconnection))),
      last_miss: t(recent(p.lastRejected, p.lastDisconnection)),
    };
    for (const [k, v] of Object.entries(optional)) if (v) (info as unknown as Record<string, unknown>)[k] = v;
    return info;
  }

  setPeerTrusted(peer: string, trusted: boolean): void {
    if (trusted) this.registerPeer(peer).trusted = true;
    else {
      const p = this.peers.get(peer);
      if (p) p.trusted = false;
    }
  }

  // ---- access lists (P2p_acl) ----

  /** `banned_addr`: banned or greylisted. */
  addrBanned(addr: string): boolean {
    const grey = this.acl.greylistedAddrs[addr];
    return this.acl.bannedAddrs.includes(addr) || (grey !== undefined && grey > this.now());
  }

  banAddr(addr: string): void {
    if (!this.acl.bannedAddrs.includes(addr)) this.acl.bannedAddrs.push(addr);
  }

  /** `unban_addr`: lifts the ban and the greylisting. */
  unbanAddr(addr: string): void {
    this.acl.bannedAddrs = this.acl.bannedAddrs.filter((a) => a !== addr);
    delete this.acl.greylistedAddrs[addr];
  }

  /**
   * `IPGreylist.add`, except for a loopback address. *Deviation*: Octez greylists the address of
   * a peer that speaks garbage, but every sandbox on a machine connects from 127.0.0.1, so one
   * garbage connection would lock out every local sandbox until `DELETE /network/greylist`. From
   * loopback the offending connection is only closed (a peer that authenticated first is still
   * greylisted by its id); bans (`PATCH … {"acl": "ban"}`) apply to loopback as to any address.
   */
  greylistAddr(addr: string): void {
    if (isLoopbackAddress(addr)) return;
    this.acl.greylistedAddrs[addr] = this.now() + this.config.p2p.limits.ip_greylist_cleanup_delay;
  }

  /** `banned_peer`: banned or greylisted. */
  peerBanned(peer: string): boolean {
    return this.acl.bannedPeers.includes(peer) || this.acl.greylistedPeers.includes(peer);
  }

  banPeer(peer: string): void {
    if (!this.acl.bannedPeers.includes(peer)) this.acl.bannedPeers.push(peer);
  }

  unbanPeer(peer: string): void {
    this.acl.bannedPeers = this.acl.bannedPeers.filter((p) => p !== peer);
    this.acl.greylistedPeers = this.acl.greylistedPeers.filter((p) => p !== peer);
  }

  /** `PeerGreylist.add`: the most recent `peer_greylist_size` peers. */
  greylistPeer(peer: string): void {
    this.acl.greylistedPeers = [...this.acl.greylistedPeers.filter((p) => p !== peer), peer].slice(-this.config.p2p.limits.peer_greylist_size);
  }

  greylistedAddrs(): string[] {
    const now = this.now();
    return Object.keys(this.acl.greylistedAddrs)
      .filter((a) => this.acl.greylistedAddrs[a]! > now)
      .sort();
  }

  greylistedPeers(): string[] {
    return [...this.acl.greylistedPeers];
  }

  /**
   * `DELETE /network/greylist`, Octez's `P2p_acl.clear`: empties the greylists and, as that
   * function does (whatever the RPC's description says), the ban lists too.
   */
  clearAcl(): void {
    this.acl = { bannedAddrs: [], bannedPeers: [], greylistedAddrs: {}, greylistedPeers: [] };
  }

  close(): void {
    this.log.close();
    this.pointEvents.close();
    this.peerEvents.close();
  }
}

function counters() {
  return { branch: "0", head: "0", block_header: "0", operations: "0", protocols: "0", operation_hashes_for_block: "0", operations_for_block: "0", checkpoint: "0", protocol_branch: "0", predecessor_header: "0", other: "0" };
}

/** The shell's peer metadata with every counter at zero (the sandbox counts no requests). */
export function emptyPeerMetadata(): GetNetworkPeersByPeerIdOutput["peer_metadata"] {
  return {
    responses: { sent: counters(), failed: counters(), received: counters(), unexpected: "0", outdated: "0" },
    requests: { sent: counters(), received: counters(), failed: counters(), scheduled: counters() },
    valid_blocks: "0",
    old_heads: "0",
    prevalidator_results: { cannot_download: "0", cannot_parse: "0", refused_by_prefilter: "0", refused_by_postfilter: "0", applied: "0", branch_delayed: "0", branch_refused: "0", refused: "0", duplicate: "0", outdated: "0" },
    unactivated_chains: "0",
    inactive_chains: "0",
    future_blocks_advertised: "0",
    unadvertised: { block: "0", operations: "0", protocol: "0" },
    advertisements: { sent: { head: "0", branch: "0" }, received: { head: "0", branch: "0" } },
  };
}
