/**
 * Route descriptors built at run time from a loaded interface, for `tezos-rpcgen rpc`: the
 * same descriptors `generate` writes (path, query, streaming rule, media types), with JSON
 * validators compiled by ajv and binary codecs run by the IR interpreter, so that any snapshot
 * or live node can be called without generating code first.
 */

import { createRequire } from "node:module";
import type { BodyCodec, ServiceCodecs } from "../reconcile/codec-model.ts";
import { Interpreter } from "../ir/interpret.ts";
import { bodyMediaTypes, pathDescriptor, queryDescriptor } from "../emit/routes.ts";
import { routeToString } from "../model/describe-tree.ts";
import { binaryBodiesOf, matchPath, splitPath, type AnyRouteDescriptor, type BinaryBodies, type BodyDescriptor, type BodyPart, type Codec, type JsonValidator } from "@tezos-rpcgen/runtime";
import { CliError } from "./errors.ts";
import type { InspectedInterface } from "./spec-source.ts";

const require = createRequire(import.meta.url);
const Ajv04 = require("ajv-draft-04") as typeof import("ajv-draft-04").default;

/** A service of the interface matched by a concrete path, with its path arguments. */
export interface MatchedRoute {
  entry: ServiceCodecs;
  route: AnyRouteDescriptor;
  path: Record<string, string | string[]>;
}

/** The validator of a body's published JSON schema (plain draft-04: no Base58 or timestamp text checks). */
function validatorOf(body: BodyCodec): JsonValidator {
  const ajv = new Ajv04({ strict: false, allErrors: false, validateFormats: false, logger: false });
  try {
    return ajv.compile(body.schema as object) as JsonValidator;
  } catch (error) {
    throw new CliError(`cannot compile the JSON schema of a body: ${(error as Error).message}`, 2);
  }
}

/** A body descriptor whose validator is compiled on first use (most calls check one body). */
function bodyDescriptor(body: BodyCodec): BodyDescriptor<unknown> {
  let compiled: JsonValidator | undefined;
  const validate = ((data: unknown) => {
    compiled ??= validatorOf(body);
    const ok = compiled(data);
    validate.errors = compiled.errors ?? null;
    return ok;
  }) as JsonValidator;
  return { mediaTypes: bodyMediaTypes(body), validate, ...(body.jsonOnly !== undefined ? { jsonOnly: body.jsonOnly } : {}) };
}

/** The route descriptor of one service. */
export function routeDescriptorOf(entry: ServiceCodecs): AnyRouteDescriptor {
  return {
    operation: `${entry.service.method} ${routeToString(entry.service.route)}`,
    method: entry.service.method,
    path: pathDescriptor(entry),
    query: queryDescriptor(entry),
    streaming: entry.streaming,
    ...(entry.input ? { input: bodyDescriptor(entry.input) } : {}),
    output: bodyDescriptor(entry.output),
    error: bodyDescriptor(entry.error),
  };
}

/**
 * The service a concrete path (no query string) reaches with `method`. Like a node's router, a
 * static segment wins over a path argument where both match.
 */
export function matchRoute(spec: InspectedInterface, method: string, path: string): MatchedRoute {
  const wanted = method.toUpperCase();
  let segments: string[];
  try {
    segments = splitPath(path);
  } catch (error) {
    throw new CliError((error as Error).message, 2);
  }
  let best: { entry: ServiceCodecs; path: Record<string, string | string[]>; statics: number } | undefined;
  const methods = new Set<string>();
  for (const entry of spec.model.services) {
    const args = matchPath(pathDescriptor(entry), segments);
    if (!args) continue;
    methods.add(entry.service.method);
    if (entry.service.method !== wanted) continue;
    const statics = entry.service.route.filter((s) => s.kind === "static").length;
    if (!best || statics > best.statics) best = { entry, path: args, statics };
  }
  if (!best) {
    const hint = methods.size > 0 ? ` (that path takes ${[...methods].join(", ")})` : "; `tezos-rpcgen list routes` lists the routes";
    throw new CliError(`no service ${wanted} ${path} in ${spec.source}${hint}`, 2);
  }
  return { entry: best.entry, route: routeDescriptorOf(best.entry), path: best.path };
}

/** Binary bodies of the matched service, run by the IR interpreter. */
export function interpretedBinaryBodies(spec: InspectedInterface, entry: ServiceCodecs): BinaryBodies {
  const interpreter = new Interpreter(spec.model.definitions);
  const codecs = new Map<BodyPart, Codec<unknown>>();
  return binaryBodiesOf((_route, part) => {
    const body = entry[part];
    if (!body || body.jsonOnly !== undefined) return undefined;
    if (!codecs.has(part)) codecs.set(part, interpreter.codec(body.codec));
    return codecs.get(part);
  });
}
