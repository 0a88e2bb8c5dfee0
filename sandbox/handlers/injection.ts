/**
 * Handlers of `/injection/…` and `/private/injection/…`, as tezos/tezos-mirror
 * `src/lib_shell/injection_directory.ml` registers them: `/injection/operation` injects without
 * `force`, `/private/injection/operation` with it (no branch check: the operation is queued for
 * classification), and `/private/injection/operations` injects each operation with the query's
 * `force`, then answers the hashes, or, when any injection failed, the trace
 * `injection_operations_error` followed for each operation by `injection_operation_succeed_case`
 * or `injection_operation_error_case` and that operation's errors.
 */
import { hexToBytes, operationHash } from "@tezos-rpcgen/runtime";
import type { Handlers } from "../../generated/shell/server.ts";
import { RpcServerError, traceFailure, type TraceError } from "../errors.ts";
import type { SandboxNode } from "../node/node.ts";

type InjectionHandlers = Pick<
  Handlers,
  "postInjectionBlock" | "postInjectionOperation" | "postInjectionProtocol" | "postPrivateInjectionOperation" | "postPrivateInjectionOperations"
>;

export function injectionHandlers(node: SandboxNode): InjectionHandlers {
  return {
    postInjectionBlock({ query, body }) {
      return node.injectBlock(body.data, body.operations, { async: query?.async, force: query?.force, chain: query?.chain });
    },
    postInjectionOperation({ query, body }) {
      return node.injectOperation(body, { async: query?.async, chain: query?.chain });
    },
    postInjectionProtocol({ query, body }) {
      return node.injectProtocol(body, { async: query?.async });
    },
    postPrivateInjectionOperation({ query, body }) {
      return node.injectOperation(body, { async: query?.async, chain: query?.chain, force: true });
    },
    async postPrivateInjectionOperations({ query, body }) {
      // An unknown chain (`test`: the sandbox runs none) fails the whole call (404), as Octez's `Not_found`.
      if (query?.chain !== undefined) node.chain(query.chain);
      const options = { async: query?.async, chain: query?.chain, force: query?.force };
      const outcomes = await Promise.all(body.map((op) => node.injectOperation(op, options).then((hash) => ({ hash }), (error: unknown) => ({ error }))));
      if (outcomes.every((o) => "hash" in o)) return outcomes.map((o) => (o as { hash: string }).hash);
      const trace: TraceError[] = [{ kind: "permanent", id: "injection_operations_error" }];
      outcomes.forEach((o, i) => {
        const oph = "hash" in o ? o.hash : operationHash(hexToBytes(body[i]!));
        if ("hash" in o) trace.push({ kind: "permanent", id: "injection_operation_succeed_case", oph });
        else {
          trace.push({ kind: "permanent", id: "injection_operation_error_case", oph });
          const inner = o.error instanceof RpcServerError && Array.isArray(o.error.trace) ? (o.error.trace as TraceError[]) : [{ kind: "generic", error: String(o.error) }];
          trace.push(...inner);
        }
      });
      throw traceFailure(trace, "an injection failed");
    },
  };
}
