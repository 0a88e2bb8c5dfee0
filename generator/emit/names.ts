/**
 * Identifiers of a generated interface, decided once and shared by every emitter (the codec
 * emitter included) so that a name used in one file is the name exported by another.
 *
 * Schemes:
 * - a definition `block_header` becomes the type `BlockHeader`: the name is split into words at
 *   every character that cannot appear in an identifier (`.`, `-`, `_`…), each word gets a
 *   capital first letter, and a leading run of digits moves behind the word that follows it
 *   (`012-Psithaca.mutez` → `Psithaca012Mutez`);
 * - an object case of a named union becomes `<Union><Case>` (`AlphaOperationAlphaContentsTransaction`);
 * - a service becomes an operation named by its route (operation-names.ts): a protocol route
 *   as Octez's reference calls it (`getContractBalance`, `getBlockHeader`, `forgeOperations`),
 *   a shell route `<method><StaticSegments>[By<TrailingArg>]` (`getChainsBlocks`,
 *   `getNetworkPeersByPeerId`); when two services still meet, both spell every argument where
 *   it stands (`getChainsByChainIdBlocks`); its bodies are `<Operation>Input`, `…Output`,
 *   `…Error`, its arguments `<Operation>Request`, its route descriptor `<operation>Route`;
 * - a body several services share is named for its content (shared-bodies.ts), and each
 *   service's body type is an alias of it;
 * - codec functions are `decode<Type>` / `encode<Type>` ({@link codecFunctionNames}), validators
 *   `validate<Type>`; the prefixes keep them apart from types (capitalised) and operations
 *   (which start with an HTTP method).
 *
 * Collisions are settled deterministically: names are claimed in a fixed order (reserved names,
 * definitions sorted by name, then services in route order), and a later claimant of a taken
 * name gets the first free `<name>2`, `<name>3`…
 */

import type { CodecModel, ServiceCodecs } from "../reconcile/codec-model.ts";
import { routeToString } from "../model/describe-tree.ts";
import type { BodyCodec } from "../reconcile/codec-model.ts";
import { bodyUses, contentName, structureGroups } from "./shared-bodies.ts";
import { operationNames } from "./operation-names.ts";

export { operationName } from "./operation-names.ts";

/** Names that generated code uses for itself or imports, and so never go to a definition. */
export const RESERVED_NAMES: readonly string[] = [
  // TypeScript and JavaScript globals that generated code may mention.
  "Array",
  "AsyncIterable",
  "Boolean",
  "Date",
  "Error",
  "Function",
  "Map",
  "Number",
  "Object",
  "Partial",
  "Promise",
  "Readonly",
  "Record",
  "RegExp",
  "Set",
  "String",
  "Symbol",
  "Uint8Array",
  // Runtime imports.
  "BinaryReader",
  "BinaryWriter",
  "CallOptions",
  "HandlerContext",
  "HandlerResult",
  "JsonValidator",
  "JsonValue",
  "MichelineExpression",
  "RouteDescriptor",
  "RpcTransport",
  "Unistring",
  // Generated aggregates.
  "Handlers",
  "routeTable",
];

/** Words of JavaScript and TypeScript that cannot name a binding or type. */
export const RESERVED_WORDS = new Set(
  (
    "break case catch class const continue debugger default delete do else enum export extends false finally for " +
    "function if import in instanceof new null return super switch this throw true try typeof var void while with " +
    "implements interface let package private protected public static yield await any boolean never number object " +
    "string symbol undefined unknown bigint type arguments eval"
  ).split(" "),
);

/** Splits a name into identifier words (`alpha.operation-result_x` → `alpha`, `operation`, `result`, `x`). */
export function words(name: string): string[] {
  return name.split(/[^A-Za-z0-9]+/).filter((w) => w.length > 0);
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** `block_header` → `BlockHeader`; `012-Psithaca.mutez` → `Psithaca012Mutez`; never empty. */
export function pascalCase(name: string): string {
  const parts = words(name);
  // A leading protocol number reads better after the protocol name than in front of it.
  if (parts.length >= 2 && /^\d+$/.test(parts[0]!) && /^[A-Za-z]/.test(parts[1]!)) {
    const [digits, next] = [parts[0]!, parts[1]!];
    parts.splice(0, 2, next, digits);
  }
  const joined = parts.map(capitalise).join("");
  if (joined.length === 0) return "Anonymous";
  return /^[0-9]/.test(joined) ? `T${joined}` : joined;
}

/** `chain_id` → `chainId`. */
export function camelCase(name: string): string {
  const pascal = pascalCase(name);
  return pascal.charAt(0).toLowerCase() + pascal.slice(1);
}

/** True when `name` can be written as a bare property key. */
export function isIdentifierName(name: string): boolean {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name);
}

/** A property key as written in a type or object literal: bare when possible, else quoted. */
export function propertyKey(name: string): string {
  return isIdentifierName(name) ? name : JSON.stringify(name);
}

/** The decoder and encoder of a type, as the codec emitter exports them. */
export function codecFunctionNames(typeName: string): { decode: string; encode: string } {
  return { decode: `decode${typeName}`, encode: `encode${typeName}` };
}

/** The JSON validator generated for a body schema first used by the body type `typeName`. */
export function validatorName(typeName: string): string {
  return `validate${typeName}`;
}

/** Hands out identifiers, never the same one twice. */
export class NameTable {
  private readonly taken = new Set<string>();

  constructor(reserved: Iterable<string> = RESERVED_NAMES) {
    for (const name of reserved) this.taken.add(name);
  }

  /** Claims `wanted`, or the first free `wanted2`, `wanted3`… */
  claim(wanted: string): string {
    const base = RESERVED_WORDS.has(wanted) ? `${wanted}_` : wanted;
    let name = base;
    for (let n = 2; this.taken.has(name); n++) name = `${base}${n}`;
    this.taken.add(name);
    return name;
  }

  has(name: string): boolean {
    return this.taken.has(name);
  }
}

/** Names of one service. */
export interface ServiceNames {
  /** Client function and handler method (`getChainsBlocks`, `getContractBalance`). */
  operation: string;
  /**
   * For a service that streams only when a flag is set: the client function that sets it and
   * returns the stream (`getNetworkPeersLogStream`).
   */
  streamOperation?: string;
  /** Route descriptor constant (`getContractBalanceRoute`). */
  route: string;
  /** Arguments type: path, query and body (`GetContractBalanceRequest`). */
  request: string;
  input?: string;
  output: string;
  error: string;
}

/** Every identifier of one generated interface. */
export interface InterfaceNames {
  /** Definition name → type name. */
  definitions: Map<string, string>;
  /** Definition name → union case tag → type name, for object cases of named unions. */
  cases: Map<string, Map<number, string>>;
  /** Parallel to `model.services`. */
  services: ServiceNames[];
  /** Bodies several services share by structure → the shared type's name (shared-bodies.ts). */
  sharedBodies: Map<BodyCodec, string>;
  /** The table the names came from, for emitters that need more (types derived from JSON schemas). */
  table: NameTable;
}

/** Decides every name of an interface (deterministic: same model, same names). */
export function nameInterface(model: CodecModel): InterfaceNames {
  const table = new NameTable();
  const definitions = new Map<string, string>();
  const cases = new Map<string, Map<number, string>>();
  const sorted = [...model.definitions.keys()].sort(compareStrings);
  for (const name of sorted) definitions.set(name, table.claim(pascalCase(name)));
  for (const name of sorted) {
    const codec = model.definitions.get(name)!.codec;
    if (codec.kind !== "union") continue;
    const byTag = new Map<number, string>();
    for (const c of [...codec.cases].sort((a, b) => a.tag - b.tag)) {
      if (c.payload.kind !== "object") continue;
      byTag.set(c.tag, table.claim(definitions.get(name)! + pascalCase(c.name)));
    }
    if (byTag.size > 0) cases.set(name, byTag);
  }
  const operations = operationNames(model.services.map((s) => s.service));
  const services = model.services.map((entry, i): ServiceNames => {
    const operation = table.claim(operations[i]!);
    const type = operation.charAt(0).toUpperCase() + operation.slice(1);
    const names: ServiceNames = {
      operation,
      route: table.claim(`${operation}Route`),
      request: table.claim(`${type}Request`),
      output: table.claim(`${type}Output`),
      error: table.claim(`${type}Error`),
    };
    if (entry.input) names.input = table.claim(`${type}Input`);
    if (typeof entry.streaming === "object") names.streamOperation = table.claim(`${operation}Stream`);
    return names;
  });
  const sharedBodies = new Map<BodyCodec, string>();
  for (const group of structureGroups(bodyUses(model, services))) {
    const name = table.claim(contentName(group));
    for (const use of group) sharedBodies.set(use.body, name);
  }
  return { definitions, cases, services, sharedBodies, table };
}

/** Code-unit order, independent of locale. */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A stable label for a service (`GET /chains/<chain_id>/blocks`). */
export function serviceLabel(entry: ServiceCodecs): string {
  return `${entry.service.method} ${routeToString(entry.service.route)}`;
}
