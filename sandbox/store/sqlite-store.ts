/**
 * The data directory's database: SQLite through better-sqlite3 (see sandbox/README.md for the
 * choice). Writes are synchronous statements in WAL mode with `synchronous = FULL`, so a write
 * has reached the disk when the call returns: the node answers a request only after that.
 *
 * The database is opened in SQLite's exclusive locking mode and written at once, so this
 * process holds the lock on it until it closes (or dies: the operating system releases it, so a
 * `kill -9` leaves no stale lock): a second sandbox on the same directory cannot open it, and
 * fails with a {@link StoreError} instead of sharing its peer id and missing its blocks.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import type { JsonValue } from "@tezos-rpcgen/runtime";
import type { Operation } from "../../generated/shell/types.ts";
import type { InvalidBlock } from "../chain/chain-store.ts";
import { StoreError, type BlockRow, type NodeStore, type PersistedState } from "./store.ts";

const SCHEMA = `
CREATE TABLE IF NOT EXISTS blocks (seq INTEGER PRIMARY KEY AUTOINCREMENT, chain_id TEXT NOT NULL, hash TEXT NOT NULL UNIQUE,
  bytes BLOB NOT NULL, operations TEXT NOT NULL, protocol TEXT NOT NULL, next_protocol TEXT NOT NULL, received_at REAL NOT NULL);
CREATE TABLE IF NOT EXISTS invalid_blocks (chain_id TEXT NOT NULL, hash TEXT NOT NULL, level INTEGER NOT NULL, errors TEXT NOT NULL,
  PRIMARY KEY (chain_id, hash));
CREATE TABLE IF NOT EXISTS mempool (seq INTEGER PRIMARY KEY AUTOINCREMENT, chain_id TEXT NOT NULL, hash TEXT NOT NULL UNIQUE, operation TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS protocols (hash TEXT PRIMARY KEY, source TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS kv (key TEXT PRIMARY KEY, value TEXT NOT NULL);
`;

export class SqliteStore implements NodeStore {
  private readonly db: Database.Database;
  private readonly stmts;

  constructor(dataDir: string) {
    mkdirSync(dataDir, { recursive: true });
    // No busy wait: the only other holder of the lock is another sandbox, which keeps it.
    this.db = new Database(join(dataDir, "sandbox.sqlite"), { timeout: 0 });
    try {
      // Exclusive before WAL: the WAL index then lives in this process's memory, not a shared file.
      this.db.pragma("locking_mode = EXCLUSIVE");
      this.db.pragma("journal_mode = WAL");
      this.db.pragma("synchronous = FULL");
      this.db.exec(SCHEMA);
      // A write takes the exclusive lock now, not at the first block.
      this.db.exec("BEGIN EXCLUSIVE; COMMIT");
    } catch (error) {
      this.db.close();
      if ((error as { code?: string }).code === "SQLITE_BUSY") throw new StoreError(`data directory ${dataDir} is in use by another sandbox (its database is locked)`);
      throw error;
    }
    const db = this.db;
    this.stmts = {
      putBlock: db.prepare(
        "INSERT OR IGNORE INTO blocks (chain_id, hash, bytes, operations, protocol, next_protocol, received_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
      ),
      putInvalid: db.prepare("INSERT OR REPLACE INTO invalid_blocks (chain_id, hash, level, errors) VALUES (?, ?, ?, ?)"),
      deleteInvalid: db.prepare("DELETE FROM invalid_blocks WHERE chain_id = ? AND hash = ?"),
      putOperation: db.prepare("INSERT OR IGNORE INTO mempool (chain_id, hash, operation) VALUES (?, ?, ?)"),
      deleteOperation: db.prepare("DELETE FROM mempool WHERE chain_id = ? AND hash = ?"),
      putProtocol: db.prepare("INSERT OR IGNORE INTO protocols (hash, source) VALUES (?, ?)"),
      putValue: db.prepare("INSERT OR REPLACE INTO kv (key, value) VALUES (?, ?)"),
    };
  }

  load(): PersistedState {
    const blocks = this.db.prepare("SELECT * FROM blocks ORDER BY seq").all() as Array<Record<string, unknown>>;
    const invalid = this.db.prepare("SELECT * FROM invalid_blocks").all() as Array<Record<string, unknown>>;
    const mempool = this.db.prepare("SELECT * FROM mempool ORDER BY seq").all() as Array<Record<string, unknown>>;
    const protocols = this.db.prepare("SELECT * FROM protocols").all() as Array<Record<string, unknown>>;
    const kv = this.db.prepare("SELECT * FROM kv").all() as Array<Record<string, unknown>>;
    return {
      blocks: blocks.map((r) => ({
        chainId: r.chain_id as string,
        hash: r.hash as string,
        bytes: new Uint8Array(r.bytes as Buffer),
        operations: JSON.parse(r.operations as string) as Operation[][],
        protocol: r.protocol as string,
        nextProtocol: r.next_protocol as string,
        receivedAt: r.received_at as number,
      })),
      invalid: invalid.map((r) => ({
        chainId: r.chain_id as string,
        record: { hash: r.hash as string, level: r.level as number, errors: JSON.parse(r.errors as string) as JsonValue },
      })),
      mempool: mempool.map((r) => ({ chainId: r.chain_id as string, hash: r.hash as string, operation: JSON.parse(r.operation as string) as Operation })),
      protocols: protocols.map((r) => ({ hash: r.hash as string, source: JSON.parse(r.source as string) as JsonValue })),
      values: new Map(kv.map((r) => [r.key as string, JSON.parse(r.value as string) as JsonValue])),
    };
  }

  putBlock(row: BlockRow): void {
    this.stmts.putBlock.run(row.chainId, row.hash, Buffer.from(row.bytes), JSON.stringify(row.operations), row.protocol, row.nextProtocol, row.receivedAt);
  }

  putInvalid(chainId: string, record: InvalidBlock): void {
    this.stmts.putInvalid.run(chainId, record.hash, record.level, JSON.stringify(record.errors));
  }

  deleteInvalid(chainId: string, hash: string): void {
    this.stmts.deleteInvalid.run(chainId, hash);
  }

  putOperation(chainId: string, hash: string, operation: Operation): void {
    this.stmts.putOperation.run(chainId, hash, JSON.stringify(operation));
  }

  deleteOperations(chainId: string, hashes: readonly string[]): void {
    if (hashes.length === 0) return;
    this.db.transaction(() => {
      for (const h of hashes) this.stmts.deleteOperation.run(chainId, h);
    })();
  }

  putProtocol(hash: string, source: JsonValue): void {
    this.stmts.putProtocol.run(hash, JSON.stringify(source));
  }

  putValue(key: string, value: JsonValue): void {
    this.stmts.putValue.run(key, JSON.stringify(value));
  }

  close(): void {
    this.db.close();
  }
}
