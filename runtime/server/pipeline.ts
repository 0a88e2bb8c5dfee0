/**
 * The request pipeline: one request from arrival to answer, checks in the order an Octez node
 * makes them (octez-http.md §1.4), so that the first failing check decides the status:
 * CORS origin (403), path and method (404, 400, 405), `Content-Type` (415), `Accept` (406), query
 * string (400), ACL (401), body (413, 400), then the handler. Nothing reaches a handler before
 * every input has been parsed and validated.
 */
import type { IncomingMessage, ServerResponse, OutgoingHttpHeaders } from "node:http";
import type { AnyRouteDescriptor, HttpMethod, MediaType } from "../rpc/route.ts";
import type { CompiledAcl } from "./acl.ts";
import { splitPath } from "../http/path.ts";
import { PathError } from "../http/errors.ts";
import { lookup, type Found, type RouteEntry } from "./router.ts";
import { chooseResponseType, notAcceptableBody, requestBodyType } from "./negotiation.ts";
import { parseQuery } from "./query.ts";
import { BodyTooLargeError, decodeBody, readBody, unwantedBody } from "./body.ts";
import { NO_HEADERS, encodeAnswer, sendBytes, sendEmpty, sendText, sendWithoutBinary, speaksBinary } from "./respond.ts";
import type { BinaryBodies } from "../client/options.ts";
import { BINARY_MEDIA_TYPE } from "../http/media-types.ts";
import { Exchange } from "./exchange.ts";
import { EncodeError } from "../codec/errors.ts";
import type { ServerCore } from "./core.ts";
import { describeAnswer, locateDescribe } from "./describe.ts";

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
function responseTypes(core: ServerCore, route: AnyRouteDescriptor, binary: BinaryBodies | undefined): readonly MediaType[] {
  return core.offered.filter((t) => (t === BINARY_MEDIA_TYPE ? speaksBinary(route, "output", binary) : route.output.mediaTypes.includes(t)));
}

interface Negotiated {
  readonly requestType: MediaType;
  readonly responseType: MediaType;
}

/** The answer types of each served route, worked out on its first request. */
const entryResponseTypes = new WeakMap<RouteEntry, readonly MediaType[]>();

function responseTypesOf(core: ServerCore, entry: RouteEntry): readonly MediaType[] {
  let types = entryResponseTypes.get(entry);
  if (types === undefined) entryResponseTypes.set(entry, (types = responseTypes(core, entry.route, entry.binary)));
  return types;
}

/** Steps 3 and 4: `Content-Type` then `Accept`; answers 415 or 406 itself and returns undefined. */
function negotiate(core: ServerCore, req: IncomingMessage, res: ServerResponse, offered: readonly MediaType[], corsHeaders: OutgoingHttpHeaders): Negotiated | undefined {
  const requestType = requestBodyType(req.headers["content-type"], core.offered);
  if (requestType === undefined) {
    sendEmpty(res, 415, corsHeaders);
    return undefined;
  }
  const responseType = chooseResponseType(req.headers.accept, offered);
  if (responseType === undefined) {
    sendText(res, 406, notAcceptableBody(offered), null, corsHeaders);
    return undefined;
  }
  return { requestType, responseType };
}

/** A step that finished at once, or a promise of its end (a body to read, a handler that awaits, a stream). */
type Pending = void | Promise<void>;

/**
 * Handles one request; never throws or rejects (failures become answers and `onError` calls).
 * Synchronous until something must be awaited: an answer written in the `request` event goes
 * out without waiting for a microtask, which measurably helps small answers.
 */
export function handleRequest(core: ServerCore, acl: CompiledAcl, req: IncomingMessage, res: ServerResponse): void {
  const url = req.url ?? "/";
  const method = req.method ?? "GET";
  // A body nobody reads (a route without input, a request refused before its body) would be read
  // and discarded after the answer to keep the connection alive, for as long as the client
  // sends it. Until `readBody` takes it, the answer closes the connection instead.
  if (carriesBody(req)) unwantedBody(res);
  try {
    const pending = route(core, acl, req, res, method, url);
    if (pending !== undefined) pending.catch((error: unknown) => fail(core, res, method, url, error));
  } catch (error) {
    fail(core, res, method, url, error);
  }
}

/** True when the request announces a body: chunked, or a `Content-Length` above 0. */
function carriesBody(req: IncomingMessage): boolean {
  const length = req.headers["content-length"];
  return req.headers["transfer-encoding"] !== undefined || (length !== undefined && length !== "0");
}

/** A failure of the server's own code (not a handler's): reported, and a 500 when still possible. */
function fail(core: ServerCore, res: ServerResponse, method: string, url: string, error: unknown): void {
  core.onError?.(error, { method, url });
  if (!res.headersSent) sendText(res, 500, error instanceof Error ? error.message : String(error), "text/plain");
  else if (!res.writableEnded) res.destroy();
}

function route(core: ServerCore, acl: CompiledAcl, req: IncomingMessage, res: ServerResponse, method: string, url: string): Pending {
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
  let corsHeaders = NO_HEADERS;
  if (cors.enabled) {
    const origin = cors.allowOrigin(req.headers.origin);
    if (origin !== undefined) corsHeaders = { "access-control-allow-origin": origin };
  }

  if (method === "OPTIONS") return preflight(core, req, res, segments, corsHeaders);
  if (!KNOWN_METHODS.has(method)) return sendEmpty(res, 501);

  // 1. CORS check, of `Origin` (cors.ts says why not `Host`, as resto does).
  if (cors.enabled && !cors.originAllowed(req.headers.origin)) {
    return sendEmpty(res, 403, { "x-ocaml-resto-cors-error": "invalid origin" });
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
  const negotiated = negotiate(core, req, res, responseTypesOf(core, entry), corsHeaders);
  if (negotiated === undefined) return;
  if (route.input !== undefined && negotiated.requestType === BINARY_MEDIA_TYPE && !speaksBinary(route, "input", entry.binary)) return sendEmpty(res, 415, corsHeaders);

  // 5. Query string.
  const query = parseQuery(rawQuery, route.query, core.parsers);
  if (!query.ok) return sendText(res, 400, query.message, "text/plain", corsHeaders);

  // 6. ACL.
  if (!acl.allows(method, segments)) return sendEmpty(res, 401, corsHeaders);

  // 8. The handler, once the body (7) is read and decoded.
  const request: Record<string, unknown> = {};
  if (entry.keys.length > 0 || entry.restKey !== undefined) request.path = pathArguments(entry, found);
  if (route.query.length > 0) request.query = query.query;
  const input = route.input;
  if (input === undefined) return new Exchange(core, req, res, entry, negotiated.responseType, corsHeaders).run(request);
  return readBody(req, core.maxBodyBytes, res).then(
    (bytes) => {
      const decoded = decodeBody(bytes, negotiated.requestType, route, entry.binary);
      if (!decoded.ok) return sendText(res, 400, `Failed to parse the request body: ${decoded.details}`, "text/plain", corsHeaders);
      request.body = decoded.value;
      return new Exchange(core, req, res, entry, negotiated.responseType, corsHeaders).run(request);
    },
    (error: unknown) => {
      if (!(error instanceof BodyTooLargeError)) throw error;
      // Stop reading and close: the rest of an oversized body is not worth receiving.
      res.shouldKeepAlive = false;
      sendText(res, 413, `Failed to parse the request body: ${error.message}`, "text/plain", corsHeaders);
    },
  );
}

function pathArguments(entry: RouteEntry, found: Found): Record<string, unknown> {
  const path: Record<string, unknown> = {};
  entry.keys.forEach((key, i) => (path[key] = found.args[i]));
  if (entry.restKey !== undefined) path[entry.restKey] = found.rest ?? [];
  return path;
}

function preflight(core: ServerCore, req: IncomingMessage, res: ServerResponse, segments: readonly string[], headers: OutgoingHttpHeaders): void {
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

function describe(
  core: ServerCore,
  acl: CompiledAcl,
  req: IncomingMessage,
  res: ServerResponse,
  method: string,
  segments: readonly string[],
  rawQuery: string,
  headers: OutgoingHttpHeaders,
): void {
  // Every `/describe/...` path exists for routing (a dynamic tail); the walk is the service's
  // own work, so an unknown path is a 404 only after the other checks.
  const describe = core.describe!;
  if (method !== "GET") return sendEmpty(res, 405, { ...headers, ...allowHeader(["GET"]) });
  const negotiated = negotiate(core, req, res, responseTypes(core, describe.route, describe.binary), headers);
  if (negotiated === undefined) return;
  const query = parseQuery(rawQuery, [{ name: "recurse", kind: "single", type: "bool", valueType: "boolean" }], core.parsers);
  if (!query.ok) return sendText(res, 400, query.message, "text/plain", headers);
  if (!acl.allows(method, segments)) return sendEmpty(res, 401, headers);
  const node = locateDescribe(describe.tree, describe.mounts, segments.slice(1), core.parsers);
  const answer = node === undefined ? undefined : describeAnswer(node, query.query.recurse === true);
  if (answer === undefined) return sendEmpty(res, 404, headers);
  let bytes: Buffer;
  try {
    bytes = encodeAnswer(answer, negotiated.responseType, describe.route, "output", describe.binary);
  } catch (error) {
    if (!(error instanceof EncodeError) || negotiated.responseType !== BINARY_MEDIA_TYPE) throw error;
    // A tree holding what the interface's binary describe encoding cannot write (a query flag of
    // Octez 20.3's snapshot has no binary form): it is not a server failure but a representation
    // this tree lacks, so JSON when the client accepts it, else 406 as for any type not offered.
    const offered = responseTypes(core, describe.route, describe.binary);
    return sendWithoutBinary(res, req.headers.accept, offered, (type) => encodeAnswer(answer, type, describe.route, "output", describe.binary), headers);
  }
  sendBytes(res, 200, negotiated.responseType, bytes, headers);
}
