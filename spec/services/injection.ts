/** `POST /injection/...`: blocks, operations and protocols. */
import { flag, optional, type Service } from "../service.ts";
import { E, chainArg, post } from "./common.ts";
import * as T from "./types.ts";
import type { Layout } from "./types.ts";
import type { Encoding } from "../combinators/index.ts";

export const protocolEnvironmentVersion = (l: Layout) =>
  E.def("protocol.environment_version", l.legacy ? E.int16 : E.uint16, {
    description: "Version of the environment a protocol is compiled against.",
  });

/** A protocol's sources: environment version and components. */
export const protocolBody = (l: Layout): Encoding => {
  const body = E.obj([
    E.req("expected_env_version", protocolEnvironmentVersion(l)),
    E.req(
      "components",
      E.list(
        E.obj([E.req("name", E.string), E.opt("interface", E.string), E.req("implementation", E.string)]),
      ),
    ),
  ]);
  return E.def("protocol", body, { description: "The sources of a protocol: its environment version and its modules." });
};

export const asyncFlag = flag("async", "Return at once, without waiting for validation.");
export const chainQuery = optional("chain", chainArg, "The chain to inject into.");

export const injectionServices = (l: Layout): Service[] => [
  post("/injection/block", {
    description:
      "Injects a block and broadcasts it; returns its hash. Unless `async` is set, the block is validated before the answer. With `force`, the block is injected even when its fitness does not increase. The block's operations can be pre-validated beforehand with a contextual protocol RPC. `chain` selects the main or the test chain.",
    query: [asyncFlag, flag("force", "Inject even when the fitness does not increase."), chainQuery],
    // Here each list of operations carries its own length prefix on top of the list's.
    input: E.obj([E.req("data", E.bytes), E.req("operations", E.list(E.dynamicSize(E.list(E.dynamicSize(T.operation)))))]),
    output: T.blockHash,
  }),
  post("/injection/operation", {
    description:
      "Injects a signed operation and broadcasts it; returns its hash. Unless `async` is set, the operation is first pre-validated in the current mempool context, which may change with each injection or reception. `chain` selects the main or the test chain.",
    query: [asyncFlag, chainQuery],
    input: E.bytes,
    output: T.operationHash,
  }),
  post("/injection/protocol", {
    description: "Injects a protocol and returns its hash. Unless `async` is set, the protocol is validated before the answer.",
    query: [asyncFlag],
    input: protocolBody(l),
    output: T.protocolHash,
  }),
];
