/**
 * `GET /chains/<chain_id>/blocks`, following the spec's rules and Octez's `list_blocks`
 * (tezos/tezos-mirror `src/lib_shell/chain_directory.ml`):
 *
 * - no `head`: the current head is the one requested head;
 * - `min_date` drops requested heads older than the date; the `length - 1` predecessors of a
 *   kept head are listed whatever their date;
 * - requested heads are taken by decreasing fitness; each gives its hash then up to
 *   `length - 1` predecessors (`length` defaults to 1), stopping at genesis or on reaching a
 *   block already listed for an earlier head;
 * - unknown heads are skipped.
 */
import { compareFitness, parseProtocolTimestamp } from "@tezos-rpcgen/runtime";
import type { StoredBlock } from "./block.ts";
import type { ChainStore } from "./chain-store.ts";

export interface ListBlocksQuery {
  readonly length?: number;
  readonly head?: readonly string[];
  /** Seconds since the epoch. */
  readonly minDate?: number;
}

export function listBlocks(chain: ChainStore, q: ListBlocksQuery): string[][] {
  const length = q.length ?? 1;
  const wanted = (q.head ?? []).filter((h) => h !== "");
  let heads: StoredBlock[] =
    wanted.length === 0 ? [chain.head] : wanted.map((h) => chain.get(h)).filter((b): b is StoredBlock => b !== undefined);
  if (q.minDate !== undefined) {
    const min = BigInt(q.minDate);
    heads = heads.filter((b) => (parseProtocolTimestamp(b.header.timestamp) ?? 0n) >= min);
  }
  heads = [...heads].sort((a, b) => -compareFitness(a.header.fitness, b.header.fitness));
  const listed = new Set<string>();
  const out: string[][] = [];
  for (const head of heads) {
    const fragment = [head.hash];
    let block = head;
    for (let left = length - 1; left > 0; left--) {
      const pred = chain.predecessor(block);
      if (pred === undefined || listed.has(block.hash)) break;
      fragment.push(pred.hash);
      block = pred;
    }
    for (const h of fragment) listed.add(h);
    out.push(fragment);
  }
  return out;
}
