/**
 * Handlers of the node's own facts: `/errors`, `/fetch_protocol`, `/health/ready`,
 * `/protocols`, `/stats`, `/version`, `/workers` and `/describe`.
 */
import { formatSystemTimestamp } from "@tezos-rpcgen/runtime";
import type { Handlers } from "../../generated/shell/server.ts";
import { describeAnswer, locateDescribe, withBinarySchemas, type DescribeMount } from "@tezos-rpcgen/runtime/server";
import { DEFAULT_ARG_PARSERS } from "@tezos-rpcgen/runtime/server";
import { notFound, short, traceFailure } from "../errors.ts";
import type { SandboxNode } from "../node/node.ts";
import { gcStats, memoryStats } from "../node/process-stats.ts";
import type { WorkQueue } from "../node/work-queue.ts";
import { errorsSchema } from "./errors-schema.ts";
import { COMMIT_HASH } from "./monitor.ts";

type InfoHandlers = Pick<
  Handlers,
  | "getDescribeByString"
  | "getErrors"
  | "getFetchProtocolByProtocolHash"
  | "getHealthReady"
  | "getProtocols"
  | "getProtocolsByProtocolHash"
  | "getProtocolsEnvironment"
  | "getStatsGc"
  | "getStatsMemory"
  | "getVersion"
  | "getWorkersBlockValidator"
  | "getWorkersChainValidators"
  | "getWorkersChainValidatorsByChainId"
  | "getWorkersChainValidatorsDdb"
  | "getWorkersChainValidatorsPeersValidators"
  | "getWorkersChainValidatorsPeersValidatorsByPeerId"
  | "getWorkersPrevalidators"
  | "getWorkersPrevalidatorsByChainId"
>;

/** The describe trees the node answers `/describe` with. */
export interface DescribeTrees {
  readonly root: unknown;
  readonly mounts: readonly DescribeMount[];
}

/** The sandbox's version: this package's (`0.1` → major 0, minor 1, a development build). */
export const SANDBOX_VERSION = { major: 0, minor: 1, additional_info: "dev" as const };

export function infoHandlers(node: SandboxNode, trees: DescribeTrees): InfoHandlers {
  // Every body answered with a binary schema, as a node's are: a body the tree knows only in
  // JSON (Tallinn's, from Octez's OpenAPI files) is described as having no binary form.
  const describe = { root: withBinarySchemas(trees.root), mounts: trees.mounts.map((m) => ({ ...m, tree: withBinarySchemas(m.tree) })) };
  const since = () => formatSystemTimestamp(Math.floor(node.startedAt));
  const running = () => ({ phase: "running" as const, since: since() });
  const queueView = (q: WorkQueue) => ({
    pending_requests: q.pending.map((r) => ({ pushed: formatSystemTimestamp(Math.floor(r.pushed)), request: r.view as never })),
    ...(q.current ? { current_request: { pushed: formatSystemTimestamp(Math.floor(q.current.pushed)), treated: formatSystemTimestamp(Math.floor(q.current.treated ?? q.current.pushed)), request: q.current.view as never } } : {}),
  });
  const information = (q: WorkQueue) => ({ instances: 1, status: running(), queue_length: q.pending.length });
  return {
    getDescribeByString({ path, query }) {
      const located = locateDescribe(describe.root, describe.mounts, path.string, DEFAULT_ARG_PARSERS);
      const answer = located === undefined ? undefined : describeAnswer(located, query?.recurse ?? false);
      if (answer === undefined) throw notFound(`/describe/${path.string.join("/")}`);
      return answer as never;
    },
    getErrors() {
      return errorsSchema();
    },
    getFetchProtocolByProtocolHash({ path }) {
      if (node.protocolSource(path.Protocol_hash) !== undefined) return {};
      // Octez's RPC asks the peers with no timeout (`Block_validator.fetch_and_compile_protocol`);
      // with no peer to ask, the sandbox answers at once the requester's error for a fetch that
      // did not complete (`requester.ml`: `requester.<Hash.name>.fetch_timeout`, `{key}`).
      throw traceFailure([{ kind: "permanent", id: "requester.Protocol_hash.fetch_timeout", key: path.Protocol_hash }], `cannot fetch protocol ${short(path.Protocol_hash)}`);
    },
    getHealthReady() {
      return { ready: true };
    },
    getProtocols() {
      return node.protocols();
    },
    getProtocolsByProtocolHash({ path }) {
      const source = node.protocolSource(path.Protocol_hash);
      if (source === undefined) throw notFound(`protocol ${path.Protocol_hash}`);
      return source;
    },
    getProtocolsEnvironment({ path }) {
      const source = node.protocolSource(path.Protocol_hash);
      if (source === undefined) throw notFound(`protocol ${path.Protocol_hash}`);
      return source.expected_env_version;
    },
    getStatsGc() {
      return gcStats();
    },
    getStatsMemory() {
      return memoryStats();
    },
    getVersion() {
      return {
        version: SANDBOX_VERSION,
        network_version: { chain_name: node.network.chainName, distributed_db_version: 2, p2p_version: 1 },
        commit_info: { commit_hash: COMMIT_HASH, commit_date: "1970-01-01 00:00:00 +0000" },
      };
    },
    getWorkersBlockValidator() {
      return { status: running(), ...queueView(node.blockQueue) };
    },
    getWorkersChainValidators() {
      return node.allChains().map((c) => ({ chain_id: c.chainId, status: running(), information: information(node.blockQueue), pipelines: 0 }));
    },
    getWorkersChainValidatorsByChainId({ path }) {
      node.chain(path.chain_id);
      return { status: running(), pending_requests: [] };
    },
    getWorkersChainValidatorsDdb({ path }) {
      const chain = node.chain(path.chain_id);
      const table = (n: number) => ({ table_length: n, scheduler_length: 0 });
      return {
        p2p_readers: node.p2p.net.connections.size,
        active_chains: node.allChains().length,
        operation_db: table(node.mempool(chain.chainId).size),
        operations_db: table(0),
        block_header_db: table(0),
        active_connections: node.p2p.net.connections.size,
        active_peers: node.p2p.net.connections.size,
      };
    },
    // One peer validator per running connection, as Octez's chain validator starts one per peer.
    getWorkersChainValidatorsPeersValidators({ path }) {
      node.chain(path.chain_id);
      return node.p2p.runningPeers().map(({ peerId, since: at }) => {
        const status = { phase: "running" as const, since: formatSystemTimestamp(Math.floor(at)) };
        return { peer_id: peerId, status, information: { instances: 1, status, queue_length: 0 }, pipelines: { fetched_headers: 0, fetched_blocks: 0 } };
      });
    },
    getWorkersChainValidatorsPeersValidatorsByPeerId({ path }) {
      node.chain(path.chain_id);
      const peer = node.p2p.runningPeers().find((p) => p.peerId === path.peer_id);
      if (peer === undefined) throw notFound(`peer validator ${path.peer_id}`);
      return { status: { phase: "running", since: formatSystemTimestamp(Math.floor(peer.since)) }, pending_requests: [] };
    },
    getWorkersPrevalidators() {
      return node.allChains().map((c) => ({ chain_id: c.chainId, status: running(), information: information(node.operationQueue), pipelines: 0 }));
    },
    getWorkersPrevalidatorsByChainId({ path }) {
      node.chain(path.chain_id);
      return { status: running(), ...queueView(node.operationQueue) };
    },
  };
}
