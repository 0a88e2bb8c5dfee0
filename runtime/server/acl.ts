/**
 * Access control per listening address, as an Octez node applies it (octez-http.md §9): a
 * policy is a whitelist or a blacklist of matchers `[METHOD] /path`, where `*` is one segment
 * and a final `**` any number of segments (none included). A listener without a policy gets the
 * node's default: allow everything on a loopback address, the `secure` whitelist elsewhere.
 */
import { RpcServerSetupError } from "./errors.ts";

/** An access policy as the node's configuration writes it, or `"allow-all"`. */
export type AclPolicy = { readonly whitelist: readonly string[] } | { readonly blacklist: readonly string[] } | "allow-all";

type PathPattern = { kind: "literal"; value: string } | { kind: "any" } | { kind: "tail" };

interface Matcher {
  readonly method?: string;
  readonly path: readonly PathPattern[];
}

/** A policy ready to check requests. */
export interface CompiledAcl {
  allows(method: string, segments: readonly string[]): boolean;
}

const METHODS = new Set<string>(["GET", "POST", "PUT", "PATCH", "DELETE"]);

/** Parses one matcher, `GET /chains/*\/blocks` or `/monitor/**`; a bad one is a setup error. */
export function parseMatcher(text: string): Matcher {
  const trimmed = text.trim();
  const space = trimmed.search(/\s/);
  let method: string | undefined;
  let path = trimmed;
  if (space > 0 && METHODS.has(trimmed.slice(0, space).toUpperCase())) {
    method = trimmed.slice(0, space).toUpperCase();
    path = trimmed.slice(space).trim();
  }
  if (!path.startsWith("/")) throw new RpcServerSetupError(`ACL matcher ${JSON.stringify(text)}: the path must start with "/"`);
  const parts = path.split("/").filter((s) => s !== "");
  const patterns = parts.map((part, i): PathPattern => {
    if (part === "**") {
      if (i !== parts.length - 1) throw new RpcServerSetupError(`ACL matcher ${JSON.stringify(text)}: "**" is only allowed last`);
      return { kind: "tail" };
    }
    if (part === "*") return { kind: "any" };
    let value: string;
    try {
      value = decodeURIComponent(part);
    } catch {
      throw new RpcServerSetupError(`ACL matcher ${JSON.stringify(text)}: bad percent-encoding in ${JSON.stringify(part)}`);
    }
    return { kind: "literal", value };
  });
  return method === undefined ? { path: patterns } : { method, path: patterns };
}

function matchesPath(patterns: readonly PathPattern[], segments: readonly string[]): boolean {
  for (let i = 0; i < patterns.length; i++) {
    const pattern = patterns[i]!;
    if (pattern.kind === "tail") return true;
    const segment = segments[i];
    if (segment === undefined) return false;
    if (pattern.kind === "literal" && pattern.value !== segment) return false;
  }
  return patterns.length === segments.length;
}

function matches(matcher: Matcher, method: string, segments: readonly string[]): boolean {
  return (matcher.method === undefined || matcher.method === method) && matchesPath(matcher.path, segments);
}

/** Compiles a policy; matchers are checked now, so a typo fails at start-up. */
export function compileAcl(policy: AclPolicy): CompiledAcl {
  if (policy === "allow-all") return { allows: () => true };
  if ("whitelist" in policy) {
    const matchers = policy.whitelist.map(parseMatcher);
    return { allows: (method, segments) => matchers.some((m) => matches(m, method, segments)) };
  }
  const matchers = policy.blacklist.map(parseMatcher);
  return { allows: (method, segments) => !matchers.some((m) => matches(m, method, segments)) };
}

/** True for addresses a node treats as loopback: `localhost`, 127.0.0.0/8, `::1`. */
export function isLoopbackAddress(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, "").toLowerCase();
  return h === "localhost" || h === "::1" || /^127\.\d+\.\d+\.\d+$/.test(h) || /^::ffff:127\.\d+\.\d+\.\d+$/.test(h);
}

/** The policy a listener gets without one of its own (octez-http.md §9.1). */
export function defaultAclFor(host: string): AclPolicy {
  return isLoopbackAddress(host) ? "allow-all" : SECURE_POLICY;
}

/** Octez 20.3's default `secure` policy for non-loopback listeners (octez-http.md §9.2). */
export const SECURE_POLICY: AclPolicy = {
  whitelist: [
    "GET /chains/*/blocks",
    "GET /chains/*/blocks/*",
    "GET /chains/*/chain_id",
    "GET /chains/*/checkpoint",
    "GET /chains/*/blocks/*/context/adaptive_issuance_launch_cycle",
    "GET /chains/*/blocks/*/context/big_maps/*/*",
    "GET /chains/*/blocks/*/context/cache/**",
    "GET /chains/*/blocks/*/context/constants",
    "GET /chains/*/blocks/*/context/contracts/**",
    "GET /chains/*/blocks/*/context/delegates/**",
    "GET /chains/*/blocks/*/context/denunciations",
    "GET /chains/*/blocks/*/context/issuance",
    "GET /chains/*/blocks/*/context/issuance/*",
    "GET /chains/*/blocks/*/context/liquidity_baking/*",
    "GET /chains/*/blocks/*/context/merkle_tree/**",
    "GET /chains/*/blocks/*/context/merkle_tree_v2/**",
    "GET /chains/*/blocks/*/context/nonces/*",
    "GET /chains/*/blocks/*/context/sapling/**",
    "GET /chains/*/blocks/*/context/seed_computation",
    "GET /chains/*/blocks/*/context/selected_snapshot",
    "GET /chains/*/blocks/*/context/total_frozen_stake",
    "GET /chains/*/blocks/*/context/total_supply",
    "GET /chains/*/blocks/*/hash",
    "GET /chains/*/blocks/*/header",
    "GET /chains/*/blocks/*/header/**",
    "GET /chains/*/blocks/*/helpers/current_level",
    "GET /chains/*/blocks/*/live_blocks",
    "GET /chains/*/blocks/*/metadata",
    "GET /chains/*/blocks/*/metadata_hash",
    "GET /chains/*/blocks/*/minimal_valid_time",
    "GET /chains/*/blocks/*/operation_hashes",
    "GET /chains/*/blocks/*/operation_hashes/**",
    "GET /chains/*/blocks/*/operation_metadata_hashes",
    "GET /chains/*/blocks/*/operations",
    "GET /chains/*/blocks/*/operations/**",
    "GET /chains/*/blocks/*/operations_metadata_hash",
    "GET /chains/*/blocks/*/protocols",
    "GET /chains/*/blocks/*/resulting_context_hash",
    "GET /chains/*/blocks/*/votes/**",
    "GET /chains/*/invalid_blocks",
    "GET /chains/*/invalid_blocks/*",
    "GET /chains/*/is_bootstrapped",
    "GET /chains/*/levels/*",
    "GET /chains/*/mempool/filter",
    "GET /chains/*/mempool/pending_operations",
    "GET /config/history_mode",
    "GET /config/network/user_activated_protocol_overrides",
    "GET /config/network/user_activated_upgrades",
    "GET /config/network/dal",
    "GET /network/stat",
    "GET /network/version",
    "GET /network/versions",
    "GET /protocols",
    "GET /protocols/*/environment",
    "GET /version",
    "POST /chains/*/blocks/*/context/contracts/*/big_map_get",
    "POST /chains/*/blocks/*/context/seed",
    "POST /injection/operation",
  ],
};
