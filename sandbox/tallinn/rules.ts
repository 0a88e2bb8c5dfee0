/**
 * Protocol Tallinn (024-PtTALLiN) as the node's protocol: its hash, the mempool's verdict
 * (Octez's classification by the first error's kind), block application on the chain's
 * {@link TallinnState}.
 */
import type { ErrorClass, Verdict } from "../protocol/operations.ts";
import type { ProtocolRules } from "../protocol/rules.ts";
import type { StoredBlock } from "../chain/block.ts";
import { DEFAULT_BOOTSTRAP_ACCOUNTS, type BootstrapAccount } from "./accounts.ts";
import { ValidationFailure } from "./apply.ts";
import { TallinnState } from "./chain-state.ts";
import { producedProtocolData } from "./block-data.ts";

/** Protocol Tallinn's hash. */
export const TALLINN_PROTOCOL = "PtTALLiNtPec7mE7yY4m3k26J8Qukef3E3ehzhfXgFZKGtDdAXu" as const;

/** The mempool class of an error kind (Octez `prevalidation.ml`, `classification_of_trace`). */
const CLASS_OF_KIND: Record<string, ErrorClass> = { branch: "branch_refused", permanent: "refused", temporary: "branch_delayed", outdated: "outdated" };

function verdictOf(work: () => void): Verdict {
  try {
    work();
    return { class: "validated" };
  } catch (e) {
    if (e instanceof ValidationFailure) return { class: CLASS_OF_KIND[e.kind] ?? "refused", trace: e.trace };
    throw e;
  }
}

/** Tallinn's rules, with the chain state the protocol's RPCs read. */
export interface TallinnRules extends ProtocolRules {
  readonly state: TallinnState;
}

export function isTallinn(rules: ProtocolRules): rules is TallinnRules {
  return rules.hash === TALLINN_PROTOCOL && "state" in rules;
}

/** The node's protocol factory for Tallinn, starting from `accounts` (Octez's sandbox accounts by default). */
export function tallinnRules(accounts: readonly BootstrapAccount[] = DEFAULT_BOOTSTRAP_ACCOUNTS) {
  return (blockOf: (hash: string) => StoredBlock | undefined): TallinnRules => {
    const state = new TallinnState(accounts, blockOf);
    return {
      hash: TALLINN_PROTOCOL,
      source: {
        expected_env_version: 14,
        components: [{ name: "Tallinn_sandbox_model", implementation: "(* tezos-rpcgen sandbox: protocol 024-PtTALLiN's implicit accounts and manager operations, run natively *)" }],
      },
      state,
      judge: (head, op, validated) => verdictOf(() => state.judge(head, op.hash, op.operation, validated)),
      select: (pred, candidates) => state.select(pred, candidates),
      apply(block) {
        const pred = blockOf(block.header.predecessor);
        if (pred === undefined) return undefined;
        try {
          state.accept(block, state.applyBlock(state.stateAt(pred).ledger, block));
          return undefined;
        } catch (e) {
          if (e instanceof ValidationFailure) return e.trace;
          throw e;
        }
      },
      forget: (hashes) => state.forget(hashes),
      protocolData: producedProtocolData,
    };
  };
}
