/**
 * One body (a route's input, output or error, or a registered encoding) through reconciliation,
 * as the codec model of routes and the registered encodings both take it: reconciled into the
 * interface's definition registry, then settled once the registry is finished.
 */
import type { IR } from "../ir/codec-ir.ts";
import type { BinarySchema } from "../model/binary-schema.ts";
import type { JsonSchema } from "../model/json-schema.ts";
import { hasBinaryForm } from "../ir/binary-form.ts";
import type { DefinitionRegistry } from "./definition-registry.ts";
import { BodyReconciler, ReconcileError } from "./reconciler.ts";

/** A body's codec, and why it has no binary form when it has none. */
export interface ReconciledBody {
  codec: IR;
  jsonOnly?: string;
}

/**
 * `json` and `binary` reconciled at `where` into `registry`: the body's codec, or a JSON-only
 * codec with the reason when reconciliation refuses it. What could not be decided (that
 * reason, and the cases or values the reconciler left JSON-only) is added to `undecided`.
 */
export function reconcileBody(json: JsonSchema, binary: BinarySchema, registry: DefinitionRegistry, where: string, undecided: Set<string>): ReconciledBody {
  const reconciler = new BodyReconciler(json, binary, registry.sinkForBody());
  let body: ReconciledBody;
  try {
    body = { codec: reconciler.reconcile(where) };
  } catch (error) {
    if (!(error instanceof ReconcileError)) throw error;
    undecided.add(error.message);
    body = { codec: { kind: "json-only", reason: error.message, schema: json }, jsonOnly: error.message };
  }
  for (const reason of reconciler.undecided) undecided.add(reason);
  return body;
}

/** A reconciled body once `registry.finish()` has run: its references resolved, and a body whose value has no binary form told why. */
export function settleBody(body: ReconciledBody, registry: DefinitionRegistry): ReconciledBody {
  const codec = registry.resolveBody(body.codec);
  if (body.jsonOnly !== undefined) return { codec, jsonOnly: body.jsonOnly };
  const reason = hasBinaryForm(codec, registry.definitions);
  return reason === true ? { codec } : { codec, jsonOnly: reason };
}
