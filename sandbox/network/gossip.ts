/**
 * Block propagation between connected sandboxes, a small cousin of Octez's distributed
 * database and peer validator: a node sends its head to each new peer and every new head to
 * all peers; a peer's head of greater fitness than the local head is validated and stored
 * (an unknown predecessor is asked for, `get_block`, and so on down to a known block); a
 * request for a known block is answered with it. Blocks go through the node's own injection
 * (every validation rule applies); what fails is dropped. Operations entering the mempool are
 * sent to the peers whose mempool is on (`disable_mempool` false) and injected on arrival
 * (validated as an injection; an operation already known stops there, which ends the echo),
 * unless this node's mempool is off.
 */
import { blockHash, bytesToHex, compareFitness, hexToBytes } from "@tezos-rpcgen/runtime";
import { operationBytes, parseHeader, type StoredBlock } from "../chain/block.ts";
import type { SandboxNode } from "../node/node.ts";
import type { Connection, ConnectHandler } from "./connect-handler.ts";
import type { Message, WireBlock } from "./wire.ts";

/**
 * Blocks waiting for their predecessor, at most: past it they are all dropped (a peer sending
 * a branch that never reaches a known block cannot fill the memory, nor stop propagation).
 */
const MAX_PENDING = 10_000;

function wire(block: StoredBlock): WireBlock {
  return { data: bytesToHex(block.bytes), operations: block.operations.map((pass) => pass.map((op) => ({ branch: op.branch, data: op.data }))) };
}

export class BlockGossip {
  /** Blocks waiting for their predecessor, by predecessor hash. */
  private readonly waiting = new Map<string, Array<{ hash: string; block: WireBlock }>>();
  private waitingCount = 0;
  /** Blocks asked for and not yet received. */
  private readonly requested = new Set<string>();
  /** The subscription to new heads, held only while some peer is connected. */
  private heads: AbortController | undefined;

  constructor(
    private readonly node: SandboxNode,
    private readonly net: ConnectHandler,
  ) {
    net.onConnection = chain(net.onConnection, (c) => {
      this.follow();
      c.socket.onClose(() => {
        if (this.net.connections.size === 0) this.close();
      });
      const head = this.node.mainChain.head;
      if (head.header.level > 0) c.socket.send({ kind: "head", chain_id: this.node.mainChain.chainId, block: wire(head) });
    });
    net.onMessage = (c, m) => void this.receive(c, m).catch(() => undefined);
  }

  /** Sends every new head, and every operation entering the mempool, to the peers from now on. */
  private follow(): void {
    if (this.heads) return;
    const heads = new AbortController();
    this.heads = heads;
    if (!this.node.config.p2p.disable_mempool)
      void (async () => {
        for await (const { chainId, operations } of this.node.events.mempool.subscribe(heads.signal)) {
          if (chainId !== this.node.mainChain.chainId) continue;
          for (const { operation } of operations) {
            const data = bytesToHex(operationBytes(operation));
            for (const c of this.net.connections.values()) if (!c.remoteMetadata.disable_mempool) c.socket.send({ kind: "operation", chain_id: chainId, data });
          }
        }
      })();
    void (async () => {
      for await (const { chainId, block } of this.node.events.heads.subscribe(heads.signal)) {
        if (chainId !== this.node.mainChain.chainId) continue;
        for (const c of this.net.connections.values()) c.socket.send({ kind: "head", chain_id: chainId, block: wire(block) });
      }
      // Ended by `close`, the node stopping, or the topic cutting a reader that fell behind:
      // the next connection follows again.
      if (this.heads === heads) this.heads = undefined;
    })();
  }

  private async receive(c: Connection, m: Message): Promise<void> {
    const chain = this.node.mainChain;
    if (m.kind === "get_block") {
      const block = m.chain_id === chain.chainId ? chain.get(m.hash) : undefined;
      if (block) c.socket.send({ kind: "block", chain_id: chain.chainId, block: wire(block) });
      return;
    }
    if (m.kind === "operation") {
      // Validated as an injection would be; refused ones are dropped, as are all with the mempool off.
      if (m.chain_id === chain.chainId && !this.node.config.p2p.disable_mempool) await this.node.injectOperation(m.data, { chain: chain.chainId });
      return;
    }
    if ((m.kind !== "head" && m.kind !== "block") || m.chain_id !== chain.chainId) return;
    let header;
    let hash: string;
    try {
      const bytes = hexToBytes(m.block.data);
      header = parseHeader(bytes);
      hash = blockHash(bytes);
    } catch {
      this.net.misbehaved(c, `a ${m.kind} message whose header does not parse`);
      return;
    }
    if (m.kind === "block") {
      // Only blocks this node asked for are taken.
      if (!this.requested.delete(hash)) return;
    } else if (compareFitness(header.fitness, chain.head.header.fitness) <= 0) return;
    if (chain.knows(hash) || chain.invalidBlock(hash) !== undefined) return;
    if (chain.knows(header.predecessor)) {
      await this.store(hash, m.block);
      return;
    }
    if (this.waitingCount >= MAX_PENDING) {
      this.waiting.clear();
      this.requested.clear();
      this.waitingCount = 0;
    }
    const list = this.waiting.get(header.predecessor) ?? [];
    list.push({ hash, block: m.block });
    this.waiting.set(header.predecessor, list);
    this.waitingCount++;
    this.requested.add(header.predecessor);
    c.socket.send({ kind: "get_block", chain_id: chain.chainId, hash: header.predecessor });
  }

  /** Validates and stores a block whose predecessor is known, then the blocks that waited for it. */
  private async store(hash: string, block: WireBlock): Promise<void> {
    try {
      await this.node.injectBlock(block.data, block.operations, { force: true, chain: this.node.mainChain.chainId });
    } catch {
      return;
    }
    const children = this.waiting.get(hash) ?? [];
    this.waiting.delete(hash);
    this.waitingCount -= children.length;
    for (const child of children) await this.store(child.hash, child.block);
  }

  /** Stops following the heads. */
  close(): void {
    this.heads?.abort();
    this.heads = undefined;
  }
}

function chain<A>(first: ((a: A) => void) | undefined, second: (a: A) => void): (a: A) => void {
  return (a) => {
    first?.(a);
    second(a);
  };
}
