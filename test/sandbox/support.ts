/**
 * Test helpers for the sandbox: blocks built byte by byte (independently of the sandbox's own
 * encoder) and hashes computed with @noble/hashes, so that tests check the node against a
 * second implementation.
 */
import { blake2b } from "@noble/hashes/blake2.js";
import { RpcError } from "../../runtime/client/index.ts";
import { RpcServerError } from "../../runtime/server/index.ts";
import bs58check from "bs58check";
import { binaryCodecs as shellBinary } from "../../generated/shell/binary.ts";
import { buildConfig } from "../../sandbox/config/config.ts";
import { binaryCodecs as blockBinary } from "../../sandbox/protocol/generated/block/binary.ts";
import { binaryCodecs as mempoolBinary } from "../../sandbox/protocol/generated/mempool/binary.ts";
import { SandboxNode } from "../../sandbox/node/node.ts";
import type { NodeStore } from "../../sandbox/store/store.ts";
import { rejection } from "../support/rejection.ts";

/** Binary codecs of every route the sandbox serves (shell, block and mempool directories). */
export const BINARY = { ...shellBinary, ...blockBinary, ...mempoolBinary };

const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");
const H = (...parts: Uint8Array[]) => blake2b(Buffer.concat(parts), { dkLen: 32 });

function b58(prefixHex: string, payload: Uint8Array): string {
  return bs58check.encode(Buffer.concat([Buffer.from(prefixHex, "hex"), payload]));
}
function unb58(prefixHex: string, text: string): Uint8Array {
  return bs58check.decode(text).subarray(prefixHex.length / 2);
}

export const blockHashOf = (bytes: Uint8Array) => b58("0134", H(bytes));
export const operationHashOf = (bytes: Uint8Array) => b58("0574", H(bytes));
export const chainIdOf = (genesis: string) => b58("575200", H(unb58("0134", genesis)).subarray(0, 4));

function merkle(leaves: Uint8Array[]): Uint8Array {
  if (leaves.length === 0) return H(new Uint8Array(0));
  let level: Uint8Array[] = leaves.map((l) => H(l));
  if (level.length === 1) return level[0]!;
  let width = 1;
  while (width < level.length) width *= 2;
  while (level.length < width) level.push(level[level.length - 1]!);
  while (level.length > 1) {
    const next: Uint8Array[] = [];
    for (let i = 0; i < level.length; i += 2) next.push(H(level[i]!, level[i + 1]!));
    level = next;
  }
  return level[0]!;
}

export interface TestOperation {
  branch: string;
  data: string;
}

export function operationHex(op: TestOperation): string {
  return hex(unb58("0134", op.branch)) + op.data;
}

/** `operations_hash` of operation lists. */
export function operationsHash(passes: TestOperation[][]): string {
  const roots = passes.map((pass) => merkle(pass.map((op) => H(Buffer.from(operationHex(op), "hex")))));
  return b58("1d9f6d", merkle(roots));
}

export interface HeaderFields {
  level: number;
  proto?: number;
  predecessor: string;
  timestamp: number;
  operations?: TestOperation[][];
  fitness: string[];
  context?: string;
  protocolData?: string;
  operationsHash?: string;
  validationPass?: number;
}

/** A block header's bytes, written field by field as data-encoding lays them out. */
export function headerHex(f: HeaderFields): string {
  const ops = f.operations ?? [];
  const i32 = (n: number) => Buffer.from([(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]);
  const i64 = Buffer.alloc(8);
  i64.writeBigInt64BE(BigInt(f.timestamp));
  const fitness = Buffer.concat(f.fitness.map((e) => Buffer.concat([i32(e.length / 2), Buffer.from(e, "hex")])));
  const parts = [
    i32(f.level),
    Buffer.from([f.proto ?? 1]),
    Buffer.from(unb58("0134", f.predecessor)),
    i64,
    Buffer.from([f.validationPass ?? ops.length]),
    Buffer.from(unb58("1d9f6d", f.operationsHash ?? operationsHash(ops))),
    i32(fitness.length),
    fitness,
    f.context !== undefined ? Buffer.from(unb58("4fc7", f.context)) : Buffer.alloc(32, 7),
    Buffer.from(f.protocolData ?? "", "hex"),
  ];
  return Buffer.concat(parts).toString("hex");
}

/** Tenderbake-shaped fitness at a level (round 0). */
export function fitness(level: number): string[] {
  return ["02", level.toString(16).padStart(8, "0"), "", "ffffffff", "00000000"];
}

/** A node on the sandbox network with a fixed clock. */
export function testNode(options: { config?: unknown; store?: NodeStore; now?: number } = {}): SandboxNode {
  const now = options.now ?? 1_700_000_000;
  return new SandboxNode({ config: buildConfig(options.config), store: options.store, now: () => now });
}

/** An AbortController's signal plus its abort, for streams. */
export function abortable(): { signal: AbortSignal; abort: () => void } {
  const c = new AbortController();
  return { signal: c.signal, abort: () => c.abort() };
}

export const SANDBOX_GENESIS = "BLockGenesisGenesisGenesisGenesisGenesisf79b5d1CoW2";
export const GENESIS_TIME = 1530374852;

/** The {@link RpcError} a call fails with (fails the test when it succeeds or fails otherwise). */
export function rpcError(call: Promise<unknown>): Promise<RpcError> {
  return rejection(call, RpcError);
}

/** The {@link RpcServerError} a handler call fails with (the test fails if it succeeds). */
export function failure(call: () => unknown): Promise<RpcServerError> {
  return rejection(call, RpcServerError);
}
