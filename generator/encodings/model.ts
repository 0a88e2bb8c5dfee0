/**
 * Registered encodings reconciled into codec IR: each codec id with the IR of its value, the
 * named definitions shared with the rest of the interface, and why an encoding has no binary
 * form when it has none. The same reconciler as route bodies runs, so a registered encoding and
 * a route body of the same value get the same codec.
 */

import type { CodecDefinition, IR } from "../ir/codec-ir.ts";
import type { JsonSchema } from "../model/json-schema.ts";
import { readBinarySchema } from "../describe/binary-schema.ts";
import type { DescribeWarning } from "../describe/binary-schema.ts";
import { DefinitionRegistry } from "../reconcile/definition-registry.ts";
import { BodyReconciler, ReconcileError } from "../reconcile/reconciler.ts";
import { hasBinaryForm } from "../ir/binary-form.ts";
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

export interface EncodingModel {
  definitions: Map<string, CodecDefinition>;
  encodings: EncodingCodec[];
  /** What reconciliation could not decide (`where: why`), as in the codec model of routes. */
  undecided: string[];
}

/** Reconciles registered encodings on their own (the CLI reading a Kaitai folder or a dump). */
export function buildEncodingModel(encodings: readonly RegisteredEncoding[]): EncodingModel {
  const registry = new DefinitionRegistry();
  const reconciled = reconcileEncodings(encodings, registry);
  registry.finish();
  return { definitions: registry.definitions, encodings: reconciled.resolve(), undecided: reconciled.undecided };
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
    const warnings: DescribeWarning[] = [];
    const binary = readBinarySchema(encoding.binary, { pointer: `/${encoding.id}`, warnings });
    const reconciler = new BodyReconciler(encoding.json, binary, registry.sinkForBody());
    let entry: EncodingCodec;
    try {
      entry = { id: encoding.id, codec: reconciler.reconcile(encoding.id), schema: encoding.json };
    } catch (error) {
      if (!(error instanceof ReconcileError)) throw error;
      undecided.add(error.message);
      entry = { id: encoding.id, codec: { kind: "json-only", reason: error.message, schema: encoding.json }, schema: encoding.json, jsonOnly: error.message };
    }
    if (encoding.description !== undefined) entry.description = encoding.description;
    for (const reason of reconciler.undecided) undecided.add(reason);
    out.push(entry);
  }
  const resolve = (): EncodingCodec[] =>
    out.map((entry) => {
      const codec = registry.resolveBody(entry.codec);
      const reason = entry.jsonOnly === undefined ? hasBinaryForm(codec, registry.definitions) : true;
      return reason === true ? { ...entry, codec } : { ...entry, codec, jsonOnly: reason };
    });
  return { undecided: [...undecided], resolve };
}
