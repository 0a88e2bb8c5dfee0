/**
 * What the validators check beyond Octez's JSON schemas. Octez types every hash, key, signature,
 * contract id and protocol timestamp as a bare `unistring` (`{"title": "… (Base58Check-encoded)",
 * "$ref": "#/definitions/unistring"}`), so a schema-only validator takes a `tz1…` where a block
 * hash is due. The known-encodings table knows better: before compilation, each place that
 * denotes such an encoding gets a keyword, which compiles to a call of a runtime predicate
 * imported from the runtime entry like ajv's own helpers:
 *
 * | keyword | value | runtime predicate |
 * |---|---|---|
 * | `tezosBase58` | a Base58Check type or group (`block_hash`, `public_key_hash`…) | `isBase58Shaped(value, pattern)`, then `this.base58Check(group, value)` when given |
 * | `tezosTimestamp` | `protocol` | `isProtocolTimestamp(value)` |
 *
 * The Base58 check is split so that a JSON-only application does not bundle Base58 decoding
 * and SHA-256: the validator tests the text's shape with a pattern written into the module
 * (leading characters, length, alphabet of each type of the group), and tests the checksum only
 * when its caller gives a `base58Check` in the validation options, ajv's `passContext` `this`
 * (`validateJson(validator, value, BASE58_CHECKSUMS)`, as the server does for request bodies).
 *
 * Places are found as the reconciler finds them: a named definition by its name (protocol
 * prefix removed), and a root value, which has only a title, by the reconciled body codec.
 * Only text schemas are marked (a definition name reused for a structure is left alone), and
 * the `$ref` to `unistring` stays, so a keyword only narrows what the schema accepts.
 */

import { createRequire } from "node:module";
import type { KeywordCxt, KeywordDefinition } from "ajv";
import type { IR } from "../../ir/codec-ir.ts";
import type { JsonSchema } from "../../model/json-schema.ts";
import { KNOWN_BY_ID, knownByJsonName, type KnownEncoding } from "../../reconcile/known-encodings.ts";
import { isUnistring, viewOf } from "../../reconcile/json-view.ts";
import { EXPECTED_PROTOCOL_TIMESTAMP, expectedTezosBase58, isBase58Shaped, isProtocolTimestamp, isTezosBase58Group, tezosBase58Pattern } from "@tezos-rpcgen/runtime";
import { RUNTIME_MODULE } from "../modules.ts";

const require = createRequire(import.meta.url);
const { _, str, Name } = require("ajv") as typeof import("ajv");
const { usePattern } = require("ajv/dist/vocabularies/code") as typeof import("ajv/dist/vocabularies/code");

export const BASE58_KEYWORD = "tezosBase58";
export const TIMESTAMP_KEYWORD = "tezosTimestamp";

/** A keyword and its value, as added to a schema. */
export interface TextCheck {
  keyword: typeof BASE58_KEYWORD | typeof TIMESTAMP_KEYWORD;
  value: string;
}

/** The check of a known encoding whose JSON form is text the schema does not constrain, if any. */
export function textCheckOf(entry: KnownEncoding | undefined): TextCheck | undefined {
  if (entry === undefined) return undefined;
  if (entry.id === "timestamp_protocol") return { keyword: TIMESTAMP_KEYWORD, value: "protocol" };
  const group = entry.base58 ?? entry.id;
  return isTezosBase58Group(group) ? { keyword: BASE58_KEYWORD, value: group } : undefined;
}

/** The check of a body whose root value is such an encoding (a root hash has no named definition). */
export function rootTextCheck(codec: IR): TextCheck | undefined {
  return codec.kind === "known" ? textCheckOf(KNOWN_BY_ID.get(codec.id)) : undefined;
}

/** A copy of a body schema with its check on every definition that denotes a known text encoding. */
export function withTextChecks(schema: JsonSchema): JsonSchema {
  const definitions = schema.definitions;
  if (definitions === undefined) return schema;
  const checked = { ...definitions };
  for (const name in checked) {
    const check = textCheckOf(knownByJsonName(name));
    if (check !== undefined && isText(checked[name]!, schema)) checked[name] = { ...checked[name]!, [check.keyword]: check.value };
  }
  return { ...schema, definitions: checked };
}

/** Whether a body's root value is text, so that the check of a root hash, key or timestamp ({@link rootTextCheck}) applies to it. */
export function rootCheckApplies(schema: JsonSchema): boolean {
  return isText(schema, schema);
}

/** Whether `schema` (inside the body schema `root`) describes text. */
function isText(schema: JsonSchema, root: JsonSchema): boolean {
  const view = viewOf(schema, root);
  return isUnistring(view) || view.schema.type === "string";
}

/**
 * A scope value for standalone code: the runtime export `name`, which standalone code reaches
 * through a `require` of the runtime entry that the validators emitter turns into an import.
 */
function runtimeFunction(cxt: KeywordCxt, name: string, ref: (...args: never[]) => unknown) {
  return cxt.gen.scopeValue("func", { ref, code: _`require(${RUNTIME_MODULE}).${new Name(name)}` });
}

/** The ajv keywords of the checks. Errors say what was expected; ajv's `instancePath` says where. */
export function textKeywords(): KeywordDefinition[] {
  return [
    {
      keyword: BASE58_KEYWORD,
      schemaType: "string",
      code(cxt: KeywordCxt) {
        const group = cxt.schema as string;
        if (!isTezosBase58Group(group)) throw new Error(`${BASE58_KEYWORD}: unknown group ${JSON.stringify(group)}`);
        // The pattern goes through ajv's pattern engine, so it is compiled once at module level.
        const shape = usePattern(cxt, tezosBase58Pattern(group));
        const shaped = runtimeFunction(cxt, "isBase58Shaped", isBase58Shaped);
        // `this` is the caller's JsonValidationOptions (passContext), or anything a method call
        // gives (a body descriptor): only a `base58Check` function there adds the checksum test.
        cxt.fail(_`!${shaped}(${cxt.data}, ${shape}) || (this != null && typeof this.base58Check == "function" && !this.base58Check(${group}, ${cxt.data}))`);
      },
      error: {
        message: (cxt) => str`must be ${expectedTezosBase58(cxt.schema as string)}`,
        params: (cxt) => _`{group: ${cxt.schema as string}}`,
      },
    },
    {
      keyword: TIMESTAMP_KEYWORD,
      schemaType: "string",
      code(cxt: KeywordCxt) {
        if (cxt.schema !== "protocol") throw new Error(`${TIMESTAMP_KEYWORD}: unknown timestamp ${JSON.stringify(cxt.schema)}`);
        cxt.fail(_`!${runtimeFunction(cxt, "isProtocolTimestamp", isProtocolTimestamp)}(${cxt.data})`);
      },
      error: { message: str`must be ${EXPECTED_PROTOCOL_TIMESTAMP}` },
    },
  ];
}
