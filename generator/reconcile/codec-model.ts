/**
 * The reconciled model of a whole interface: every service with one codec IR per body, and the
 * named definitions they share. This is what the emitters turn into code.
 */

import type { CodecDefinition, IR } from "../ir/codec-ir.ts";
import type { JsonSchema } from "../model/json-schema.ts";
import type { BodySchema, Service, ServiceTree } from "../model/describe-tree.ts";
import { DefinitionRegistry } from "./definition-registry.ts";
import { reconcileBody, settleBody } from "./reconcile-body.ts";
import { streamingOf, type Streaming } from "./streaming-routes.ts";
import { routeToString } from "../model/describe-tree.ts";
import { reconcileEncodings, type EncodingCodec } from "../encodings/model.ts";
import { idWithoutProtocol, type RegisteredEncoding } from "../encodings/registered.ts";
import { defaultedFields, type DefaultedField } from "./dft-defaults.ts";

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

/** A registered encoding of the interface (codec id), emitted as the named definition `definition`. */
export interface EncodingEntry {
  /** Octez's codec id (`024-PtTALLiN.operation.unsigned`). */
  id: string;
  /**
   * Its definition in {@link CodecModel.definitions}: the id without its protocol when free;
   * absent when the encoding has no binary form (nothing to emit a codec for).
   */
  definition?: string;
  description?: string;
  /** Why it has no binary form, when it has none. */
  jsonOnly?: string;
}

export interface CodecModel {
  definitions: Map<string, CodecDefinition>;
  services: ServiceCodecs[];
  /** The registered encodings the interface carries (a snapshot's `encodings`), by codec id. */
  encodings?: EncodingEntry[];
  /**
   * What reconciliation could not decide (`where: why`), each left JSON-only: the generator
   * reports them, and `generate --strict` fails on them.
   */
  undecided?: string[];
  /**
   * The `dft` fields (JSON may leave them out, binary always writes them) whose default no
   * schema states: each given its type's zero, or left without a default (`dft-defaults.ts`).
   * The generator reports them.
   */
  defaulted?: DefaultedField[];
}

/**
 * Why a body with no published binary schema is JSON-only. Octez's OpenAPI documents give JSON
 * schemas alone; a binary layout attached later (from Octez's registered encodings) lifts it.
 */
export const NO_BINARY_SCHEMA = "no binary layout published (the source gives its JSON schema only)";

/** Reconciles every body of every service of a tree, and the registered encodings it carries. */
export function buildCodecModel(tree: ServiceTree & { encodings?: readonly RegisteredEncoding[] }): CodecModel {
  const registry = new DefinitionRegistry();
  const bodies: Array<{ target: BodyCodec; where: string }> = [];
  const undecided = new Set<string>();
  const body = (schema: BodySchema, where: string): BodyCodec => {
    if (schema.binary === undefined) {
      // Not undecided: nothing was there to reconcile (the source published JSON schemas only).
      const reason = NO_BINARY_SCHEMA;
      const result: BodyCodec = { codec: { kind: "json-only", reason, schema: schema.json }, schema: schema.json, jsonOnly: reason };
      bodies.push({ target: result, where });
      return result;
    }
    const result: BodyCodec = { ...reconcileBody(schema.json, schema.binary, registry, where, undecided), schema: schema.json };
    bodies.push({ target: result, where });
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
  const registered = tree.encodings === undefined ? undefined : reconcileEncodings(tree.encodings, registry);
  for (const reason of registered?.undecided ?? []) undecided.add(reason);
  registry.finish();
  const encodings = registered === undefined ? undefined : nameEncodings(registered.resolve(), registry.definitions);
  for (const { target } of bodies) Object.assign(target, settleBody(target, registry));
  const model: CodecModel = { definitions: registry.definitions, services };
  if (encodings !== undefined) model.encodings = encodings;
  if (undecided.size > 0) model.undecided = [...undecided];
  const defaulted = defaultedFields(registry.definitions, bodies.map(({ target, where }) => ({ where, codec: target.codec })));
  if (defaulted.length > 0) model.defaulted = defaulted;
  return model;
}

/**
 * Each registered encoding becomes a named definition, so every emitter treats it as any other
 * (a type `OperationUnsigned`, `decodeOperationUnsigned`/`encodeOperationUnsigned`): named by
 * its codec id without the protocol, or the whole id when that name is taken (by a definition,
 * or by the codec id of a shell encoding: `024-PtTALLiN.operation` beside `operation`).
 */
function nameEncodings(codecs: readonly EncodingCodec[], definitions: Map<string, CodecDefinition>): EncodingEntry[] {
  const ids = new Set(codecs.map((encoding) => encoding.id));
  return codecs.map((encoding) => {
    if (encoding.jsonOnly !== undefined) {
      const entry: EncodingEntry = { id: encoding.id, jsonOnly: encoding.jsonOnly };
      if (encoding.description !== undefined) entry.description = encoding.description;
      return entry;
    }
    const short = idWithoutProtocol(encoding.id);
    let name = short !== encoding.id && (definitions.has(short) || ids.has(short)) ? encoding.id : short;
    for (let n = 2; definitions.has(name); n++) name = `${encoding.id}_${n}`;
    const definition: CodecDefinition = { name, codec: encoding.codec };
    if (encoding.description !== undefined) definition.description = encoding.description;
    definitions.set(name, definition);
    const entry: EncodingEntry = { id: encoding.id, definition: name };
    if (encoding.description !== undefined) entry.description = encoding.description;
    return entry;
  });
}
