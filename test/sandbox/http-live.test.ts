/**
 * The sandbox as its users meet it: the protocol's block and mempool directories through their
 * generated client (JSON and binary), head streams to several subscribers, a restart on a data
 * directory, a `kill -9` during a burst of injections, `@taquito/rpc`'s `RpcClient`, and
 * `snapshot --node` + `drift` against the committed shell snapshot.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { RpcClient } from "@taquito/rpc";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runDrift } from "../../generator/cli/commands/drift.ts";
import { runSnapshot } from "../../generator/cli/commands/snapshot.ts";
import * as shell from "../../generated/shell/client.ts";
import { HttpTransport, binaryBodies } from "../../runtime/client/index.ts";
import { BINARY } from "./support.ts";
import type { RpcTransport } from "../../runtime/index.ts";
import { startSandbox, type RunningSandbox } from "../../sandbox/index.ts";
import * as block from "../../sandbox/protocol/generated/block/client.ts";
import * as mempool from "../../sandbox/protocol/generated/mempool/client.ts";
import { spawnSandbox } from "../../sandbox/spawn.ts";
import { GENESIS_TIME, SANDBOX_GENESIS, blockHashOf, fitness, headerHex, operationHashOf, operationHex } from "./support.ts";

const repoRoot = new URL("../../", import.meta.url).pathname;
const main = { chain_id: "main" };
const EMPTY_PASSES = [[], [], [], []];

function transports(url: string): RpcTransport[] {
  return [new HttpTransport({ baseUrl: url }), new HttpTransport({ baseUrl: url, mediaType: "application/octet-stream", binary: binaryBodies(BINARY) })];
}

/** A chain of valid blocks from genesis, injected in order through `t`. */
async function injectChain(t: RpcTransport, from: { hash: string; level: number }, count: number, operations: { branch: string; data: string }[][] = EMPTY_PASSES) {
  const hashes: string[] = [];
  let { hash, level } = from;
  for (let i = 0; i < count; i++) {
    level++;
    const data = headerHex({ level, predecessor: hash, timestamp: GENESIS_TIME + level, fitness: fitness(level), operations: i === 0 ? operations : EMPTY_PASSES });
    hash = await shell.postInjectionBlock(t, { body: { data, operations: i === 0 ? operations : EMPTY_PASSES } });
    hashes.push(hash);
  }
  return hashes;
}

describe("a running sandbox", () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ protocol: "sandbox" });
  });
  afterAll(() => sandbox.stop());

  it("serves the protocol's block and mempool directories, in JSON and binary", async () => {
    const [json, binary] = transports(sandbox.url);
    const op = { branch: SANDBOX_GENESIS, data: "aa55" };
    const opHash = operationHashOf(Buffer.from(operationHex(op), "hex"));
    const [b1] = await injectChain(json!, { hash: SANDBOX_GENESIS, level: 0 }, 1, [[], [], [], [op]]);
    const pending = operationHex({ branch: b1!, data: "01" });
    const pendingHash = await shell.postInjectionOperation(json!, { body: pending });
    // Forced through the private route, an operation the sandbox protocol refuses is filed with its trace.
    const refusedHash = await shell.postPrivateInjectionOperation(json!, { body: operationHex({ branch: b1!, data: "e3" }) });
    for (const t of [json!, binary!]) {
      const path = { chain_id: "main", block_id: "head" };
      expect(await block.getBlockHash(t, { path })).toBe(b1);
      const header = await block.getBlockHeader(t, { path });
      expect([header.hash, header.level, header.chain_id]).toEqual([b1, 1, "NetXdQprcVkpaWU"]);
      const raw = await block.getBlockHeaderRaw(t, { path });
      expect(blockHashOf(Buffer.from(raw, "hex"))).toBe(b1);
      expect((await block.getBlockHeaderShell(t, { path })).predecessor).toBe(SANDBOX_GENESIS);
      expect(await block.getBlockHeaderProtocolDataRaw(t, { path })).toBe("");
      expect((await block.getBlockHeaderProtocolData(t, { path })).content).toBe("");
      expect(await block.getBlockOperationHashes(t, { path })).toEqual([[], [], [], [opHash]]);
      expect(await block.getBlockOperationHashByListOffset(t, { path: { ...path, list_offset: "3" } })).toEqual([opHash]);
      expect(await block.getBlockOperationHashByListOffsetByOperationOffset(t, { path: { ...path, list_offset: "3", operation_offset: "0" } })).toBe(opHash);
      expect((await block.getBlockOperations(t, { path }))[3]).toEqual([{ protocol: header.protocol, chain_id: "NetXdQprcVkpaWU", hash: opHash, ...op }]);
      expect(await block.getBlockOperationByListOffset(t, { path: { ...path, list_offset: "0" } })).toEqual([]);
      expect((await block.getBlockOperationByListOffsetByOperationOffset(t, { path: { ...path, list_offset: "3", operation_offset: "0" } })).hash).toBe(opHash);
      expect((await block.getBlock(t, { path })).header.level).toBe(1);
      expect(await block.getBlockProtocols(t, { path: { chain_id: "main", block_id: "genesis" } })).toEqual({ protocol: "ProtoGenesisGenesisGenesisGenesisGenesisGenesk612im", next_protocol: header.protocol });
      expect(await block.getBlockLiveBlocks(t, { path })).toEqual([b1, SANDBOX_GENESIS].sort());
      const classes = await mempool.getPendingOperations(t, { path: main });
      expect([classes.validated, classes.refused]).toEqual([
        [{ hash: pendingHash, branch: b1, data: "01" }],
        [{ hash: refusedHash, protocol: header.protocol, branch: b1, data: "e3", error: [{ kind: "permanent", id: "proto.sandbox.operation.refused" }] }],
      ]);
      expect((await mempool.getPendingOperations(t, { path: main, query: { refused: false, validation_pass: [3] } })).refused).toEqual([]);
      const monitor = mempool.monitorOperations(t, { path: main })[Symbol.asyncIterator]();
      expect((await monitor.next()).value.map((o: { hash: string }) => o.hash)).toEqual([pendingHash]);
      await monitor.return?.();
    }
    const missing = await fetch(`${sandbox.url}/chains/main/blocks/head/operation_hashes/9`);
    expect(missing.status).toBe(404);
  });

  it("streams every head, in order, to each of several subscribers while blocks are injected", async () => {
    const [json, binary] = transports(sandbox.url);
    const from = { hash: sandbox.node.mainChain.head.hash, level: sandbox.node.mainChain.head.header.level };
    const readers = Array.from({ length: 6 }, (_, i) => shell.getMonitorHeadsByChainId(i % 2 ? binary! : json!, { path: main })[Symbol.asyncIterator]());
    // Each stream starts with the current head, which proves the subscription is in place.
    for (const r of readers) expect((await r.next()).value.hash).toBe(from.hash);
    const injecting = injectChain(json!, from, 20);
    const received = await Promise.all(
      readers.map(async (r) => {
        const got: string[] = [];
        while (got.length < 20) got.push((await r.next()).value.hash);
        await r.return?.();
        return got;
      }),
    );
    const injected = await injecting;
    for (const got of received) expect(got).toEqual(injected);
    // The clients left: the server aborted their requests and the node dropped the subscriptions.
    for (let i = 0; i < 200 && sandbox.node.events.heads.size > 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(sandbox.node.events.heads.size).toBe(0);
  });

  it("answers @taquito/rpc's RpcClient", async () => {
    const [json] = transports(sandbox.url);
    const from = { hash: sandbox.node.mainChain.head.hash, level: sandbox.node.mainChain.head.header.level };
    const [b1] = await injectChain(json!, from, 1);
    const taquito = new RpcClient(sandbox.url);
    expect(await taquito.getChainId()).toBe("NetXdQprcVkpaWU");
    expect(await taquito.getBlockHash()).toBe(b1);
    expect(await taquito.getBlockHash({ block: "genesis" })).toBe(SANDBOX_GENESIS);
    const header = await taquito.getBlockHeader();
    expect([header.hash, header.level, header.predecessor]).toEqual([b1, from.level + 1, from.hash]);
    const bytes = operationHex({ branch: b1!, data: "6c0011" });
    expect(await taquito.injectOperation(bytes)).toBe(operationHashOf(Buffer.from(bytes, "hex")));
  });

  it("is captured by snapshot --node with its dynamic directories, without breaking drift from spec/snapshots/shell.json", async () => {
    const dir = mkdtempSync(join(tmpdir(), "sandbox-snapshot-"));
    try {
      const out = join(dir, "sandbox.json");
      const { text } = await runSnapshot({ node: sandbox.url, out, chain: "main", block: "head", timeout: 10_000, retries: 0, expand: true });
      const document = JSON.parse(text) as { expansions?: Array<{ prefix: string[] }> };
      expect(document.expansions?.map((e) => e.prefix.join("/")).sort()).toEqual(["chains/main/blocks/head", "chains/main/mempool"]);
      const drift = await runDrift(join(repoRoot, "spec/snapshots/shell.json"), out, { format: "text", failOn: "breaking", chain: "main", block: "head", timeout: 10_000, retries: 0 });
      expect(drift.exitCode, drift.output).toBe(0);
      writeFileSync(join(dir, "drift.txt"), drift.output);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("block production", () => {
  it("with a block time, makes blocks by itself holding the pending operations", async () => {
    const sandbox = await startSandbox({ protocol: "sandbox", blockTime: 0.05 });
    try {
      const [json] = transports(sandbox.url);
      const heads = shell.getMonitorHeadsByChainId(json!, { path: main })[Symbol.asyncIterator]();
      await heads.next(); // subscribed: no block made from now on is missed
      const bytes = operationHex({ branch: SANDBOX_GENESIS, data: "0a0b" });
      const hash = await shell.postInjectionOperation(json!, { body: bytes });
      let included: string | undefined;
      while (included === undefined) {
        const head = (await heads.next()).value;
        const ops = await block.getBlockOperationHashes(json!, { path: { chain_id: "main", block_id: head.hash } });
        if (ops[3]?.includes(hash)) included = head.hash;
      }
      await heads.return?.();
      expect(blockHashOf(Buffer.from(await block.getBlockHeaderRaw(json!, { path: { chain_id: "main", block_id: included } }), "hex"))).toBe(included);
      expect((await mempool.getPendingOperations(json!, { path: main })).validated).toEqual([]);
    } finally {
      await sandbox.stop();
    }
  });
});

describe("state on disk", () => {
  it("keeps everything acknowledged across a restart", async () => {
    const dir = mkdtempSync(join(tmpdir(), "sandbox-restart-"));
    try {
      const first = await startSandbox({ protocol: "sandbox", dataDir: dir });
      const [json] = transports(first.url);
      const hashes = await injectChain(json!, { hash: SANDBOX_GENESIS, level: 0 }, 3);
      const op = await shell.postInjectionOperation(json!, { body: operationHex({ branch: hashes[2]!, data: "02" }) });
      // An unknown point: the address is banned, and the answer is 404 (as Octez's).
      await expect(shell.patchNetworkPointsByPoint(new HttpTransport({ baseUrl: first.url }), { path: { point: "10.9.9.9:9732" }, body: { acl: "ban" } })).rejects.toMatchObject({ status: 404 });
      await first.stop();
      const second = await startSandbox({ protocol: "sandbox", dataDir: dir });
      const [again] = transports(second.url);
      expect(await shell.getChainsBlocks(again!, { path: main, query: { length: 4 } })).toEqual([[...hashes].reverse().concat(SANDBOX_GENESIS)]);
      expect((await mempool.getPendingOperations(again!, { path: main })).validated.map((o) => o.hash)).toEqual([op]);
      expect(await shell.getNetworkPointsBanned(again!, { path: { point: "10.9.9.9:9732" } })).toBe(true);
      await second.stop();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("loses no acknowledged block or operation when killed with SIGKILL during a burst", async () => {
    const dir = mkdtempSync(join(tmpdir(), "sandbox-kill-"));
    const served = await spawnSandbox(["--protocol", "sandbox", "--data-dir", dir]);
    const { child, url } = served;
    try {
      const t = new HttpTransport({ baseUrl: url });
      const ackedBlocks: string[] = [];
      const ackedOps: string[] = [];
      let stop = false;
      const blocks = (async () => {
        let from = { hash: SANDBOX_GENESIS, level: 0 };
        while (!stop) {
          const [hash] = await injectChain(t, from, 1).catch(() => [undefined]);
          if (hash === undefined) return;
          ackedBlocks.push(hash);
          from = { hash, level: from.level + 1 };
        }
      })();
      const ops = Array.from({ length: 4 }, async (_, lane) => {
        for (let i = 0; !stop; i++) {
          const hash = await shell.postInjectionOperation(t, { body: operationHex({ branch: SANDBOX_GENESIS, data: `${lane.toString(16).padStart(2, "0")}${i.toString(16).padStart(8, "0")}` }) }).catch(() => undefined);
          if (hash === undefined) return;
          ackedOps.push(hash);
        }
      });
      while (ackedBlocks.length < 8 || ackedOps.length < 20) await new Promise((r) => setTimeout(r, 5));
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGKILL");
      stop = true;
      await Promise.all([blocks, ...ops]);
      // Its sockets can close before its database file does: the data directory stays locked
      // until the process is gone (bounded: SIGKILL cannot be caught).
      await exited;
      const restarted = await startSandbox({ protocol: "sandbox", dataDir: dir });
      try {
        for (const hash of ackedBlocks) expect(restarted.node.mainChain.get(hash), hash).toBeDefined();
        const pending = new Set(restarted.node.mempool(restarted.node.mainChain.chainId).list().map((p) => p.hash));
        for (const hash of ackedOps) expect(pending.has(hash), hash).toBe(true);
      } finally {
        await restarted.stop();
      }
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
