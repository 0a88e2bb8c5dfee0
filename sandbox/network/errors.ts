/** The peer-to-peer errors the sandbox answers with: Octez's ids (`src/lib_p2p_services/p2p_errors.ml`), all permanent. */
import type { JsonValue } from "@tezos-rpcgen/runtime";
import { traceFailure, type RpcServerError } from "../errors.ts";

/** A one-error trace `{kind: "permanent", id, …fields}` answered with 500. */
export function p2pError(id: string, message: string, fields: Record<string, JsonValue> = {}): RpcServerError {
  return traceFailure([{ kind: "permanent", id, ...fields }], message);
}

/** Octez's `P2p_rejection` motives, as the `nack` message and the `rejected` errors carry them. */
export const MOTIVE = { noMotive: 0, tooManyConnections: 1, unknownChainName: 2, deprecatedP2pVersion: 3, deprecatedDistributedDbVersion: 4, alreadyConnected: 5 } as const;

/** The error ids the network answers, for `GET /errors`. */
export const P2P_ERROR_FIELDS: Record<string, Record<string, "string" | "integer" | "object">> = {
  "node.p2p_pool.point_banned": { point: "string" },
  "node.p2p_pool.peer_banned": { peer: "string" },
  "node.p2p_pool.pending_connection": {},
  "node.p2p_pool.connected": {},
  "node.p2p_pool.connection_failed": {},
  "node.p2p_pool.rejected": { peer_id: "string", motive: "integer" },
  "node.p2p_pool.too_many_connections": {},
  "node.p2p_pool.private_mode": {},
  "node.p2p_connect_handler.identity_check_failure": { point: "string", expected_peer_id: "string", received_peer_id: "string" },
  "node.p2p_socket.rejected_by_nack": { motive: "integer" },
  "node.p2p_socket.rejected_no_common_protocol": { announced_version: "object" },
  "node.p2p_socket.myself": { connection_id: "object" },
  "node.p2p_socket.invalid_auth": {},
  "node.p2p_io_scheduler.connection_closed": {},
};
