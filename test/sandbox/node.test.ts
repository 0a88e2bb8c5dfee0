/**
 * The sandbox node through its handlers (no HTTP): chain ids, injection and the fitness rule,
 * invalid blocks, async injection, bootstrapped flag, block ids and listing, history-mode
 * levels, streams, operations and the mempool. Hashes are checked against @noble/hashes.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { HandlerContext } from "../../runtime/index.ts";
import type { Handlers } from "../../generated/shell/server.ts";
import { shellHandlers } from "../../sandbox/handlers/index.ts";
import { parseBlockId, resolveBlockId } from "../../sandbox/chain/block-id.ts";
import { resolveNetwork } from "../../sandbox/chain/networks.ts";
import { buildConfig, loadConfigFile } from "../../sandbox/config/config.ts";
import { SANDBOX_PROTOCOL } from "../../sandbox/protocol/protocol.ts";
import { SqliteStore } from "../../sandbox/store/sqlite-store.ts";
import { GENESIS_TIME, SANDBOX_GENESIS, abortable, failure, blockHashOf, chainIdOf, fitness, headerHex, operationHashOf, operationHex, testNode, type TestOperation } from "./support.ts";

const json = { signal: new AbortController().signal, mediaType: "application/json" as const };
const main = { chain_id: "main" };

/** The handlers with the context made optional (a JSON request that never aborts). */
type Callable = { [K in keyof Handlers]: (request: Parameters<Handlers[K]>[0], context?: HandlerContext) => ReturnType<Handlers[K]> };

function setup(options: Parameters<typeof testNode>[0] = {}) {
  const node = testNode(options);
  const handlers = shellHandlers(node, { root: {}, mounts: [] }) as unknown as Record<string, (r: unknown, c: HandlerContext) => unknown>;
  const h = new Proxy({}, { get: (_, name: string) => (request: unknown, context: HandlerContext = json) => handlers[name]!(request, context) }) as Callable;
  return { node, h };
}

/** Injects a valid child of `pred` at `level` (four empty passes unless given). */
async function child(h: ReturnType<typeof setup>["h"], pred: string, level: number, extra: Partial<Parameters<typeof headerHex>[0]> = {}, query = {}) {
  const operations = extra.operations ?? [[], [], [], []];
  const data = headerHex({ level, predecessor: pred, timestamp: GENESIS_TIME + level, fitness: fitness(level), ...extra, operations });
  const hash = await h.postInjectionBlock({ body: { data, operations }, query });
  return { hash, data };
}


describe("chains and networks", () => {
  it("derives chain ids from the genesis block hash", async () => {
    expect(resolveNetwork("sandbox").chainId).toBe("NetXdQprcVkpaWU");
    expect(resolveNetwork("mainnet").chainId).toBe("NetXdQprcVkpaWU");
    expect(resolveNetwork("ghostnet").chainId).toBe(chainIdOf("BLockGenesisGenesisGenesisGenesisGenesis1db77eJNeJ9"));
    const custom = { genesis: { timestamp: "2024-01-24T15:00:00Z", block: "BLjwHp9ZTwr26pTQgu873DbzLCzHpd7ri3VkS5UPYno5NDkEcKb", protocol: "Ps9mPmXaRzmzk35gbAYNCAw6UXdE2qoABTHbN2oEEc1qM7CwT9P" }, chain_name: "X", sandboxed_chain_name: "SANDBOXED_X" };
    const { h } = setup({ config: { network: custom } });
    expect(await h.getChainsChainId({ path: main })).toBe(chainIdOf(custom.genesis.block));
    expect(() => buildConfig({ network: { ...custom, genesis: { ...custom.genesis, block: "nope" } } })).toThrow(/network\.genesis\.block/);
    expect(() => buildConfig({ p2p: { limits: { backlog: 999 } } })).toThrow(/config\.p2p\.limits\.backlog/);
    const dir = mkdtempSync(join(tmpdir(), "sandbox-config-"));
    try {
      const file = join(dir, "config.json");
      writeFileSync(file, JSON.stringify({ shell: { history_mode: { full: { additional_cycles: 5 } } }, log: { level: "debug" } }));
      const config = loadConfigFile(file, { network: "ghostnet" });
      expect([config.shell.history_mode, config.log.level, config.network, config.p2p.limits["max-connections"]]).toEqual([{ full: { additional_cycles: 5 } }, "debug", "ghostnet", 100]);
      writeFileSync(file, JSON.stringify({ rpc: { "media-type": "xml" } }));
      expect(() => loadConfigFile(file)).toThrow(new RegExp(`${file.replace(/[.]/g, "\\.")}\\.rpc\\.media-type`));
      writeFileSync(file, "{");
      expect(() => loadConfigFile(file)).toThrow(/not JSON/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("answers 404 for an unknown chain and knows `main`", async () => {
    const { h } = setup();
    expect(await h.getChainsChainId({ path: { chain_id: "NetXdQprcVkpaWU" } })).toBe("NetXdQprcVkpaWU");
    expect((await failure(() => h.getChainsChainId({ path: { chain_id: "test" } }))).status).toBe(404);
  });

  it("fetches a known protocol; an unknown one fails with the requester's fetch error (no peer to ask)", async () => {
    const { h } = setup();
    expect(await h.getFetchProtocolByProtocolHash({ path: { Protocol_hash: SANDBOX_PROTOCOL } })).toEqual({});
    const unknown = "PsBabyM1eUXZseaJdmXFApDSBqj8YBfwELoxZHHW77EMcAbbwAS";
    const e = await failure(() => h.getFetchProtocolByProtocolHash({ path: { Protocol_hash: unknown } }));
    expect([e.status, e.trace]).toEqual([500, [{ kind: "permanent", id: "requester.Protocol_hash.fetch_timeout", key: unknown }]]);
  });
});

describe("block injection", () => {
  it("stores a block under the BLAKE2b hash of its bytes and makes it the head", async () => {
    const { h } = setup();
    const { hash, data } = await child(h, SANDBOX_GENESIS, 1);
    expect(hash).toBe(blockHashOf(Buffer.from(data, "hex")));
    expect(await h.getChainsBlocks({ path: main })).toEqual([[hash]]);
  });

  it("refuses a block whose fitness does not increase, unless forced (then it is stored but not head)", async () => {
    const { node, h } = setup();
    const a = await child(h, SANDBOX_GENESIS, 1);
    const sibling = headerHex({ level: 1, predecessor: SANDBOX_GENESIS, timestamp: GENESIS_TIME + 5, fitness: fitness(1), operations: [[], [], [], []] });
    const e = await failure(() => h.postInjectionBlock({ body: { data: sibling, operations: [[], [], [], []] } }));
    expect(e.status).toBe(500);
    expect(e.trace).toEqual([{ kind: "generic", error: "Fitness too low" }]);
    expect(node.mainChain.size).toBe(2);
    const forced = await h.postInjectionBlock({ body: { data: sibling, operations: [[], [], [], []] }, query: { force: true } });
    expect(node.mainChain.size).toBe(3);
    expect(node.mainChain.head.hash).toBe(a.hash);
    expect(node.mainChain.get(forced)).toBeDefined();
  });

  it("needs a known predecessor; leaves the state unchanged otherwise", async () => {
    const { node, h } = setup();
    const unknown = blockHashOf(new Uint8Array([1]));
    const data = headerHex({ level: 1, predecessor: unknown, timestamp: GENESIS_TIME + 1, fitness: fitness(1) });
    const e = await failure(() => h.postInjectionBlock({ body: { data, operations: [] } }));
    expect(e.trace).toEqual([{ kind: "generic", error: `Unknown predecessor (${unknown.slice(0, 10)}), cannot inject the block.` }]);
    expect((await failure(() => h.postInjectionBlock({ body: { data: "00ff", operations: [] } }))).trace).toEqual([{ kind: "generic", error: "Cannot parse block header." }]);
    expect(node.mainChain.size).toBe(1);
    expect(await h.getChainsInvalidBlocks({ path: main })).toEqual([]);
  });

  it("checks operations against operations_hash (Merkle tree of lists), without recording the block invalid", async () => {
    const { h } = setup();
    const op: TestOperation = { branch: SANDBOX_GENESIS, data: "0102" };
    const good = [[], [], [], [op]];
    const data = headerHex({ level: 1, predecessor: SANDBOX_GENESIS, timestamp: GENESIS_TIME + 1, fitness: fitness(1), operations: good });
    const e = await failure(() => h.postInjectionBlock({ body: { data, operations: [[], [], [], []] } }));
    expect((e.trace as Array<{ id: string }>)[0]!.id).toBe("validator.inconsistent_operations_hash");
    expect(await h.getChainsInvalidBlocks({ path: main })).toEqual([]);
    const hash = await h.postInjectionBlock({ body: { data, operations: good } });
    expect(hash).toBe(blockHashOf(Buffer.from(data, "hex")));
  });

  it("records invalid blocks with their errors; gets and deletes them", async () => {
    const { h } = setup();
    const data = headerHex({ level: 7, predecessor: SANDBOX_GENESIS, timestamp: GENESIS_TIME + 1, fitness: fitness(7), operations: [] });
    const hash = blockHashOf(Buffer.from(data, "hex"));
    const e = await failure(() => h.postInjectionBlock({ body: { data, operations: [] } }));
    expect(e.trace).toMatchObject([{ kind: "permanent", id: "validator.invalid_block", invalid_block: hash, error: { error: "invalid_level", expected: 1, found: 7 } }]);
    const list = await h.getChainsInvalidBlocks({ path: main });
    expect(list).toEqual([{ block: hash, level: 7, errors: e.trace }]);
    expect(await h.getChainsInvalidBlocksByBlockHash({ path: { ...main, block_hash: hash } })).toEqual(list[0]);
    expect(await h.deleteChainsInvalidBlocksByBlockHash({ path: { ...main, block_hash: hash } })).toEqual({});
    expect(await h.getChainsInvalidBlocks({ path: main })).toEqual([]);
    // As Octez's store, forgetting a block that is not recorded is no error.
    expect(await h.deleteChainsInvalidBlocksByBlockHash({ path: { ...main, block_hash: hash } })).toEqual({});
  });

  it("refuses operations whose branch is not live, and operations already included (check_liveness)", async () => {
    const { h } = setup();
    const op = { branch: SANDBOX_GENESIS, data: "77" };
    const a = await child(h, SANDBOX_GENESIS, 1, { operations: [[], [], [], [op]] });
    const again = headerHex({ level: 2, predecessor: a.hash, timestamp: GENESIS_TIME + 2, fitness: fitness(2), operations: [[], [], [], [op]] });
    const replayed = await failure(() => h.postInjectionBlock({ body: { data: again, operations: [[], [], [], [op]] } }));
    expect(replayed.trace).toMatchObject([{ id: "validator.invalid_block", error: { error: "replayed_operation", operation: operationHashOf(Buffer.from(operationHex(op), "hex")) } }]);
    const stranger = { branch: blockHashOf(new Uint8Array([5])), data: "77" };
    const outdated = headerHex({ level: 2, predecessor: a.hash, timestamp: GENESIS_TIME + 2, fitness: fitness(2), operations: [[], [], [], [stranger]] });
    const e = await failure(() => h.postInjectionBlock({ body: { data: outdated, operations: [[], [], [], [stranger]] } }));
    expect(e.trace).toMatchObject([{ id: "validator.invalid_block", error: { error: "outdated_operation", originating_block: stranger.branch } }]);
    const threePasses = headerHex({ level: 2, predecessor: a.hash, timestamp: GENESIS_TIME + 2, fitness: fitness(2), operations: [[], [], []], validationPass: 4 });
    const passes = await failure(() => h.postInjectionBlock({ body: { data: threePasses, operations: [[], [], []] } }));
    expect(passes.trace).toEqual([{ kind: "permanent", id: "validator.invalid_block", invalid_block: blockHashOf(Buffer.from(threePasses, "hex")), error: { error: "unexpected_number_of_passes", found: 3 } }]);
  });

  it("answers an async injection before validating", async () => {
    const { node, h } = setup();
    const data = headerHex({ level: 1, predecessor: SANDBOX_GENESIS, timestamp: GENESIS_TIME + 1, fitness: fitness(1), operations: [] });
    const answer = h.postInjectionBlock({ body: { data, operations: [] }, query: { async: true } });
    const hash = await answer;
    expect(node.mainChain.get(hash)).toBeUndefined();
    await new Promise((r) => setTimeout(r, 5));
    expect(node.mainChain.head.hash).toBe(hash);
  });
});

describe("state", () => {
  it("forces the bootstrapped flag and reflects it in sync_state", async () => {
    const { h } = setup();
    expect(await h.getChainsIsBootstrapped({ path: main })).toEqual({ bootstrapped: true, sync_state: "synced" });
    expect(await h.patchChainsByChainId({ path: main, body: { bootstrapped: false } })).toEqual({});
    expect(await h.getChainsIsBootstrapped({ path: main })).toEqual({ bootstrapped: false, sync_state: "unsynced" });
  });

  it("applies PUT /config/logging: events go to the new sinks; a bad sink changes nothing", async () => {
    const dir = mkdtempSync(join(tmpdir(), "sandbox-log-"));
    try {
      const { node, h } = setup();
      const file = join(dir, "events.log");
      expect(await h.putConfigLogging({ body: { active_sinks: [`file-descriptor-path://${file}?format=one-per-line`] } })).toEqual({});
      const a = await child(h, SANDBOX_GENESIS, 1);
      // Lines are written asynchronously: wait (at most 2 s) for the three events.
      const lines = () => readFileSync(file, "utf8").trim().split("\n").length;
      for (let i = 0; i < 200 && lines() < 3; i++) await new Promise((r) => setTimeout(r, 10));
      const events = readFileSync(file, "utf8").trim().split("\n").map((l) => JSON.parse(l) as { event: string; hash: string });
      expect(events.map((e) => [e.event, e.hash])).toEqual([["block_validated", a.hash], ["block_applied", a.hash], ["new_head", a.hash]]);
      const e = await failure(() => h.putConfigLogging({ body: { active_sinks: ["syslog://nowhere"] } }));
      expect(e.status).toBe(500);
      expect(node.logging).toEqual({ active_sinks: [`file-descriptor-path://${file}?format=one-per-line`] });
      node.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("reads block ids and lists blocks by the spec's rules", async () => {
    const { node, h } = setup();
    const hashes = [SANDBOX_GENESIS];
    for (let level = 1; level <= 5; level++) hashes.push((await child(h, hashes[level - 1]!, level)).hash);
    const at = (id: string) => resolveBlockId(node.mainChain, parseBlockId(id)!)?.hash;
    expect([at("head"), at("head~2"), at("head-2"), at("genesis"), at("genesis+3"), at("2"), at("2+1"), at(`${hashes[4]}~1`), at("head+1")]).toEqual([
      hashes[5], hashes[3], hashes[3], hashes[0], hashes[3], hashes[2], hashes[3], hashes[3], undefined,
    ]);
    expect(parseBlockId("head~x")).toBeUndefined();
    expect(await h.getChainsBlocks({ path: main, query: { length: 3 } })).toEqual([[hashes[5], hashes[4], hashes[3]]]);
    expect(await h.getChainsBlocks({ path: main, query: { length: 10, head: [hashes[2]!] } })).toEqual([[hashes[2], hashes[1], hashes[0]]]);
    // min_date filters the requested heads; their predecessors come whatever their date.
    expect(await h.getChainsBlocks({ path: main, query: { min_date: String(GENESIS_TIME + 6) } })).toEqual([]);
    expect(await h.getChainsBlocks({ path: main, query: { min_date: String(GENESIS_TIME + 5), length: 2 } })).toEqual([[hashes[5], hashes[4]]]);
    expect(await h.getChainsBlocks({ path: main, query: { min_date: "2018-06-30T16:07:37Z" } })).toEqual([[hashes[5]]]);
    expect(await h.getChainsBlocks({ path: main, query: { min_date: "2018-06-30T16:07:38Z" } })).toEqual([]);
    // Several heads: by decreasing fitness; a fragment stops at a block listed before.
    expect(await h.getChainsBlocks({ path: main, query: { head: [hashes[2]!, hashes[4]!], length: 4 } })).toEqual([
      [hashes[4], hashes[3], hashes[2], hashes[1]],
      [hashes[2]],
    ]);
    expect(await h.getChainsLevelsCheckpoint({ path: main })).toEqual({ block_hash: hashes[3], level: 3 });
    expect(await h.getChainsLevelsCaboose({ path: main })).toEqual({ block_hash: SANDBOX_GENESIS, level: 0 });
  });

  it("moves savepoint and caboose with the rolling history mode", async () => {
    const { node, h } = setup({ config: { shell: { history_mode: { rolling: { additional_cycles: 0 } } } } });
    let pred = SANDBOX_GENESIS;
    for (let level = 1; level <= 40; level++) pred = (await child(h, pred, level)).hash;
    // checkpoint 38 is in cycle 4 (8 blocks each); 2 preserved cycles + 0 additional: cycle 2 starts at 16.
    expect((await h.getChainsLevelsSavepoint({ path: main })).level).toBe(16);
    expect((await h.getChainsLevelsCaboose({ path: main })).level).toBe(16);
    expect(node.mainChain.atLevel(15)).toBeUndefined();
    expect((await h.getChainsCheckpoint({ path: main })).history_mode).toEqual({ rolling: { additional_cycles: 0 } });
  });
});

describe("chain query argument and full mode", () => {
  it("selects the chain of an injection with `chain`; an unknown chain is a 404", async () => {
    const { node, h } = setup();
    const data = headerHex({ level: 1, predecessor: SANDBOX_GENESIS, timestamp: GENESIS_TIME + 1, fitness: fitness(1), operations: [[], [], [], []] });
    expect((await failure(() => h.postInjectionBlock({ body: { data, operations: [[], [], [], []] }, query: { chain: "test" } }))).status).toBe(404);
    const hash = await h.postInjectionBlock({ body: { data, operations: [[], [], [], []] }, query: { chain: node.mainChain.chainId } });
    expect(node.mainChain.head.hash).toBe(hash);
    const op = operationHex({ branch: hash, data: "00" });
    expect((await failure(() => h.postInjectionOperation({ body: op, query: { chain: "test" } }))).status).toBe(404);
    expect(await h.postInjectionOperation({ body: op, query: { chain: "main" } })).toBe(operationHashOf(Buffer.from(op, "hex")));
  });

  it("keeps every block in full mode while the savepoint moves; the deprecated checkpoint agrees with levels/*", async () => {
    const { node, h } = setup({ config: { shell: { history_mode: "full" } } });
    let pred = SANDBOX_GENESIS;
    for (let level = 1; level <= 42; level++) pred = (await child(h, pred, level)).hash;
    // checkpoint 40 is in cycle 5; 2 preserved cycles + the default 1 additional: cycle 2 starts at 16.
    const checkpoint = await h.getChainsCheckpoint({ path: main });
    expect([checkpoint.block.level, checkpoint.savepoint, checkpoint.caboose, checkpoint.history_mode]).toEqual([40, 16, 0, "full"]);
    expect((await h.getChainsLevelsCheckpoint({ path: main })).level).toBe(40);
    expect(node.mainChain.atLevel(1)).toBeDefined();
    expect(await h.getConfigHistoryMode({})).toEqual({ history_mode: "full" });
  });
});

describe("operations and streams", () => {
  it("hashes injected operations with BLAKE2b, keeps them in the mempool until a block includes them", async () => {
    const { node, h } = setup();
    const op = { branch: SANDBOX_GENESIS, data: "6c00aa" };
    const bytes = operationHex(op);
    const hash = await h.postInjectionOperation({ body: bytes });
    expect(hash).toBe(operationHashOf(Buffer.from(bytes, "hex")));
    expect(node.mempool(node.mainChain.chainId).list().map((p) => p.hash)).toEqual([hash]);
    const e = await failure(() => h.postInjectionOperation({ body: "00" }));
    expect(e.trace).toEqual([{ kind: "generic", error: "Can't parse the operation" }]);
    node.produceBlock();
    expect(node.mempool(node.mainChain.chainId).size).toBe(0);
    expect(node.mainChain.head.operationHashes[3]).toEqual([hash]);
    // Injected again, the operation is already in a live block: the next block leaves it out.
    await h.postInjectionOperation({ body: bytes });
    node.produceBlock();
    expect([node.mempool(node.mainChain.chainId).size, node.mainChain.head.operationHashes[3]]).toEqual([0, []]);
  });

  it("streams every head in order to several subscribers, and ends streams when the client leaves", async () => {
    const { h } = setup();
    const subs = [abortable(), abortable(), abortable()];
    const streams = subs.map((s) => (h.getMonitorHeadsByChainId({ path: main }, { ...json, signal: s.signal }) as AsyncIterable<{ hash: string }>)[Symbol.asyncIterator]());
    const firsts = await Promise.all(streams.map((s) => s.next()));
    expect(firsts.map((r) => r.value.hash)).toEqual([SANDBOX_GENESIS, SANDBOX_GENESIS, SANDBOX_GENESIS]);
    const injected: string[] = [];
    let pred = SANDBOX_GENESIS;
    for (let level = 1; level <= 5; level++) injected.push((pred = (await child(h, pred, level)).hash));
    for (const s of streams) {
      const got: string[] = [];
      for (let i = 0; i < 5; i++) got.push((await s.next()).value.hash);
      expect(got).toEqual(injected);
    }
    subs[0]!.abort();
    expect((await streams[0]!.next()).done).toBe(true);
  });

  it("monitor/bootstrapped streams heads until bootstrapped, then closes", async () => {
    const { h } = setup();
    const done: unknown[] = [];
    for await (const item of h.getMonitorBootstrapped({}, json) as AsyncIterable<unknown>) done.push(item);
    expect(done).toHaveLength(1);
    await h.patchChainsByChainId({ path: main, body: { bootstrapped: false } });
    const items: Array<{ block: string }> = [];
    const reading = (async () => {
      for await (const item of h.getMonitorBootstrapped({}, json) as AsyncIterable<{ block: string }>) items.push(item);
    })();
    const a = await child(h, SANDBOX_GENESIS, 1);
    await h.patchChainsByChainId({ path: main, body: { bootstrapped: true } });
    await reading;
    expect(items.map((i) => i.block)).toEqual([SANDBOX_GENESIS, a.hash]);
  });

  it("filters validated and applied blocks by protocol, next protocol and chain", async () => {
    const { node, h } = setup();
    const s = abortable();
    const other = abortable();
    const applied = (h.getMonitorAppliedBlocks({ query: { chain: ["main"], protocol: [SANDBOX_PROTOCOL] } }, { ...json, signal: s.signal }) as AsyncIterable<{ hash: string }>)[Symbol.asyncIterator]();
    const none = (h.getMonitorValidatedBlocks({ query: { next_protocol: [node.network.genesis.protocol] } }, { ...json, signal: other.signal }) as AsyncIterable<unknown>)[Symbol.asyncIterator]();
    const a = await child(h, SANDBOX_GENESIS, 1);
    const b = await child(h, a.hash, 2);
    expect((await applied.next()).value.hash).toBe(a.hash);
    expect((await applied.next()).value.hash).toBe(b.hash);
    s.abort();
    expect((await applied.next()).done).toBe(true);
    other.abort();
    expect((await none.next()).done).toBe(true);
  });
});

describe("persistence", () => {
  it("keeps blocks, invalid blocks, mempool, protocols and the flag across a restart", async () => {
    const dir = mkdtempSync(join(tmpdir(), "sandbox-store-"));
    try {
      const first = setup({ store: new SqliteStore(dir) });
      const a = await child(first.h, SANDBOX_GENESIS, 1);
      await failure(() => first.h.postInjectionBlock({ body: { data: headerHex({ level: 9, predecessor: a.hash, timestamp: GENESIS_TIME + 9, fitness: fitness(9), operations: [] }), operations: [] } }));
      const op = await first.h.postInjectionOperation({ body: operationHex({ branch: a.hash, data: "01" }) });
      const proto = await first.h.postInjectionProtocol({ body: { expected_env_version: 1, components: [{ name: "A", implementation: "let x = 1" }] } });
      await first.h.patchChainsByChainId({ path: main, body: { bootstrapped: false } });
      const self = await first.h.getNetworkSelf({});
      first.node.close();
      const second = setup({ store: new SqliteStore(dir) });
      expect(second.node.mainChain.head.hash).toBe(a.hash);
      expect((await second.h.getChainsInvalidBlocks({ path: main })).length).toBe(1);
      expect(second.node.mempool(second.node.mainChain.chainId).list().map((p) => p.hash)).toEqual([op]);
      expect(await second.h.getProtocols({})).toContain(proto);
      expect((await second.h.getChainsIsBootstrapped({ path: main })).bootstrapped).toBe(false);
      expect(await second.h.getNetworkSelf({})).toBe(self);
      second.node.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

