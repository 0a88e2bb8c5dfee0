/** `GET /monitor/...`: streams. */
import { multi, type Service } from "../service.ts";
import { E, chainArg, get, protocolHashArg } from "./common.ts";
import * as T from "./types.ts";
import type { Layout } from "./types.ts";

export const activeChain = E.union([
  E.kase(0, "Main", E.obj([E.req("chain_id", T.chainId)])),
  E.kase(
    1,
    "Test",
    E.obj([
      E.req("chain_id", T.chainId),
      E.req("test_protocol", T.protocolHash),
      E.req("expiration_date", T.timestampProtocol),
    ]),
  ),
  E.kase(2, "Stopping", E.obj([E.req("stopping", T.chainId)])),
]);

export const monitoredBlock = E.obj([
  E.req("chain_id", T.chainId),
  E.req("hash", T.blockHash),
  E.req("header", E.dynamicSize(T.blockHeader)),
  E.req("operations", T.operationLists),
]);

export const monitoredHead = E.mergeObjs(E.obj([E.req("hash", T.blockHash)]), T.blockHeader);

const protocolQ = multi("protocol", protocolHashArg, "Only blocks of this protocol.");
const nextProtocolQ = multi("next_protocol", protocolHashArg, "Only blocks whose next protocol is this one.");
const chainQ = multi("chain", chainArg, "Only blocks of this chain.");

export function monitorServices(l: Layout): Service[] {
  const blockStreams: Service[] = l.legacy
    ? [
        get("/monitor/valid_blocks", {
          description: "Streams the blocks that the node validates, whether or not they become the head.",
          query: [protocolQ, nextProtocolQ, chainQ],
          output: E.mergeObjs(E.obj([E.req("chain_id", T.chainId), E.req("hash", T.blockHash)]), T.blockHeader),
        }),
      ]
    : [
        get("/monitor/applied_blocks", {
          description: "Streams the blocks that are applied and stored, whether or not they become the head.",
          query: [protocolQ, nextProtocolQ, chainQ],
          output: monitoredBlock,
        }),
        get("/monitor/validated_blocks", {
          description: "Streams the blocks that are validated, before they are applied and stored, whether or not they become the head.",
          query: [protocolQ, nextProtocolQ, chainQ],
          output: monitoredBlock,
        }),
      ];
  return [
    get("/monitor/active_chains", {
      description: "Streams chain creations and destructions; the chains already active come first.",
      output: E.list(activeChain),
    }),
    ...blockStreams,
    get("/monitor/bootstrapped", {
      description:
        "Streams the head while the node bootstraps and closes at the end; when the node is already bootstrapped, returns the current head at once.",
      output: E.obj([E.req("block", T.blockHash), E.req("timestamp", T.timestampProtocol)]),
    }),
    get("/monitor/commit_hash", {
      description: "Deprecated (use `/version`): the commit the node was built from.",
      output: E.string,
    }),
    get("/monitor/heads/{chain_id}", {
      description: "Streams the new heads of the chain: blocks that are validated, applied and selected as head.",
      query: l.legacy ? [nextProtocolQ] : [protocolQ, nextProtocolQ],
      output: monitoredHead,
    }),
    get("/monitor/protocols", {
      description: "Streams the protocols that are fetched and successfully loaded and compiled.",
      output: T.protocolHash,
    }),
  ];
}
