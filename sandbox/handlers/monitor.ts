/**
 * Handlers of `/monitor/…`: streams fed by the node's events (tezos/tezos-mirror
 * `src/lib_shell/monitor_directory.ml`). `heads` starts with the current head, as Octez's
 * does; `active_chains` starts with the list of active chains; `bootstrapped` sends the head
 * at once and ends when the node is bootstrapped (at once when it already is); the block
 * streams send each block as it is validated or stored. A stream ends when its client leaves
 * (the context's signal aborts) or when the node stops.
 */
import type { Handlers } from "../../generated/shell/server.ts";
import type { StoredBlock } from "../chain/block.ts";
import type { BlockEvent } from "../node/events.ts";
import type { SandboxNode } from "../node/node.ts";
import type { Topic } from "../node/topic.ts";
import { monitoredBlock, monitoredHead } from "./views.ts";

type MonitorHandlers = Pick<
  Handlers,
  | "getMonitorActiveChains"
  | "getMonitorAppliedBlocks"
  | "getMonitorBootstrapped"
  | "getMonitorCommitHash"
  | "getMonitorHeadsByChainId"
  | "getMonitorProtocols"
  | "getMonitorValidatedBlocks"
>;

interface BlockFilter {
  protocol?: string[];
  next_protocol?: string[];
  chain?: string[];
}

/** The commit the sandbox reports (it is not built from an Octez commit). */
export const COMMIT_HASH = "0000000000000000000000000000000000000000";

function matches(node: SandboxNode, e: BlockEvent, f: BlockFilter | undefined): boolean {
  const { block } = e;
  if (f?.protocol?.length && !f.protocol.includes(block.protocol)) return false;
  if (f?.next_protocol?.length && !f.next_protocol.includes(block.nextProtocol)) return false;
  if (f?.chain?.length && !f.chain.some((c) => (c === "main" ? node.mainChain.chainId : c) === e.chainId)) return false;
  return true;
}

async function* blocks(node: SandboxNode, topic: Topic<BlockEvent>, filter: BlockFilter | undefined, signal: AbortSignal) {
  for await (const e of topic.subscribe(signal)) if (matches(node, e, filter)) yield monitoredBlock(e.chainId, e.block);
}

export function monitorHandlers(node: SandboxNode): MonitorHandlers {
  return {
    async *getMonitorActiveChains(_request, { signal }) {
      yield node.allChains().map((c) => ({ chain_id: c.chainId }));
      for await (const _ of node.events.activeChains.subscribe(signal)) yield [];
    },
    getMonitorAppliedBlocks({ query }, { signal }) {
      return blocks(node, node.events.applied, query, signal);
    },
    getMonitorValidatedBlocks({ query }, { signal }) {
      return blocks(node, node.events.validated, query, signal);
    },
    async *getMonitorHeadsByChainId({ path, query }, { signal }) {
      const chain = node.chain(path.chain_id);
      const filter = { protocol: query?.protocol, next_protocol: query?.next_protocol };
      const updates = node.events.heads.subscribe(signal, [{ chainId: chain.chainId, block: chain.head }]);
      for await (const e of updates) if (e.chainId === chain.chainId && matches(node, e, filter)) yield monitoredHead(e.block);
    },
    async *getMonitorBootstrapped(_request, { signal }) {
      const head = (b: StoredBlock) => ({ block: b.hash, timestamp: b.header.timestamp });
      if (node.bootstrapped) {
        yield head(node.mainChain.head);
        return;
      }
      const first: BlockEvent = { chainId: node.mainChain.chainId, block: node.mainChain.head };
      for await (const e of node.events.bootstrapProgress.subscribe(signal, [first], (v) => v === "bootstrapped")) {
        if (e === "bootstrapped") return;
        yield head(e.block);
      }
    },
    getMonitorCommitHash() {
      return COMMIT_HASH;
    },
    getMonitorProtocols(_request, { signal }) {
      return node.events.protocols.subscribe(signal);
    },
  };
}
