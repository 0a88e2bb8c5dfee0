/**
 * The sandbox's mempool as Octez's prevalidator keeps it: classification by the sandbox
 * protocol's directive rule (`sandbox/protocol/operations.ts`), the injection answers, the
 * classes moving at each new head (re-examination, inclusion, reorganisation), unprocessed
 * operations and the prevalidator's queue, `pending_operations` and `monitor_operations` with
 * their filters, and the `test` chain alias. Handlers are called directly (no HTTP).
 */
import { describe, expect, it } from "vitest";
import type { HandlerContext } from "../../runtime/index.ts";
import { shellHandlers } from "../../sandbox/handlers/index.ts";
import { mempoolHandlers } from "../../sandbox/protocol/handlers.ts";
import { DIRECTIVE, directiveData } from "../../sandbox/protocol/operations.ts";
import { SANDBOX_PROTOCOL } from "../../sandbox/protocol/protocol.ts";
import { GENESIS_TIME, SANDBOX_GENESIS, abortable, failure, fitness, headerHex, operationHashOf, operationHex, testNode, type TestOperation } from "./support.ts";

const json = { signal: new AbortController().signal, mediaType: "application/json" as const };
const main = { chain_id: "main" };
const EMPTY = [[], [], [], []];
type Call = (request: unknown, context?: HandlerContext) => unknown;

function setup(config: unknown = {}) {
  const node = testNode({ config });
  const shell = shellHandlers(node, { root: {}, mounts: [] }) as unknown as Record<string, Call>;
  const mempool = mempoolHandlers(node) as unknown as Record<string, Call>;
  const h = new Proxy({}, { get: (_, name: string) => (request: unknown, context: HandlerContext = json) => (shell[name] ?? mempool[name])!(request, context) }) as Record<string, Call>;
  const pending = async (query: object = {}) => (await h.getPendingOperations!({ path: main, query })) as Record<string, Array<{ hash: string; error?: Array<{ id: string; kind: string }> }>>;
  const hashesOf = async (query: object = {}) => Object.fromEntries(Object.entries(await pending(query)).map(([k, v]) => [k, v.map((o) => o.hash)]));
  /** An empty block on the head (from outside: it includes none of the mempool's operations). */
  const emptyBlock = async (round = 0) => {
    const head = node.mainChain.head;
    const level = head.header.level + 1;
    const f = fitness(level);
    f[4] = round.toString(16).padStart(8, "0");
    const data = headerHex({ level, predecessor: head.hash, timestamp: GENESIS_TIME + level, fitness: f, operations: EMPTY });
    return (await h.postInjectionBlock!({ body: { data, operations: EMPTY } })) as string;
  };
  return { node, h, pending, hashesOf, emptyBlock };
}

const op = (data: string, branch = SANDBOX_GENESIS): TestOperation & { hex: string; hash: string } => {
  const hex = operationHex({ branch, data });
  return { branch, data, hex, hash: operationHashOf(Buffer.from(hex, "hex")) };
};


describe("classification", () => {
  it("validates plain operations and refuses, without keeping them, injections the protocol does not validate", async () => {
    const { node, h, hashesOf } = setup();
    const plain = op("6c00aa");
    expect(await h.postInjectionOperation!({ body: plain.hex })).toBe(plain.hash);
    for (const data of [directiveData(DIRECTIVE.refuse), directiveData(DIRECTIVE.notBefore, 5), directiveData(DIRECTIVE.notBefore)]) {
      const e = await failure(() => h.postInjectionOperation!({ body: op(data).hex }));
      expect([e.status, (e.trace as Array<{ error: string }>)[0]!.error]).toEqual([500, expect.stringMatching(/^Error while validating injected operation o\w+:\nproto\.sandbox\.operation\./)]);
    }
    const unknownBranch = await failure(() => h.postInjectionOperation!({ body: op("01", "BLockGenesisGenesisGenesisGenesisGenesisb83baZgbyZe").hex }));
    expect(unknownBranch.trace).toEqual([{ kind: "generic", error: "Unknown branch (BLockGenes), cannot inject the operation." }]);
    expect(await hashesOf()).toEqual({ validated: [plain.hash], refused: [], outdated: [], branch_refused: [], branch_delayed: [], unprocessed: [] });
    // Again: already in the mempool, accepted without effect; once included, likewise.
    expect(await h.postInjectionOperation!({ body: plain.hex })).toBe(plain.hash);
    node.produceBlock();
    expect(node.mainChain.head.operationHashes[3]).toEqual([plain.hash]);
    expect(await h.postInjectionOperation!({ body: plain.hex })).toBe(plain.hash);
    expect(node.mempool(node.mainChain.chainId).size).toBe(0);
  });

  it("files forced operations by the kind of their error, with the trace, and filters by class and validation pass", async () => {
    const { h, pending, hashesOf } = setup();
    const refused = op(directiveData(DIRECTIVE.refuse, undefined, "ff"));
    const delayed = op(directiveData(DIRECTIVE.notBefore, 3));
    const outdated = op(directiveData(DIRECTIVE.expiresAfter, 0));
    const branchRefused = op(directiveData(DIRECTIVE.branchUpTo, 0));
    const malformed = op(directiveData(DIRECTIVE.expiresAfter) + "01");
    const valid = op(directiveData(DIRECTIVE.expiresAfter, 9));
    const all = [refused, delayed, outdated, branchRefused, malformed, valid];
    expect(await h.postPrivateInjectionOperations!({ body: all.map((o) => o.hex), query: { force: true } })).toEqual(all.map((o) => o.hash));
    expect(await hashesOf()).toEqual({
      validated: [valid.hash],
      refused: [refused.hash, malformed.hash],
      outdated: [outdated.hash],
      branch_refused: [branchRefused.hash],
      branch_delayed: [delayed.hash],
      unprocessed: [],
    });
    const answer = await pending();
    expect(answer.branch_delayed![0]).toEqual({
      hash: delayed.hash,
      protocol: SANDBOX_PROTOCOL,
      branch: SANDBOX_GENESIS,
      data: delayed.data,
      error: [{ kind: "temporary", id: "proto.sandbox.operation.too_early", expected: 3, found: 1 }],
    });
    expect(answer.refused!.map((o) => o.error![0]!.kind)).toEqual(["permanent", "permanent"]);
    expect(answer.outdated![0]!.error![0]!.kind).toBe("outdated");
    expect(answer.branch_refused![0]!.error![0]!.kind).toBe("branch");
    expect(await hashesOf({ refused: false, validated: false, branch_delayed: false })).toMatchObject({ validated: [], refused: [], branch_delayed: [], outdated: [outdated.hash] });
    expect(Object.values(await hashesOf({ validation_pass: [0, 1] })).flat()).toEqual([]);
    expect(Object.values(await hashesOf({ validation_pass: [3] })).flat()).toHaveLength(6);
    // Without force, the public route refuses such an operation; one the mempool has is accepted without effect.
    expect((await failure(() => h.postInjectionOperation!({ body: op(directiveData(DIRECTIVE.notBefore, 4)).hex }))).status).toBe(500);
    expect(await h.postInjectionOperation!({ body: delayed.hex })).toBe(delayed.hash);
    // Private injection of several operations: one failure makes Octez's trace for the batch.
    const e = await failure(() => h.postPrivateInjectionOperations!({ body: [op("02").hex, op(directiveData(DIRECTIVE.refuse, undefined, "01")).hex] }));
    expect((e.trace as Array<{ id?: string; oph?: string; kind: string }>).map((t) => t.id ?? t.kind)).toEqual(["injection_operations_error", "injection_operation_succeed_case", "injection_operation_error_case", "generic"]);
    expect((e.trace as Array<{ oph?: string }>)[1]!.oph).toBe(op("02").hash);
  });

  it("refuses an operation whose branch is no longer live unless forced, and drops it at the next head", async () => {
    const { node, h, hashesOf } = setup();
    for (let i = 0; i < 121; i++) node.produceBlock();
    const old = op("01"); // branch genesis: 122 levels below the next block
    const e = await failure(() => h.postInjectionOperation!({ body: old.hex }));
    expect((e.trace as Array<{ error: string }>)[0]!.error).toBe(
      `Operation ${old.hash} is branched on either:\n - a block ${SANDBOX_GENESIS} which is too old (121 blocks in the past)\n - a predecessor block from an alternative branch which is now unknown`,
    );
    expect(await h.postPrivateInjectionOperation!({ body: old.hex })).toBe(old.hash);
    expect((await hashesOf()).validated).toEqual([old.hash]);
    node.produceBlock(); // cannot hold it; the flush drops it
    expect(node.mainChain.head.operationHashes[3]).toEqual([]);
    expect(node.mempool(node.mainChain.chainId).size).toBe(0);
  });
});

describe("a new head", () => {
  it("re-examines branch_delayed and validated operations, keeps refused and outdated ones, and drops included ones", async () => {
    const { node, h, hashesOf, emptyBlock } = setup();
    const early = op(directiveData(DIRECTIVE.notBefore, 3));
    const expiring = op(directiveData(DIRECTIVE.expiresAfter, 2));
    const bounded = op(directiveData(DIRECTIVE.branchUpTo, 2));
    const refused = op(directiveData(DIRECTIVE.refuse));
    await h.postPrivateInjectionOperations!({ body: [early, expiring, bounded, refused].map((o) => o.hex), query: { force: true } });
    expect(await hashesOf()).toMatchObject({ validated: [expiring.hash, bounded.hash], branch_delayed: [early.hash], refused: [refused.hash] });
    await emptyBlock(); // head 1, next 2
    expect(await hashesOf()).toMatchObject({ validated: [expiring.hash, bounded.hash], branch_delayed: [early.hash], refused: [refused.hash] });
    await emptyBlock(); // head 2, next 3
    expect(await hashesOf()).toEqual({ validated: [early.hash], refused: [refused.hash], outdated: [expiring.hash], branch_refused: [bounded.hash], branch_delayed: [], unprocessed: [] });
    const produced = node.produceBlock(); // includes the validated operation; it leaves the mempool
    expect(node.mainChain.get(produced)!.operationHashes[3]).toEqual([early.hash]);
    expect(await hashesOf()).toEqual({ validated: [], refused: [refused.hash], outdated: [expiring.hash], branch_refused: [bounded.hash], branch_delayed: [], unprocessed: [] });
  });

  it("gives back the operations of blocks a reorganisation leaves, and drops those no longer live", async () => {
    const { node, h, hashesOf, emptyBlock } = setup();
    const a = op("0a");
    await h.postInjectionOperation!({ body: a.hex });
    const withA = node.produceBlock(); // level 1, round 0, holds a
    const b = op("0b", withA);
    await h.postInjectionOperation!({ body: b.hex });
    expect(await hashesOf()).toMatchObject({ validated: [b.hash] });
    // A sibling of level 1 with a higher round becomes the head: a comes back, b's branch is gone.
    const head1 = node.mainChain.head;
    const f = fitness(1);
    f[4] = "00000001";
    const data = headerHex({ level: 1, predecessor: SANDBOX_GENESIS, timestamp: GENESIS_TIME + 1, fitness: f, operations: EMPTY });
    await h.postInjectionBlock!({ body: { data, operations: EMPTY } });
    expect(node.mainChain.head.hash).not.toBe(head1.hash);
    expect(await hashesOf()).toEqual({ validated: [a.hash], refused: [], outdated: [], branch_refused: [], branch_delayed: [], unprocessed: [] });
    await emptyBlock();
    expect((await hashesOf()).validated).toEqual([a.hash]);
  });

  it("leaves operations unprocessed past the batch size until the prevalidator's leftover request", async () => {
    const { node, h, hashesOf, emptyBlock } = setup({ shell: { prevalidator: { operations_batch_size: 1 } } });
    const ops = [op("01"), op("02"), op("03")];
    for (const o of ops) await h.postInjectionOperation!({ body: o.hex });
    await emptyBlock();
    expect(await hashesOf()).toMatchObject({ validated: [ops[0]!.hash], unprocessed: [ops[1]!.hash, ops[2]!.hash] });
    const workers = (await h.getWorkersPrevalidatorsByChainId!({ path: main })) as { pending_requests: Array<{ request: { request: string } }> };
    expect(workers.pending_requests.map((r) => r.request.request)).toEqual(["leftover"]);
    expect(((await h.getWorkersPrevalidators!({})) as Array<{ information: { queue_length: number } }>)[0]!.information.queue_length).toBe(1);
    await node.operationQueue.idle();
    expect(await hashesOf()).toMatchObject({ validated: ops.map((o) => o.hash), unprocessed: [] });
  });

  it("lists an asynchronous injection as a pending inject request until it runs", async () => {
    const { node, h, hashesOf } = setup();
    const a = op("0a");
    expect(await h.postInjectionOperation!({ body: a.hex, query: { async: true } })).toBe(a.hash);
    const workers = (await h.getWorkersPrevalidatorsByChainId!({ path: main })) as { pending_requests: Array<{ request: { request: string; force: boolean } }> };
    expect(workers.pending_requests.map((r) => r.request)).toEqual([{ request: "inject", operation: { branch: a.branch, data: a.data }, force: false }]);
    expect((await hashesOf()).validated).toEqual([]);
    await node.operationQueue.idle();
    expect((await hashesOf()).validated).toEqual([a.hash]);
  });
});

describe("monitor_operations", () => {
  it("sends the selected classes, then each classification, and ends at the next flush", async () => {
    const { h, emptyBlock } = setup();
    const valid = op("01");
    const refused = op(directiveData(DIRECTIVE.refuse));
    await h.postInjectionOperation!({ body: valid.hex });
    await h.postPrivateInjectionOperation!({ body: refused.hex });
    const s = abortable();
    const stream = (h.monitorOperations!({ path: main, query: { refused: true } }, { ...json, signal: s.signal }) as AsyncIterable<Array<{ hash: string; error?: unknown }>>)[Symbol.asyncIterator]();
    const defaults = (h.monitorOperations!({ path: main }, json) as AsyncIterable<Array<{ hash: string }>>)[Symbol.asyncIterator]();
    expect((await stream.next()).value!.map((o: { hash: string; error?: unknown }) => [o.hash, o.error === undefined])).toEqual([
      [valid.hash, true],
      [refused.hash, false],
    ]);
    expect((await defaults.next()).value!.map((o: { hash: string }) => o.hash)).toEqual([valid.hash]);
    const later = op(directiveData(DIRECTIVE.refuse, undefined, "02"));
    await h.postPrivateInjectionOperation!({ body: later.hex });
    const next = op("02");
    await h.postInjectionOperation!({ body: next.hex });
    expect((await stream.next()).value).toEqual([{ hash: later.hash, protocol: SANDBOX_PROTOCOL, branch: SANDBOX_GENESIS, data: later.data, error: [{ kind: "permanent", id: "proto.sandbox.operation.refused" }] }]);
    expect((await stream.next()).value!.map((o: { hash: string }) => o.hash)).toEqual([next.hash]);
    // The refused one is not among the defaults' classes.
    expect((await defaults.next()).value!.map((o: { hash: string }) => o.hash)).toEqual([next.hash]);
    await emptyBlock();
    expect((await stream.next()).done).toBe(true);
    expect((await defaults.next()).done).toBe(true);
  });

  it("ends when the node stops", async () => {
    const { node, h } = setup();
    const stream = (h.monitorOperations!({ path: main }, json) as AsyncIterable<unknown[]>)[Symbol.asyncIterator]();
    expect((await stream.next()).value).toEqual([]);
    node.close();
    expect((await stream.next()).done).toBe(true);
  });
});

describe("the test chain alias", () => {
  it("names no chain: the chain routes, injections with chain=test and heads/validated_blocks answer 404; applied_blocks ignores it", async () => {
    const { node, h } = setup();
    const test = { chain_id: "test" };
    const notFound = async (call: () => unknown) => expect((await failure(call)).status).toBe(404);
    await notFound(() => h.getChainsChainId!({ path: test }));
    await notFound(() => h.patchChainsByChainId!({ path: test, body: { bootstrapped: true } }));
    await notFound(() => h.getChainsIsBootstrapped!({ path: test }));
    await notFound(() => h.getPendingOperations!({ path: test }));
    await notFound(() => h.getMonitorHeadsByChainId!({ path: test }));
    await notFound(() => h.getMonitorValidatedBlocks!({ query: { chain: ["test"] } }));
    await notFound(() => h.postInjectionOperation!({ body: op("01").hex, query: { chain: "test" } }));
    await notFound(() => h.postPrivateInjectionOperations!({ body: [op("01").hex], query: { chain: "test" } }));
    const data = headerHex({ level: 1, predecessor: SANDBOX_GENESIS, timestamp: GENESIS_TIME + 1, fitness: fitness(1), operations: EMPTY });
    await notFound(() => h.postInjectionBlock!({ body: { data, operations: EMPTY }, query: { chain: "test" } }));
    expect(await h.getMonitorActiveChains!({}, json)).toBeDefined();
    const active = (h.getMonitorActiveChains!({}, json) as AsyncIterable<unknown>)[Symbol.asyncIterator]();
    expect((await active.next()).value).toEqual([{ chain_id: node.mainChain.chainId }]);
    const applied = (h.getMonitorAppliedBlocks!({ query: { chain: ["test", "main"] } }, json) as AsyncIterable<{ hash: string }>)[Symbol.asyncIterator]();
    const hash = await h.postInjectionBlock!({ body: { data, operations: EMPTY } });
    expect((await applied.next()).value!.hash).toBe(hash);
    expect(node.mainChain.head.hash).toBe(hash);
  });
});
