/** The sandbox's implementation of the generated shell `Handlers`, area by area. */
import type { Handlers } from "../../generated/shell/server.ts";
import type { SandboxNode } from "../node/node.ts";
import { chainHandlers } from "./chains.ts";
import { configHandlers } from "./config.ts";
import { injectionHandlers } from "./injection.ts";
import { monitorHandlers } from "./monitor.ts";
import { networkHandlers } from "./network.ts";
import { infoHandlers, type DescribeTrees } from "./node-info.ts";

export type { DescribeTrees };

export function shellHandlers(node: SandboxNode, describe: DescribeTrees): Handlers {
  return {
    ...chainHandlers(node),
    ...configHandlers(node),
    ...injectionHandlers(node),
    ...monitorHandlers(node),
    ...networkHandlers(node),
    ...infoHandlers(node, describe),
  };
}
