/**
 * Sockets and connections, after Octez's `src/lib_p2p/p2p_connect_handler.ml`: listening,
 * accepting (refused when the address is banned or greylisted, or too many are pending),
 * connecting (`PUT /network/points/<point>`), authenticating ({@link authenticate}), then
 * accepting or refusing the peer (a `nack` with Octez's motive), and running connections
 * until either side closes. Every step moves the {@link Pool}'s points and peers through
 * Octez's states and writes its events. Authentication failures that show a peer speaking
 * garbage (bad frames, bad proofs) greylist its address, as Octez's do.
 */
import { createServer, isIP, connect as tcpConnect, type Server, type Socket } from "node:net";
import { lookup } from "node:dns/promises";
import type { GetNetworkConnectionsByPeerIdOutput, P2pConnectionId } from "../../generated/shell/types.ts";
import type { NodeConfig } from "../config/config.ts";
import { genericFailure, traceFailure, type RpcServerError } from "../errors.ts";
import { addressOf, parsePoint, pointText } from "./address.ts";
import { MOTIVE, p2pError } from "./errors.ts";
import { authenticate, InvalidAuth, Myself, type Authenticated } from "./handshake.ts";
import type { Identity } from "./identity.ts";
import { Meter } from "./meter.ts";
import type { Pool, PointRecord } from "./pool.ts";
import { ConnectionClosed, ConnectionTimeout, FramedSocket } from "./socket.ts";
import { WireError, type ConnMetadata, type Message, type NetworkVersion } from "./wire.ts";

/** The versions this node speaks (Octez's `Distributed_db_version.supported`, `P2p_version.supported`). */
const DDB_VERSIONS = [0, 1, 2];
const P2P_VERSIONS = [0, 1];

/** A running connection. */
export interface Connection {
  readonly peerId: string;
  readonly socket: FramedSocket;
  readonly meter: Meter;
  readonly incoming: boolean;
  /** The remote address (IPv6, IPv4 mapped). */
  readonly addr: string;
  /** The point of the connection (the remote's listening point), when known. */
  readonly point: string | undefined;
  readonly idPoint: P2pConnectionId;
  readonly remoteSocketPort: number;
  /** The remote's announced version. */
  readonly version: NetworkVersion;
  readonly remoteMetadata: ConnMetadata;
}

/** Octez's `may_select_version`: the greatest common version, or undefined. */
function selectVersion(local: number[], remote: number): number | undefined {
  const best = Math.max(...local);
  return best <= remote ? best : local.includes(remote) ? remote : undefined;
}

export class ConnectHandler {
  private server: Server | undefined;
  /** Running connections by peer id. */
  readonly connections = new Map<string, Connection>();
  private readonly pending = new Set<FramedSocket>();
  private incomingCount = 0;
  /** Traffic of every connection (`GET /network/stat`). */
  readonly meter = new Meter();
  /** The port this node listens on, once it does. */
  port: number | undefined;
  /** Told about every message of a running connection (block propagation). */
  onMessage: ((connection: Connection, message: Message) => void) | undefined;
  /** Told about every new running connection. */
  onConnection: ((connection: Connection) => void) | undefined;
  private closing = false;

  constructor(
    private readonly pool: Pool,
    private readonly config: NodeConfig,
    private readonly identity: Identity,
    private readonly version: NetworkVersion,
    /** Saves the tables after a change worth keeping. */
    private readonly save: () => void,
  ) {}

  /** Saves the tables, unless the node is stopping (it saves them once, last). */
  private persist(): void {
    if (!this.closing) this.save();
  }

  private get metadata(): ConnMetadata {
    return { disable_mempool: this.config.p2p.disable_mempool, private_node: this.config.p2p["private-mode"] };
  }

  /** Listens on `host:port` (port 0: any free port); resolves to the bound port. */
  listen(host: string, port: number): Promise<number> {
    const server = createServer((socket) => this.accept(socket));
    server.maxConnections = this.config.p2p.limits["max-connections"] + this.config.p2p.limits["max-incoming-connections"];
    return new Promise((resolve, reject) => {
      server.once("error", reject);
      server.listen({ host, port, backlog: this.config.p2p.limits.backlog }, () => {
        server.off("error", reject);
        server.on("error", () => undefined);
        this.server = server;
        const address = server.address();
        this.port = typeof address === "object" && address ? address.port : port;
        resolve(this.port);
      });
    });
  }

  // ---- incoming ----

  private accept(raw: Socket): void {
    const addr = addressOf(raw.remoteAddress ?? "");
    const point = pointText(addr, raw.remotePort ?? 0);
    this.pool.log.publish({ event: "incoming_connection", point });
    if (this.closing || this.incomingCount >= this.config.p2p.limits["max-incoming-connections"] || this.pool.addrBanned(addr)) {
      raw.destroy();
      return;
    }
    // Counted while authenticating, as Octez's `incoming` table.
    this.incomingCount++;
    const socket = new FramedSocket(raw, new Meter(this.meter));
    void this.establish(socket, addr, point, undefined, this.config.p2p.limits["authentication-timeout"] * 1000)
      .catch(() => undefined)
      .finally(() => this.incomingCount--);
  }

  // ---- outgoing ----

  /**
   * `PUT /network/points/<point>`: connects and resolves once the connection runs, or fails
   * with Octez's error. `timeoutS` bounds the whole attempt (default `connection-timeout`).
   */
  async connect(pointTextGiven: string, timeoutS?: number): Promise<void> {
    const parsed = parsePoint(pointTextGiven);
    if (parsed === undefined) throw genericFailure(`Cannot parse point: ${pointTextGiven}`);
    let host = parsed.host;
    if (!isIP(host)) {
      try {
        host = (await lookup(host)).address;
      } catch (error) {
        throw p2pError("node.p2p_pool.connection_failed", `cannot resolve ${parsed.host}: ${(error as Error).message}`);
      }
    }
    const addr = addressOf(host);
    const point = pointText(addr, parsed.port);
    if (this.pool.addrBanned(addr)) throw p2pError("node.p2p_pool.point_banned", `point ${point} is banned`, { point });
    if (this.connections.size > this.config.p2p.limits["max-connections"]) throw p2pError("node.p2p_pool.too_many_connections", "too many connections");
    const record = this.pool.registerPoint(point);
    if (this.config.p2p["private-mode"] && !record.trusted) throw p2pError("node.p2p_pool.private_mode", "node is in private mode");
    if (record.state === "requested" || record.state === "accepted") throw p2pError("node.p2p_pool.pending_connection", "a connection is already pending");
    if (record.state === "running") throw p2pError("node.p2p_pool.connected", "a connection is already established");
    this.pool.pointRequested(point, record);
    this.pool.log.publish({ event: "outgoing_connection", point });
    const timeoutMs = (timeoutS ?? this.config.p2p.limits["connection-timeout"]) * 1000;
    const deadline = Date.now() + timeoutMs;
    let raw: Socket;
    try {
      raw = await new Promise<Socket>((resolve, reject) => {
        const s = tcpConnect({ host, port: parsed.port });
        const timer = setTimeout(() => (s.destroy(), reject(new ConnectionTimeout("connecting"))), timeoutMs);
        s.once("connect", () => (clearTimeout(timer), s.removeAllListeners("error"), resolve(s)));
        s.once("error", (e) => (clearTimeout(timer), reject(e)));
      });
    } catch (error) {
      this.pool.pointDisconnected(point, record);
      this.persist();
      if (error instanceof ConnectionTimeout) throw timeoutError();
      throw p2pError("node.p2p_pool.connection_failed", `connection to ${point} failed: ${(error as Error).message}`);
    }
    const socket = new FramedSocket(raw, new Meter(this.meter));
    try {
      await this.establish(socket, addr, point, record, Math.max(1, deadline - Date.now()));
    } finally {
      // Whatever failed on the way (a ban found after authentication, a timeout) leaves the point disconnected.
      const state: string = record.state;
      if (this.pool.point(point) === record && (state === "requested" || state === "accepted")) {
        this.pool.pointDisconnected(point, record);
      }
      this.persist();
    }
  }

  // ---- both directions ----

  /** Octez's `raw_authenticate` then `create_connection`; `record` is the outgoing point's. */
  private async establish(socket: FramedSocket, addr: string, point: string, record: PointRecord | undefined, timeoutMs: number): Promise<Connection> {
    const incoming = record === undefined;
    const deadline = Date.now() + timeoutMs;
    this.pending.add(socket);
    socket.onClose(() => this.pending.delete(socket));
    let info: Authenticated;
    try {
      const port = this.config.p2p["advertised-net-port"] ?? this.port;
      info = await authenticate(socket, { identity: this.identity, port, version: this.announced(), metadata: this.metadata }, timeoutMs);
    } catch (error) {
      socket.fail(error as Error);
      // A peer that speaks garbage is greylisted (Octez's decoding and authentication errors).
      if (error instanceof WireError || error instanceof InvalidAuth) this.pool.greylistAddr(addr);
      this.pool.log.publish({ event: "authentication_failed", point });
      if (record) this.pool.pointDisconnected(point, record);
      throw this.authError(error as Error, addr, point);
    }
    if (this.pool.peerBanned(info.peerId)) {
      socket.fail(new ConnectionClosed("peer banned"));
      throw p2pError("node.p2p_pool.peer_banned", `peer ${info.peerId} is banned`, { peer: info.peerId });
    }
    const remotePoint = info.port !== undefined ? pointText(addr, info.port) : undefined;
    const connPoint = incoming ? remotePoint : point;
    const connRecord = record ?? (remotePoint !== undefined ? this.pool.registerPoint(remotePoint) : undefined);
    const idPoint: P2pConnectionId = { addr, ...(incoming ? (info.port !== undefined ? { port: info.port } : {}) : { port: parsePoint(point)!.port }) };
    if (connRecord?.expectedPeerId !== undefined && connRecord.expectedPeerId !== info.peerId) {
      socket.fail(new ConnectionClosed("unexpected peer id"));
      throw p2pError("node.p2p_connect_handler.identity_check_failure", `point ${connPoint} is not peer ${connRecord.expectedPeerId}`, {
        point: connPoint!,
        expected_peer_id: connRecord.expectedPeerId,
        received_peer_id: info.peerId,
      });
    }
    const peer = this.pool.registerPeer(info.peerId);
    if (this.config.p2p["private-mode"] && !(connRecord?.trusted ?? false) && !peer.trusted) {
      socket.fail(new ConnectionClosed("private mode"));
      throw p2pError("node.p2p_pool.private_mode", "node is in private mode");
    }
    const motive = this.motive(info, connRecord, incoming, peer.state);
    if (motive !== undefined) {
      this.pool.log.publish({ event: "rejecting_request", point, id_point: idPoint, peer_id: info.peerId });
      socket.send({ kind: "nack", motive });
      await socket.close(true);
      if (record) this.pool.pointDisconnected(point, record, true);
      if (motive === MOTIVE.unknownChainName || motive === MOTIVE.deprecatedP2pVersion || motive === MOTIVE.deprecatedDistributedDbVersion) {
        if (connPoint !== undefined) this.pool.unregisterPoint(connPoint);
        throw p2pError("node.p2p_socket.rejected_no_common_protocol", "no common network protocol", { announced_version: { ...info.version } });
      }
      throw p2pError("node.p2p_pool.rejected", `peer ${info.peerId} rejected on motive ${motive}`, { peer_id: info.peerId, motive });
    }
    this.pool.log.publish({ event: "accepting_request", point, id_point: idPoint, peer_id: info.peerId });
    if (connRecord && connPoint !== undefined) this.pool.pointAccepted(connPoint, connRecord, info.peerId);
    this.pool.peerAccepted(info.peerId, peer, idPoint);
    socket.send({ kind: "ack" });
    let answer: Message;
    try {
      answer = await socket.next(Math.max(1, deadline - Date.now()), "waiting for the peer's acknowledgement");
      if (answer.kind !== "ack") socket.fail(answer.kind === "nack" ? new ConnectionClosed("rejected by the peer") : new WireError("bad_message", `expected ack, got ${answer.kind}`));
    } catch (error) {
      answer = { kind: "disconnect" };
      socket.fail(error as Error);
    }
    if (answer.kind !== "ack") {
      if (incoming) this.pool.log.publish({ event: "request_rejected", point, identity: [idPoint, info.peerId] });
      if (connRecord && connPoint !== undefined) this.pool.pointDisconnected(connPoint, connRecord);
      this.pool.peerDisconnected(info.peerId, peer);
      if (answer.kind === "nack") throw p2pError("node.p2p_socket.rejected_by_nack", `rejected by the peer on motive ${answer.motive}`, { motive: answer.motive });
      throw this.authError(socket.closedBy ?? new ConnectionClosed(), addr, point);
    }
    return this.run(socket, info, incoming, connPoint, connRecord, idPoint);
  }

  /** Octez's `is_acceptable` and version selection: a `nack` motive, or undefined to accept. */
  private motive(info: Authenticated, point: PointRecord | undefined, incoming: boolean, peerState: string): number | undefined {
    if (info.version.chain_name !== this.version.chain_name) return MOTIVE.unknownChainName;
    if (selectVersion(DDB_VERSIONS, info.version.distributed_db_version) === undefined) return MOTIVE.deprecatedDistributedDbVersion;
    if (selectVersion(P2P_VERSIONS, info.version.p2p_version) === undefined) return MOTIVE.deprecatedP2pVersion;
    if (this.connections.size >= this.config.p2p.limits["max-connections"]) return MOTIVE.tooManyConnections;
    if (point && (point.state === "accepted" || point.state === "running" || (point.state === "requested" && incoming))) return MOTIVE.alreadyConnected;
    if (peerState !== "disconnected") return MOTIVE.alreadyConnected;
    return undefined;
  }

  /** Octez's `create_connection`: both sides running, and the clean-up when the socket ends. */
  private run(socket: FramedSocket, info: Authenticated, incoming: boolean, point: string | undefined, record: PointRecord | undefined, idPoint: P2pConnectionId): Connection {
    const connection: Connection = {
      peerId: info.peerId,
      socket,
      meter: socket.meter,
      incoming,
      addr: idPoint.addr as string,
      point,
      idPoint,
      remoteSocketPort: socket.socket.remotePort ?? 0,
      version: info.version,
      remoteMetadata: info.metadata,
    };
    const peer = this.pool.registerPeer(info.peerId);
    if (record && point !== undefined) this.pool.pointRunning(point, record, info.peerId);
    this.pool.log.publish({ event: "connection_established", id_point: idPoint, peer_id: info.peerId });
    this.pool.peerRunning(info.peerId, peer, idPoint);
    this.connections.set(info.peerId, connection);
    this.persist();
    socket.onClose((reason) => {
      // A peer whose messages do not parse is greylisted, as Octez's connections do.
      if (reason instanceof WireError) {
        this.pool.greylistPeer(info.peerId);
        this.pool.greylistAddr(connection.addr);
      }
      // Octez's canceler hook: the point and the peer are disconnected (as an external
      // disconnection, the only kind `create_connection` records), then the pool forgets it.
      if (record && point !== undefined && this.pool.point(point) === record) this.pool.pointDisconnected(point, record);
      this.pool.log.publish({ event: "disconnection", peer_id: info.peerId });
      this.pool.peerDisconnected(info.peerId, peer);
      this.connections.delete(info.peerId);
      this.persist();
    });
    socket.deliverTo((message) => {
      if (message.kind === "disconnect") void socket.close(false, new ConnectionClosed("disconnected by the peer"));
      else if (message.kind === "hello" || message.kind === "auth" || message.kind === "ack" || message.kind === "nack") this.misbehaved(connection, `unexpected ${message.kind} message`);
      else this.onMessage?.(connection, message);
    });
    this.onConnection?.(connection);
    return connection;
  }

  /** A running peer broke the protocol: greylisted (peer and address) and disconnected (Octez's `greylister`). */
  misbehaved(connection: Connection, why: string): void {
    connection.socket.fail(new WireError("bad_message", why));
  }

  /** The Octez error for a failed authentication. */
  private authError(error: Error, addr: string, point: string): RpcServerError {
    if (error instanceof ConnectionTimeout) return timeoutError();
    if (error instanceof InvalidAuth) return p2pError("node.p2p_socket.invalid_auth", "invalid authentication");
    if (error instanceof Myself) return p2pError("node.p2p_socket.myself", `${point} is this node`, { connection_id: { addr, port: parsePoint(point)!.port } });
    if (error instanceof WireError) return genericFailure(`The peer at ${point} does not speak the sandbox protocol: ${error.message}`);
    return p2pError("node.p2p_io_scheduler.connection_closed", `connection with ${point} closed: ${error.message}`);
  }

  /** The version this node announces (the greatest it speaks). */
  private announced(): NetworkVersion {
    return { chain_name: this.version.chain_name, distributed_db_version: Math.max(...DDB_VERSIONS), p2p_version: Math.max(...P2P_VERSIONS) };
  }

  /** `GET /network/connections/<peer_id>`'s record (Octez's `P2p_connection.Info`). */
  info(c: Connection): GetNetworkConnectionsByPeerIdOutput {
    return {
      incoming: c.incoming,
      peer_id: c.peerId,
      id_point: c.idPoint,
      remote_socket_port: c.remoteSocketPort,
      announced_version: c.version,
      private: c.remoteMetadata.private_node,
      local_metadata: this.metadata,
      remote_metadata: c.remoteMetadata,
    };
  }

  /** `DELETE /network/connections/<peer_id>`: with `wait`, once what was sent is written. */
  async disconnect(peerId: string, wait: boolean): Promise<void> {
    const c = this.connections.get(peerId);
    if (c === undefined) return;
    c.socket.send({ kind: "disconnect" });
    await c.socket.close(wait);
  }

  /** Disconnects every running connection whose address is `addr`. */
  connectionsOf(addr: string): Connection[] {
    return [...this.connections.values()].filter((c) => c.addr === addr);
  }

  /** Stops listening and closes every connection. */
  async close(): Promise<void> {
    this.closing = true;
    for (const s of this.pending) s.fail(new ConnectionClosed("node stopping"));
    for (const c of this.connections.values()) c.socket.fail(new ConnectionClosed("node stopping"));
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/** Octez's `with_timeout` failure, `Timeout` (tezos/tezos-mirror `src/lib_error_monad/error_monad.ml`). */
function timeoutError(): RpcServerError {
  return traceFailure([{ kind: "temporary", id: "utils.Timeout" }], "timeout");
}
