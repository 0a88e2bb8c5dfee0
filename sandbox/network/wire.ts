/**
 * The sandbox's peer-to-peer wire format. It is NOT Octez's (no encrypted chunks, no
 * data-encoding messages): sandboxes only talk to each other. Each message is a frame, a
 * 4-byte big-endian length then that many bytes of UTF-8 JSON, one object with a `kind`.
 * Everything read is checked: a frame too long or empty, text that is not JSON, or a message
 * of an unknown kind or with a malformed field is a {@link WireError}, and the connection ends.
 */
import { BinaryFrameSplitter, ElementTooLargeError, FramingError, frameBinary, isHex } from "@tezos-rpcgen/runtime";

/** Protocol marker in the first message: a peer that does not send it is not a sandbox. */
export const MAGIC = "tezos-rpcgen-sandbox-p2p/1";
/** Frames before authentication are small: a stranger cannot make the node buffer much. */
export const MAX_HANDSHAKE_FRAME = 4096;
/** Frames of an authenticated connection carry blocks with their operations. */
export const MAX_FRAME = 4 * 1024 * 1024;

/** What was wrong with bytes read from a peer. */
export class WireError extends Error {
  constructor(
    /** `frame_too_large`, `empty_frame`, `not_json`, `bad_message`. */
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "WireError";
  }
}

/** A frame's bytes. */
export function frame(message: Message): Buffer {
  const framed = frameBinary(Buffer.from(JSON.stringify(message), "utf8"));
  return Buffer.from(framed.buffer, framed.byteOffset, framed.length);
}

/**
 * Cuts a byte stream into frames (the runtime's length-prefixed splitter), refusing an empty
 * frame or one longer than `limit` bytes with a {@link WireError}.
 */
export class FrameReader {
  private readonly splitter = new BinaryFrameSplitter(MAX_HANDSHAKE_FRAME);

  /** The longest frame accepted: {@link MAX_HANDSHAKE_FRAME} until raised after authentication. */
  get limit(): number {
    return this.splitter.limit;
  }

  set limit(bytes: number) {
    this.splitter.limit = bytes;
  }

  /** The complete frames `chunk` ends; throws {@link WireError} on a bad length. */
  push(chunk: Buffer): Buffer[] {
    let frames: Uint8Array[];
    try {
      frames = this.splitter.push(chunk);
    } catch (error) {
      if (error instanceof ElementTooLargeError) throw new WireError("frame_too_large", `a frame of ${error.size} bytes (at most ${error.limit})`);
      // A prefix past data-encoding's uint30 (what an HTTP request's first bytes read as).
      if (error instanceof FramingError) throw new WireError("frame_too_large", error.message);
      throw error;
    }
    return frames.map((f) => {
      if (f.length === 0) throw new WireError("empty_frame", "a frame of length 0");
      return Buffer.from(f.buffer, f.byteOffset, f.length);
    });
  }
}

export interface NetworkVersion {
  chain_name: string;
  distributed_db_version: number;
  p2p_version: number;
}

export interface ConnMetadata {
  disable_mempool: boolean;
  private_node: boolean;
}

/** A block as sent between peers: header bytes and operation lists (hexadecimal). */
export interface WireBlock {
  data: string;
  operations: Array<Array<{ branch: string; data: string }>>;
}

export type Message =
  | { kind: "hello"; magic: string; public_key: string; nonce: string; port: number | null; version: NetworkVersion; metadata: ConnMetadata }
  | { kind: "auth"; proof: string }
  | { kind: "ack" }
  | { kind: "nack"; motive: number }
  | { kind: "disconnect" }
  | { kind: "head"; chain_id: string; block: WireBlock }
  | { kind: "get_block"; chain_id: string; hash: string }
  | { kind: "block"; chain_id: string; block: WireBlock }
  | { kind: "operation"; chain_id: string; data: string };

type Obj = Record<string, unknown>;

function fail(what: string): never {
  throw new WireError("bad_message", what);
}
function isObj(v: unknown): v is Obj {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
function str(o: Obj, field: string, where: string, max = 256): string {
  const v = o[field];
  if (typeof v !== "string" || v.length > max) fail(`${where}.${field}: expected a string of at most ${max} characters`);
  return v;
}
function hex(o: Obj, field: string, where: string, bytes?: number, maxBytes = MAX_FRAME): string {
  const v = o[field];
  if (typeof v !== "string" || !isHex(v) || (bytes !== undefined ? v.length !== bytes * 2 : v.length > maxBytes * 2)) {
    fail(`${where}.${field}: expected ${bytes !== undefined ? `${bytes} bytes` : "bytes"} in hexadecimal`);
  }
  return v;
}
function int(o: Obj, field: string, where: string, min: number, max: number): number {
  const v = o[field];
  if (typeof v !== "number" || !Number.isInteger(v) || v < min || v > max) fail(`${where}.${field}: expected an integer in [${min}, ${max}]`);
  return v;
}
function bool(o: Obj, field: string, where: string): boolean {
  const v = o[field];
  if (typeof v !== "boolean") fail(`${where}.${field}: expected a boolean`);
  return v;
}
function obj(o: Obj, field: string, where: string): Obj {
  const v = o[field];
  if (!isObj(v)) fail(`${where}.${field}: expected an object`);
  return v;
}

function block(o: Obj, where: string): WireBlock {
  const b = obj(o, "block", where);
  const passes = b.operations;
  if (!Array.isArray(passes) || passes.length > 16) fail(`${where}.block.operations: expected at most 16 lists`);
  return {
    data: hex(b, "data", `${where}.block`),
    operations: passes.map((pass, i) => {
      if (!Array.isArray(pass)) fail(`${where}.block.operations[${i}]: expected a list`);
      return pass.map((op, j) => {
        if (!isObj(op)) fail(`${where}.block.operations[${i}][${j}]: expected an operation`);
        return { branch: str(op, "branch", `${where}.block.operations[${i}][${j}]`, 64), data: hex(op, "data", `${where}.block.operations[${i}][${j}]`) };
      });
    }),
  };
}

/** The message a frame holds; throws {@link WireError} naming what is wrong. */
export function parseMessage(bytes: Buffer): Message {
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString("utf8"));
  } catch {
    throw new WireError("not_json", "a frame that is not JSON");
  }
  if (!isObj(value)) fail("message: expected an object");
  const where = `message ${typeof value.kind === "string" ? value.kind.slice(0, 32) : "?"}`;
  switch (value.kind) {
    case "hello": {
      const version = obj(value, "version", where);
      const metadata = obj(value, "metadata", where);
      return {
        kind: "hello",
        magic: str(value, "magic", where),
        public_key: hex(value, "public_key", where, 32),
        nonce: hex(value, "nonce", where, 24),
        port: value.port === null ? null : int(value, "port", where, 1, 65535),
        version: {
          chain_name: str(version, "chain_name", `${where}.version`),
          distributed_db_version: int(version, "distributed_db_version", `${where}.version`, 0, 65535),
          p2p_version: int(version, "p2p_version", `${where}.version`, 0, 65535),
        },
        metadata: { disable_mempool: bool(metadata, "disable_mempool", `${where}.metadata`), private_node: bool(metadata, "private_node", `${where}.metadata`) },
      };
    }
    case "auth":
      return { kind: "auth", proof: hex(value, "proof", where, 32) };
    case "ack":
    case "disconnect":
      return { kind: value.kind };
    case "nack":
      return { kind: "nack", motive: int(value, "motive", where, 0, 65535) };
    case "head":
    case "block":
      return { kind: value.kind, chain_id: str(value, "chain_id", where, 64), block: block(value, where) };
    case "operation":
      return { kind: "operation", chain_id: str(value, "chain_id", where, 64), data: hex(value, "data", where) };
    case "get_block":
      return { kind: "get_block", chain_id: str(value, "chain_id", where, 64), hash: str(value, "hash", where, 64) };
    default:
      return fail(`message: unknown kind ${JSON.stringify(String(value.kind).slice(0, 32))}`);
  }
}
