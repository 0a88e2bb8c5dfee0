/**
 * Traffic counters as Octez's `P2p_stat` reports them: bytes sent and received since the start,
 * and the current rates in bytes per second (the bytes of the last complete second, as Octez's
 * moving averages are refreshed once a second).
 */
import type { P2pStat } from "../../generated/shell/types.ts";

class Flow {
  total = 0;
  private second = 0;
  private inSecond = 0;
  private lastSecond = 0;

  add(bytes: number, nowMs: number): void {
    this.roll(nowMs);
    this.total += bytes;
    this.inSecond += bytes;
  }

  /** Bytes per second over the last complete second. */
  rate(nowMs: number): number {
    this.roll(nowMs);
    return this.lastSecond;
  }

  private roll(nowMs: number): void {
    const second = Math.floor(nowMs / 1000);
    if (second === this.second) return;
    this.lastSecond = second === this.second + 1 ? this.inSecond : 0;
    this.inSecond = 0;
    this.second = second;
  }
}

/** The counters of one connection, feeding a parent (the node's) when given. */
export class Meter {
  private readonly sent = new Flow();
  private readonly received = new Flow();

  constructor(private readonly parent?: Meter) {}

  onSent(bytes: number, nowMs = Date.now()): void {
    this.sent.add(bytes, nowMs);
    this.parent?.onSent(bytes, nowMs);
  }

  onReceived(bytes: number, nowMs = Date.now()): void {
    this.received.add(bytes, nowMs);
    this.parent?.onReceived(bytes, nowMs);
  }

  stat(nowMs = Date.now()): P2pStat {
    return {
      total_sent: String(this.sent.total),
      total_recv: String(this.received.total),
      current_inflow: this.received.rate(nowMs),
      current_outflow: this.sent.rate(nowMs),
    };
  }
}

/** The counters of a peer with no connection. */
export const EMPTY_STAT: P2pStat = { total_sent: "0", total_recv: "0", current_inflow: 0, current_outflow: 0 };
