/** Path arguments, query items and small helpers shared by the service modules. */
import * as E from "../combinators/index.ts";
import type { Encoding } from "../combinators/index.ts";
import type { Arg, Method, PathItem, QueryItem, Service } from "../service.ts";
import { error } from "./types.ts";

export const chainArg: Arg = {
  name: "chain_id",
  descr: "A chain: its Base58Check chain id, or one of the aliases `main` and `test`.",
};
export const blockArg: Arg = {
  name: "block_id",
  descr:
    "A block: its Base58Check hash, a level, one of the aliases `genesis`, `head`, `caboose`, `savepoint`, `checkpoint`, optionally followed by `~n` or `+n` to move n blocks back or forward.",
};
export const blockHashArg: Arg = { name: "block_hash", descr: "A block hash (Base58Check-encoded)." };
export const protocolHashArg: Arg = { name: "Protocol_hash", descr: "A protocol hash (Base58Check-encoded)." };
export const peerIdArg: Arg = { name: "peer_id", descr: "A peer identity (Base58Check-encoded)." };
export const pointArg: Arg = { name: "point", descr: "A network point, `ipv4:port` or `[ipv6]:port`." };
export const boolArg: Arg = { name: "bool" };
export const intArg: Arg = { name: "int" };
export const uintArg: Arg = { name: "uint" };
export const dateArg: Arg = { name: "date", descr: "A date, in seconds since the Unix epoch." };
export const timespanArg: Arg = { name: "timespan", descr: "A duration in seconds." };

/** `p` turns a route written as "/chains/{chain_id}/blocks" into path items. */
const ARGS: Record<string, Arg> = {
  chain_id: chainArg,
  block_id: blockArg,
  block_hash: blockHashArg,
  Protocol_hash: protocolHashArg,
  peer_id: peerIdArg,
  point: pointArg,
};
export function p(route: string): PathItem[] {
  return route
    .split("/")
    .filter((s) => s !== "")
    .map((s) => {
      const m = /^\{(.+)\}$/.exec(s);
      if (!m) return s;
      const arg = ARGS[m[1]!];
      if (!arg) throw new Error(`unknown path argument ${s}`);
      return { arg };
    });
}

interface Spec {
  description: string;
  query?: QueryItem[];
  input?: Encoding;
  output: Encoding;
}

/**
 * Builds a service whose error is the generic error trace. `declaredBelow` is the number of
 * leading path items of the route that belong to the prefix under which the service's
 * directory is mounted (its declared `path` omits them).
 */
export function service(meth: Method, route: string, s: Spec, declaredBelow = 0): Service {
  const full = p(route);
  const out: Service = {
    meth,
    path: full.slice(declaredBelow),
    ...(declaredBelow > 0 ? { route: full } : {}),
    description: s.description,
    query: s.query ?? [],
    output: s.output,
    error,
    ...(s.input !== undefined ? { input: s.input } : {}),
  };
  // resto gives every service that takes a body an input; shell POST/PUT/PATCH services all do.
  if ((meth === "POST" || meth === "PUT" || meth === "PATCH") && out.input === undefined)
    throw new Error(`${meth} ${route} needs an input`);
  return out;
}

export const get = (route: string, s: Spec, declaredBelow = 0): Service => service("GET", route, s, declaredBelow);
export const post = (route: string, s: Spec, declaredBelow = 0): Service => service("POST", route, s, declaredBelow);
export const put = (route: string, s: Spec, declaredBelow = 0): Service => service("PUT", route, s, declaredBelow);
export const patch = (route: string, s: Spec, declaredBelow = 0): Service => service("PATCH", route, s, declaredBelow);
export const del = (route: string, s: Spec, declaredBelow = 0): Service => service("DELETE", route, s, declaredBelow);

export { E };
