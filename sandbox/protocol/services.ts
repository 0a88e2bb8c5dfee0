/**
 * The services of the sandbox protocol, defined with the project's description combinators
 * (`spec/`), as a protocol registers them under the shell's dynamic directories:
 *
 * - the block directory `/chains/<chain_id>/blocks/<block_id>`: the block, `hash`, `header`
 *   (+ `raw`, `shell`, `protocol_data`, `protocol_data/raw`), `operation_hashes` and
 *   `operations` (whole, by validation pass, one operation), `protocols`, `live_blocks`;
 * - the mempool directory `/chains/<chain_id>/mempool`: `pending_operations` and the
 *   `monitor_operations` stream.
 *
 * Shapes follow Octez's block services (tezos/tezos-mirror `src/lib_shell_services/
 * block_services.ml`): answers about a block carry `protocol`, `chain_id` and `hash`; the
 * protocol's own parts (protocol data, operation contents) are the sandbox protocol's opaque
 * bytes. Paths are declared from the root, as Octez declares them; the trees are built from
 * the directory positions.
 */
import { Directory, type Arg, type QueryItem, type Service } from "../../spec/service.ts";
import { multi, single } from "../../spec/service.ts";
import { E, boolArg, get, intArg } from "../../spec/services/common.ts";
import * as T from "../../spec/services/types.ts";

export const listOffsetArg: Arg = { name: "list_offset", descr: "Index of a validation pass (from 0)." };
export const operationOffsetArg: Arg = { name: "operation_offset", descr: "Index of an operation in its validation pass (from 0)." };

const BLOCK_PREFIX = "/chains/{chain_id}/blocks/{block_id}";
const MEMPOOL_PREFIX = "/chains/{chain_id}/mempool";

const protocolHash = T.protocolHash;

/** `{protocol, chain_id, hash}`, which Octez puts in front of block answers. */
const blockInfo = E.obj([E.req("protocol", protocolHash), E.req("chain_id", T.chainId), E.req("hash", T.blockHash)]);

export const protocolData = E.def("sandbox.block_header.protocol_data", E.obj([E.req("protocol", protocolHash), E.req("content", E.variableBytes)]), {
  description: "The sandbox protocol's part of a block header: opaque bytes.",
});

export const rawBlockHeader = E.def("sandbox.block_header", E.mergeObjs(blockInfo, T.blockHeader), {
  description: "A block header with the protocol, chain and hash of its block.",
});

export const operationWithHash = E.def(
  "sandbox.operation",
  E.mergeObjs(E.obj([E.req("protocol", protocolHash), E.req("chain_id", T.chainId), E.req("hash", T.operationHash)]), T.operation),
  { description: "An operation of a block: its protocol, chain and hash, its branch and its opaque data." },
);

export const mempoolOperation = E.def("sandbox.mempool_operation", E.mergeObjs(E.obj([E.req("hash", T.operationHash)]), T.operation), {
  description: "A pending operation: its hash, its branch and its opaque data.",
});

/** A pending operation with its protocol (Octez's `next_operation_encoding` with the hash in front). */
const nextOperation = E.def(
  "sandbox.next_operation",
  // The data is length-prefixed (Octez's `dynamic_size` protocol data): an `error` may follow it.
  E.obj([E.req("hash", T.operationHash), E.req("protocol", protocolHash), E.req("branch", T.blockHash), E.req("data", E.bytes)]),
  {
    description: "A pending operation: its hash, the protocol it is meant for, its branch and its opaque data.",
  },
);

/** Operations of an error class, with the errors that put them there. */
const classified = E.list(E.dynamicSize(E.mergeObjs(nextOperation, E.obj([E.req("error", T.error)]))));

/**
 * A service at its full position (prefix included), so that the generated routes carry the
 * prefix's arguments and the generator's table of streaming routes recognises them.
 */
function at(prefix: string, route: string, s: Omit<Parameters<typeof get>[1], "query"> & { query?: QueryItem[] }): Service {
  return get(prefix + route, s);
}

const B = (route: string, s: Parameters<typeof at>[2]) => at(BLOCK_PREFIX, route, s);
const M = (route: string, s: Parameters<typeof at>[2]) => at(MEMPOOL_PREFIX, route, s);

/** The block directory's services. */
export function blockServices(): Service[] {
  const listOffset = { arg: listOffsetArg };
  const operationOffset = { arg: operationOffsetArg };
  const withOffsets = (service: Service, extra: readonly (typeof listOffset)[]): Service => ({
    ...service,
    path: [...service.path, ...extra],
  });
  return [
    B("", {
      description: "The whole block: its header and its operations.",
      output: E.mergeObjs(blockInfo, E.obj([E.req("header", E.dynamicSize(T.blockHeader)), E.req("operations", E.list(E.list(E.dynamicSize(operationWithHash))))])),
    }),
    B("/hash", { description: "The block's hash.", output: T.blockHash }),
    B("/header", { description: "The block's header.", output: rawBlockHeader }),
    B("/header/raw", { description: "The block's header in binary form.", output: E.bytes }),
    B("/header/shell", { description: "The shell part of the block's header.", output: T.blockHeaderShell }),
    B("/header/protocol_data", { description: "The protocol part of the block's header.", output: protocolData }),
    B("/header/protocol_data/raw", { description: "The protocol part of the block's header, in binary form.", output: E.bytes }),
    B("/operation_hashes", { description: "The hashes of the block's operations, by validation pass.", output: E.list(E.list(T.operationHash)) }),
    withOffsets(B("/operation_hashes", { description: "The hashes of the operations of one validation pass.", output: E.list(T.operationHash) }), [listOffset]),
    withOffsets(B("/operation_hashes", { description: "The hash of one operation.", output: T.operationHash }), [listOffset, operationOffset]),
    B("/operations", { description: "The block's operations, by validation pass.", output: E.list(E.list(E.dynamicSize(operationWithHash))) }),
    withOffsets(B("/operations", { description: "The operations of one validation pass.", output: E.list(E.dynamicSize(operationWithHash)) }), [listOffset]),
    withOffsets(B("/operations", { description: "One operation.", output: operationWithHash }), [listOffset, operationOffset]),
    B("/protocols", {
      description: "The protocol that validated the block and the protocol of its successors.",
      output: E.obj([E.req("protocol", protocolHash), E.req("next_protocol", protocolHash)]),
    }),
    B("/live_blocks", { description: "The blocks an operation on top of this block may have as branch.", output: E.list(T.blockHash) }),
  ];
}

/**
 * The mempool queries: a boolean per class (Octez's `Tezos_rpc.Arg.bool` fields; validated and
 * branch_delayed are included by default in both, the others as `defaults` says), then the
 * validation passes.
 */
function mempoolQuery(defaults: { refused: boolean; outdated: boolean; branch_refused: boolean }): QueryItem[] {
  const flags: Array<[string, boolean]> = [
    ["validated", true],
    ["refused", defaults.refused],
    ["outdated", defaults.outdated],
    ["branch_refused", defaults.branch_refused],
    ["branch_delayed", true],
  ];
  return [
    ...flags.map(([name, byDefault]) => single(name, boolArg, `Include ${name.replace("_", " ")} operations (${byDefault} by default)`)),
    multi("validation_pass", intArg, "Include operations filtered by validation pass (all by default)"),
  ];
}

/** The mempool directory's services (Octez 20.3's `pending_operations` version 2 and `monitor_operations` version 1). */
export function mempoolServices(): Service[] {
  return [
    M("/pending_operations", {
      description:
        "List the prevalidated operations: validated, refused, outdated, branch_refused and branch_delayed with their errors, and those not classified yet (unprocessed).",
      query: mempoolQuery({ refused: true, outdated: true, branch_refused: true }),
      output: E.obj([
        E.req("validated", E.list(E.dynamicSize(mempoolOperation))),
        E.req("refused", classified),
        E.req("outdated", classified),
        E.req("branch_refused", classified),
        E.req("branch_delayed", classified),
        E.req("unprocessed", E.list(E.dynamicSize(nextOperation))),
      ]),
    }),
    M("/monitor_operations", {
      description:
        "Monitor the mempool operations: first those of the selected classes already there, then each one as it is classified. The stream ends when the mempool is flushed (a new head).",
      query: mempoolQuery({ refused: false, outdated: false, branch_refused: false }),
      output: E.list(E.dynamicSize(E.mergeObjs(nextOperation, E.obj([E.opt("error", T.error)])))),
    }),
  ];
}

function tree(services: Service[]) {
  const dir = new Directory();
  for (const s of services) dir.register(s);
  return dir.describe();
}

/** The block directory's services as a tree from the root (`chains/<chain_id>/blocks/<block_id>/…`). */
export function blockDescribe() {
  return tree(blockServices());
}

/** The mempool directory's services as a tree from the root (`chains/<chain_id>/mempool/…`). */
export function mempoolDescribe() {
  return tree(mempoolServices());
}

/**
 * The subtree `depth` levels below the root of a one-branch tree: what a node answers to
 * `GET /describe/chains/<chain>/blocks/<block>?recurse=yes` (depth 4) or
 * `/describe/chains/<chain>/mempool` (depth 3).
 */
export function subtree(root: unknown, depth: number): unknown {
  let node = root as { static: { subdirs?: { suffixes?: { tree: unknown }[]; dynamic_dispatch?: { tree: unknown } } } };
  for (let i = 0; i < depth; i++) {
    const sub = node.static.subdirs;
    const next = sub?.suffixes?.[0]?.tree ?? sub?.dynamic_dispatch?.tree;
    if (next === undefined) throw new Error(`no directory ${depth} levels down`);
    node = next as typeof node;
  }
  return node;
}

