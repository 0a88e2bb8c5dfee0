/**
 * Routes that Octez's OpenAPI file of a protocol types for a genesis head, re-typed for the
 * output validation of the sandbox (`validateOutput`) from the protocol's registered encodings.
 *
 * Octez writes `<protocol>-openapi.json` on a node whose head runs genesis, so the routes that
 * answer a block's own values describe genesis's: `GET …/header` wants `protocol:
 * "ProtoGenesis…"` and genesis's protocol data (`content`, `signature`). What Octez answers for
 * a head of the protocol is the same envelope (`protocol`, `chain_id`, `hash`, from
 * `block_services.ml`) around the header of the protocol's registered `<NNN-Proto>.block_header`
 * encoding. So `…/header` is checked as either: the route's own schema (the genesis block still
 * answers it) or the envelope with the registered encoding's header.
 *
 * What no registered encoding gives (kept as the route's schema; docs/sandbox.md):
 * `…/metadata` and `GET …/<block_id>` (Octez registers no encoding of a block's metadata),
 * `…/operations` (`.operation.data_and_metadata` would, but its balance updates do not match
 * the OpenAPI's JSON), and the input of `helpers/parse/operations` (Octez's items are the shell's
 * `{branch, data}`; the file gives them the genesis head's envelope).
 */
import { createRequire } from "node:module";
import type { AnyRouteDescriptor, JsonValidator } from "@tezos-rpcgen/runtime";

// ajv (a dependency of the generator) compiles the schema at start; CommonJS, hence `require`.
const require = createRequire(import.meta.url);
const Ajv04 = require("ajv-draft-04") as typeof import("ajv-draft-04").default;

type Schema = { properties?: Record<string, unknown>; required?: string[]; definitions?: Record<string, unknown>; [key: string]: unknown };

/** The envelope `block_services.ml` puts around a block's header. */
const ENVELOPE = ["protocol", "chain_id", "hash"] as const;

/** The registered encoding `<NNN>-<first 8 characters of the protocol hash>.<name>` of `encodings`. */
function registered(encodings: readonly { id: string; json: unknown }[], protocol: string, name: string): Schema | undefined {
  const suffix = `-${protocol.slice(0, 8)}.${name}`;
  return encodings.find((e) => /^\d{3}-/.test(e.id) && e.id.endsWith(suffix))?.json as Schema | undefined;
}

/**
 * `routes` with `…/header`'s output validator accepting a head of `protocol` as Octez answers
 * it, when the snapshot document carries the protocol's registered `block_header`; the routes
 * unchanged otherwise.
 */
export function withProtocolHeadShapes(routes: readonly AnyRouteDescriptor[], snapshot: unknown, protocol: string): AnyRouteDescriptor[] {
  const encodings = (snapshot as { encodings?: { id: string; json: unknown }[] }).encodings ?? [];
  const header = registered(encodings, protocol, "block_header");
  const routeSchema = routeOutputSchema(snapshot, ["header"]);
  if (header === undefined || routeSchema === undefined) return [...routes];
  const schema: Schema = {
    ...header,
    properties: { ...Object.fromEntries(ENVELOPE.map((p) => [p, routeSchema.properties?.[p] ?? {}])), ...header.properties, protocol: { type: "string", enum: [protocol] } },
    required: [...ENVELOPE, ...(header.required ?? [])],
    // The envelope's `$ref`s are the route's definitions; the encoding's own win on a name both have.
    definitions: { ...routeSchema.definitions, ...header.definitions },
  };
  const headOfProtocol = new Ajv04({ strict: false, allErrors: true }).compile(schema);
  return routes.map((route) => {
    if (!isBlockRoute(route, "header")) return route;
    const genesis = route.output.validate;
    const either: JsonValidator = function (this: unknown, value: unknown) {
      if (genesis.call(this, value)) return true;
      const ok = headOfProtocol(value);
      either.errors = ok ? null : (headOfProtocol.errors as JsonValidator["errors"]);
      return ok;
    };
    return { ...route, output: { ...route.output, validate: either } } as AnyRouteDescriptor;
  });
}

/** `GET /chains/<chain_id>/blocks/<block_id>/<rest…>`. */
function isBlockRoute(route: AnyRouteDescriptor, ...rest: string[]): boolean {
  const names = route.path.map((s) => (s.kind === "static" ? s.name : null));
  return route.method === "GET" && names.length === 4 + rest.length && names[0] === "chains" && names[2] === "blocks" && rest.every((r, i) => names[4 + i] === r);
}

/** The output JSON schema of `GET <block>/<rest…>` in a snapshot's block expansion. */
function routeOutputSchema(snapshot: unknown, rest: string[]): Schema | undefined {
  const expansions = (snapshot as { expansions?: { prefix: string[]; tree: unknown }[] }).expansions ?? [];
  const block = expansions.find((e) => e.prefix.length === 4 && e.prefix[0] === "chains" && e.prefix[2] === "blocks");
  let node = block?.tree as { static?: { subdirs?: { suffixes?: { name: string; tree: unknown }[] }; get_service?: { output?: { json_schema?: Schema } } } } | undefined;
  for (const name of rest) node = node?.static?.subdirs?.suffixes?.find((s) => s.name === name)?.tree as typeof node;
  return node?.static?.get_service?.output?.json_schema;
}
