/**
 * The sandbox's peer-to-peer layer between real sandboxes on loopback, every answer read
 * through the generated shell client (which validates it): connections, points and peers in
 * Octez's states with their events on both sides, disconnection, bans that close and refuse,
 * greylisting of a peer that speaks garbage, and the tables across a restart.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as shell from "../../generated/shell/client.ts";
import { HttpTransport, binaryBodies } from "../../runtime/client/index.ts";
import type { P2pPeerPoolEvent } from "../../generated/shell/types.ts";
import type { RpcTransport } from "../../runtime/index.ts";
import { buildConfig } from "../../sandbox/config/config.ts";
import { startSandbox, type RunningSandbox } from "../../sandbox/index.ts";
import { Pool } from "../../sandbox/network/pool.ts";
import { NullStore } from "../../sandbox/store/store.ts";
import { FrameReader, MAGIC, WireError, frame, parseMessage } from "../../sandbox/network/wire.ts";
import { nonLoopbackAddress } from "../support/loopback.ts";
import * as mempool from "../../sandbox/protocol/generated/mempool/client.ts";
import { BINARY, GENESIS_TIME, fitness, headerHex, operationHex, rpcError } from "./support.ts";

const main = { chain_id: "main" };
const EMPTY_PASSES = [[], [], [], []];

interface Node {
  sandbox: RunningSandbox;
  t: RpcTransport;
  self: string;
  /** `127.0.0.1:<port>` it listens on. */
  point: string;
}

async function start(options: Parameters<typeof startSandbox>[0] = {}): Promise<Node> {
  const sandbox = await startSandbox({ protocol: "sandbox", ...options });
  const t = new HttpTransport({ baseUrl: sandbox.url });
  const config = await shell.getConfig(t, {});
  return { sandbox, t, self: await shell.getNetworkSelf(t, {}), point: config.p2p?.["listen-addr"] as string };
}

/** Polls `f` until it gives a value (the network works in the background); fails after 200 tries. */
async function until<T>(what: string, f: () => Promise<T | undefined | false>): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const v = await f();
    if (v !== undefined && v !== false) return v;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`never happened: ${what}`);
}

const connectedTo = (n: Node, peer: string) => until(`${n.self} connected to ${peer}`, async () => (await shell.getNetworkConnections(n.t, {})).find((c) => c.peer_id === peer));
const notConnectedTo = (n: Node, peer: string) => until(`${n.self} not connected to ${peer}`, async () => (await shell.getNetworkConnections(n.t, {})).every((c) => c.peer_id !== peer));

describe("the wire format", () => {
  it("cuts frames across chunks and refuses bad ones with a typed error", () => {
    const bytes = Buffer.concat([frame({ kind: "ack" }), frame({ kind: "nack", motive: 5 })]);
    const reader = new FrameReader();
    const frames = [...reader.push(bytes.subarray(0, 3)), ...reader.push(bytes.subarray(3, 9)), ...reader.push(bytes.subarray(9))];
    expect(frames.map(parseMessage)).toEqual([{ kind: "ack" }, { kind: "nack", motive: 5 }]);
    const code = (f: () => unknown) => {
      try {
        f();
      } catch (error) {
        expect(error).toBeInstanceOf(WireError);
        return `${(error as WireError).code}: ${(error as Error).message}`;
      }
      return "accepted";
    };
    expect(code(() => new FrameReader().push(Buffer.from("GET / HTTP/1.1\r\n")))).toMatch(/^frame_too_large/);
    expect(code(() => new FrameReader().push(Buffer.alloc(4)))).toMatch(/^empty_frame/);
    // Before authentication a frame is at most 4 KiB: the reader's default, raised only later.
    const prefix = (n: number) => Buffer.from([n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]);
    expect(new FrameReader().limit).toBe(4096);
    expect(code(() => new FrameReader().push(prefix(4097)))).toBe("frame_too_large: a frame of 4097 bytes (at most 4096)");
    expect(new FrameReader().push(Buffer.concat([prefix(4096), Buffer.alloc(4096, 0x20)]))).toHaveLength(1);
    expect(code(() => parseMessage(Buffer.from("{nope")))).toMatch(/^not_json/);
    expect(code(() => parseMessage(Buffer.from('{"kind":"nack","motive":-1}')))).toBe("bad_message: message nack.motive: expected an integer in [0, 65535]");
    expect(code(() => parseMessage(Buffer.from('{"kind":"hello","version":{},"metadata":{}}')))).toMatch(/message hello\.magic/);
    expect(code(() => parseMessage(Buffer.from('{"kind":"shutdown"}')))).toBe('bad_message: message: unknown kind "shutdown"');
  });

  it("fails only with WireError on arbitrary bytes and arbitrary JSON", () => {
    const reject = (f: () => unknown) => {
      try {
        f();
      } catch (error) {
        if (!(error instanceof WireError)) throw error;
      }
    };
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ maxLength: 64 }), { maxLength: 4 }), (chunks) => {
        const reader = new FrameReader();
        reject(() => chunks.forEach((c) => reader.push(Buffer.from(c)).forEach(parseMessage)));
      }),
      { numRuns: 300 },
    );
    const kinds = fc.constantFrom("hello", "auth", "ack", "nack", "disconnect", "head", "get_block", "block", "other");
    fc.assert(
      fc.property(kinds, fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 6 }), (kind, fields) => {
        reject(() => parseMessage(Buffer.from(JSON.stringify({ ...fields, kind }))));
      }),
      { numRuns: 300 },
    );
  });
});

describe("the peer-to-peer configuration", () => {
  it("names a listen address or bootstrap peer that is not host:port", () => {
    expect(() => buildConfig({ p2p: { "bootstrap-peers": ["127.0.0.1:9732", "bad host!"] } })).toThrow('config.p2p.bootstrap-peers[1]: expected host:port, got "bad host!"');
    expect(() => buildConfig({ p2p: { "listen-addr": "[zz]:1" } })).toThrow("config.p2p.listen-addr: expected host:port");
    expect(() => buildConfig({}, { netAddr: "127.0.0.1:99999" })).toThrow("config.p2p.listen-addr");
    expect(buildConfig({}, { peers: ["10.0.0.1:9732"] }).p2p["bootstrap-peers"]).toEqual(["10.0.0.1:9732"]);
  });
});

describe("the pool's tables", () => {
  const make = (limits: object = {}) => {
    let now = 1_700_000_000;
    const pool = new Pool(buildConfig({ p2p: { limits, greylisting_config: { factor: 2, "initial-delay": 10, "disconnection-delay": 5, "increase-cap": 30 } } }), new NullStore(), new Map(), () => now);
    return { pool, tick: (s: number) => (now += s) };
  };

  it("delays reconnection after each failure, growing by the factor up to the cap", () => {
    const { pool, tick } = make();
    const p = pool.registerPoint("10.0.0.1:9732");
    const ends: string[] = [];
    for (let i = 0; i < 4; i++) {
      pool.pointRequested("10.0.0.1:9732", p);
      pool.pointDisconnected("10.0.0.1:9732", p);
      ends.push(pool.pointInfo("10.0.0.1:9732")!.greylisted_until!);
      expect(pool.cannotReconnectYet(p)).toBe(true);
      tick(100);
      expect(pool.cannotReconnectYet(p)).toBe(false);
    }
    // Delays 10, 20, 30 (capped), 30 after failures 100 s apart.
    const t0 = 1_700_000_000;
    expect(ends.map((e) => Date.parse(e) / 1000 - t0)).toEqual([10, 120, 230, 330]);
    expect(Date.parse(pool.pointInfo("10.0.0.1:9732")!.last_failed_connection!) / 1000 - t0).toBe(300);
  });

  it("forgets disconnected untrusted points and peers beyond the configured maximum", () => {
    const { pool } = make({ max_known_points: [3, 1], max_known_peer_ids: [2, 1] });
    pool.registerPoint("10.0.0.1:9732", { trusted: true });
    pool.registerPoint("10.0.0.2:9732");
    pool.registerPoint("10.0.0.3:9732");
    pool.registerPoint("10.0.0.4:9732");
    expect(pool.pointList()).toEqual(["10.0.0.1:9732", "10.0.0.4:9732"]);
    pool.registerPeer("idtA");
    pool.registerPeer("idtB");
    pool.registerPeer("idtC");
    expect(pool.peerList()).toEqual(["idtB", "idtC"]);
  });
});

describe("sandboxes connected on loopback", () => {
  let a: Node;
  let b: Node;
  let c: Node;
  beforeAll(async () => {
    a = await start();
    // B knows A as a bootstrap peer and connects to it as it starts.
    b = await start({ config: { p2p: { "bootstrap-peers": [a.point] } } });
    c = await start();
  });
  afterAll(async () => {
    await Promise.all([a, b, c].map((n) => n?.sandbox.stop()));
  });

  it("connects to its bootstrap peers: connections, points and peers running on both sides", async () => {
    const out = await connectedTo(b, a.self);
    const inc = await connectedTo(a, b.self);
    expect(out).toMatchObject({ incoming: false, id_point: { addr: "::ffff:127.0.0.1", port: Number(a.point.split(":")[1]) }, announced_version: { chain_name: "TEZOS", distributed_db_version: 2, p2p_version: 1 }, private: false });
    expect(inc).toMatchObject({ incoming: true, id_point: { addr: "::ffff:127.0.0.1", port: Number(b.point.split(":")[1]) } });
    expect(inc.remote_socket_port).not.toBe(inc.id_point.port);
    expect(await shell.getNetworkConnectionsByPeerId(b.t, { path: { peer_id: a.self } })).toEqual(out);

    // B's point for A is the trusted bootstrap point; A learnt B's point from its announced port.
    const bPoint = await shell.getNetworkPointsByPoint(b.t, { path: { point: a.point } });
    expect(bPoint).toMatchObject({ trusted: true, state: { event_kind: "running", p2p_peer_id: a.self }, p2p_peer_id: a.self });
    expect(bPoint.last_established_connection?.[0]).toBe(a.self);
    expect(await shell.getNetworkPointsByPoint(a.t, { path: { point: b.point } })).toMatchObject({ trusted: false, state: { event_kind: "running", p2p_peer_id: b.self } });
    expect((await shell.getNetworkPoints(a.t, { query: { filter: ["running"] } })).map(([p]) => p)).toEqual([b.point]);
    expect(await shell.getNetworkPoints(a.t, { query: { filter: ["requested", "accepted"] } })).toEqual([]);

    for (const [n, other] of [[a, b], [b, a]] as const) {
      const peer = await shell.getNetworkPeersByPeerId(n.t, { path: { peer_id: other.self } });
      expect(peer).toMatchObject({ state: "running", reachable_at: { addr: "::ffff:127.0.0.1" }, conn_metadata: { disable_mempool: false, private_node: false } });
      expect(Number(peer.stat.total_sent)).toBeGreaterThan(0);
      expect((await shell.getNetworkPeers(n.t, { query: { filter: ["running"] } })).map(([p]) => p)).toEqual([other.self]);
      expect(Number((await shell.getNetworkStat(n.t, {})).total_recv)).toBeGreaterThan(0);
    }
    // The events, as Octez writes them (connection_established is `rejecting_request` in Octez's JSON).
    expect((await shell.getNetworkPointsLog(b.t, { path: { point: a.point } })).map(([, e]) => e)).toEqual([
      { event_kind: "outgoing_request" },
      { event_kind: "accepting_request", p2p_peer_id: a.self },
      { event_kind: "rejecting_request", p2p_peer_id: a.self },
    ]);
    expect((await shell.getNetworkPeersLog(a.t, { path: { peer_id: b.self } })).map((e) => e.kind)).toEqual(["incoming_request", "connection_established"]);
    // The chain validator runs a peer validator per connection; the ddb counts them.
    expect((await shell.getWorkersChainValidatorsPeersValidators(a.t, { path: main })).map((w) => [w.peer_id, w.status.phase])).toEqual([[b.self, "running"]]);
    expect((await shell.getWorkersChainValidatorsPeersValidatorsByPeerId(a.t, { path: { ...main, peer_id: b.self } })).pending_requests).toEqual([]);
    expect((await shell.getWorkersChainValidatorsDdb(a.t, { path: main })).active_peers).toBe(1);
  });

  it("propagates heads and operations: a block injected in B becomes A's head, an operation reaches A's mempool, a new peer catches up from A", async () => {
    await connectedTo(a, b.self);
    let head = { hash: (await shell.getChainsBlocks(b.t, { path: main, query: { length: 1 } }))[0]![0]!, level: 0 };
    for (let i = 0; i < 3; i++) {
      const level = head.level + 1;
      const data = headerHex({ level, predecessor: head.hash, timestamp: GENESIS_TIME + level, fitness: fitness(level), operations: EMPTY_PASSES });
      head = { hash: await shell.postInjectionBlock(b.t, { body: { data, operations: EMPTY_PASSES } }), level };
    }
    const headOf = (n: Node) => until(`${n.self} has head ${head.hash}`, async () => (await shell.getChainsBlocks(n.t, { path: main, query: { length: 1 } }))[0]![0] === head.hash);
    await headOf(a);
    // An operation injected in B enters A's mempool (validated there as an injection).
    const op = await shell.postInjectionOperation(b.t, { body: operationHex({ branch: head.hash, data: "0a0b" }) });
    await until(`${op} in A's mempool`, async () => (await mempool.getPendingOperations(a.t, { path: main })).validated.some((o) => o.hash === op));
    // D starts after the blocks: A sends it the head, D asks for the predecessors it lacks.
    const d = await start({ peers: [a.point] });
    try {
      await headOf(d);
      expect(await shell.getChainsBlocks(d.t, { path: main, query: { length: 4 } })).toEqual(await shell.getChainsBlocks(b.t, { path: main, query: { length: 4 } }));
    } finally {
      await d.sandbox.stop();
    }
  });

  it("logs a new connection in /network/log and the point and peer logs, as it happens", async () => {
    // An unknown point's log is answered once, empty, even with `monitor` (as Octez's): C
    // learns A's point first (`trust` makes it known, `open` leaves it untrusted).
    const unknown = [];
    for await (const events of shell.getNetworkPointsLogStream(c.t, { path: { point: a.point } })) unknown.push(events);
    expect(unknown).toEqual([[]]);
    await shell.patchNetworkPointsByPoint(c.t, { path: { point: a.point }, body: { acl: "trust" } });
    await shell.patchNetworkPointsByPoint(c.t, { path: { point: a.point }, body: { acl: "open" } });
    const network = shell.getNetworkLog(a.t, {})[Symbol.asyncIterator]();
    const pointLog = shell.getNetworkPointsLogStream(c.t, { path: { point: a.point }, query: { monitor: true } })[Symbol.asyncIterator]();
    const first = network.next();
    const firstLogged = pointLog.next();
    // Both streams are subscribed on the nodes before the connection starts.
    await until("subscribed", async () => a.sandbox.node.p2p.log.size > 0 && c.sandbox.node.p2p.pool.pointEvents.size > 0);
    expect(await shell.putNetworkPointsByPoint(c.t, { path: { point: a.point }, body: {} })).toEqual({});
    const events = [(await first).value];
    while (events.at(-1)?.event !== "connection_established") events.push((await network.next()).value);
    await network.return?.();
    expect(events.map((e) => e.event)).toEqual(["incoming_connection", "new_point", "new_peer", "accepting_request", "connection_established"]);
    expect(events[4]).toEqual({ event: "connection_established", id_point: { addr: "::ffff:127.0.0.1", port: Number(c.point.split(":")[1]) }, peer_id: c.self });
    // The point log starts with the known events (none: the point was only made known), then one per event.
    const seen = [...((await firstLogged).value as unknown[])];
    expect(seen).toEqual([]);
    while (seen.length < 3) seen.push(...((await pointLog.next()).value as unknown[]));
    await pointLog.return?.();
    expect(seen.map((e) => (e as [string, { event_kind: string }])[1].event_kind)).toEqual(["outgoing_request", "accepting_request", "rejecting_request"]);
    await connectedTo(a, c.self);
  });

  it("DELETE /network/connections/<peer_id> disconnects both sides; a new request reconnects", async () => {
    await connectedTo(c, a.self);
    const peerLog = shell.getNetworkPeersLogStream(a.t, { path: { peer_id: c.self }, query: { monitor: true } })[Symbol.asyncIterator]();
    const known = (await peerLog.next()).value!;
    expect(known.map((e: P2pPeerPoolEvent) => e.kind)).toEqual(["incoming_request", "connection_established"]);
    const next = peerLog.next();
    expect(await shell.deleteNetworkConnectionsByPeerId(c.t, { path: { peer_id: a.self }, query: { wait: true } })).toEqual({});
    expect((await next).value).toEqual([expect.objectContaining({ kind: "external_disconnection", addr: "::ffff:127.0.0.1", port: Number(c.point.split(":")[1]) })]);
    await peerLog.return?.();
    await notConnectedTo(c, a.self);
    await notConnectedTo(a, c.self);
    const point = await shell.getNetworkPointsByPoint(c.t, { path: { point: a.point } });
    expect(point.state).toEqual({ event_kind: "disconnected" });
    expect(point.last_disconnection?.[0]).toBe(a.self);
    expect(point.greylisted_until).toBeDefined();
    expect((await shell.getNetworkPeersByPeerId(a.t, { path: { peer_id: c.self } })).state).toBe("disconnected");
    expect((await shell.getNetworkPeersLog(a.t, { path: { peer_id: c.self } })).map((e) => e.kind)).toEqual(["incoming_request", "connection_established", "external_disconnection"]);
    await shell.putNetworkPointsByPoint(c.t, { path: { point: a.point }, body: {} });
    expect((await connectedTo(a, c.self)).incoming).toBe(true);
    // A second request while connected: Octez's `connected` error.
    expect((await rpcError(shell.putNetworkPointsByPoint(c.t, { path: { point: a.point }, body: {} }))).trace).toEqual([{ kind: "permanent", id: "node.p2p_pool.connected" }]);
  });

  it("a banned peer is disconnected and refused until trusted", async () => {
    await connectedTo(a, c.self);
    const banned = await shell.patchNetworkPeersByPeerId(a.t, { path: { peer_id: c.self }, body: { acl: "ban" } });
    expect(banned.trusted).toBe(false);
    await notConnectedTo(a, c.self);
    await notConnectedTo(c, a.self);
    expect(await shell.getNetworkPeersBanned(a.t, { path: { peer_id: c.self } })).toBe(true);
    // C authenticates, then A closes the connection: C's request fails and nothing runs.
    const refused = await rpcError(shell.putNetworkPointsByPoint(c.t, { path: { point: a.point }, body: {} }));
    expect(refused.trace).toEqual([{ kind: "permanent", id: "node.p2p_io_scheduler.connection_closed" }]);
    expect((await shell.getNetworkConnections(a.t, {})).map((x) => x.peer_id)).toEqual([b.self]);
    expect((await shell.getNetworkPointsByPoint(c.t, { path: { point: a.point } })).state).toEqual({ event_kind: "disconnected" });
    // Trust lifts the ban.
    expect((await shell.patchNetworkPeersByPeerId(a.t, { path: { peer_id: c.self }, body: { acl: "trust" } })).trusted).toBe(true);
    expect(await shell.getNetworkPeersBanned(a.t, { path: { peer_id: c.self } })).toBe(false);
    await shell.putNetworkPointsByPoint(c.t, { path: { point: a.point }, body: {} });
    await connectedTo(a, c.self);
  });

  it("a banned point is disconnected and refused in both directions until the lists are cleared", async () => {
    await connectedTo(c, a.self);
    await shell.patchNetworkPointsByPoint(c.t, { path: { point: a.point }, body: { acl: "ban" } });
    await notConnectedTo(c, a.self);
    // The ban is on the address: the peers connected from it are banned too (Octez's `Points.ban`).
    expect(await shell.getNetworkPointsBanned(c.t, { path: { point: a.point } })).toBe(true);
    expect(await shell.getNetworkPeersBanned(c.t, { path: { peer_id: a.self } })).toBe(true);
    expect((await rpcError(shell.putNetworkPointsByPoint(c.t, { path: { point: a.point }, body: {} }))).trace).toEqual([{ kind: "permanent", id: "node.p2p_pool.point_banned", point: a.point }]);
    // C refuses A's incoming connection at once (A's request fails).
    expect((await rpcError(shell.putNetworkPointsByPoint(a.t, { path: { point: c.point }, body: {} }))).status).toBe(500);
    expect(await shell.deleteNetworkGreylist(c.t, {})).toEqual({});
    expect(await shell.getNetworkPointsBanned(c.t, { path: { point: a.point } })).toBe(false);
    await shell.putNetworkPointsByPoint(c.t, { path: { point: a.point }, body: {} });
    await connectedTo(c, a.self);
  });

  it("refuses garbage on the p2p socket from loopback without greylisting loopback: a local sandbox still connects", async () => {
    const port = Number(a.point.split(":")[1]);
    const send = (bytes: Buffer) =>
      new Promise<number>((resolve) => {
        const s: Socket = connect({ host: "127.0.0.1", port });
        let got = 0;
        s.on("data", (d: Buffer) => (got += d.length));
        s.on("error", () => undefined);
        s.on("close", () => resolve(got));
        s.on("connect", () => s.write(bytes));
      });
    await send(Buffer.from("GET / HTTP/1.1\r\nHost: x\r\n\r\n"));
    const hello = { kind: "hello", magic: MAGIC, public_key: b.sandbox.node.p2p.identity.publicKey.toString("hex"), nonce: "00".repeat(24), port: null, version: { chain_name: "TEZOS", distributed_db_version: 2, p2p_version: 1 }, metadata: { disable_mempool: false, private_node: false } } as const;
    expect(Number(await send(Buffer.concat([frame(hello), frame({ kind: "auth", proof: "11".repeat(32) })])))).toBeGreaterThan(0);
    expect((await shell.getNetworkGreylistIps(a.t, {})).ips).toEqual([]);
    // A legitimate sandbox on the same machine connects as before.
    const d = await start({ peers: [a.point] });
    try {
      await connectedTo(a, d.self);
      const dport = Number(d.point.split(":")[1]);
      // A handshake frame announced over 4 KiB is refused as soon as its length is read, long
      // before the authentication timeout (5 s) would end a connection waiting for its bytes.
      const oversized = await new Promise<string>((resolve) => {
        const s: Socket = connect({ host: "127.0.0.1", port: dport });
        let got = 0;
        const timer = setTimeout(() => (s.destroy(), resolve(`open after 3 s, got ${got}, wrote ${s.bytesWritten}`)), 3000);
        s.on("data", (x: Buffer) => (got += x.length));
        s.on("error", () => undefined);
        s.on("close", () => (clearTimeout(timer), resolve("closed")));
        s.on("connect", () => s.write(Buffer.from([0, 0, 0x10, 0x01, 0x7b])));
      });
      expect(oversized).toBe("closed");
    } finally {
      await d.sandbox.stop();
    }
    await notConnectedTo(a, d.self);
  });

  const address = nonLoopbackAddress();
  // Greylisting applies to other addresses: a sandbox listening on this machine's non-loopback
  // address sees connections to it come from that address. (None on a loopback-only machine.)
  it.skipIf(address === undefined)("refuses garbage on the p2p socket, greylists a non-loopback address, and keeps serving", async () => {
    const e = await start({ netAddr: `${address!}:0` });
    const port = Number(e.point.split(":").at(-1));
    const send = (bytes: Buffer) =>
      new Promise<number>((resolve) => {
        const s: Socket = connect({ host: address!, port });
        let got = 0;
        s.on("data", (d: Buffer) => (got += d.length));
        s.on("error", () => undefined);
        s.on("close", () => resolve(got));
        s.on("connect", () => s.write(bytes));
      });
    try {
      // An HTTP request is a frame of over a gigabyte: refused after E's own hello.
      await send(Buffer.from("GET / HTTP/1.1\r\nHost: x\r\n\r\n"));
      expect((await shell.getNetworkGreylistIps(e.t, {})).ips).toEqual([`::ffff:${address!}`]);
      // While greylisted, E closes connections from that address before reading anything.
      expect(await send(Buffer.concat([frame({ kind: "ack" }), Buffer.from("garbage")]))).toBe(0);
      expect(await shell.getNetworkSelf(e.t, {})).toBe(e.self);
      await shell.deleteNetworkGreylist(e.t, {});
      expect((await shell.getNetworkGreylistIps(e.t, {})).ips).toEqual([]);
      // A well-formed hello announcing B's public key, without B's secret key: the proof fails.
      const hello = { kind: "hello", magic: MAGIC, public_key: b.sandbox.node.p2p.identity.publicKey.toString("hex"), nonce: "00".repeat(24), port: null, version: { chain_name: "TEZOS", distributed_db_version: 2, p2p_version: 1 }, metadata: { disable_mempool: false, private_node: false } } as const;
      expect(Number(await send(Buffer.concat([frame(hello), frame({ kind: "auth", proof: "11".repeat(32) })])))).toBeGreaterThan(0);
      expect((await shell.getNetworkGreylistIps(e.t, {})).ips).toEqual([`::ffff:${address!}`]);
    } finally {
      await e.sandbox.stop();
    }
  });

  it("refuses a node of another network (Octez's nack for an unknown chain name) and forgets its point", async () => {
    const other = await start({ network: "ghostnet" });
    try {
      const error = await rpcError(shell.putNetworkPointsByPoint(a.t, { path: { point: other.point }, body: {} }));
      // Both sides refuse: A names the version the other announced.
      expect(error.trace).toEqual([{ kind: "permanent", id: "node.p2p_socket.rejected_no_common_protocol", announced_version: { chain_name: "TEZOS_ITHACANET_2022-01-25T15:00:00Z", distributed_db_version: 2, p2p_version: 1 } }]);
      expect((await shell.getNetworkPoints(a.t, {})).map(([p]) => p)).not.toContain(other.point);
      expect(await shell.getNetworkConnections(other.t, {})).toEqual([]);
    } finally {
      await other.sandbox.stop();
    }
  });

  it("answers every network route in binary as in JSON", async () => {
    const bin = new HttpTransport({ baseUrl: a.sandbox.url, mediaType: "application/octet-stream", binary: binaryBodies(BINARY) });
    expect(await shell.getNetworkConnections(bin, {})).toEqual(await shell.getNetworkConnections(a.t, {}));
    expect(await shell.getNetworkPointsByPoint(bin, { path: { point: b.point } })).toEqual(await shell.getNetworkPointsByPoint(a.t, { path: { point: b.point } }));
    expect(await shell.getNetworkPeersByPeerId(bin, { path: { peer_id: b.self } })).toMatchObject({ state: "running", trusted: false });
    expect((await shell.getNetworkPeersLog(bin, { path: { peer_id: b.self } })).length).toBeGreaterThan(0);
  });
});

describe("the tables on disk", () => {
  it("keep the identity, points, peers, trust and logs across a restart; known points are reconnected", async () => {
    const dir = mkdtempSync(join(tmpdir(), "sandbox-p2p-"));
    const other = await start();
    try {
      const first = await start({ dataDir: dir });
      await shell.putNetworkPointsByPoint(first.t, { path: { point: other.point }, body: {} });
      await shell.patchNetworkPeersByPeerId(first.t, { path: { peer_id: other.self }, body: { acl: "trust" } });
      await first.sandbox.stop();
      const again = await start({ dataDir: dir });
      try {
        expect(again.self).toBe(first.self);
        expect(await shell.getNetworkPeersByPeerId(again.t, { path: { peer_id: other.self } })).toMatchObject({ trusted: true, last_disconnection: [expect.anything(), expect.any(String)] });
        // The maintenance connects to the known point again (the node is below min-connections).
        await connectedTo(again, other.self);
        const log = (await shell.getNetworkPointsLog(again.t, { path: { point: other.point } })).map(([, e]) => e.event_kind);
        expect(log.slice(0, 5)).toEqual(["outgoing_request", "accepting_request", "rejecting_request", "rejecting_request", "outgoing_request"]);
      } finally {
        await again.sandbox.stop();
      }
    } finally {
      await other.sandbox.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
