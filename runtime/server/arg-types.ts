/**
 * Parsers of path and query argument values, by the node's type name (`chain_id`, `block_id`,
 * `peer_id`, `uint`…). A value that does not parse never reaches a handler: the server answers
 * 400 with the parser's reason (octez-http.md §3, §7, §8). Each parser returns the value the
 * handler receives, or a {@link ArgProblem}. Unknown type names accept any text, as the server
 * cannot know a parser the generator did not name; callers may add their own.
 */
import { BASE58, type Base58Kind } from "../encodings/base58/prefixes.ts";
import { isBase58Check } from "../encodings/base58/check.ts";
import { parseBooleanArgument } from "../http/query-string.ts";

/** Why a value was refused, as the node's own parsers word it. */
export interface ArgProblem {
  readonly problem: string;
}

/** A parser of one argument type: the typed value, or why the text is not one. */
export type ArgParser = (text: string) => string | number | boolean | ArgProblem;

/** True when `result` is a refusal. */
export function isArgProblem(result: unknown): result is ArgProblem {
  return typeof result === "object" && result !== null && "problem" in result;
}

const refuse = (problem: string): ArgProblem => ({ problem });

/** resto's boolean parser (octez-http.md §6) as an argument parser. */
function bool(text: string): boolean | ArgProblem {
  return parseBooleanArgument(text) ?? refuse("expected a boolean (true, t, yes, y, false, f, no, n)");
}

function base58(kind: Base58Kind, name: string): ArgParser {
  return (text) => (isBase58Check(kind, text) ? text : refuse(`failed to decode Base58Check-encoded data (${name}): ${JSON.stringify(text)}`));
}

const INTEGER = /^[+-]?\d+$/;

function integer(min: number): ArgParser {
  return (text) => {
    if (!INTEGER.test(text)) return refuse(`Cannot parse integer value: ${JSON.stringify(text)}`);
    const value = Number(text);
    if (!Number.isSafeInteger(value)) return refuse(`integer out of range: ${JSON.stringify(text)}`);
    if (value < min) return refuse(`expected a non-negative integer, got ${JSON.stringify(text)}`);
    return value;
  };
}

/** `main`, `test` or a Base58Check chain id (Octez's `parse_chain`). */
function chainId(text: string): string | ArgProblem {
  return text === "main" || text === "test" || isBase58Check(BASE58.chain_id, text) ? text : refuse("Cannot parse chain identifier.");
}

const BLOCK_ALIAS = /^(genesis|head|caboose|savepoint|checkpoint|\d+)([~+-]\d+)?$/;

/** A block: alias or level, optionally `~n`/`-n`/`+n`, or a block hash, also with an offset. */
function blockId(text: string): string | ArgProblem {
  if (BLOCK_ALIAS.test(text)) return text;
  const offset = /[~+-]\d+$/.exec(text);
  const hash = offset === null ? text : text.slice(0, offset.index);
  return isBase58Check(BASE58.block_hash, hash) ? text : refuse("Cannot parse block identifier.");
}

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

function isIpv4(text: string): boolean {
  const m = IPV4.exec(text);
  return m !== null && m.slice(1).every((part) => Number(part) <= 255);
}

function isIpv6(text: string): boolean {
  return /^[0-9a-fA-F:.]+$/.test(text) && text.includes(":") && text.split("::").length <= 2;
}

/** A point: `ipv4[:port]` or `[ipv6][:port]` (P2p_point.Id). */
function point(text: string): string | ArgProblem {
  let address = text;
  let port: string | undefined;
  if (text.startsWith("[")) {
    const close = text.indexOf("]");
    if (close < 0) return refuse(`Cannot parse point: ${JSON.stringify(text)}`);
    address = text.slice(1, close);
    const rest = text.slice(close + 1);
    if (rest !== "") {
      if (!rest.startsWith(":")) return refuse(`Cannot parse point: ${JSON.stringify(text)}`);
      port = rest.slice(1);
    }
    if (!isIpv6(address)) return refuse(`Cannot parse point: ${JSON.stringify(text)}`);
  } else {
    const colon = text.lastIndexOf(":");
    if (colon >= 0) {
      address = text.slice(0, colon);
      port = text.slice(colon + 1);
    }
    if (!isIpv4(address)) return refuse(`Cannot parse point: ${JSON.stringify(text)}`);
  }
  if (port !== undefined && (!/^\d{1,5}$/.test(port) || Number(port) > 65535)) return refuse(`Cannot parse point port: ${JSON.stringify(text)}`);
  return text;
}

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** A date: `none`, `epoch`, seconds since the epoch, or RFC 3339 notation (Time.Protocol). */
function date(text: string): string | ArgProblem {
  if (text === "none" || text === "epoch" || INTEGER.test(text)) return text;
  if (RFC3339.test(text) && !Number.isNaN(Date.parse(text))) return text;
  return refuse(`failed to parse time (epoch): ${JSON.stringify(text)}`);
}

/** A time span in seconds, possibly fractional. */
function timespan(text: string): string | ArgProblem {
  return /^\d+(\.\d+)?$/.test(text) ? text : refuse(`Cannot parse time span: ${JSON.stringify(text)}`);
}

function oneOf(type: string, words: readonly string[]): ArgParser {
  return (text) => (words.includes(text) ? text : refuse(`Cannot parse ${type}: expected one of ${words.join(", ")}`));
}

/**
 * The built-in parsers. Names are the node's argument names as route descriptors carry them
 * (`RouteSegmentDescriptor.name`, `QueryParameterDescriptor.type`).
 */
export const DEFAULT_ARG_PARSERS: Readonly<Record<string, ArgParser>> = {
  bool,
  flag: bool,
  int: integer(Number.MIN_SAFE_INTEGER),
  uint: integer(0),
  chain_id: chainId,
  block_id: blockId,
  block_hash: base58(BASE58.block_hash, "block_hash"),
  protocol_hash: base58(BASE58.protocol_hash, "Protocol_hash"),
  Protocol_hash: base58(BASE58.protocol_hash, "Protocol_hash"),
  operation_hash: base58(BASE58.operation_hash, "Operation_hash"),
  peer_id: base58(BASE58.cryptobox_public_key_hash, "Crypto_box.Public_key_hash"),
  point,
  date,
  timespan,
  "p2p.point.state_filter": oneOf("p2p.point.state_filter", ["requested", "accepted", "running", "disconnected"]),
  "p2p.peer.state_filter": oneOf("p2p.peer.state_filter", ["accepted", "running", "disconnected"]),
  string: (text) => text,
};

/** Looks a parser up by type name; unknown names accept any text. */
export function argParser(parsers: Readonly<Record<string, ArgParser>>, type: string): ArgParser {
  return parsers[type] ?? ((text) => text);
}
