/** Handlers of `/config/…`. */
import type { Handlers } from "../../generated/shell/server.ts";
import type { SandboxNode } from "../node/node.ts";
import { canonicalConfig } from "../config/config.ts";

type ConfigHandlers = Pick<
  Handlers,
  "getConfig" | "getConfigHistoryMode" | "putConfigLogging" | "getConfigNetworkDal" | "getConfigNetworkUserActivatedProtocolOverrides" | "getConfigNetworkUserActivatedUpgrades"
>;

export function configHandlers(node: SandboxNode): ConfigHandlers {
  return {
    getConfig() {
      return canonicalConfig(node.config);
    },
    getConfigHistoryMode() {
      return { history_mode: node.mainChain.historyMode };
    },
    putConfigLogging({ body }) {
      node.setLogging(body);
      return {};
    },
    getConfigNetworkDal() {
      return node.network.dal;
    },
    getConfigNetworkUserActivatedProtocolOverrides() {
      return [...node.network.userActivatedProtocolOverrides];
    },
    getConfigNetworkUserActivatedUpgrades() {
      return [...node.network.userActivatedUpgrades];
    },
  };
}
