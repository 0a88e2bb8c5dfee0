/** Handlers of `/chains/<chain_id>/…` (chain state) on a {@link SandboxNode}. */
import { parseRfc3339 } from "@tezos-rpcgen/runtime";
import type { Handlers } from "../../generated/shell/server.ts";
import { headerOf } from "./views.ts";
import { listBlocks } from "../chain/list-blocks.ts";
import { notFound } from "../errors.ts";
import type { SandboxNode } from "../node/node.ts";

type ChainHandlers = Pick<
  Handlers,
  | "patchChainsByChainId"
  | "getChainsBlocks"
  | "getChainsChainId"
  | "getChainsCheckpoint"
  | "getChainsInvalidBlocks"
  | "getChainsInvalidBlocksByBlockHash"
  | "deleteChainsInvalidBlocksByBlockHash"
  | "getChainsIsBootstrapped"
  | "getChainsLevelsCaboose"
  | "getChainsLevelsCheckpoint"
  | "getChainsLevelsSavepoint"
>;

/** Seconds of a `date` argument: `none` and `epoch` are 0, else decimal seconds or RFC 3339. */
function dateSeconds(text: string): number {
  if (text === "none" || text === "epoch") return 0;
  if (/^-?\d+$/.test(text)) return Number(text);
  return parseRfc3339(text)?.seconds ?? 0;
}

export function chainHandlers(node: SandboxNode): ChainHandlers {
  return {
    patchChainsByChainId({ path, body }) {
      node.chain(path.chain_id);
      node.setBootstrapped(body.bootstrapped);
      return {};
    },
    getChainsBlocks({ path, query }) {
      const chain = node.chain(path.chain_id);
      const minDate = query?.min_date === undefined ? undefined : dateSeconds(query.min_date);
      return listBlocks(chain, { length: query?.length, head: query?.head, minDate });
    },
    getChainsChainId({ path }) {
      return node.chain(path.chain_id).chainId;
    },
    getChainsCheckpoint({ path }) {
      const chain = node.chain(path.chain_id);
      const checkpoint = chain.get(chain.checkpoint().block_hash) ?? chain.genesis;
      return { block: headerOf(checkpoint), savepoint: chain.savepoint().level, caboose: chain.caboose().level, history_mode: chain.historyMode };
    },
    getChainsInvalidBlocks({ path }) {
      return node.chain(path.chain_id).invalidBlocks().map((r) => ({ block: r.hash, level: r.level, errors: r.errors }));
    },
    getChainsInvalidBlocksByBlockHash({ path }) {
      const r = node.chain(path.chain_id).invalidBlock(path.block_hash);
      if (r === undefined) throw notFound(`invalid block ${path.block_hash}`);
      return { block: r.hash, level: r.level, errors: r.errors };
    },
    deleteChainsInvalidBlocksByBlockHash({ path }) {
      node.unmarkInvalid(node.chain(path.chain_id), path.block_hash);
      return {};
    },
    getChainsIsBootstrapped({ path }) {
      const chain = node.chain(path.chain_id);
      return { bootstrapped: node.bootstrapped, sync_state: node.syncState(chain) };
    },
    getChainsLevelsCaboose({ path }) {
      return node.chain(path.chain_id).caboose();
    },
    getChainsLevelsCheckpoint({ path }) {
      return node.chain(path.chain_id).checkpoint();
    },
    getChainsLevelsSavepoint({ path }) {
      return node.chain(path.chain_id).savepoint();
    },
  };
}
