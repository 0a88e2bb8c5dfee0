/**
 * The names of services: client functions, handler methods, and from them the route
 * descriptor and body types (`<operation>Route`, `<Operation>Output`…). Two rules, by where the
 * route lives (docs/protocols.md#names has the full rule with examples):
 *
 * - **Protocol routes**, below the block directory `/chains/<chain_id>/blocks/<block_id>` or the
 *   mempool `/chains/<chain_id>/mempool`, are named as a reader of Octez's RPC reference (or a
 *   Taquito user) calls them: the directory's prefix is dropped, and so are the protocol's
 *   grouping directories `context`, `helpers` and `helpers/scripts`; a collection followed by
 *   its argument reads in the singular (`contracts/<contract_id>` → `Contract`), and once when
 *   Octez spells both (`smart_rollups/smart_rollup/<address>` → `SmartRollup`); arguments are
 *   not spelt; a route whose first remaining word is an action (`forge`, `simulate`,
 *   `monitor`…) takes that word as its verb, the others the method's; the shell's own block
 *   data (not under `context`, `helpers` or `votes`) reads `Block…`. So
 *   `GET …/context/contracts/<contract_id>/balance` → `getContractBalance`, `GET …/header` →
 *   `getBlockHeader`, `POST …/helpers/forge/operations` → `forgeOperations`,
 *   `GET …/mempool/monitor_operations` → `monitorOperations`.
 * - **Shell routes** (everything else) are `<method><StaticSegments>[By<TrailingArg>]`:
 *   `GET /chains/<chain_id>/blocks` → `getChainsBlocks`, `GET /network/peers/<peer_id>` →
 *   `getNetworkPeersByPeerId`.
 *
 * Collisions are settled the same way for both, deterministically, from the routes alone: the
 * services whose names meet spell every argument where it stands (`getBigMapByBigMapId`,
 * `getChainsByChainIdBlocks`); a protocol name that still meets another gets its directory
 * (`Block`, `Mempool`) after the verb; the name table's `<name>2` is the last resort.
 */
import type { HttpMethod, RouteSegment } from "../model/describe-tree.ts";
import { pascalCase } from "./names.ts";

/** Where a protocol's services are mounted, and the word a clashing name gets from it. */
interface ProtocolDirectory {
  word: string;
  /** Segments of the directory's route: a static name, or `null` for a path argument. */
  route: ReadonlyArray<string | null>;
  /** Routes of this directory whose first segment is one of these are not its own data. */
  protocolGroups: ReadonlySet<string>;
  /** Whether the directory's own data (routes outside `protocolGroups`) are prefixed by `word`. */
  prefixOwnData: boolean;
}

const PROTOCOL_DIRECTORIES: readonly ProtocolDirectory[] = [
  { word: "block", route: ["chains", null, "blocks", null], protocolGroups: new Set(["context", "helpers", "votes"]), prefixOwnData: true },
  { word: "mempool", route: ["chains", null, "mempool"], protocolGroups: new Set(), prefixOwnData: false },
];

/** Grouping directories that name no thing, dropped where a route starts with them. */
const DROPPED_GROUPS: ReadonlyArray<readonly string[]> = [["helpers", "scripts"], ["helpers"], ["context"]];

/**
 * Words that name an action rather than a thing: a protocol route starting with one takes it as
 * its verb (`simulate_operation` → `simulateOperation`, `forge/operations` → `forgeOperations`).
 */
export const ACTION_WORDS: ReadonlySet<string> = new Set([
  "ban",
  "forge",
  "monitor",
  "normalize",
  "pack",
  "parse",
  "preapply",
  "request",
  "run",
  "simulate",
  "trace",
  "typecheck",
  "unban",
]);

/** Operation names of services, parallel to the list, collisions settled (see the module comment). */
export function operationNames(services: ReadonlyArray<{ method: HttpMethod; route: readonly RouteSegment[] }>): string[] {
  const names = services.map((s) => operationName(s.method, s.route, false));
  const clashing = duplicates(names);
  const spelt = names.map((name, i) => (clashing.has(name) ? operationName(services[i]!.method, services[i]!.route, true) : name));
  const still = duplicates(spelt);
  return spelt.map((name, i) => {
    if (!still.has(name)) return name;
    const { method, route } = services[i]!;
    return protocolOperationName(method, route, true, true) ?? name;
  });
}

function duplicates(names: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const name of names) (seen.has(name) ? twice : seen).add(name);
  return twice;
}

/**
 * The operation name of one service before collisions are settled: the protocol rule for a
 * route below the block or mempool directory, else the shell rule. `everyArgument` spells
 * every path argument where it stands.
 */
export function operationName(method: string, route: readonly RouteSegment[], everyArgument: boolean): string {
  return protocolOperationName(method, route, everyArgument, false) ?? shellOperationName(method, route, everyArgument);
}

/**
 * `method` + static segments, with path arguments spelt `By<Arg>`: only the trailing ones, or
 * all of them (`everyArgument`) to tell apart routes that differ only by argument positions.
 */
export function shellOperationName(method: string, route: readonly RouteSegment[], everyArgument: boolean): string {
  let lastStatic = -1;
  route.forEach((segment, i) => {
    if (segment.kind === "static") lastStatic = i;
  });
  const parts = route.map((segment, i) => {
    if (segment.kind === "static") return pascalCase(segment.name);
    return everyArgument || i > lastStatic ? `By${pascalCase(segment.name)}` : "";
  });
  const tail = parts.join("");
  return method.toLowerCase() + (tail.length > 0 ? tail : "Root");
}

/** The protocol rule (module comment), or `undefined` for a route outside the protocol's directories. */
export function protocolOperationName(method: string, route: readonly RouteSegment[], everyArgument: boolean, withDirectory: boolean): string | undefined {
  const directory = PROTOCOL_DIRECTORIES.find((d) => d.route.length <= route.length && d.route.every((name, i) => (name === null ? route[i]!.kind === "arg" : route[i]!.kind === "static" && (route[i] as { name: string }).name === name)));
  if (directory === undefined) return undefined;
  let rest = route.slice(directory.route.length);
  const first = rest[0]?.kind === "static" ? rest[0].name : undefined;
  const ownData = first === undefined || !directory.protocolGroups.has(first);
  const dropped = DROPPED_GROUPS.find((group) => group.length < rest.length && group.every((name, i) => rest[i]!.kind === "static" && (rest[i] as { name: string }).name === name));
  if (dropped !== undefined) rest = rest.slice(dropped.length);
  const words: string[] = [];
  rest.forEach((segment, i) => {
    if (segment.kind === "arg") {
      if (everyArgument) words.push("by", ...wordsOf(segment.name));
      return;
    }
    const segmentWords = wordsOf(segment.name);
    // `smart_rollups/smart_rollup/<address>`: a collection followed by its own singular is read once.
    const next = rest[i + 1];
    if (next?.kind === "static" && next.name !== segment.name && wordsOf(next.name).join("_") === [...segmentWords.slice(0, -1), singular(segmentWords[segmentWords.length - 1] ?? "")].join("_")) return;
    // A collection followed by one of its members' argument names that member.
    if (rest[i + 1]?.kind === "arg" && segmentWords.length > 0) segmentWords.push(singular(segmentWords.pop()!));
    words.push(...segmentWords);
  });
  let verb = method.toLowerCase();
  if (words.length > 1 && ACTION_WORDS.has(words[0]!)) verb = words.shift()!;
  if ((ownData && directory.prefixOwnData) || withDirectory || words.length === 0) {
    if (words[0] !== directory.word) words.unshift(directory.word);
  }
  return verb + pascalWords(words);
}

/** `contracts` → `contract`, `operation_hashes`' `hashes` → `hash`, `entries` → `entry`. */
export function singular(word: string): string {
  if (/ies$/.test(word) && word.length > 4) return word.slice(0, -3) + "y";
  if (/(sh|ch|x|ss)es$/.test(word)) return word.slice(0, -2);
  if (/[^s]s$/.test(word)) return word.slice(0, -1);
  return word;
}

function wordsOf(name: string): string[] {
  return name.split(/[^A-Za-z0-9]+/).filter((w) => w.length > 0);
}

/** Words → `PascalCase` (they follow a verb, so a leading digit is fine). */
function pascalWords(words: readonly string[]): string {
  return words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join("");
}
