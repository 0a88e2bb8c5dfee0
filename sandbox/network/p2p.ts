/**
 * The peer-to-peer tables of the sandbox: its identity, known points and peers, bans, trust
 * and greylists, and the network log. The sandbox opens no peer-to-peer socket: a connection
 * request (`PUT /network/points/<point>`) records the point and fails at once (no peer
 * answers), so the tables move as an isolated Octez node's do.
 *
 * Transitions follow tezos/tezos-mirror `src/lib_p2p/p2p_pool.ml` and `p2p_acl.ml`:
 * - `ban` puts the address (point) or the peer in the ban list, removes trust;
 * - `trust` trusts the point or peer and lifts its ban; `open` lifts both;
 * - a point or address is `banned` when banned or greylisted (`P2p_acl.banned_addr`);
 * - a failed connection greylists the point for `greylisting_config.initial-delay` seconds,
 *   and the address joins the greylist of IPs;
 * - `DELETE /network/greylist` empties the greylists, not the bans;
 * - banning or patching an unknown peer changes the ban list, then answers 404.
 */
import { randomBytes } from "node:crypto";
import { encodeBase58Check, formatSystemTimestamp, BASE58, type JsonValue } from "@tezos-rpcgen/runtime";
import type { GetNetworkLogOutput, P2pPointInfo, P2pPointPoolEvent, GetNetworkPeersByPeerIdOutput, P2pPeerPoolEvent } from "../../generated/shell/types.ts";
import type { NodeConfig } from "../config/config.ts";
import { notFound, traceFailure } from "../errors.ts";
import { Topic } from "../node/topic.ts";
import type { NodeStore } from "../store/store.ts";

export type Acl = "ban" | "trust" | "open";

interface PointState {
  trusted: boolean;
  greylistedUntil?: number;
  lastFailedConnection?: number;
  expectedPeerId?: string;
  events: P2pPointPoolEvent[];
}

interface PeerState {
  trusted: boolean;
  events: P2pPeerPoolEvent[];
}

interface Persisted {
  identity: string;
  points: Record<string, PointState>;
  peers: Record<string, PeerState>;
  bannedAddrs: string[];
  bannedPeers: string[];
  greylistedAddrs: Record<string, number>;
  greylistedPeers: string[];
}

/** The address part of a point `addr:port` / `[v6]:port`. */
export function pointAddress(point: string): string {
  const v6 = /^\[([^\]]+)\](?::\d+)?$/.exec(point);
  if (v6) return v6[1]!;
  const i = point.lastIndexOf(":");
  return i < 0 ? point : point.slice(0, i);
}

/** A point as Octez parses it (`P2p_point.Id.of_string`): host, optional port in [0, 65535]. */
export function isPoint(text: string): boolean {
  const m = /^(?:\[([0-9a-fA-F:.]+)\]|([0-9]{1,3}(?:\.[0-9]{1,3}){3})|([A-Za-z0-9.-]+))(?::(\d{1,5}))?$/.exec(text);
  return m !== null && (m[4] === undefined || Number(m[4]) <= 65535);
}

export class P2p {
  private readonly state: Persisted;
  readonly log = new Topic<GetNetworkLogOutput>();
  readonly pointLogs = new Topic<{ point: string; event: P2pPointPoolEvent }>();

  constructor(
    private readonly config: NodeConfig,
    private readonly store: NodeStore,
    values: Map<string, JsonValue>,
    private readonly now: () => number,
  ) {
    const saved = values.get("p2p") as unknown as Persisted | undefined;
    this.state = saved ?? {
      identity: encodeBase58Check(BASE58.cryptobox_public_key_hash, randomBytes(16)),
      points: {},
      peers: {},
      bannedAddrs: [],
      bannedPeers: [],
      greylistedAddrs: {},
      greylistedPeers: [],
    };
    if (saved === undefined) {
      for (const peer of config.p2p["bootstrap-peers"] ?? []) if (typeof peer === "string") this.state.points[withPort(peer)] = { trusted: false, events: [] };
      this.save();
    }
  }

  private save(): void {
    this.store.putValue("p2p", this.state as unknown as JsonValue);
  }

  get identity(): string {
    return this.state.identity;
  }

  private time(): string {
    return formatSystemTimestamp(Math.floor(this.now()));
  }

  // ---- points ----

  points(): Array<[string, P2pPointInfo]> {
    return Object.keys(this.state.points).sort().map((p) => [p, this.pointInfo(p)!]);
  }

  pointInfo(point: string): P2pPointInfo | undefined {
    const s = this.state.points[point];
    if (s === undefined) return undefined;
    const info: P2pPointInfo = { trusted: s.trusted, state: { event_kind: "disconnected" } };
    if (s.greylistedUntil !== undefined && s.greylistedUntil > this.now()) info.greylisted_until = formatSystemTimestamp(Math.floor(s.greylistedUntil));
    if (s.lastFailedConnection !== undefined) info.last_failed_connection = formatSystemTimestamp(Math.floor(s.lastFailedConnection));
    if (s.expectedPeerId !== undefined) info.expected_peer_id = s.expectedPeerId;
    return info;
  }

  pointEvents(point: string): P2pPointPoolEvent[] {
    const s = this.state.points[point];
    if (s === undefined) throw notFound(`point ${point}`);
    return s.events;
  }

  private ensurePoint(point: string): PointState {
    let s = this.state.points[point];
    if (s === undefined) {
      s = { trusted: false, events: [] };
      this.state.points[point] = s;
      this.log.publish({ event: "new_point", point });
    }
    return s;
  }

  private pointEvent(point: string, s: PointState, event: P2pPointPoolEvent[1]): void {
    const e: P2pPointPoolEvent = [this.time(), event];
    s.events.push(e);
    this.pointLogs.publish({ point, event: e });
  }

  /** `PUT /network/points/<point>`: a connection attempt, which fails (nobody answers). */
  connect(point: string): void {
    const s = this.ensurePoint(point);
    const addr = pointAddress(point);
    if (this.isAddrBanned(addr)) throw traceFailure([{ kind: "permanent", id: "node.p2p_pool.point_banned", point }], `point ${point} is banned`);
    this.pointEvent(point, s, { event_kind: "outgoing_request" });
    this.log.publish({ event: "outgoing_connection", point });
    this.pointEvent(point, s, { event_kind: "request_rejected" });
    this.log.publish({ event: "request_rejected", point });
    const now = this.now();
    s.lastFailedConnection = now;
    s.greylistedUntil = now + this.config.p2p.greylisting_config["initial-delay"];
    this.state.greylistedAddrs[addr] = now + this.config.p2p.limits.ip_greylist_cleanup_delay;
    this.save();
  }

  /** `PATCH /network/points/<point>`. */
  patchPoint(point: string, acl: Acl | undefined, peerId: string | undefined): P2pPointInfo {
    const s = this.ensurePoint(point);
    const addr = pointAddress(point);
    if (peerId !== undefined) s.expectedPeerId = peerId;
    if (acl === "ban") {
      if (!this.state.bannedAddrs.includes(addr)) this.state.bannedAddrs.push(addr);
      s.trusted = false;
    } else if (acl === "trust") {
      s.trusted = true;
      this.state.bannedAddrs = this.state.bannedAddrs.filter((a) => a !== addr);
    } else if (acl === "open") {
      s.trusted = false;
      this.state.bannedAddrs = this.state.bannedAddrs.filter((a) => a !== addr);
      delete this.state.greylistedAddrs[addr];
    }
    this.save();
    return this.pointInfo(point)!;
  }

  private isAddrBanned(addr: string): boolean {
    const grey = this.state.greylistedAddrs[addr];
    return this.state.bannedAddrs.includes(addr) || (grey !== undefined && grey > this.now());
  }

  pointBanned(point: string): boolean {
    return this.isAddrBanned(pointAddress(point));
  }

  // ---- peers ----

  peers(): Array<[string, GetNetworkPeersByPeerIdOutput]> {
    return Object.keys(this.state.peers).sort().map((p) => [p, this.peerInfo(p)!]);
  }

  peerInfo(peer: string): GetNetworkPeersByPeerIdOutput | undefined {
    const s = this.state.peers[peer];
    if (s === undefined) return undefined;
    return { score: 0, trusted: s.trusted, peer_metadata: emptyPeerMetadata(), state: "disconnected", stat: { total_sent: "0", total_recv: "0", current_inflow: 0, current_outflow: 0 } };
  }

  peerEvents(peer: string): P2pPeerPoolEvent[] {
    const s = this.state.peers[peer];
    if (s === undefined) throw notFound(`peer ${peer}`);
    return s.events;
  }

  /** `PATCH /network/peers/<peer_id>`: changes the ban list, then answers the peer (404 when unknown). */
  patchPeer(peer: string, acl: Acl | undefined): GetNetworkPeersByPeerIdOutput {
    const s = this.state.peers[peer];
    if (acl === "ban") {
      if (!this.state.bannedPeers.includes(peer)) this.state.bannedPeers.push(peer);
      if (s) s.trusted = false;
    } else if (acl === "trust" || acl === "open") {
      this.state.bannedPeers = this.state.bannedPeers.filter((p) => p !== peer);
      this.state.greylistedPeers = this.state.greylistedPeers.filter((p) => p !== peer);
      if (s) s.trusted = acl === "trust";
    }
    this.save();
    const info = this.peerInfo(peer);
    if (info === undefined) throw notFound(`peer ${peer}`);
    return info;
  }

  peerBanned(peer: string): boolean {
    return this.state.bannedPeers.includes(peer) || this.state.greylistedPeers.includes(peer);
  }

  // ---- greylists ----

  greylistedIps(): { ips: string[]; not_reliable_since: string | null } {
    const now = this.now();
    return { ips: Object.keys(this.state.greylistedAddrs).filter((a) => this.state.greylistedAddrs[a]! > now).sort(), not_reliable_since: null };
  }

  greylistedPeers(): string[] {
    return [...this.state.greylistedPeers];
  }

  clearGreylist(): void {
    this.state.greylistedAddrs = {};
    this.state.greylistedPeers = [];
    for (const s of Object.values(this.state.points)) delete s.greylistedUntil;
    this.save();
  }

  close(): void {
    this.log.close();
    this.pointLogs.close();
  }
}

function withPort(host: string): string {
  return /:\d+$/.test(host) && !/^[^[]*:.*:/.test(host) ? host : host.startsWith("[") ? host : `${host}:9732`;
}

function counters() {
  return { branch: "0", head: "0", block_header: "0", operations: "0", protocols: "0", operation_hashes_for_block: "0", operations_for_block: "0", checkpoint: "0", protocol_branch: "0", predecessor_header: "0", other: "0" };
}

function emptyPeerMetadata(): GetNetworkPeersByPeerIdOutput["peer_metadata"] {
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

