/**
 * Handlers of `/monitor/…`: streams fed by the node's events (tezos/tezos-mirror
 * `src/lib_shell/monitor_directory.ml`). `heads` starts with the current head, as Octez's
 * does; `active_chains` starts with the list of active chains; `bootstrapped` sends the head
 * at once and ends when the node is bootstrapped (at once when it already is); the block
 * streams send each block as it is validated or stored. A stream ends when its client leaves
 * (the context's signal aborts), when the node stops, or when its reader falls too far behind
 * (`Topic`). The `test` chain alias names no chain (Octez's `Not_found`): `heads/test` and
 * `validated_blocks?chain=test` are 404s, `applied_blocks?chain=test` matches no block.
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

/**
 * Subscribes at once (so that nothing published after the request is missed; an async
 * generator's body would only start at the first read) and maps the events.
 */
function blocks(node: SandboxNode, topic: Topic<BlockEvent>, filter: BlockFilter | undefined, signal: AbortSignal) {
  const events = topic.subscribe(signal);
  return (async function* () {
    for await (const e of events) if (matches(node, e, filter)) yield monitoredBlock(e.chainId, e.block);
  })();
}

export function monitorHandlers(node: SandboxNode): MonitorHandlers {
  return {
    getMonitorActiveChains(_request, { signal }) {
      const changes = node.events.activeChains.subscribe(signal);
      const active = node.allChains().map((c) => ({ chain_id: c.chainId }));
      return (async function* () {
        yield active;
        for await (const _ of changes) yield [];
      })();
    },
    getMonitorAppliedBlocks({ query }, { signal }) {
      return blocks(node, node.events.applied, query, signal);
    },
    getMonitorValidatedBlocks({ query }, { signal }) {
      // Octez resolves these chains first (`Chain_directory.get_chain_id`): `test` (no test chain
      // runs) or an unknown chain id is a 404, where `applied_blocks` just matches nothing.
      for (const c of query?.chain ?? []) node.chain(c);
      return blocks(node, node.events.validated, query, signal);
    },
    getMonitorHeadsByChainId({ path, query }, { signal }) {
      const chain = node.chain(path.chain_id);
      const filter = { protocol: query?.protocol, next_protocol: query?.next_protocol };
      const updates = node.events.heads.subscribe(signal, [{ chainId: chain.chainId, block: chain.head }]);
      return (async function* () {
        for await (const e of updates) if (e.chainId === chain.chainId && matches(node, e, filter)) yield monitoredHead(e.block);
      })();
    },
    getMonitorBootstrapped(_request, { signal }) {
      const head = (b: StoredBlock) => ({ block: b.hash, timestamp: b.header.timestamp });
      const first: BlockEvent = { chainId: node.mainChain.chainId, block: node.mainChain.head };
      if (node.bootstrapped)
        return (async function* () {
          yield head(first.block);
        })();
      const progress = node.events.bootstrapProgress.subscribe(signal, [first], (v) => v === "bootstrapped");
      return (async function* () {
        for await (const e of progress) {
          if (e === "bootstrapped") return;
          yield head(e.block);
        }
      })();
    },
    getMonitorCommitHash() {
      return COMMIT_HASH;
    },
    getMonitorProtocols(_request, { signal }) {
      return node.events.protocols.subscribe(signal);
    },
  };
}
