/**
 * The shell RPC interface as a describe tree, for the current layout (Octez 20.3) and the
 * earlier one (Octez 8.2). Both are built from the same service modules, which take the
 * layout as a parameter.
 */
import { Directory, type Service } from "./service.ts";
import { chainDynamicDirs, chainServices } from "./services/chains.ts";
import { configServices } from "./services/config.ts";
import { describeServices } from "./services/describe.ts";
import { errorServices } from "./services/errors.ts";
import { fetchProtocolServices } from "./services/fetch-protocol.ts";
import { healthServices } from "./services/health.ts";
import { injectionServices } from "./services/injection.ts";
import { monitorServices } from "./services/monitor.ts";
import { networkServices } from "./services/network.ts";
import { privateInjectionServices } from "./services/private-injection.ts";
import { protocolServices } from "./services/protocols.ts";
import { statsServices } from "./services/stats.ts";
import { CURRENT, LEGACY, type Layout } from "./services/types.ts";
import { versionServices } from "./services/version.ts";
import { workerServices } from "./services/workers.ts";
import type { Json } from "./combinators/index.ts";

export { CURRENT, LEGACY, type Layout };

/** Every service of the shell interface in the given layout. */
export function shellServices(l: Layout): Service[] {
  return [
    ...chainServices(l),
    ...configServices(l),
    ...describeServices(),
    ...errorServices(),
    ...fetchProtocolServices(),
    ...healthServices(l),
    ...injectionServices(l),
    ...privateInjectionServices(l),
    ...monitorServices(l),
    ...networkServices(l),
    ...protocolServices(l),
    ...statsServices(l),
    ...versionServices(l),
    ...workerServices(l),
  ];
}

export function shellDirectory(l: Layout): Directory {
  const dir = new Directory();
  for (const s of shellServices(l)) dir.register(s);
  for (const d of chainDynamicDirs) dir.registerDynamic(d);
  return dir;
}

/** The answer of `GET /describe?recurse=yes` for the given layout. */
export function shellDescribe(l: Layout): Json {
  return shellDirectory(l).describe(l.legacy ? { hexPattern: "^[a-zA-Z0-9]+$" } : {});
}
