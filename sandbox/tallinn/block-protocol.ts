/**
 * The server's output validation (`validateOutput`) of the block directory, for the blocks of the
 * interface's protocol only.
 *
 * Octez serves a block through the directory of the block's own protocol (`block_services.ml`'s
 * `Make(Proto)(Next_proto)`): the genesis block is answered in the genesis protocol's shapes, not
 * Tallinn's. The sandbox's interface types Tallinn blocks, so an answer about a block of another
 * protocol (its `protocol` names it) has no validator here and is left unchecked; every other
 * answer is checked by the route's generated validator.
 */
import type { AnyRouteDescriptor, JsonValidator } from "@tezos-rpcgen/runtime";

/** `routes` whose block-directory validators leave the answers about a block of another protocol than `protocol` unchecked. */
export function validatedForProtocol(routes: readonly AnyRouteDescriptor[], protocol: string): AnyRouteDescriptor[] {
  return routes.map((route) => {
    if (!underBlock(route)) return route;
    const generated = route.output.validate;
    const checked: JsonValidator = function (this: unknown, value: unknown) {
      const about = blockProtocolOf(value);
      if (about !== undefined && about !== protocol) {
        checked.errors = null;
        return true;
      }
      const ok = generated.call(this, value);
      checked.errors = generated.errors ?? null;
      return ok;
    };
    return { ...route, output: { ...route.output, validate: checked } } as AnyRouteDescriptor;
  });
}

/** A route below `/chains/<chain_id>/blocks/<block_id>`. */
function underBlock(route: AnyRouteDescriptor): boolean {
  const [chains, , blocks, block] = route.path;
  return chains?.kind === "static" && chains.name === "chains" && blocks?.kind === "static" && blocks.name === "blocks" && block?.kind !== "static" && block !== undefined;
}

/**
 * The protocol an answer says its block runs: its `protocol`, or the first one in a list of
 * operations (`/operations`, a validation pass); undefined when it names none (an empty list).
 */
function blockProtocolOf(value: unknown): string | undefined {
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = blockProtocolOf(item);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (value === null || typeof value !== "object") return undefined;
  const protocol = (value as { protocol?: unknown }).protocol;
  return typeof protocol === "string" ? protocol : undefined;
}
