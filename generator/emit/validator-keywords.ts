/**
 * What the validators check beyond Octez's JSON schemas. Octez types every hash, key, signature
 * and contract id as a bare `unistring` (`{"title": "… (Base58Check-encoded)", "$ref":
 * "#/definitions/unistring"}`), so a schema-only validator takes a `tz1…` where a block hash is
 * due. The known-encodings table knows better: before compilation, each place that denotes a
 * Base58Check encoding gets the keyword `tezosBase58` with the encoding's group, and the
 * keyword compiles to a call of the runtime's `isTezosBase58(group, value)`, imported from the
 * runtime entry like ajv's own helpers.
 *
 * Places are found as the reconciler finds them: a named definition by its name (protocol
 * prefix removed), and a root value, which has only a title, by the reconciled body codec.
 * Only text schemas are marked (a definition name reused for a structure is left alone), and
 * the `$ref` to `unistring` stays, so the keyword only narrows what the schema accepts.
 */

import { createRequire } from "node:module";
import type { KeywordCxt, KeywordDefinition } from "ajv";
import type { IR } from "../ir/codec-ir.ts";
import type { JsonSchema } from "../model/json-schema.ts";
import { KNOWN_BY_ID, knownByJsonName, type KnownEncoding } from "../reconcile/known-encodings.ts";
import { isUnistring, viewOf } from "../reconcile/json-view.ts";
import { expectedTezosBase58, isTezosBase58, isTezosBase58Group } from "../../runtime/encodings/base58-groups.ts";
import { RUNTIME_MODULE } from "./modules.ts";

const require = createRequire(import.meta.url);
const { _, str } = require("ajv") as typeof import("ajv");

/** The keyword the generator adds; its value is a group name of the runtime. */
export const BASE58_KEYWORD = "tezosBase58";

/** The runtime group of a known encoding whose JSON form is Base58Check text, if it is one. */
export function base58GroupOf(entry: KnownEncoding | undefined): string | undefined {
  if (entry === undefined) return undefined;
  const group = entry.base58 ?? entry.id;
  return isTezosBase58Group(group) ? group : undefined;
}

/** The group of a body whose root value is a Base58Check encoding (a root hash has no named definition). */
export function rootBase58Group(codec: IR): string | undefined {
  return codec.kind === "known" ? base58GroupOf(KNOWN_BY_ID.get(codec.id)) : undefined;
}

/**
 * A copy of a body schema with the keyword on every definition that denotes a Base58Check
 * encoding, and on the root when `rootGroup` is given.
 */
export function withBase58Checks(schema: JsonSchema, rootGroup?: string): JsonSchema {
  const isText = (s: JsonSchema): boolean => {
    const view = viewOf(s, schema);
    return isUnistring(view) || view.schema.type === "string";
  };
  let definitions = schema.definitions;
  if (definitions !== undefined) {
    definitions = { ...definitions };
    for (const [name, definition] of Object.entries(definitions)) {
      const group = base58GroupOf(knownByJsonName(name));
      if (group !== undefined && isText(definition)) definitions[name] = { ...definition, [BASE58_KEYWORD]: group };
    }
  }
  const root: JsonSchema = { ...schema };
  if (definitions !== undefined) root.definitions = definitions;
  if (rootGroup !== undefined && isText(schema)) (root as Record<string, unknown>)[BASE58_KEYWORD] = rootGroup;
  return root;
}

/**
 * The ajv keyword: standalone code calls `isTezosBase58` through a `require` of the runtime
 * entry, which the validators emitter turns into an import. The error names what was expected;
 * ajv's `instancePath` says where.
 */
export function base58Keyword(): KeywordDefinition {
  return {
    keyword: BASE58_KEYWORD,
    schemaType: "string",
    code(cxt: KeywordCxt) {
      const group = cxt.schema as string;
      if (!isTezosBase58Group(group)) throw new Error(`${BASE58_KEYWORD}: unknown group ${JSON.stringify(group)}`);
      const check = cxt.gen.scopeValue("func", { ref: isTezosBase58, code: _`require(${RUNTIME_MODULE}).isTezosBase58` });
      cxt.fail(_`!${check}(${group}, ${cxt.data})`);
    },
    error: {
      message: (cxt) => str`must be ${expectedTezosBase58(cxt.schema as string)}`,
      params: (cxt) => _`{group: ${cxt.schema as string}}`,
    },
  };
}
