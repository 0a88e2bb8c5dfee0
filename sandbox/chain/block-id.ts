/**
 * Block identifiers as Octez reads them (tezos/tezos-mirror `src/lib_shell_services/
 * block_services.ml`, `parse_block`): an alias (`head`, `genesis`, `caboose`, `checkpoint`,
 * `savepoint`), a level or a Base58 block hash, optionally followed by `~n` (or the older
 * `-n`) for the n-th ancestor or `+n` for the n-th descendant on the head's branch.
 */
import { BASE58, isBase58Check } from "@tezos-rpcgen/runtime";
import type { StoredBlock } from "./block.ts";
import type { ChainStore } from "./chain-store.ts";

export type BlockBase =
  | { readonly kind: "alias"; readonly name: "head" | "genesis" | "caboose" | "checkpoint" | "savepoint" }
  | { readonly kind: "level"; readonly level: number }
  | { readonly kind: "hash"; readonly hash: string };

export interface BlockId {
  readonly base: BlockBase;
  /** Levels to move: negative towards genesis (`~n`), positive towards the head (`+n`). */
  readonly offset: number;
}

const ALIASES = new Set(["head", "genesis", "caboose", "checkpoint", "savepoint"]);
const INT32_MAX = 2 ** 31 - 1;

/** Parses a block id; `undefined` when the text is not one (Octez answers 400). */
export function parseBlockId(text: string): BlockId | undefined {
  const m = /^([^~+-]+)(?:([~+-])(\d+))?$/.exec(text);
  if (!m) return undefined;
  const [, baseText, sign, count] = m as unknown as [string, string, string | undefined, string | undefined];
  let offset = 0;
  if (sign !== undefined) {
    const n = Number(count);
    if (!Number.isSafeInteger(n) || n > INT32_MAX) return undefined;
    offset = sign === "+" ? n : -n;
  }
  let base: BlockBase;
  if (ALIASES.has(baseText)) base = { kind: "alias", name: baseText as "head" };
  else if (/^\d+$/.test(baseText)) {
    const level = Number(baseText);
    if (level > INT32_MAX) return undefined;
    base = { kind: "level", level };
  } else if (isBase58Check(BASE58.block_hash, baseText)) base = { kind: "hash", hash: baseText };
  else return undefined;
  return { base, offset };
}

/** The block an id names on a chain, or `undefined` (Octez: `Not_found`, a 404). */
export function resolveBlockId(chain: ChainStore, id: BlockId): StoredBlock | undefined {
  const base = resolveBase(chain, id.base);
  if (base === undefined || id.offset === 0) return base;
  if (id.offset < 0) return chain.ancestor(base, -id.offset);
  // Descendants are only defined along the head's branch.
  if (!chain.onHeadBranch(base)) return undefined;
  return chain.atLevel(base.header.level + id.offset);
}

function resolveBase(chain: ChainStore, base: BlockBase): StoredBlock | undefined {
  switch (base.kind) {
    case "hash":
      return chain.get(base.hash);
    case "level":
      return chain.atLevel(base.level);
    case "alias":
      switch (base.name) {
        case "head":
          return chain.head;
        case "genesis":
          return chain.genesis;
        case "caboose":
          return chain.get(chain.caboose().block_hash);
        case "checkpoint":
          return chain.get(chain.checkpoint().block_hash);
        case "savepoint":
          return chain.get(chain.savepoint().block_hash);
      }
  }
}
