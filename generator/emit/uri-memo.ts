/**
 * ajv's URI resolver (fast-uri, which ajv uses by default), with each answer remembered.
 *
 * ajv resolves every `$ref` it compiles against the identifier of the schema it is in, and
 * parses each identifier again whenever it looks one up. The validators of an interface name
 * only a few hundred identifiers (`octez-definition:…`, `octez-subschema:…`), met again and
 * again, so about half of those parses and resolutions repeat one already made. Remembering
 * them gives ajv the same answers (parsed forms are frozen, so that nothing can change one
 * that is handed out twice) without parsing again. One memo serves one ajv instance: it lives
 * as long as the module it compiles.
 */

import { createRequire } from "node:module";
import type { UriResolver } from "ajv/dist/types/index.js";

const require = createRequire(import.meta.url);
/** The resolver ajv uses when given none. */
const fastUri = (require("ajv/dist/runtime/uri") as { default: UriResolver }).default;

type UriComponent = ReturnType<UriResolver["parse"]>;

/** A resolver answering as fast-uri does, remembering each answer (ajv may call its methods unbound). */
export function uriMemo(): UriResolver {
  const parsed = new Map<string, UriComponent>();
  const resolved = new Map<string, Map<string, string>>();
  const serialized = new WeakMap<UriComponent, string>();
  return {
    parse(uri) {
      let component = parsed.get(uri);
      if (component === undefined) {
        component = Object.freeze(fastUri.parse(uri));
        parsed.set(uri, component);
      }
      return component;
    },
    resolve(base, path) {
      let fromBase = resolved.get(base);
      if (fromBase === undefined) resolved.set(base, (fromBase = new Map()));
      let uri = fromBase.get(path);
      if (uri === undefined) {
        uri = fastUri.resolve(base, path);
        fromBase.set(path, uri);
      }
      return uri;
    },
    serialize(component) {
      let uri = serialized.get(component);
      if (uri === undefined) {
        uri = fastUri.serialize(component);
        serialized.set(component, uri);
      }
      return uri;
    },
  };
}
