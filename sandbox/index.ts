/**
 * The sandbox node: an Octez-like node serving the shell RPC interface and protocol Tallinn's
 * accounts and manager operations (or a minimal protocol), for test suites and dapps. `startSandbox(options)` starts one and returns its URL and a stop
 * handle; `tezos-rpcgen serve` is its command line.
 */
export { startSandbox, sandboxConfig, DEFAULT_SPEC, type SandboxOptions, type RunningSandbox } from "./start.ts";
export { SandboxNode } from "./node/node.ts";
export { buildConfig, loadConfigFile, defaultConfig, type NodeConfig } from "./config/config.ts";
export { ConfigError, resolveNetwork, BUILT_IN_NETWORKS } from "./chain/networks.ts";
export { StoreError } from "./store/store.ts";
export { SANDBOX_PROTOCOL } from "./protocol/protocol.ts";
export { spawnSandbox, type SpawnedSandbox } from "./spawn.ts";
export { MissingSqliteError } from "./store/open-store.ts";
export { BOOTSTRAP_KEYS, BOOTSTRAP_BALANCE, DEFAULT_BOOTSTRAP_ACCOUNTS, bootstrapAccountsOf, ParametersError, type BootstrapAccount } from "./tallinn/accounts.ts";
export { TALLINN_PROTOCOL } from "./tallinn/rules.ts";
