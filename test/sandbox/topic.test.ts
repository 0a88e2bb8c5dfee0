/**
 * Streams with a reader that falls behind: the node's topics never wait for a reader and never
 * hold more than their limit for one; a reader that falls that far behind gets what it had
 * queued, then the end of its stream, while the others get everything.
 */
import { describe, expect, it } from "vitest";
import { buildConfig } from "../../sandbox/config/config.ts";
import { shellHandlers } from "../../sandbox/handlers/index.ts";
import { SandboxNode } from "../../sandbox/node/node.ts";
import { Topic } from "../../sandbox/node/topic.ts";
import { abortable } from "./support.ts";

describe("Topic queue bound", () => {
  it("cuts off a subscriber that never reads, without holding back the others", async () => {
    const topic = new Topic<number>(3);
    const never = topic.subscribe(abortable().signal)[Symbol.asyncIterator]();
    const reader = topic.subscribe(abortable().signal)[Symbol.asyncIterator]();
    const got: number[] = [];
    for (let i = 0; i < 10; i++) {
      topic.publish(i);
      got.push((await reader.next()).value!);
    }
    expect(got).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect([topic.size, topic.overflowed]).toEqual([1, 1]);
    // The late reader finds what it had queued, then the end.
    const late: number[] = [];
    for (let r = await never.next(); !r.done; r = await never.next()) late.push(r.value);
    expect(late).toEqual([0, 1, 2]);
    expect(() => new Topic(0)).toThrow(RangeError);
  });

  it("ends a head stream whose reader never reads once it is the node's limit behind; the node keeps producing", async () => {
    const node = new SandboxNode({ config: buildConfig({}), streamQueueLimit: 4, now: () => 1_700_000_000 });
    const handlers = shellHandlers(node, { root: {}, mounts: [] });
    const context = (signal: AbortSignal) => ({ signal, mediaType: "application/json" as const });
    const stalled = (handlers.getMonitorHeadsByChainId({ path: { chain_id: "main" } }, context(abortable().signal)) as AsyncIterable<{ hash: string }>)[Symbol.asyncIterator]();
    const live = (handlers.getMonitorHeadsByChainId({ path: { chain_id: "main" } }, context(abortable().signal)) as AsyncIterable<{ hash: string }>)[Symbol.asyncIterator]();
    expect((await live.next()).value!.hash).toBe(node.mainChain.head.hash);
    const produced: string[] = [];
    const seen: string[] = [];
    for (let i = 0; i < 20; i++) {
      produced.push(node.produceBlock());
      seen.push((await live.next()).value!.hash);
    }
    expect(seen).toEqual(produced);
    expect([node.events.heads.size, node.events.heads.overflowed]).toEqual([1, 1]);
    let delivered = 0;
    for (let r = await stalled.next(); !r.done; r = await stalled.next()) delivered++;
    expect(delivered).toBe(4); // the genesis head it started with, then three new heads
    node.close();
  });
});
