/**
 * The node's event log, written to the sinks of its logging configuration (`PUT
 * /config/logging`, the config's `internal-events`). Sinks are Octez's URIs
 * (tezos/tezos-mirror `src/lib_stdlib_unix/file_descriptor_sink.ml`):
 * `file-descriptor-stdout://`, `file-descriptor-stderr://` and `file-descriptor-path:///<file>`
 * (query arguments such as `?format=one-per-line` are accepted and ignored). Each line is one
 * JSON event: `{"time", "event", …}` for blocks validated, applied and made head, operations
 * and protocols.
 */
import { appendFileSync } from "node:fs";
import { genericFailure } from "../errors.ts";
import type { NodeEvents } from "./events.ts";

type Sink = (line: string) => void;

/** The sink a URI names; throws Octez-like generic errors for others. */
function sinkOf(uri: string): Sink {
  const [base] = uri.split("?");
  if (base === "file-descriptor-stdout://") return (line) => process.stdout.write(line);
  if (base === "file-descriptor-stderr://") return (line) => process.stderr.write(line);
  const path = /^file-descriptor-path:\/\/(\/.+)$/.exec(base ?? "");
  if (path) return (line) => appendFileSync(path[1]!, line);
  throw genericFailure(`Invalid event sink URI: ${JSON.stringify(uri)} (file-descriptor-stdout://, file-descriptor-stderr:// or file-descriptor-path:///<file>)`);
}

/** The sink URIs of a logging configuration (`active_sinks`, or the deprecated `activate`). */
export function sinkUris(config: unknown): string[] {
  const c = (config ?? {}) as { active_sinks?: unknown[]; activate?: unknown[] };
  return (c.active_sinks ?? c.activate ?? []).filter((u): u is string => typeof u === "string");
}

export class EventLog {
  private sinks: Sink[] = [];
  private controller = new AbortController();

  constructor(
    private readonly events: NodeEvents,
    private readonly now: () => number,
  ) {}

  /** Checks every URI first, so that a bad one changes nothing; then writes to the new sinks. */
  configure(uris: readonly string[]): void {
    const sinks = uris.map(sinkOf);
    this.controller.abort();
    this.controller = new AbortController();
    this.sinks = sinks;
    if (sinks.length === 0) return;
    const signal = this.controller.signal;
    const write = (event: string, fields: Record<string, unknown>) => {
      const line = JSON.stringify({ time: new Date(this.now() * 1000).toISOString(), event, ...fields }) + "\n";
      for (const sink of this.sinks) sink(line);
    };
    const follow = async <T>(items: AsyncIterable<T>, f: (item: T) => void) => {
      for await (const item of items) f(item);
    };
    void follow(this.events.validated.subscribe(signal), (e) => write("block_validated", { chain_id: e.chainId, hash: e.block.hash, level: e.block.header.level }));
    void follow(this.events.applied.subscribe(signal), (e) => write("block_applied", { chain_id: e.chainId, hash: e.block.hash, level: e.block.header.level }));
    void follow(this.events.heads.subscribe(signal), (e) => write("new_head", { chain_id: e.chainId, hash: e.block.hash, level: e.block.header.level }));
    void follow(this.events.mempool.subscribe(signal), (e) => write("operations_injected", { chain_id: e.chainId, hashes: e.operations.map((o) => o.hash) }));
    void follow(this.events.protocols.subscribe(signal), (hash) => write("protocol_injected", { hash }));
  }

  close(): void {
    this.controller.abort();
  }
}
