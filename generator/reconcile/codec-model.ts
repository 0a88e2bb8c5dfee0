/**
 * The reconciled model of a whole interface: every service with one codec IR per body, and the
 * named definitions they share. This is what the emitters turn into code.
 */

import type { CodecDefinition, IR } from "../ir/codec-ir.ts";
import type { JsonSchema } from "../model/json-schema.ts";
import type { BodySchema, Service, ServiceTree } from "../model/describe-tree.ts";
import { DefinitionRegistry } from "./definition-registry.ts";
import { BodyReconciler, ReconcileError } from "./reconciler.ts";
import { streamingOf, type Streaming } from "./streaming-routes.ts";
import { routeToString } from "../model/describe-tree.ts";
import { hasBinaryForm } from "../ir/binary-form.ts";

/** One body (input, output or error) of a service. */
export interface BodyCodec {
  codec: IR;
  /** The body's JSON schema as published (with its definitions), for validators and docs. */
  schema: JsonSchema;
  /** Why the body has no binary form, when it has none (the client must use JSON). */
  jsonOnly?: string;
}

export interface ServiceCodecs {
  service: Service;
  streaming: Streaming;
  input?: BodyCodec;
  output: BodyCodec;
  error: BodyCodec;
}

export interface CodecModel {
  definitions: Map<string, CodecDefinition>;
  services: ServiceCodecs[];
  /**
   * What reconciliation could not decide (`where: why`), each left JSON-only: the generator
   * reports them, and `generate --strict` fails on them.
   */
  undecided?: string[];
}

/**
 * Why a body with no published binary schema is JSON-only. Octez's OpenAPI documents give JSON
 * schemas alone; a binary layout attached later (from Octez's registered encodings) lifts it.
 */
export const NO_BINARY_SCHEMA = "no binary layout published (the source gives its JSON schema only)";

/** Reconciles every body of every service of a tree. */
export function buildCodecModel(tree: ServiceTree): CodecModel {
  const registry = new DefinitionRegistry();
  const bodies: Array<{ target: BodyCodec }> = [];
  const undecided = new Set<string>();
  const body = (schema: BodySchema, where: string): BodyCodec => {
    if (schema.binary === undefined) {
      // Not undecided: nothing was there to reconcile (the source published JSON schemas only).
      const reason = NO_BINARY_SCHEMA;
      const result: BodyCodec = { codec: { kind: "json-only", reason, schema: schema.json }, schema: schema.json, jsonOnly: reason };
      bodies.push({ target: result });
      return result;
    }
    const reconciler = new BodyReconciler(schema.json, schema.binary, registry.sinkForBody());
    let result: BodyCodec;
    try {
      const codec = reconciler.reconcile(where);
      result = { codec, schema: schema.json };
    } catch (error) {
      if (!(error instanceof ReconcileError)) throw error;
      undecided.add(error.message);
      result = { codec: { kind: "json-only", reason: error.message, schema: schema.json }, schema: schema.json, jsonOnly: error.message };
    }
    for (const reason of reconciler.undecided) undecided.add(reason);
    bodies.push({ target: result });
    return result;
  };
  const services = tree.services.map((service): ServiceCodecs => {
    const label = `${service.method} ${routeToString(service.route)}`;
    const entry: ServiceCodecs = {
      service,
      streaming: streamingOf(service.method, service.route),
      output: body(service.output, `${label} output`),
      error: body(service.error, `${label} error`),
    };
    if (service.input) entry.input = body(service.input, `${label} input`);
    return entry;
  });
  registry.finish();
  for (const { target } of bodies) {
    target.codec = registry.resolveBody(target.codec);
    if (target.jsonOnly === undefined) {
      const reason = hasBinaryForm(target.codec, registry.definitions);
      if (reason !== true) target.jsonOnly = reason;
    }
  }
  return undecided.size === 0 ? { definitions: registry.definitions, services } : { definitions: registry.definitions, services, undecided: [...undecided] };
}
