/** `/chains/<chain_id>/...`: chain state, plus the dynamic block and mempool directories. */
import { flag, multi, optional, type DynamicDir, type Service } from "../service.ts";
import { E, blockHashArg, dateArg, del as del0, get as get0, intArg, p, patch as patch0, uintArg } from "./common.ts";
import * as T from "./types.ts";
import type { Layout } from "./types.ts";

void flag;

/**
 * Octez declares the chain services relative to the chain directory (`open_root`) and mounts
 * that directory under `/chains/<chain_id>`: their described `path` leaves out these two items.
 */
const UNDER_CHAIN = 2;
const get: typeof get0 = (r, s) => get0(r, s, UNDER_CHAIN);
const patch: typeof patch0 = (r, s) => patch0(r, s, UNDER_CHAIN);
const del: typeof del0 = (r, s) => del0(r, s, UNDER_CHAIN);

export const levelRecord = E.obj([E.req("block_hash", T.blockHash), E.req("level", E.int32)]);

export const invalidBlock = E.obj([
  E.req("block", T.blockHash),
  E.req("level", E.int32),
  E.req("errors", T.error),
]);

export function checkpointRecord(l: Layout) {
  return E.obj([
    E.req("block", E.dynamicSize(T.blockHeader)),
    E.req(l.legacy ? "save_point" : "savepoint", E.int32),
    E.req("caboose", E.int32),
    E.req("history_mode", T.historyMode(l)),
  ]);
}

export function chainServices(l: Layout): Service[] {
  const services: Service[] = [
    patch("/chains/{chain_id}", {
      description: "Forces the node's `bootstrapped` flag to the given value.",
      input: E.obj([E.req("bootstrapped", E.bool)]),
      output: E.unit,
    }),
    get("/chains/{chain_id}/blocks", {
      description:
        "Lists block hashes of the chain, down to the last checkpoint, by decreasing fitness. With no argument, returns the head. `length` bounds the number of predecessors returned per requested block; `head` asks for the fragments of the chain that precede the given blocks (empty: from the current head); `min_date` drops blocks older than the given date" +
        (l.legacy ? "." : ", unless `length` is also given, in which case up to `length` predecessors are returned whatever their date."),
      query: [
        optional("length", l.legacy ? intArg : uintArg, "Number of predecessors to return per requested block."),
        multi("head", blockHashArg, "Blocks whose predecessors are requested; none means the current head."),
        optional("min_date", dateArg, "Leave out blocks whose timestamp is earlier than this date."),
      ],
      output: E.list(E.list(T.blockHash)),
    }),
    get("/chains/{chain_id}/chain_id", { description: "The identifier of the chain.", output: T.chainId }),
    get("/chains/{chain_id}/checkpoint", {
      description:
        "Deprecated (use `levels/*` and `/config/history_mode`): the current checkpoint header, savepoint and caboose levels, and the history mode.",
      output: checkpointRecord(l),
    }),
    get("/chains/{chain_id}/invalid_blocks", {
      description: "The blocks the node found invalid, with the errors that made them invalid.",
      output: E.list(invalidBlock),
    }),
    get("/chains/{chain_id}/invalid_blocks/{block_hash}", {
      description: "The errors that made the given block invalid.",
      output: invalidBlock,
    }),
    del("/chains/{chain_id}/invalid_blocks/{block_hash}", {
      description: "Forgets that the given block was found invalid.",
      output: E.empty,
    }),
    get("/chains/{chain_id}/is_bootstrapped", {
      description: "Whether the node is bootstrapped, and how synchronised the chain is.",
      output: E.obj([E.req("bootstrapped", E.bool), E.req("sync_state", T.chainStatus)]),
    }),
  ];
  if (!l.legacy)
    for (const level of ["caboose", "checkpoint", "savepoint"] as const)
      services.push(
        get(`/chains/{chain_id}/levels/${level}`, {
          description: `The hash and level of the chain's ${level}.`,
          output: levelRecord,
        }),
      );
  return services;
}

export const chainDynamicDirs: DynamicDir[] = [
  { path: p("/chains/{chain_id}/blocks/{block_id}") },
  { path: p("/chains/{chain_id}/mempool") },
];
