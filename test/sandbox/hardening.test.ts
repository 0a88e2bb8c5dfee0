/**
 * What a hostile or careless client found in the sandbox (issue 21), each in a child process
 * where a fault would kill or block the node: logging sinks that cannot be written; the RPC
 * part of the configuration (ACL, CORS, connection cap) and `serve`'s flags for it.
 */
import { execFileSync, spawnSync } from "node:child_process";
import Database from "better-sqlite3";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { connect } from "node:net";
import { startSandbox } from "../../sandbox/index.ts";
import { SqliteStore } from "../../sandbox/store/sqlite-store.ts";
import { getDescribeByStringRoute } from "../../generated/shell/routes.ts";
import { binaryBodies } from "../../runtime/client/index.ts";
import { spawnSandbox, type SpawnedSandbox } from "../../sandbox/spawn.ts";
import { nonLoopbackAddress } from "../support/loopback.ts";
import { raw } from "../runtime/server/support.ts";
import { BINARY, GENESIS_TIME, SANDBOX_GENESIS, fitness, headerHex, operationHashOf, operationHex } from "./support.ts";

/** One JSON call with a bounded wait: a blocked node fails the test instead of hanging it. */
async function call(url: string, method: string, path: string, body?: unknown): Promise<{ status: number; text: string }> {
  const response = await fetch(url + path, {
    method,
    signal: AbortSignal.timeout(5000),
    ...(body !== undefined ? { body: JSON.stringify(body), headers: { "content-type": "application/json" } } : {}),
  });
  return { status: response.status, text: await response.text() };
}

const sinks = (...paths: string[]) => ({ active_sinks: paths.map((p) => `file-descriptor-path://${p}`) });
let opCount = 0;
/** Injects a fresh operation, which makes an `operations_injected` event. */
const inject = (served: SpawnedSandbox) => call(served.url, "POST", "/injection/operation", operationHex({ branch: SANDBOX_GENESIS, data: (opCount++).toString(16).padStart(8, "0") }));

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 25));
  if (!check()) throw new Error(`timed out waiting for ${what}`);
}

describe("logging sinks that cannot be written", () => {
  it("are refused, or dropped with an event, and never take the node down, now or at restart", async () => {
    const dir = mkdtempSync(join(tmpdir(), "sandbox-sinks-"));
    const dataDir = join(dir, "node");
    const fifo = join(dir, "fifo");
    execFileSync("mkfifo", [fifo]);
    let served = await spawnSandbox(["--data-dir", dataDir, "--protocol", "sandbox"]);
    try {
      // Refused at once: a missing directory, a directory, a FIFO nobody reads (never a blocking open()).
      for (const bad of [join(dir, "missing", "events.log"), dir, fifo]) {
        const put = await call(served.url, "PUT", "/config/logging", sinks(bad));
        expect(put.status, bad).toBe(500);
        expect(put.text, bad).toContain(`Cannot open event sink ${bad}`);
      }
      // Accepted, then dropped when a write fails; the event goes to the sinks that remain.
      const good = join(dir, "events.log");
      expect((await call(served.url, "PUT", "/config/logging", sinks("/dev/full", good))).status).toBe(200);
      expect((await inject(served)).status).toBe(200);
      await until(() => existsSync(good) && readFileSync(good, "utf8").includes("sink_dropped"), "sink_dropped");
      const dropped = readFileSync(good, "utf8").trim().split("\n").map((l) => JSON.parse(l) as { event: string; uri?: string });
      expect(dropped.find((e) => e.event === "sink_dropped")?.uri).toBe("file-descriptor-path:///dev/full");
      expect((await inject(served)).status).toBe(200);
      expect(served.child.exitCode).toBeNull();

      // A stored sink that cannot be opened any more does not stop a restart, nor the next events.
      mkdirSync(join(dir, "gone"));
      expect((await call(served.url, "PUT", "/config/logging", sinks(join(dir, "gone", "events.log")))).status).toBe(200);
      await served.stop();
      rmSync(join(dir, "gone"), { recursive: true });
      served = await spawnSandbox(["--data-dir", dataDir, "--protocol", "sandbox"]);
      expect((await inject(served)).status).toBe(200);
      await new Promise((r) => setTimeout(r, 200));
      expect((await call(served.url, "GET", "/chains/main/chain_id")).status).toBe(200);
      expect(served.child.exitCode).toBeNull();
    } finally {
      await served.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the RPC part of the configuration", () => {
  it("applies rpc.acl to its listening address and max_active_rpc_connections", async () => {
    const sandbox = await startSandbox({ netAddr: false, config: { rpc: { acl: [{ address: "127.0.0.1", whitelist: ["GET /chains/*/chain_id"] }], max_active_rpc_connections: 1 } } });
    try {
      // Each on its own connection (a kept-alive one would count against the cap of 1).
      expect((await raw(`${sandbox.url}/chains/main/chain_id`)).status).toBe(200);
      expect((await raw(`${sandbox.url}/version`)).status).toBe(401);
      // One connection held open: the next one is closed at once.
      const { port } = new URL(sandbox.url);
      const held = connect(Number(port), "127.0.0.1");
      await new Promise((resolve) => held.once("connect", resolve));
      await new Promise((resolve) => setTimeout(resolve, 50));
      await expect(raw(`${sandbox.url}/chains/main/chain_id`)).rejects.toThrow();
      held.destroy();
    } finally {
      await sandbox.stop();
    }
  });

  it("refuses a malformed rpc.acl matcher, naming it", async () => {
    await expect(startSandbox({ netAddr: false, config: { rpc: { acl: [{ address: "127.0.0.1", blacklist: ["GET chains"] }] } } })).rejects.toThrow(/config\.rpc\.acl\[0\]\.blacklist\[0\]/);
  });

  const address = nonLoopbackAddress();
  // A machine with loopback only has no non-loopback address to listen on.
  it.skipIf(address === undefined)("serve --allow-all-rpc opens a non-loopback listener, --cors-origin checks Origin; without the flag the secure policy applies", async () => {
    const open = await spawnSandbox(["--host", address!, "--allow-all-rpc", address!, "--cors-origin", "http://dapp.example", "--net-addr", "127.0.0.1:0"]);
    const secure = await startSandbox({ host: address!, netAddr: false });
    try {
      expect((await call(open.url, "GET", "/config")).status).toBe(200);
      const cors = async (origin: string) => (await fetch(`${open.url}/config`, { headers: { origin }, signal: AbortSignal.timeout(5000) })).status;
      expect([await cors("http://dapp.example"), await cors("http://evil.example")]).toEqual([200, 403]);
      expect((await call(secure.url, "GET", "/config")).status).toBe(401);
      expect((await call(secure.url, "GET", "/chains/main/chain_id")).status).toBe(200);
    } finally {
      await Promise.all([open.stop(), secure.stop()]);
    }
  });
});

describe("asynchronous injection", () => {
  it("answers the hash at once, as Octez; a failure after that leaves the operation in no mempool class and is logged as injection_failure", async () => {
    const dir = mkdtempSync(join(tmpdir(), "sandbox-async-"));
    const log = join(dir, "events.log");
    const sandbox = await startSandbox({ netAddr: false });
    try {
      expect((await call(sandbox.url, "PUT", "/config/logging", sinks(log))).status).toBe(200);
      const unknown = "BLockGenesisGenesisGenesisGenesisGenesis1db77eJNeJ9"; // ghostnet's genesis: not this chain's
      const genesis = JSON.parse((await call(sandbox.url, "GET", "/chains/main/blocks/genesis/hash")).text) as string;
      // Three ways to fail after the answer: Octez's validator (no chain: the branch must be a
      // known block), its prevalidator (a chain given: the branch must be live), the protocol.
      const cases = [
        { query: "async=true", op: operationHex({ branch: unknown, data: "0badc0de" }), error: "Unknown branch (BLockGenes), cannot inject the operation." },
        { query: "async=true&chain=main", op: operationHex({ branch: unknown, data: "0badc0df" }), error: "is branched on either:" },
        { query: "async=true", op: operationHex({ branch: genesis, data: "0badc0e0" }), error: "Error while validating injected operation" },
      ];
      for (const { query, op, error } of cases) {
        const hash = operationHashOf(Buffer.from(op, "hex"));
        const answer = await call(sandbox.url, "POST", `/injection/operation?${query}`, op);
        expect(answer, query).toEqual({ status: 200, text: JSON.stringify(hash) + "\n" });
        const failure = () => readLog(log).find((e) => e.event === "injection_failure" && e.hash === hash);
        await until(() => failure() !== undefined, `injection_failure of ${hash}`);
        expect(failure()).toMatchObject({ kind: "operation", errors: [{ kind: "permanent", id: "async_injection_failed" }, { kind: "generic" }] });
        expect(JSON.stringify(failure()!.errors), query).toContain(JSON.stringify(error).slice(1, -1));
        // The same injection, waited for, fails with that error.
        const waited = await call(sandbox.url, "POST", `/injection/operation?${query.replace("async=true", "async=false")}`, op);
        expect(waited.status).toBe(500);
        expect(waited.text).toContain(JSON.stringify(error).slice(1, -1));
      }
      const pending = JSON.parse((await call(sandbox.url, "GET", "/chains/main/mempool/pending_operations?validated=true&branch_delayed=true&branch_refused=true&refused=true&outdated=true")).text) as Record<string, unknown[]>;
      expect(Object.values(pending).flat()).toEqual([]);
    } finally {
      await sandbox.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** The JSON events of a log sink written so far. */
function readLog(path: string): { event: string; hash?: string; kind?: string; errors?: unknown }[] {
  if (!existsSync(path)) return [];
  return readFileSync(path, "utf8").split("\n").filter((l) => l.endsWith("}")).map((l) => JSON.parse(l) as { event: string });
}

describe("the data directory", () => {
  const BIN = new URL("../../bin/tezos-rpcgen.js", import.meta.url).pathname;

  it("is locked: a second sandbox on it exits 2 with a message, in another process or this one", async () => {
    const dir = mkdtempSync(join(tmpdir(), "sandbox-lock-"));
    try {
      const first = await startSandbox({ dataDir: dir, netAddr: false });
      try {
        const second = spawnSync(process.execPath, [BIN, "serve", "--port", "0", "--data-dir", dir], { encoding: "utf8", timeout: 30_000 });
        expect(second.status).toBe(2);
        expect(second.stderr).toContain(`data directory ${dir} is in use by another sandbox`);
        await expect(startSandbox({ dataDir: dir, netAddr: false })).rejects.toThrow(/is in use by another sandbox/);
      } finally {
        await first.stop();
      }
      // Released on stop.
      await (await startSandbox({ dataDir: dir, netAddr: false })).stop();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 40_000);

  it("refuses a database whose chain misses a block in the middle, with a message", async () => {
    const dir = mkdtempSync(join(tmpdir(), "sandbox-rows-"));
    try {
      const sandbox = await startSandbox({ dataDir: dir, netAddr: false, protocol: "sandbox" });
      let predecessor = SANDBOX_GENESIS;
      const hashes: string[] = [];
      for (let level = 1; level <= 3; level++) {
        const operations = [[], [], [], []];
        const data = headerHex({ level, predecessor, timestamp: GENESIS_TIME + level, fitness: fitness(level), operations });
        predecessor = JSON.parse((await call(sandbox.url, "POST", "/injection/block", { data, operations })).text) as string;
        hashes.push(predecessor);
      }
      await sandbox.stop();
      const db = new Database(join(dir, "sandbox.sqlite"));
      db.prepare("DELETE FROM blocks WHERE hash = ?").run(hashes[1]);
      db.close();
      await expect(startSandbox({ dataDir: dir, netAddr: false, protocol: "sandbox" })).rejects.toThrow(`inconsistent database: stored block 2 (${hashes[2]}, level 3) has no stored predecessor (${hashes[1]})`);
      // Refused, the database was closed again: nothing holds the directory.
      const again = new Database(join(dir, "sandbox.sqlite"), { timeout: 0 });
      again.exec("BEGIN EXCLUSIVE; COMMIT");
      again.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("durability of the SQLite store", () => {
  it("writes with synchronous = FULL in WAL mode, and deletes a batch of operations in one transaction", () => {
    const dir = mkdtempSync(join(tmpdir(), "sandbox-durable-"));
    try {
      const store = new SqliteStore(dir);
      // The settings a kill -9 cannot show: a write still in the OS cache survives a crash of the
      // process, not a power cut; FULL makes each commit reach the disk before the call returns.
      const db = (store as unknown as { db: Database.Database }).db;
      expect([db.pragma("synchronous", { simple: true }), db.pragma("journal_mode", { simple: true }), db.pragma("locking_mode", { simple: true })]).toEqual([2, "wal", "exclusive"]);
      const hashes = Array.from({ length: 60 }, (_, i) => `op${i}`);
      for (const h of hashes) store.putOperation("NetXdQprcVkpaWU", h, { branch: SANDBOX_GENESIS, data: "00" } as never);
      db.pragma("wal_checkpoint(TRUNCATE)");
      const wal = join(dir, "sandbox.sqlite-wal");
      expect(statSync(wal).size).toBe(0);
      store.deleteOperations("NetXdQprcVkpaWU", hashes);
      // One transaction writes the changed pages once and commits once; 60 autocommitted deletes
      // would append at least one page (4 KiB and its frame header) each.
      expect(statSync(wal).size).toBeLessThan(10 * 4096);
      expect(store.load().mempool).toEqual([]);
      store.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("/describe in binary", () => {
  it("answers a subtree in binary, decoding to its JSON answer; a tree the binary encoding cannot write gets 406 (or JSON if accepted), never 500", async () => {
    const sandbox = await startSandbox({ netAddr: false, protocol: "sandbox" });
    const get = async (path: string, accept: string) => {
      const response = await fetch(sandbox.url + path, { headers: { accept }, signal: AbortSignal.timeout(5000) });
      return { status: response.status, type: response.headers.get("content-type"), bytes: Buffer.from(await response.arrayBuffer()) };
    };
    try {
      // Dynamic path items (`PDynamic` objects next to `PStatic` text) are written in binary.
      const path = "/describe/chains/main/blocks/head?recurse=yes";
      const binary = await get(path, "application/octet-stream");
      expect([binary.status, binary.type]).toEqual([200, "application/octet-stream"]);
      const json = JSON.parse((await get(path, "application/json")).bytes.toString()) as unknown;
      expect(binaryBodies(BINARY).decodeBody(getDescribeByStringRoute, "output", binary.bytes)).toEqual(json);
      // The whole tree holds query flags, which Octez 20.3's describe encoding has no binary form for.
      const root = await get("/describe?recurse=yes", "application/octet-stream");
      expect([root.status, root.bytes.toString()]).toEqual([406, "application/json"]);
      const either = await get("/describe?recurse=yes", "application/octet-stream, application/json;q=0.5");
      expect([either.status, either.type]).toEqual([200, "application/json"]);
    } finally {
      await sandbox.stop();
    }
  });
});
