/**
 * Registered encodings reconciled into codec IR: each codec id with the IR of its value, the
 * named definitions shared with the rest of the interface, and why an encoding has no binary
 * form when it has none. The same reconciler as route bodies runs, so a registered encoding and
 * a route body of the same value get the same codec.
 */

import type { IR } from "../ir/codec-ir.ts";
import type { JsonSchema } from "../model/json-schema.ts";
import { readBinarySchema } from "../describe/binary-schema.ts";
import type { DefinitionRegistry } from "../reconcile/definition-registry.ts";
import { reconcileBody, settleBody } from "../reconcile/reconcile-body.ts";
import { EncodingSourceError, type RegisteredEncoding } from "./registered.ts";

/** One reconciled registered encoding. */
export interface EncodingCodec {
  id: string;
  codec: IR;
  schema: JsonSchema;
  description?: string;
  /** Why the value has no binary form, when it has none. */
  jsonOnly?: string;
}

/**
 * Reconciles registered encodings into `registry`, beside the bodies of an interface's routes.
 * `resolve` gives their final codecs once the caller has called `registry.finish()`.
 */
export function reconcileEncodings(encodings: readonly RegisteredEncoding[], registry: DefinitionRegistry): { undecided: string[]; resolve: () => EncodingCodec[] } {
  const undecided = new Set<string>();
  const out: EncodingCodec[] = [];
  for (const encoding of encodings) {
    if (encoding.json === undefined) throw new EncodingSourceError(encoding.id, "no JSON schema (pair Kaitai layouts with an OpenAPI document first)");
    const binary = readBinarySchema(encoding.binary, { pointer: `/${encoding.id}` });
    const entry: EncodingCodec = { id: encoding.id, ...reconcileBody(encoding.json, binary, registry, encoding.id, undecided), schema: encoding.json };
    if (encoding.description !== undefined) entry.description = encoding.description;
    out.push(entry);
  }
  const resolve = (): EncodingCodec[] => out.map((entry) => ({ ...entry, ...settleBody(entry, registry) }));
  return { undecided: [...undecided], resolve };
}
