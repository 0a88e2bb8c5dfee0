/**
 * Handlers of `/injection/…` and `/private/injection/…`. The private routes inject as the
 * public one does (Octez serves them on the same validator; they exist so that an ACL can
 * reserve them); `/private/injection/operations` injects a batch in order and, unless `force`
 * is set, stops at the first failure, as Octez's batch injection does.
 */
import type { Handlers } from "../../generated/shell/server.ts";
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
      return node.injectOperation(body, { async: query?.async, chain: query?.chain });
    },
    async postPrivateInjectionOperations({ query, body }) {
      const hashes: string[] = [];
      for (const op of body) {
        try {
          hashes.push(await node.injectOperation(op, { async: query?.async, chain: query?.chain }));
        } catch (error) {
          if (!query?.force) throw error;
        }
      }
      return hashes;
    },
  };
}
