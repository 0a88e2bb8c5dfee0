/**
 * The request pipeline: one request from arrival to answer, checks in the order an Octez node
 * makes them (octez-http.md §1.4), so that the first failing check decides the status:
 * CORS host (403), path and method (404, 400, 405), `Content-Type` (415), `Accept` (406), query
 * string (400), ACL (401), body (413, 400), then the handler. Nothing reaches a handler before
 * every input has been parsed and validated.
 */
import type { IncomingMessage, ServerResponse, OutgoingHttpHeaders } from "node:http";
import type { AnyRouteDescriptor, BodyDescriptor, HttpMethod, MediaType } from "../rpc/route.ts";
import type { HandlerContext } from "../rpc/handler.ts";
import type { ArgParser } from "./arg-types.ts";
import type { CompiledAcl } from "./acl.ts";
import type { Cors } from "./cors.ts";
import { splitPath } from "../http/path.ts";
import { PathError } from "../http/errors.ts";
import { lookup, type Directory, type Found, type RouteEntry } from "./router.ts";
import { chooseResponseType, notAcceptableBody, requestBodyType } from "./negotiation.ts";
import { parseQuery } from "./query.ts";
import { BodyTooLargeError, decodeBody, readBody, validationDetails } from "./body.ts";
import { encodeValue, sendBytes, sendEmpty, sendText } from "./respond.ts";
import { isAsyncIterable, writeStream } from "./stream.ts";
import { RpcServerError, genericTrace } from "./errors.ts";
import { describeAnswer, locateDescribe, type DescribeMount } from "./describe.ts";

/** Where a server error happened, for {@link ServerCore.onError}. */
export interface ServerErrorContext {
  readonly method: string;
  readonly url: string;
  readonly operation?: string;
}

/** Everything the pipeline needs, built once by `createRpcServer`. */
export interface ServerCore {
  readonly root: Directory;
  readonly describe?: { readonly tree: unknown; readonly mounts: readonly DescribeMount[]; readonly output: BodyDescriptor<unknown> };
  readonly parsers: Readonly<Record<string, ArgParser>>;
  /** The server's media types (the `media-type` setting), default first. */
  readonly offered: readonly MediaType[];
  readonly cors: Cors;
  readonly maxBodyBytes: number;
  readonly validateOutput: boolean;
  readonly onError?: (error: unknown, context: ServerErrorContext) => void;
}

const KNOWN_METHODS = new Set(["GET", "POST", "PUT", "PATCH", "DELETE"]);

/** The methods of a directory, in the order a node lists them. */
const METHOD_ORDER: readonly HttpMethod[] = ["GET", "POST", "DELETE", "PUT", "PATCH"];

function allowedMethods(services: ReadonlyMap<HttpMethod, unknown>): HttpMethod[] {
  return METHOD_ORDER.filter((m) => services.has(m));
}

/** One `Allow` header line per method, as a node sends them. */
function allowHeader(methods: readonly HttpMethod[]): OutgoingHttpHeaders {
  // Typed as one string by @types/node, but node:http writes an array as repeated lines.
  return { Allow: [...methods] };
}

/** The answer's type among the server's types that the body can be written in. */
function responseTypes(core: ServerCore, body: BodyDescriptor<unknown>): readonly MediaType[] {
  return core.offered.filter((t) => body.mediaTypes.includes(t));
}

interface Negotiated {
  readonly requestType: MediaType;
  readonly responseType: MediaType;
}

/** Steps 3 and 4: `Content-Type` then `Accept`; answers 415 or 406 itself and returns undefined. */
function negotiate(core: ServerCore, req: IncomingMessage, res: ServerResponse, output: BodyDescriptor<unknown>, corsHeaders: OutgoingHttpHeaders): Negotiated | undefined {
  const requestType = requestBodyType(req.headers["content-type"], core.offered);
  if (requestType === undefined) {
    sendEmpty(res, 415, corsHeaders);
    return undefined;
  }
  const offered = responseTypes(core, output);
  const responseType = chooseResponseType(req.headers.accept, offered);
  if (responseType === undefined) {
    sendText(res, 406, notAcceptableBody(offered), null, corsHeaders);
    return undefined;
  }
  return { requestType, responseType };
}

/** Handles one request; never rejects (failures become answers and `onError` calls). */
export async function handleRequest(core: ServerCore, acl: CompiledAcl, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = req.url ?? "/";
  const method = req.method ?? "GET";
  try {
    await route(core, acl, req, res, method, url);
  } catch (error) {
    core.onError?.(error, { method, url });
    if (!res.headersSent) sendText(res, 500, error instanceof Error ? error.message : String(error), "text/plain");
    else if (!res.writableEnded) res.destroy();
  }
}

async function route(core: ServerCore, acl: CompiledAcl, req: IncomingMessage, res: ServerResponse, method: string, url: string): Promise<void> {
  const question = url.indexOf("?");
  let segments: string[];
  try {
    segments = splitPath(question < 0 ? url : url.slice(0, question));
  } catch (error) {
    // A segment with malformed percent-encoding names no directory.
    if (error instanceof PathError) return sendEmpty(res, 404);
    throw error;
  }
  const rawQuery = question < 0 ? "" : url.slice(question + 1);
  const { cors } = core;
  const corsHeaders: OutgoingHttpHeaders = {};
  if (cors.enabled) {
    const origin = cors.allowOrigin(req.headers.origin);
    if (origin !== undefined) corsHeaders["access-control-allow-origin"] = origin;
  }

  if (method === "OPTIONS") return preflight(core, req, res, segments, corsHeaders);
  if (!KNOWN_METHODS.has(method)) return sendEmpty(res, 501);

  // 1. CORS host check.
  if (cors.enabled && !cors.hostAllowed(req.headers.host)) {
    return sendEmpty(res, 403, { "x-ocaml-resto-cors-error": "invalid host" });
  }

  // 2. Path and method (the describe service first: its path arguments give 404, not 400).
  if (core.describe !== undefined && segments[0] === "describe") {
    return describe(core, acl, req, res, method, segments, rawQuery, corsHeaders);
  }
  const found = lookup(core.root, segments, core.parsers);
  if (found.kind === "not-found") return sendEmpty(res, 404, corsHeaders);
  if (found.kind === "bad-argument") {
    const text = `Failed to parsed an argument in path. After "${found.context.join("/")}", the value "${found.problem}" is not acceptable for type "${found.argName}"`;
    return sendText(res, 400, text, "text/plain", corsHeaders);
  }
  const entry = found.services.get(method as HttpMethod);
  if (entry === undefined) return sendEmpty(res, 405, { ...corsHeaders, ...allowHeader(allowedMethods(found.services)) });
  const { route } = entry;

  // 3, 4. Content-Type, Accept.
  const negotiated = negotiate(core, req, res, route.output, corsHeaders);
  if (negotiated === undefined) return;
  if (route.input !== undefined && !route.input.mediaTypes.includes(negotiated.requestType)) return sendEmpty(res, 415, corsHeaders);

  // 5. Query string.
  const query = parseQuery(rawQuery, route.query, core.parsers);
  if (!query.ok) return sendText(res, 400, query.message, "text/plain", corsHeaders);

  // 6. ACL.
  if (!acl.allows(method, segments)) return sendEmpty(res, 401, corsHeaders);

  // 7. Body.
  let body: unknown;
  if (route.input !== undefined) {
    let bytes: Buffer;
    try {
      bytes = await readBody(req, core.maxBodyBytes);
    } catch (error) {
      if (error instanceof BodyTooLargeError) {
        // Stop reading and close: the rest of an oversized body is not worth receiving.
        res.setHeader("connection", "close");
        return sendText(res, 413, `Failed to parse the request body: ${error.message}`, "text/plain", corsHeaders);
      }
      throw error;
    }
    const decoded = decodeBody(bytes, negotiated.requestType, route.input);
    if (!decoded.ok) return sendText(res, 400, `Failed to parse the request body: ${decoded.details}`, "text/plain", corsHeaders);
    body = decoded.value;
  }

  // 8. The handler.
  const request: Record<string, unknown> = {};
  if (entry.keys.length > 0 || entry.restKey !== undefined) request.path = pathArguments(entry, found);
  if (route.query.length > 0) request.query = query.query;
  if (route.input !== undefined) request.body = body;
  await runHandler(core, req, res, entry, request, negotiated.responseType, corsHeaders);
}

function pathArguments(entry: RouteEntry, found: Found): Record<string, unknown> {
  const path: Record<string, unknown> = {};
  entry.keys.forEach((key, i) => (path[key] = found.args[i]));
  if (entry.restKey !== undefined) path[entry.restKey] = found.rest ?? [];
  return path;
}

async function runHandler(
  core: ServerCore,
  req: IncomingMessage,
  res: ServerResponse,
  entry: RouteEntry,
  request: Record<string, unknown>,
  mediaType: MediaType,
  headers: OutgoingHttpHeaders,
): Promise<void> {
  const { route } = entry;
  // The client leaving before the answer is complete aborts the handler's signal. Made only
  // when a handler reads it or a stream needs it: an AbortController and a listener per request
  // cost a few per cent of throughput on small answers.
  let abort: AbortController | undefined;
  const onClose = (): void => {
    if (!res.writableFinished) abort!.abort();
  };
  const controller = (): AbortController => {
    if (abort === undefined) {
      abort = new AbortController();
      if (res.destroyed) abort.abort();
      else res.once("close", onClose);
    }
    return abort;
  };
  const context: HandlerContext = {
    mediaType,
    get signal() {
      return controller().signal;
    },
  };
  const errorContext = { method: route.method, url: req.url ?? "/", operation: route.operation };
  try {
    const handler = (entry.handlers as Record<string, (request: unknown, context: HandlerContext) => unknown>)[route.operation]!;
    let result: unknown;
    try {
      result = await handler.call(entry.handlers, request, context);
    } catch (error) {
      return sendError(core, res, route, error, mediaType, headers, errorContext);
    }
    if (res.destroyed) {
      if (isAsyncIterable(result)) result[Symbol.asyncIterator]().return?.();
      return;
    }
    if (isAsyncIterable(result)) {
      for (const [name, value] of Object.entries(headers)) res.setHeader(name, value as string);
      return await writeStream(res, result, {
        mediaType,
        abort: controller(),
        encode: (value) => encodeOutput(core, route, value, mediaType),
        onError: (error) => core.onError?.(error, errorContext),
      });
    }
    let bytes: Buffer;
    try {
      bytes = encodeOutput(core, route, result, mediaType);
    } catch (error) {
      return sendError(core, res, route, error, mediaType, headers, errorContext);
    }
    sendBytes(res, 200, mediaType, bytes, headers);
  } finally {
    if (abort !== undefined) res.off("close", onClose);
  }
}

/** A handler's output on the wire, checked against the route's JSON validator when asked to. */
function encodeOutput(core: ServerCore, route: AnyRouteDescriptor, value: unknown, mediaType: MediaType): Buffer {
  if (core.validateOutput && mediaType === "application/json" && !route.output.validate(value)) {
    throw new TypeError(`${route.operation} returned a value that does not match its output type: ${validationDetails(route.output.validate.errors)}`);
  }
  return encodeValue(value, mediaType, route.output);
}

/** An error answer: the handler's status and trace, or 500 with a generic trace. */
function sendError(
  core: ServerCore,
  res: ServerResponse,
  route: AnyRouteDescriptor,
  error: unknown,
  mediaType: MediaType,
  headers: OutgoingHttpHeaders,
  context: ServerErrorContext,
): void {
  let status = 500;
  let trace: unknown;
  if (error instanceof RpcServerError) {
    status = error.status;
    trace = error.trace;
  } else {
    core.onError?.(error, context);
    trace = genericTrace(error);
  }
  if (trace === undefined) return sendEmpty(res, status, headers);
  let bytes: Buffer;
  try {
    bytes = encodeValue(trace, mediaType, route.error);
  } catch (encodeError) {
    // A trace the error encoding refuses: send the JSON form rather than lose it.
    core.onError?.(encodeError, context);
    bytes = encodeValue(trace, "application/json", route.error);
    mediaType = "application/json";
  }
  sendBytes(res, status, mediaType, bytes, headers);
}

async function preflight(core: ServerCore, req: IncomingMessage, res: ServerResponse, segments: readonly string[], headers: OutgoingHttpHeaders): Promise<void> {
  let methods: HttpMethod[];
  if (core.describe !== undefined && segments[0] === "describe") methods = ["GET"];
  else {
    const found = lookup(core.root, segments, core.parsers);
    if (found.kind === "not-found") return sendEmpty(res, 404, headers);
    if (found.kind === "bad-argument") return sendEmpty(res, 400, headers);
    methods = allowedMethods(found.services);
  }
  const requested = req.headers["access-control-request-method"];
  if (requested !== undefined) {
    if (!methods.includes(requested as HttpMethod)) return sendEmpty(res, 405, { ...headers, ...allowHeader(methods) });
    methods = [requested as HttpMethod];
  }
  if (!core.cors.enabled) return sendEmpty(res, 200);
  sendEmpty(res, 200, { ...headers, "access-control-allow-methods": methods.join(", "), "access-control-allow-headers": core.cors.allowHeaders });
}

async function describe(
  core: ServerCore,
  acl: CompiledAcl,
  req: IncomingMessage,
  res: ServerResponse,
  method: string,
  segments: readonly string[],
  rawQuery: string,
  headers: OutgoingHttpHeaders,
): Promise<void> {
  // Every `/describe/...` path exists for routing (a dynamic tail); the walk is the service's
  // own work, so an unknown path is a 404 only after the other checks.
  const describe = core.describe!;
  if (method !== "GET") return sendEmpty(res, 405, { ...headers, ...allowHeader(["GET"]) });
  const negotiated = negotiate(core, req, res, describe.output, headers);
  if (negotiated === undefined) return;
  const query = parseQuery(rawQuery, [{ name: "recurse", kind: "single", type: "bool", valueType: "boolean" }], core.parsers);
  if (!query.ok) return sendText(res, 400, query.message, "text/plain", headers);
  if (!acl.allows(method, segments)) return sendEmpty(res, 401, headers);
  const node = locateDescribe(describe.tree, describe.mounts, segments.slice(1), core.parsers);
  const answer = node === undefined ? undefined : describeAnswer(node, query.query.recurse === true);
  if (answer === undefined) return sendEmpty(res, 404, headers);
  sendBytes(res, 200, negotiated.responseType, encodeValue(answer, negotiated.responseType, describe.output), headers);
}
