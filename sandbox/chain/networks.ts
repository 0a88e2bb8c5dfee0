/**
 * The networks a sandbox can run: the built-in `sandbox`, `mainnet` and `ghostnet` (genesis
 * values from tezos/tezos-mirror `src/lib_node_config/config_file.ml`) and custom networks
 * given as the config record's `network` object. The chain id comes from the genesis block hash
 * as Octez derives it (`Chain_id.of_block_hash`: first 4 bytes of BLAKE2b-256 of the hash).
 */
import { chainIdOfGenesis, isBase58Check, BASE58, parseProtocolTimestamp } from "@tezos-rpcgen/runtime";
import type { GetConfigOutput } from "../../generated/shell/types.ts";

/** The config record's `network` value: a built-in alias or a custom network object. */
export type NetworkConfig = NonNullable<GetConfigOutput["network"]>;
/** A custom network object (the config record's `Custom` case). */
export type CustomNetwork = Exclude<NetworkConfig, string>;

/** Everything the node needs from a network. */
export interface Network {
  /** `sandbox`, `mainnet`, `ghostnet`, or `custom`. */
  readonly alias: string;
  readonly config: NetworkConfig;
  readonly genesis: { readonly timestamp: string; readonly block: string; readonly protocol: string };
  readonly chainName: string;
  readonly sandboxedChainName: string;
  readonly chainId: string;
  readonly userActivatedUpgrades: NonNullable<CustomNetwork["user_activated_upgrades"]>;
  readonly userActivatedProtocolOverrides: NonNullable<CustomNetwork["user_activated_protocol_overrides"]>;
  readonly dal: NonNullable<CustomNetwork["dal_config"]>;
}

/** The DAL settings Octez uses unless a network overrides them (`Cryptobox.Config.default`). */
export const DEFAULT_DAL = Object.freeze({ activated: false, use_mock_srs_for_testing: false, bootstrap_peers: [] as string[] });

/** Lists a network description may leave out when empty (`dft` fields of Octez's encoding). */
type DefaultedLists = "user_activated_upgrades" | "user_activated_protocol_overrides" | "default_bootstrap_peers";
const BUILT_IN: Record<string, Omit<CustomNetwork, "dal_config" | DefaultedLists> & Partial<Pick<CustomNetwork, DefaultedLists>>> = {
  sandbox: {
    genesis: {
      timestamp: "2018-06-30T16:07:32Z",
      block: "BLockGenesisGenesisGenesisGenesisGenesisf79b5d1CoW2",
      protocol: "ProtoGenesisGenesisGenesisGenesisGenesisGenesk612im",
    },
    chain_name: "TEZOS",
    sandboxed_chain_name: "SANDBOXED_TEZOS",
  },
  mainnet: {
    genesis: {
      timestamp: "2018-06-30T16:07:32Z",
      block: "BLockGenesisGenesisGenesisGenesisGenesisf79b5d1CoW2",
      protocol: "Ps9mPmXaRzmzk35gbAYNCAw6UXdE2qoABTHbN2oEEc1qM7CwT9P",
    },
    chain_name: "TEZOS_MAINNET",
    old_chain_name: "TEZOS_BETANET_2018-06-30T16:07:32Z",
    incompatible_chain_name: "INCOMPATIBLE",
    sandboxed_chain_name: "SANDBOXED_TEZOS_MAINNET",
    user_activated_upgrades: [
      { level: 28082, replacement_protocol: "PsYLVpVvgbLhAhoqAkMFUo6gudkJ9weNXhUYCiLDzcUpFpkk8Wt" },
      { level: 204761, replacement_protocol: "PsddFKi32cMJ2qPjf43Qv5GDWLDPZb3T3bF6fLKiF5HtvHNU7aP" },
    ],
    user_activated_protocol_overrides: [
      { replaced_protocol: "PsBABY5HQTSkA4297zNHfsZNKtxULfL18y95qb3m53QJiXGmrbU", replacement_protocol: "PsBabyM1eUXZseaJdmXFApDSBqj8YBfwELoxZHHW77EMcAbbwAS" },
      { replaced_protocol: "PtEdoTezd3RHSC31mpxxo1npxFjoWWcFgQtxapi51Z8TLu6v6Uq", replacement_protocol: "PtEdo2ZkT9oKpimTah6x2embF25oss54njMuPzkJTEi5RqfdZFA" },
      { replaced_protocol: "PtHangzHogokSuiMHemCuowEavgYTP8J5qQ9fQS793MHYFpCY3r", replacement_protocol: "PtHangz2aRngywmSRGGvrcTyMbbdpWdpFKuS4uMWxg2RaH9i1qx" },
      { replaced_protocol: "PtMumbaiiFFEGbew1rRjzSPyzRbA51Tm3RVZL5suHPxSZYDhCEc", replacement_protocol: "PtMumbai2TmsJHNGRkD8v8YDbtao7BLUC3wjASn1inAKLFCjaH1" },
    ],
    default_bootstrap_peers: ["boot.tzboot.net", "boot.tzbeta.net", "boot.mainnet.oxheadhosted.com"],
  },
  ghostnet: {
    genesis: {
      timestamp: "2022-01-25T15:00:00Z",
      block: "BLockGenesisGenesisGenesisGenesisGenesis1db77eJNeJ9",
      protocol: "Ps9mPmXaRzmzk35gbAYNCAw6UXdE2qoABTHbN2oEEc1qM7CwT9P",
    },
    chain_name: "TEZOS_ITHACANET_2022-01-25T15:00:00Z",
    sandboxed_chain_name: "SANDBOXED_TEZOS",
    user_activated_upgrades: [
      { level: 8191, replacement_protocol: "Psithaca2MLRFYargivpo7YvUr7wUDqyxrdhC5CQq78mRvimz6A" },
      { level: 765952, replacement_protocol: "PtJakart2xVj7pYXJBXrqHgd82rdkLey5ZeeGwDgPp9rhQUbSqY" },
      { level: 1191936, replacement_protocol: "PtKathmankSpLLDALzWw7CGD2j2MtyveTwboEYokqUCP4a1LxMg" },
      { level: 1654784, replacement_protocol: "PtLimaPtLMwfNinJi9rCfDPWea8dFgTZ1MeJ9f1m2SRic6ayiwW" },
    ],
    default_bootstrap_peers: ["ghostnet.teztnets.xyz", "ghostnet.smartpy.io", "ghostnet.boot.ecadinfra.com", "ghostnet.kaml.fr", "ghostnet.stakenow.de:9733", "ghostnet.visualtez.com"],
  },
};

/** Names of the built-in networks. */
export const BUILT_IN_NETWORKS = Object.freeze(Object.keys(BUILT_IN));

/** A configuration problem, with the path of the offending value. */
export class ConfigError extends Error {
  override readonly name = "ConfigError";
  constructor(
    readonly where: string,
    problem: string,
  ) {
    super(`${where}: ${problem}`);
  }
}

/** Resolves a network alias or a custom network object; throws {@link ConfigError} when invalid. */
export function resolveNetwork(config: unknown, where = "network"): Network {
  if (typeof config === "string") {
    const builtIn = BUILT_IN[config];
    if (!builtIn) throw new ConfigError(where, `unknown network ${JSON.stringify(config)} (expected one of ${BUILT_IN_NETWORKS.join(", ")} or a custom network object)`);
    return build(config, config as NetworkConfig, { user_activated_upgrades: [], user_activated_protocol_overrides: [], default_bootstrap_peers: [], ...builtIn, dal_config: { ...DEFAULT_DAL } });
  }
  const custom = checkCustom(config, where);
  return build("custom", custom, custom);
}

function build(alias: string, config: NetworkConfig, n: CustomNetwork): Network {
  return {
    alias,
    config,
    genesis: n.genesis,
    chainName: n.chain_name as string,
    sandboxedChainName: n.sandboxed_chain_name as string,
    chainId: chainIdOfGenesis(n.genesis.block),
    userActivatedUpgrades: n.user_activated_upgrades ?? [],
    userActivatedProtocolOverrides: n.user_activated_protocol_overrides ?? [],
    dal: n.dal_config ?? { ...DEFAULT_DAL },
  };
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function checkCustom(v: unknown, where: string): CustomNetwork {
  if (!isObject(v)) throw new ConfigError(where, "expected a network name or a custom network object");
  const g = v.genesis;
  if (!isObject(g)) throw new ConfigError(`${where}.genesis`, "required object {timestamp, block, protocol}");
  if (typeof g.timestamp !== "string" || parseProtocolTimestamp(g.timestamp) === undefined) throw new ConfigError(`${where}.genesis.timestamp`, "expected a protocol timestamp (RFC 3339 or decimal seconds)");
  if (!isBase58Check(BASE58.block_hash, g.block)) throw new ConfigError(`${where}.genesis.block`, "expected a block hash (B…)");
  if (!isBase58Check(BASE58.protocol_hash, g.protocol)) throw new ConfigError(`${where}.genesis.protocol`, "expected a protocol hash (P…)");
  for (const key of ["chain_name", "sandboxed_chain_name"])
    if (typeof v[key] !== "string") throw new ConfigError(`${where}.${key}`, "required string");
  for (const key of ["old_chain_name", "incompatible_chain_name"])
    if (v[key] !== undefined && typeof v[key] !== "string") throw new ConfigError(`${where}.${key}`, "expected a string");
  const upgrades = v.user_activated_upgrades ?? [];
  if (!Array.isArray(upgrades)) throw new ConfigError(`${where}.user_activated_upgrades`, "expected a list");
  upgrades.forEach((u, i) => {
    if (!isObject(u) || !Number.isInteger(u.level) || !isBase58Check(BASE58.protocol_hash, u.replacement_protocol))
      throw new ConfigError(`${where}.user_activated_upgrades[${i}]`, "expected {level: integer, replacement_protocol: P…}");
  });
  const overrides = v.user_activated_protocol_overrides ?? [];
  if (!Array.isArray(overrides)) throw new ConfigError(`${where}.user_activated_protocol_overrides`, "expected a list");
  overrides.forEach((o, i) => {
    if (!isObject(o) || !isBase58Check(BASE58.protocol_hash, o.replaced_protocol) || !isBase58Check(BASE58.protocol_hash, o.replacement_protocol))
      throw new ConfigError(`${where}.user_activated_protocol_overrides[${i}]`, "expected {replaced_protocol: P…, replacement_protocol: P…}");
  });
  const peers = v.default_bootstrap_peers ?? [];
  if (!Array.isArray(peers) || peers.some((p) => typeof p !== "string")) throw new ConfigError(`${where}.default_bootstrap_peers`, "expected a list of strings");
  const dal = v.dal_config ?? { ...DEFAULT_DAL };
  if (!isObject(dal) || typeof dal.activated !== "boolean" || typeof dal.use_mock_srs_for_testing !== "boolean" || !Array.isArray(dal.bootstrap_peers))
    throw new ConfigError(`${where}.dal_config`, "expected {activated: boolean, use_mock_srs_for_testing: boolean, bootstrap_peers: [string]}");
  return { ...(v as unknown as CustomNetwork), dal_config: dal as CustomNetwork["dal_config"] };
}
