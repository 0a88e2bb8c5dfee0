/**
 * `/workers/...`: state of the node's internal workers (block validator, chain validators,
 * peer validators, prevalidators). The spec does not show the binary layouts; these follow the
 * Octez worker encodings (pending requests are length-prefixed, the current one is not).
 */
import type { Service } from "../service.ts";
import { E, get } from "./common.ts";
import * as T from "./types.ts";
import type { Layout } from "./types.ts";
import type { Encoding } from "../combinators/index.ts";

const workerStatus = E.union([
  E.kase(0, "Launching", E.obj([E.req("phase", E.constant("launching")), E.req("since", T.timestampSystem)])),
  E.kase(1, "Running", E.obj([E.req("phase", E.constant("running")), E.req("since", T.timestampSystem)])),
  E.kase(
    2,
    "Closing",
    E.obj([E.req("phase", E.constant("closing")), E.req("birth", T.timestampSystem), E.req("since", T.timestampSystem)]),
  ),
  E.kase(
    3,
    "Closed",
    E.obj([E.req("phase", E.constant("closed")), E.req("birth", T.timestampSystem), E.req("since", T.timestampSystem)]),
  ),
  E.kase(
    4,
    "Crashed",
    E.obj([
      E.req("phase", E.constant("crashed")),
      E.req("birth", T.timestampSystem),
      E.req("since", T.timestampSystem),
      E.req("errors", T.error),
    ]),
  ),
]);

const information = E.obj([E.req("instances", E.int31), E.req("status", workerStatus), E.req("queue_length", E.int31)]);

/** The full state of one worker, with its pending and current requests (and, in the earlier layout, its event backlog). */
function workerState(request: Encoding, backlogEvent?: Encoding): Encoding {
  return E.obj([
    E.req("status", workerStatus),
    E.req("pending_requests", E.list(E.obj([E.req("pushed", T.timestampSystem), E.req("request", E.dynamicSize(request))]))),
    ...(backlogEvent ? [E.req("backlog", E.list(E.obj([E.req("level", logLevel), E.req("events", E.dynamicSize(E.list(E.dynamicSize(backlogEvent))))])))] : []),
    E.opt(
      "current_request",
      E.obj([E.req("pushed", T.timestampSystem), E.req("treated", T.timestampSystem), E.req("request", request)]),
    ),
  ]);
}

const logLevel = E.stringEnum(["debug", "info", "notice", "warning", "error", "fatal"], ["info", "debug", "error", "fatal", "warning", "notice"]);

/** Timing of a request handled by a worker (earlier layout). */
const requestStatus = E.obj([
  E.req("pushed", T.timestampSystem),
  E.req("treated", T.timespanSystem(T.LEGACY)),
  E.req("completed", T.timespanSystem(T.LEGACY)),
]);

/** The request/failed-request events every worker logs (earlier layout). */
const requestEvents = (request: Encoding) => [
  E.kase(0, "Request", E.obj([E.req("request", request), E.req("status", requestStatus)])),
  E.kase(1, "Failed request", E.obj([E.req("error", T.error), E.req("failed_request", request), E.req("status", requestStatus)])),
];

const legacyBlockValidatorRequest = E.obj([E.req("block", T.blockHash), E.req("chain_id", T.chainId), E.opt("peer", T.peerId)]);
const legacyBlockValidatorEvent = E.union([
  E.kase(0, "validation_success", E.obj([E.req("successful_validation", legacyBlockValidatorRequest), E.req("status", requestStatus)])),
  E.kase(
    1,
    "validation_failure",
    E.obj([E.req("failed_validation", legacyBlockValidatorRequest), E.req("status", requestStatus), E.opt("errors", T.error)]),
  ),
  E.kase(2, "could_not_find_context", E.obj([E.req("block", T.blockHash)])),
  E.kase(3, "previously_validated", E.obj([E.req("block", T.blockHash)])),
  E.kase(4, "validating_block", E.obj([E.req("block", T.blockHash)])),
]);

const legacyChainValidatorEvent = E.union([
  E.kase(
    0,
    "Processed_block",
    E.obj([
      E.req("request", T.blockHash),
      E.req("status", requestStatus),
      E.req("outcome", E.stringEnum(["ignored", "branch", "increment"], ["branch", "ignored", "increment"])),
      E.req("fitness", T.fitness),
      E.req("level", E.int32),
      E.req("timestamp", T.timestampProtocol),
    ]),
  ),
  E.kase(1, "Could_not_switch_testchain", T.error),
  E.kase(2, "Bootstrapped", E.unit),
  E.kase(3, "Sync_status", T.chainStatus),
  E.kase(4, "Bootstrap_active_peers", E.obj([E.req("active", E.int31), E.req("needed", E.int31)])),
  E.kase(
    5,
    "Bootstrap_active_peers_heads_time",
    E.obj([
      E.req("min_head_time", T.timestampProtocol),
      E.req("max_head_time", T.timestampProtocol),
      E.req("most_recent_validation", T.timestampProtocol),
    ]),
  ),
]);

const legacyPeerValidatorEvent = (request: Encoding) => {
  const peerBlock = E.obj([E.req("peer", T.peerId), E.req("block", T.blockHash)]);
  const names = [
    "fetching_operations_for_head",
    "Requesting_new_head_validation",
    "new_head_validation_end",
    "ignoring_head",
    "ignoring_previously_validated_block",
    "ignoring_invalid_block",
    "missing_new_head_predecessor",
    "ignoring_invalid_locator_branch",
    "ignore_branch_without_common_ancestor",
  ];
  return E.union([
    ...requestEvents(request),
    E.kase(2, "validating_new_branch", E.obj([E.req("peer", T.peerId), E.req("nb_blocks", E.int31)])),
    E.kase(3, "new_branch_validated", peerBlock),
    ...names.map((n, i) => E.kase(4 + i, n, peerBlock)),
    E.kase(13, "no_new_head_from_peer", E.obj([E.req("peer", T.peerId), E.req("timespan", T.timespanSystem(T.LEGACY))])),
    E.kase(14, "processing_new_head", peerBlock),
    E.kase(15, "processing_new_branch", peerBlock),
    E.kase(16, "terminating_worker", E.obj([E.req("peer", T.peerId), E.req("reason", E.string)])),
  ]);
};

const legacyPrevalidatorEvent = (request: Encoding) =>
  E.union([
    ...requestEvents(request),
    E.kase(2, "invalid_mempool_configuration", E.empty),
    E.kase(3, "unparsable_operation", T.operationHash),
    E.kase(4, "processing_n_operations", E.int31),
    E.kase(5, "fetching_operation", T.operationHash),
    E.kase(6, "operation_included", T.operationHash),
    E.kase(7, "operations_not_flushed", E.int31),
  ]);

const blockValidatorRequest = E.union([
  E.kase(0, "validation", E.obj([E.req("block", T.blockHash), E.req("chain_id", T.chainId), E.opt("peer", T.peerId)])),
  E.kase(1, "preapplication", E.obj([E.req("chain_id", T.chainId), E.req("level", E.int32)])),
]);

const chainValidatorRequest = E.union([
  E.kase(0, "Hash", E.obj([E.req("hash", T.blockHash)])),
  E.kase(1, "Peer_id", E.obj([E.req("peer_id", T.peerId)])),
]);

const peerValidatorRequest = E.union([
  E.kase(0, "New_head", E.obj([E.req("request", E.constant("new_head")), E.req("block", T.blockHash)])),
  E.kase(
    1,
    "New_branch",
    E.obj([E.req("request", E.constant("new_branch")), E.req("block", T.blockHash), E.req("locators", E.int31)]),
  ),
]);

const chainUpdate = E.def("chain_update", E.stringEnum(["ignored", "branch", "increment"], ["branch", "ignored", "increment"]), {
  description: "How a new block relates to the current head.",
});

const mempool = E.def(
  "mempool",
  // The pending set carries a second length prefix in Octez.
  E.obj([E.req("known_valid", E.list(T.operationHash)), E.req("pending", E.dynamicSize(E.list(T.operationHash)))]),
  { description: "Operation hashes advertised by a peer: those it has validated, and those it still processes." },
);

const prevalidatorRequest = (l: Layout) => l.legacy ? legacyPrevalidatorRequest : E.union([
  E.kase(
    0,
    "Flush",
    E.obj([E.req("request", E.constant("flush")), E.req("block", T.blockHash), E.req("event", chainUpdate)]),
  ),
  E.kase(1, "Notify", E.obj([E.req("request", E.constant("notify")), E.req("peer", T.peerId), E.req("mempool", mempool)])),
  E.kase(
    2,
    "Inject",
    E.obj([E.req("request", E.constant("inject")), E.req("operation", T.operation), E.req("force", E.bool)]),
  ),
  E.kase(
    3,
    "Arrived",
    E.obj([E.req("request", E.constant("arrived")), E.req("operation_hash", T.operationHash), E.req("operation", T.operation)]),
  ),
  E.kase(4, "Advertise", E.obj([E.req("request", E.constant("advertise"))])),
  E.kase(5, "Leftover", E.obj([E.req("request", E.constant("leftover"))])),
  E.kase(6, "Ban", E.obj([E.req("request", E.constant("ban")), E.req("operation_hash", T.operationHash)])),
]);

const legacyPrevalidatorRequest = E.union([
  E.kase(0, "Flush", E.obj([E.req("request", E.constant("flush")), E.req("block", T.blockHash)])),
  E.kase(1, "Notify", E.obj([E.req("request", E.constant("notify")), E.req("peer", T.peerId), E.req("mempool", mempool)])),
  E.kase(2, "Inject", E.obj([E.req("request", E.constant("inject")), E.req("operation", T.operation)])),
  E.kase(
    3,
    "Arrived",
    E.obj([E.req("request", E.constant("arrived")), E.req("operation_hash", T.operationHash), E.req("operation", T.operation)]),
  ),
  E.kase(4, "Advertise", E.obj([E.req("request", E.constant("advertise"))])),
  E.kase(5, "Leftover", E.obj([E.req("request", E.constant("leftover"))])),
]);

const ddbInfo = E.obj([
  E.req("p2p_readers", E.int31),
  E.req("active_chains", E.int31),
  E.req("operation_db", E.obj([E.req("table_length", E.int31), E.req("scheduler_length", E.int31)])),
  E.req("operations_db", E.obj([E.req("table_length", E.int31), E.req("scheduler_length", E.int31)])),
  E.req("block_header_db", E.obj([E.req("table_length", E.int31), E.req("scheduler_length", E.int31)])),
  E.req("active_connections", E.int31),
  E.req("active_peers", E.int31),
]);

export function workerServices(l: Layout): Service[] {
  const legacy = l.legacy;
  return [
    get("/workers/block_validator", {
      description: "State of the block validator worker.",
      output: legacy ? workerState(legacyBlockValidatorRequest, legacyBlockValidatorEvent) : workerState(blockValidatorRequest),
    }),
    get("/workers/chain_validators", {
      description: "The chain validator workers and a summary of their state.",
      output: E.list(
        E.obj([E.req("chain_id", T.chainId), E.req("status", workerStatus), E.req("information", information), E.req("pipelines", E.int16)]),
      ),
    }),
    get("/workers/chain_validators/{chain_id}", {
      description: "State of the validator of the given chain.",
      output: legacy ? workerState(T.blockHash, legacyChainValidatorEvent) : workerState(chainValidatorRequest),
    }),
    get("/workers/chain_validators/{chain_id}/ddb", {
      description: "State of the distributed database of the given chain.",
      output: ddbInfo,
    }),
    get("/workers/chain_validators/{chain_id}/peers_validators", {
      description: "The peer validator workers of the given chain and a summary of their state.",
      output: E.list(
        E.obj([
          E.req("peer_id", T.peerId),
          E.req("status", workerStatus),
          E.req("information", information),
          E.req("pipelines", E.obj([E.req("fetched_headers", E.int31), E.req("fetched_blocks", E.int31)])),
        ]),
      ),
    }),
    get("/workers/chain_validators/{chain_id}/peers_validators/{peer_id}", {
      description: "State of the validator of the given peer on the given chain.",
      output: legacy ? workerState(peerValidatorRequest, legacyPeerValidatorEvent(peerValidatorRequest)) : workerState(peerValidatorRequest),
    }),
    get("/workers/prevalidators", {
      description: "The prevalidator workers and a summary of their state.",
      output: E.list(
        E.obj([E.req("chain_id", T.chainId), E.req("status", workerStatus), E.req("information", information), E.req("pipelines", E.int16)]),
      ),
    }),
    get("/workers/prevalidators/{chain_id}", {
      description: "State of the prevalidator of the given chain.",
      output: legacy ? workerState(prevalidatorRequest(l), legacyPrevalidatorEvent(prevalidatorRequest(l))) : workerState(prevalidatorRequest(l)),
    }),
  ];
}
