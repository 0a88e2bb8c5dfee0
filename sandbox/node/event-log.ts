/**
 * The node's event log, written to the sinks of its logging configuration (`PUT
 * /config/logging`, the config's `internal-events`). Sinks are Octez's URIs
 * (tezos/tezos-mirror `src/lib_stdlib_unix/file_descriptor_sink.ml`):
 * `file-descriptor-stdout://`, `file-descriptor-stderr://` and `file-descriptor-path:///<file>`
 * (query arguments such as `?format=one-per-line` are accepted and ignored). Each line is one
 * JSON event: `{"time", "event", …}` for blocks validated, applied and made head, operations
 * and protocols, and asynchronous injections that failed (`injection_failure`).
 *
 * A sink must never take the node down nor stall it: a file is opened non-blocking (a FIFO
 * nobody reads fails at once instead of blocking `open()`), so a path that cannot be opened
 * (missing directory, a directory, a FIFO without a reader) is refused when configured; lines
 * are written asynchronously, and a sink whose write fails (`/dev/full`, a full disk, a reader
 * that went away) or that falls {@link MAX_PENDING_BYTES} behind is dropped with a
 * `sink_dropped` event.
 */
import { closeSync, constants, fstatSync, openSync, write, close } from "node:fs";
import { genericFailure } from "../errors.ts";
import type { NodeEvents } from "./events.ts";

/** Bytes a sink may have waiting to be written before it is dropped as too slow. */
export const MAX_PENDING_BYTES = 1 << 20;

interface Sink {
  readonly uri: string;
  write(line: string): void;
  close(): void;
}

/** Writes lines to a file descriptor in order, one `fs.write` at a time, never synchronously. */
class FileSink implements Sink {
  private queue: Buffer[] = [];
  private pending = 0;
  private writing = false;
  private closed = false;

  constructor(
    readonly uri: string,
    private readonly fd: number,
    private readonly fail: (sink: Sink, reason: string) => void,
  ) {}

  write(line: string): void {
    if (this.closed) return;
    const bytes = Buffer.from(line);
    this.pending += bytes.length;
    if (this.pending > MAX_PENDING_BYTES) return this.fail(this, `more than ${MAX_PENDING_BYTES} bytes waiting to be written`);
    this.queue.push(bytes);
    if (!this.writing) this.flush();
  }

  private flush(): void {
    const next = this.queue.shift();
    if (next === undefined || this.closed) {
      this.writing = false;
      return;
    }
    this.writing = true;
    this.writeAll(next, 0);
  }

  private writeAll(bytes: Buffer, from: number): void {
    write(this.fd, bytes, from, bytes.length - from, null, (error, written) => {
      if (this.closed) return;
      if (error) return this.fail(this, error.message);
      if (from + written < bytes.length) return this.writeAll(bytes, from + written);
      this.pending -= bytes.length;
      this.flush();
    });
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.queue = [];
    // After any write still in flight: closing under it could hand its fd number to another file.
    const fd = this.fd;
    setImmediate(() => close(fd, () => {}));
  }
}

/** Opens the sink a URI names; throws an Octez-like generic error when it cannot be used. */
function openSink(uri: string, fail: (sink: Sink, reason: string) => void): Sink {
  const [base] = uri.split("?");
  if (base === "file-descriptor-stdout://") return { uri, write: (line) => void process.stdout.write(line), close() {} };
  if (base === "file-descriptor-stderr://") return { uri, write: (line) => void process.stderr.write(line), close() {} };
  const path = /^file-descriptor-path:\/\/(\/.+)$/.exec(base ?? "");
  if (!path) throw genericFailure(`Invalid event sink URI: ${JSON.stringify(uri)} (file-descriptor-stdout://, file-descriptor-stderr:// or file-descriptor-path:///<file>)`);
  let fd: number;
  try {
    // O_NONBLOCK: opening a FIFO with no reader fails (ENXIO) rather than blocking the process.
    fd = openSync(path[1]!, constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_NONBLOCK, 0o644);
  } catch (error) {
    throw genericFailure(`Cannot open event sink ${path[1]}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  if (fstatSync(fd).isDirectory()) {
    closeSync(fd);
    throw genericFailure(`Cannot open event sink ${path[1]}: EISDIR`);
  }
  return new FileSink(uri, fd, fail);
}

/** The sink URIs of a logging configuration (`active_sinks`, or the deprecated `activate`). */
export function sinkUris(config: unknown): string[] {
  const c = (config ?? {}) as { active_sinks?: unknown[]; activate?: unknown[] };
  return (c.active_sinks ?? c.activate ?? []).filter((u): u is string => typeof u === "string");
}

/** Told when a sink is dropped (it failed, or could not be reopened at start), with why. */
export type SinkDropped = (uri: string, reason: string) => void;

export class EventLog {
  private sinks: Sink[] = [];
  private controller = new AbortController();

  constructor(
    private readonly events: NodeEvents,
    private readonly now: () => number,
    private readonly onDrop: SinkDropped = () => {},
  ) {}

  /**
   * Opens every sink first, so that a bad one changes nothing (it throws); then writes to the
   * new sinks. With `lenient` (a configuration stored by an earlier run), a sink that cannot be
   * opened is dropped instead, so a bad stored sink never stops the node from starting.
   */
  configure(uris: readonly string[], lenient = false): void {
    const opened: Sink[] = [];
    const failed: [string, string][] = [];
    for (const uri of uris) {
      try {
        opened.push(openSink(uri, (sink, reason) => this.drop(sink, reason)));
      } catch (error) {
        if (!lenient) {
          for (const sink of opened) sink.close();
          throw error;
        }
        failed.push([uri, error instanceof Error ? error.message : String(error)]);
      }
    }
    this.controller.abort();
    for (const sink of this.sinks) sink.close();
    this.controller = new AbortController();
    this.sinks = opened;
    for (const [uri, reason] of failed) this.reportDrop(uri, reason);
    if (opened.length === 0) return;
    const signal = this.controller.signal;
    const follow = async <T>(items: AsyncIterable<T>, f: (item: T) => void) => {
      for await (const item of items) f(item);
    };
    const block = (e: { chainId: string; block: { hash: string; header: { level: number } } }) => ({ chain_id: e.chainId, hash: e.block.hash, level: e.block.header.level });
    void follow(this.events.validated.subscribe(signal), (e) => this.write("block_validated", block(e)));
    void follow(this.events.applied.subscribe(signal), (e) => this.write("block_applied", block(e)));
    void follow(this.events.heads.subscribe(signal), (e) => this.write("new_head", block(e)));
    void follow(this.events.mempool.subscribe(signal), (e) => this.write("operations_injected", { chain_id: e.chainId, hashes: e.operations.map((o) => o.hash) }));
    void follow(this.events.protocols.subscribe(signal), (hash) => this.write("protocol_injected", { hash }));
    void follow(this.events.injectionFailures.subscribe(signal), (e) => this.write("injection_failure", { kind: e.kind, hash: e.hash, errors: e.errors }));
  }

  private write(event: string, fields: Record<string, unknown>): void {
    const line = JSON.stringify({ time: new Date(this.now() * 1000).toISOString(), event, ...fields }) + "\n";
    for (const sink of this.sinks) sink.write(line);
  }

  private drop(sink: Sink, reason: string): void {
    if (!this.sinks.includes(sink)) return;
    sink.close();
    this.sinks = this.sinks.filter((s) => s !== sink);
    if (this.sinks.length === 0) this.controller.abort();
    this.reportDrop(sink.uri, reason);
  }

  /** The `sink_dropped` event goes to the remaining sinks and to stderr (a dropped sink may be the only one). */
  private reportDrop(uri: string, reason: string): void {
    this.write("sink_dropped", { uri, reason });
    process.stderr.write(`sandbox: event sink ${uri} dropped: ${reason}\n`);
    this.onDrop(uri, reason);
  }

  close(): void {
    this.controller.abort();
    for (const sink of this.sinks) sink.close();
    this.sinks = [];
  }
}
