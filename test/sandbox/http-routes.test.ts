/**
 * The sandbox over HTTP through the generated shell client, in JSON and in binary: every route
 * of the shell snapshot, the spec's state transitions, real header bytes from
 * `shared/reference/`, and Octez's answers to bad input (which leave the state unchanged).
 */
import { createServer, type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as shell from "../../generated/shell/client.ts";
import { routeTable } from "../../generated/shell/routes.ts";
import { HttpTransport, binaryBodies } from "../../runtime/client/index.ts";
import { BINARY, rpcError } from "./support.ts";
import type { RpcTransport } from "../../runtime/index.ts";
import { startSandbox, type RunningSandbox } from "../../sandbox/index.ts";
import { itWithReference, readReference } from "../support/reference.ts";
import { GENESIS_TIME, SANDBOX_GENESIS, blockHashOf, fitness, headerHex, operationHashOf, operationHex } from "./support.ts";

let sandbox: RunningSandbox;
let json: RpcTransport;
let binary: RpcTransport;
const main = { chain_id: "main" };

beforeAll(async () => {
  sandbox = await startSandbox({ protocol: "sandbox" });
  json = new HttpTransport({ baseUrl: sandbox.url });
  binary = new HttpTransport({ baseUrl: sandbox.url, mediaType: "application/octet-stream", binary: binaryBodies(BINARY) });
});
afterAll(() => sandbox.stop());

const EMPTY_PASSES = [[], [], [], []];
let level = 0;
let head = SANDBOX_GENESIS;

/** Injects the next valid block through `t`; returns its hash and bytes. */
async function nextBlock(t: RpcTransport, extra: { operations?: { branch: string; data: string }[][] } = {}) {
  const operations = extra.operations ?? EMPTY_PASSES;
  const data = headerHex({ level: level + 1, predecessor: head, timestamp: GENESIS_TIME + level + 1, fitness: fitness(level + 1), operations });
  const hash = await shell.postInjectionBlock(t, { body: { data, operations } });
  level++;
  head = hash;
  return { hash, data };
}

/** A loopback point nobody listens on (a port just freed). */
async function closedLoopbackPoint(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise((resolve) => server.close(resolve));
  return `127.0.0.1:${port}`;
}

/**
 * The first element of a stream, producing events with `poke` until it comes. Pokes run one
 * at a time and all have ended when this returns (they change the state later checks read).
 */
async function firstOf<T>(stream: AsyncIterable<T>, poke?: () => Promise<unknown>): Promise<T> {
  const it = stream[Symbol.asyncIterator]();
  const next = it.next();
  let done = false;
  void next.then(() => (done = true));
  if (poke)
    while (!done) {
      await poke();
      await new Promise((r) => setTimeout(r, 10));
    }
  const first = await next;
  await it.return?.();
  return first.value as T;
}

describe("every shell route, JSON and binary", () => {
  it("answers each route of the snapshot the same way in both media types", async () => {
    await nextBlock(json);
    const invalid = headerHex({ level: 9, predecessor: head, timestamp: GENESIS_TIME + 9, fitness: fitness(9), operations: [] });
    const invalidHash = blockHashOf(Buffer.from(invalid, "hex"));
    await rpcError(shell.postInjectionBlock(json, { body: { data: invalid, operations: [] } }));
    const point = "10.0.0.1:9732";
    const peer = "idsYQgTmSRMS16ZU8iDgfke9Nc4m6S";
    const covered = new Set<string>();
    const both = async <T>(name: string, call: (t: RpcTransport) => Promise<T>, check?: (value: T) => void): Promise<T> => {
      covered.add(name);
      const a = await call(json);
      const b = await call(binary);
      if (name !== "getStatsGc" && name !== "getStatsMemory") expect(b, name).toEqual(a);
      check?.(a);
      return a;
    };
    const missing = async (name: string, call: (t: RpcTransport) => Promise<unknown>) => {
      covered.add(name);
      for (const t of [json, binary]) expect((await rpcError(call(t))).status, name).toBe(404);
    };
    const stream = async <T>(name: string, call: (t: RpcTransport) => AsyncIterable<T>, poke?: (t: RpcTransport) => Promise<unknown>, check?: (value: T) => void) => {
      covered.add(name);
      for (const t of [json, binary]) {
        const first = await firstOf(call(t), poke ? () => poke(t) : undefined);
        check?.(first);
      }
    };
    const proto = (n: number) => ({ expected_env_version: 1, components: [{ name: `P${n}`, implementation: `let x = ${n}` }] });
    let protocols = 0;

    await both("patchChainsByChainId", (t) => shell.patchChainsByChainId(t, { path: main, body: { bootstrapped: true } }), (v) => expect(v).toEqual({}));
    await both("getChainsBlocks", (t) => shell.getChainsBlocks(t, { path: main, query: { length: 2 } }), (v) => expect(v).toEqual([[head, SANDBOX_GENESIS]]));
    await both("getChainsChainId", (t) => shell.getChainsChainId(t, { path: main }), (v) => expect(v).toBe("NetXdQprcVkpaWU"));
    await both("getChainsCheckpoint", (t) => shell.getChainsCheckpoint(t, { path: main }), (v) => expect(v.history_mode).toBe("archive"));
    await both("getChainsInvalidBlocks", (t) => shell.getChainsInvalidBlocks(t, { path: main }), (v) => expect(v.map((r) => r.block)).toEqual([invalidHash]));
    await both("getChainsInvalidBlocksByBlockHash", (t) => shell.getChainsInvalidBlocksByBlockHash(t, { path: { ...main, block_hash: invalidHash } }), (v) => expect(v.level).toBe(9));
    await both("getChainsIsBootstrapped", (t) => shell.getChainsIsBootstrapped(t, { path: main }), (v) => expect(v).toEqual({ bootstrapped: true, sync_state: "synced" }));
    await both("getChainsLevelsCaboose", (t) => shell.getChainsLevelsCaboose(t, { path: main }), (v) => expect(v).toEqual({ block_hash: SANDBOX_GENESIS, level: 0 }));
    await both("getChainsLevelsCheckpoint", (t) => shell.getChainsLevelsCheckpoint(t, { path: main }));
    await both("getChainsLevelsSavepoint", (t) => shell.getChainsLevelsSavepoint(t, { path: main }));
    await both("deleteChainsInvalidBlocksByBlockHash", (t) => shell.deleteChainsInvalidBlocksByBlockHash(t, { path: { ...main, block_hash: invalidHash } }), (v) => expect(v).toEqual({}));
    expect(await shell.getChainsInvalidBlocks(json, { path: main })).toEqual([]);

    // As Octez's JSON: the fields holding their default are left out, at every level (the binary
    // answer, which writes them all, decodes to the same value: `both` compares them).
    await both("getConfig", (t) => shell.getConfig(t, {}), (v) => {
      expect(v.network).toBe("sandbox");
      expect(Object.keys(v).sort()).toEqual(["network", "p2p", "rpc", "shell"]);
      expect(v.rpc).toEqual({ "listen-addrs": [new URL(sandbox.url).host] });
      expect(v.shell).toEqual({ chain_validator: { synchronisation_threshold: 0 }, history_mode: "archive" });
      // Octez writes these two optional limits whenever they are set (`opt`, not `dft`).
      expect(v.p2p?.limits).toEqual({ max_known_points: [400, 300], max_known_peer_ids: [400, 300] });
      expect(Object.keys(v.p2p ?? {})).toEqual(["listen-addr", "limits"]);
    });
    await both("getConfigHistoryMode", (t) => shell.getConfigHistoryMode(t, {}), (v) => expect(v).toEqual({ history_mode: "archive" }));
    await both("putConfigLogging", (t) => shell.putConfigLogging(t, { body: { active_sinks: ["file-descriptor-path:///dev/null"] } }), (v) => expect(v).toEqual({}));
    expect(sandbox.node.logging).toEqual({ active_sinks: ["file-descriptor-path:///dev/null"] });
    await both("getConfigNetworkDal", (t) => shell.getConfigNetworkDal(t, {}));
    await both("getConfigNetworkUserActivatedProtocolOverrides", (t) => shell.getConfigNetworkUserActivatedProtocolOverrides(t, {}), (v) => expect(v).toEqual([]));
    await both("getConfigNetworkUserActivatedUpgrades", (t) => shell.getConfigNetworkUserActivatedUpgrades(t, {}), (v) => expect(v).toEqual([]));

    covered.add("getDescribeByString");
    const described = await shell.getDescribeByString(json, { path: { string: ["chains", "main", "blocks", "head", "hash"] } });
    expect(Object.keys((described as { static: object }).static)).toContain("get_service");
    await both("getErrors", (t) => shell.getErrors(t, {}));
    const sandboxProtocol = sandbox.node.protocols()[0]!;
    await both("getFetchProtocolByProtocolHash", (t) => shell.getFetchProtocolByProtocolHash(t, { path: { Protocol_hash: sandboxProtocol } }), (v) => expect(v).toEqual({}));
    await both("getHealthReady", (t) => shell.getHealthReady(t, {}), (v) => expect(v).toEqual({ ready: true }));

    covered.add("postInjectionBlock");
    const byBinary = await nextBlock(binary);
    expect(byBinary.hash).toBe(blockHashOf(Buffer.from(byBinary.data, "hex")));
    const op = operationHex({ branch: head, data: "0001" });
    await both("postInjectionOperation", (t) => shell.postInjectionOperation(t, { body: op }), (v) => expect(v).toBe(operationHashOf(Buffer.from(op, "hex"))));
    covered.add("postInjectionProtocol");
    for (const t of [json, binary]) expect(await shell.postInjectionProtocol(t, { body: proto(++protocols) })).toMatch(/^P/);
    const op2 = operationHex({ branch: head, data: "0002" });
    await both("postPrivateInjectionOperation", (t) => shell.postPrivateInjectionOperation(t, { body: op2 }));
    await both("postPrivateInjectionOperations", (t) => shell.postPrivateInjectionOperations(t, { body: [op, op2] }), (v) => expect(v).toHaveLength(2));

    await stream("getMonitorActiveChains", (t) => shell.getMonitorActiveChains(t, {}), undefined, (v) => expect(v).toEqual([{ chain_id: "NetXdQprcVkpaWU" }]));
    await stream("getMonitorAppliedBlocks", (t) => shell.getMonitorAppliedBlocks(t, {}), (t) => nextBlock(t), (v) => expect(v.chain_id).toBe("NetXdQprcVkpaWU"));
    await stream("getMonitorValidatedBlocks", (t) => shell.getMonitorValidatedBlocks(t, { query: { chain: ["main"] } }), (t) => nextBlock(t), (v) => expect(v.header.level).toBeGreaterThan(1));
    await stream("getMonitorBootstrapped", (t) => shell.getMonitorBootstrapped(t, {}), undefined, (v) => expect(v.block).toBe(head));
    await both("getMonitorCommitHash", (t) => shell.getMonitorCommitHash(t, {}));
    await stream("getMonitorHeadsByChainId", (t) => shell.getMonitorHeadsByChainId(t, { path: main }), undefined, (v) => expect(v.hash).toBe(head));
    await stream("getMonitorProtocols", (t) => shell.getMonitorProtocols(t, {}), (t) => shell.postInjectionProtocol(t, { body: proto(++protocols) }), (v) => expect(v).toMatch(/^P/));

    // A lone sandbox: no connection. A point nobody listens on refuses the connection at once.
    const closed = await closedLoopbackPoint();
    await both("getNetworkConnections", (t) => shell.getNetworkConnections(t, {}), (v) => expect(v).toEqual([]));
    await missing("getNetworkConnectionsByPeerId", (t) => shell.getNetworkConnectionsByPeerId(t, { path: { peer_id: peer } }));
    // Octez answers a disconnection of an unknown peer with success.
    await both("deleteNetworkConnectionsByPeerId", (t) => shell.deleteNetworkConnectionsByPeerId(t, { path: { peer_id: peer } }), (v) => expect(v).toEqual({}));
    await stream("getNetworkLog", (t) => shell.getNetworkLog(t, {}), (t) => shell.patchNetworkPointsByPoint(t, { path: { point: `10.1.0.${++protocols}:9732` }, body: { acl: "trust" } }));
    covered.add("putNetworkPointsByPoint");
    for (const t of [json, binary]) expect((await rpcError(shell.putNetworkPointsByPoint(t, { path: { point: closed }, body: {} }))).trace).toEqual([{ kind: "permanent", id: "node.p2p_pool.connection_failed" }]);
    await both("getNetworkPointsByPoint", (t) => shell.getNetworkPointsByPoint(t, { path: { point: closed } }), (v) => {
      expect(v.state).toEqual({ event_kind: "disconnected" });
      expect(v.last_failed_connection).toBeDefined();
      expect(v.greylisted_until).toBeDefined();
    });
    covered.add("getNetworkPointsLog");
    for (const t of [json, binary]) expect(((await shell.getNetworkPointsLog(t, { path: { point: closed } })) as unknown[]).length).toBe(4);
    const monitored = await firstOf(shell.getNetworkPointsLogStream(json, { path: { point: closed } }));
    expect(monitored.map(([, e]) => e.event_kind)).toEqual(["outgoing_request", "request_rejected", "outgoing_request", "request_rejected"]);
    // A refused connection is not an authentication failure: the address is not greylisted.
    await both("getNetworkPointsBanned", (t) => shell.getNetworkPointsBanned(t, { path: { point: closed } }), (v) => expect(v).toBe(false));
    await both("patchNetworkPointsByPoint", (t) => shell.patchNetworkPointsByPoint(t, { path: { point }, body: { acl: "trust" } }), (v) => expect(v.trusted).toBe(true));
    expect((await shell.patchNetworkPointsByPoint(json, { path: { point }, body: { acl: "ban" } })).trusted).toBe(false);
    expect(await shell.getNetworkPointsBanned(json, { path: { point } })).toBe(true);
    expect((await rpcError(shell.putNetworkPointsByPoint(json, { path: { point }, body: {} }))).trace).toEqual([{ kind: "permanent", id: "node.p2p_pool.point_banned", point }]);
    await both("getNetworkGreylistIps", (t) => shell.getNetworkGreylistIps(t, {}), (v) => expect(v).toEqual({ ips: [], not_reliable_since: null }));
    await both("getNetworkGreylistPeers", (t) => shell.getNetworkGreylistPeers(t, {}), (v) => expect(v).toEqual([]));
    // Octez's `P2p_acl.clear` empties the ban lists along with the greylists.
    await both("deleteNetworkGreylist", (t) => shell.deleteNetworkGreylist(t, {}), (v) => expect(v).toEqual({}));
    expect(await shell.getNetworkPointsBanned(json, { path: { point } })).toBe(false);
    await both("getNetworkPoints", (t) => shell.getNetworkPoints(t, { query: { filter: ["disconnected"] } }), (v) => expect(v.map(([p]) => p)).toEqual(expect.arrayContaining([point, closed])));
    await both("getNetworkPeers", (t) => shell.getNetworkPeers(t, {}), (v) => expect(v).toEqual([]));
    await missing("getNetworkPeersByPeerId", (t) => shell.getNetworkPeersByPeerId(t, { path: { peer_id: peer } }));
    // Banning an unknown peer bans it, then answers 404 (nothing to show).
    await missing("patchNetworkPeersByPeerId", (t) => shell.patchNetworkPeersByPeerId(t, { path: { peer_id: peer }, body: { acl: "ban" } }));
    await both("getNetworkPeersBanned", (t) => shell.getNetworkPeersBanned(t, { path: { peer_id: peer } }), (v) => expect(v).toBe(true));
    await both("getNetworkPeersLog", (t) => shell.getNetworkPeersLog(t, { path: { peer_id: peer } }), (v) => expect(v).toEqual([]));
    await both("getNetworkSelf", (t) => shell.getNetworkSelf(t, {}), (v) => expect(v).toMatch(/^idt|^id[a-zA-Z0-9]{28}$/));
    await both("getNetworkStat", (t) => shell.getNetworkStat(t, {}));

    await both("getProtocols", (t) => shell.getProtocols(t, {}), (v) => expect(v).toContain(sandboxProtocol));
    await both("getProtocolsByProtocolHash", (t) => shell.getProtocolsByProtocolHash(t, { path: { Protocol_hash: sandboxProtocol } }));
    await both("getProtocolsEnvironment", (t) => shell.getProtocolsEnvironment(t, { path: { Protocol_hash: sandboxProtocol } }), (v) => expect(v).toBe(13));
    await both("getStatsGc", (t) => shell.getStatsGc(t, {}), (v) => expect(v.heap_words).toBeGreaterThan(0));
    await both("getStatsMemory", (t) => shell.getStatsMemory(t, {}));
    await both("getVersion", (t) => shell.getVersion(t, {}), (v) => expect(v.network_version.chain_name).toBe("TEZOS"));
    await both("getWorkersBlockValidator", (t) => shell.getWorkersBlockValidator(t, {}), (v) => expect(v.status.phase).toBe("running"));
    await both("getWorkersChainValidators", (t) => shell.getWorkersChainValidators(t, {}), (v) => expect(v).toHaveLength(1));
    await both("getWorkersChainValidatorsByChainId", (t) => shell.getWorkersChainValidatorsByChainId(t, { path: main }));
    await both("getWorkersChainValidatorsDdb", (t) => shell.getWorkersChainValidatorsDdb(t, { path: main }), (v) => expect(v.operation_db.table_length).toBe(2));
    await both("getWorkersChainValidatorsPeersValidators", (t) => shell.getWorkersChainValidatorsPeersValidators(t, { path: main }), (v) => expect(v).toEqual([]));
    await missing("getWorkersChainValidatorsPeersValidatorsByPeerId", (t) => shell.getWorkersChainValidatorsPeersValidatorsByPeerId(t, { path: { ...main, peer_id: peer } }));
    await both("getWorkersPrevalidators", (t) => shell.getWorkersPrevalidators(t, {}));
    await both("getWorkersPrevalidatorsByChainId", (t) => shell.getWorkersPrevalidatorsByChainId(t, { path: main }));

    expect([...routeTable.map((r) => r.operation)].filter((op) => !covered.has(op))).toEqual([]);
  });
});

describe("state transitions over HTTP", () => {
  it("applies the fitness rule with and without force, and answers async injections first", async () => {
    const before = sandbox.node.mainChain.head.hash;
    const pred = sandbox.node.mainChain.head.header.predecessor;
    const sibling = headerHex({ level, predecessor: pred, timestamp: GENESIS_TIME + level + 50, fitness: fitness(level), operations: EMPTY_PASSES });
    const e = await rpcError(shell.postInjectionBlock(binary, { body: { data: sibling, operations: EMPTY_PASSES } }));
    expect([e.status, e.trace]).toEqual([500, [{ kind: "generic", error: "Fitness too low" }]]);
    const forced = await shell.postInjectionBlock(json, { body: { data: sibling, operations: EMPTY_PASSES }, query: { force: true } });
    expect(forced).toBe(blockHashOf(Buffer.from(sibling, "hex")));
    expect(await shell.getChainsBlocks(json, { path: main })).toEqual([[before]]);
    const next = headerHex({ level: level + 1, predecessor: head, timestamp: GENESIS_TIME + level + 1, fitness: fitness(level + 1), operations: EMPTY_PASSES });
    const hash = await shell.postInjectionBlock(json, { body: { data: next, operations: EMPTY_PASSES }, query: { async: true } });
    expect(hash).toBe(blockHashOf(Buffer.from(next, "hex")));
    for (let i = 0; i < 100 && sandbox.node.mainChain.head.hash !== hash; i++) await new Promise((r) => setTimeout(r, 10));
    expect(await shell.getChainsBlocks(json, { path: main })).toEqual([[hash]]);
    level++;
    head = hash;
  });

  it("answers bad input as Octez does and leaves the state unchanged", async () => {
    const headBefore = sandbox.node.mainChain.head.hash;
    const invalidBefore = await shell.getChainsInvalidBlocks(json, { path: main });
    const post = (path: string, body: string, headers: Record<string, string> = { "content-type": "application/json" }) =>
      fetch(sandbox.url + path, { method: "POST", body, headers });
    const malformed = await post("/injection/block", JSON.stringify({ data: "abc", operations: [] }));
    expect(malformed.status).toBe(400);
    expect(await malformed.text()).toMatch(/^Failed to parse the request body/);
    const unknownPred = headerHex({ level: 1, predecessor: blockHashOf(new Uint8Array([9])), timestamp: GENESIS_TIME, fitness: fitness(99), operations: [] });
    const unknown = await post("/injection/block", JSON.stringify({ data: unknownPred, operations: [] }));
    expect(unknown.status).toBe(500);
    expect(((await unknown.json()) as Array<{ error: string }>)[0]!.error).toMatch(/^Unknown predecessor \(B.{9}\), cannot inject the block\.$/);
    // Bytes that are no operation (shorter than a branch): the body's fault, in JSON and binary,
    // on the public and private routes; the mempool is unchanged.
    const mempoolBefore = sandbox.node.mempool(sandbox.node.mainChain.chainId).size;
    for (const path of ["/injection/operation", "/private/injection/operation", "/private/injection/operations"]) {
      const body = path.endsWith("operations") ? ["00".repeat(32), "00ff"] : "00ff";
      const answer = await post(path, JSON.stringify(body));
      expect([path, answer.status, answer.headers.get("content-type")]).toEqual([path, 400, "text/plain"]);
      expect(await answer.text()).toMatch(path.endsWith("operations") ? /^Failed to parse the request body: at \/1: the operation is 2 bytes long, shorter than its 32-byte branch/ : /^Failed to parse the request body: at \/: the operation is 2 bytes long/);
    }
    const binaryBody = Buffer.from("00000006" + "00000002" + "00ff", "hex");
    const binaryAnswer = await post("/injection/operation", binaryBody as unknown as string, { "content-type": "application/octet-stream" });
    expect([binaryAnswer.status, await binaryAnswer.text()]).toEqual([400, "Failed to parse the request body: at /: the operation is 2 bytes long, shorter than its 32-byte branch (Can't parse the operation)"]);
    expect(sandbox.node.mempool(sandbox.node.mainChain.chainId).size).toBe(mempoolBefore);
    expect((await post("/injection/operation", JSON.stringify("00ff"), { "content-type": "text/plain" })).status).toBe(415);
    const range = await fetch(`${sandbox.url}/chains/main/blocks?length=-1`);
    expect(range.status).toBe(400);
    expect(await range.text()).toMatch(/^Failed to parse the query string/);
    expect((await fetch(`${sandbox.url}/chains/main/blocks/head~x/hash`)).status).toBe(400);
    expect((await fetch(`${sandbox.url}/chains/main/blocks/head+1/hash`)).status).toBe(404);
    expect(sandbox.node.mainChain.head.hash).toBe(headBefore);
    expect(await shell.getChainsInvalidBlocks(json, { path: main })).toEqual(invalidBefore);
  });
});

interface ShellVectors {
  vectors: Array<{ encoding: string; hex: string }>;
}

describe("real bytes", () => {
  itWithReference("codec-vectors-shell.json")("injects the recorded sandbox genesis header and a block made from it; hashes match an independent BLAKE2b", async () => {
    const vector = readReference<ShellVectors>("codec-vectors-shell.json").vectors.find((v) => v.encoding.startsWith("block_header.shell"))!;
    const recorded = Buffer.from(vector.hex, "hex");
    // The recording is this network's genesis header: same bytes as the sandbox answers.
    const served = await fetch(`${sandbox.url}/chains/main/blocks/genesis/header/shell`, { headers: { accept: "application/octet-stream" } });
    expect(Buffer.from(await served.arrayBuffer()).toString("hex")).toBe("00000072" + vector.hex);
    // Injected as is (async): the hash is BLAKE2b of the bytes; level 0 on genesis is invalid.
    const asIs = await shell.postInjectionBlock(json, { body: { data: vector.hex, operations: [] }, query: { async: true, force: true } });
    expect(asIs).toBe(blockHashOf(recorded));
    for (let i = 0; i < 100 && (await shell.getChainsInvalidBlocks(json, { path: main })).length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(await shell.getChainsInvalidBlocksByBlockHash(json, { path: { ...main, block_hash: asIs } })).toMatchObject({ level: 0 });
    // The same bytes with level 1 and a fitness: a valid block on genesis (forced: it does not beat the head).
    const fitnessBytes = Buffer.from("00000021" + "0000000102" + "0000000400000001" + "00000000" + "00000004ffffffff" + "0000000400000000", "hex");
    const changed = Buffer.concat([Buffer.from("00000001", "hex"), recorded.subarray(4, 78), fitnessBytes, recorded.subarray(82)]);
    const hash = await shell.postInjectionBlock(binary, { body: { data: changed.toString("hex"), operations: [] }, query: { force: true } });
    expect(hash).toBe(blockHashOf(changed));
    const raw = await fetch(`${sandbox.url}/chains/main/blocks/${hash}/header/raw`);
    expect(await raw.json()).toBe(changed.toString("hex"));
  });
});

