/**
 * Path segments (octez-http.md §8). A node splits the path on `/` before percent-decoding and
 * drops empty segments, so every path argument is percent-encoded on its own (a `/` inside an
 * argument becomes `%2F`) and must not be empty. A rest-of-path argument is a list of segments.
 */
import type { RouteSegmentDescriptor } from "../rpc/route.ts";
import type { PathArguments } from "../rpc/transport.ts";
import { PathError } from "./errors.ts";

/** Percent-encodes one segment: everything but RFC 3986 unreserved characters and a few safe ones. */
export function encodePathSegment(segment: string): string {
  return encodeURIComponent(segment);
}

/** Percent-decodes one segment; throws {@link PathError} on malformed encoding. */
export function decodePathSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new PathError("bad-encoding", segment, `malformed percent-encoding in path segment ${JSON.stringify(segment)}`);
  }
}

function argumentSegment(key: string, value: string): string {
  if (value === "") throw new PathError("empty-argument", key, `path argument '${key}' is empty: a node drops empty segments, so the request would reach another route`);
  // A URL parser (WHATWG, so `fetch` everywhere) resolves `.` and `..` segments, and their
  // percent-encoded forms `%2E` and `%2E%2E` too: no encoding keeps them in the path, so
  // `{chain_id: ".."}` would call `/base/chain_id`. No node identifier is spelled so: refused.
  if (value === "." || value === "..") throw new PathError("dot-segment", key, `path argument '${key}' is ${JSON.stringify(value)}: URLs resolve it as a relative path (even percent-encoded), so the request would reach another route`);
  return encodePathSegment(value);
}

/** The path of a route with its arguments filled in: `/chains/main/blocks` (always starts with `/`). */
export function buildPath(segments: readonly RouteSegmentDescriptor[], args: PathArguments): string {
  let out = "";
  for (const segment of segments) {
    if (segment.kind === "static") {
      out += `/${segment.name}`;
      continue;
    }
    const value = args[segment.key];
    if (value === undefined) throw new PathError("missing-argument", segment.key, `path argument '${segment.key}' (${segment.name}) is missing`);
    if (segment.multiple) {
      const parts = typeof value === "string" ? [value] : value;
      for (const part of parts) out += `/${argumentSegment(segment.key, part)}`;
    } else {
      if (typeof value !== "string") throw new PathError("missing-argument", segment.key, `path argument '${segment.key}' (${segment.name}) takes one segment, not a list`);
      out += `/${argumentSegment(segment.key, value)}`;
    }
  }
  return out === "" ? "/" : out;
}

/** Splits a path (no query string) as a node does: on `/`, empty segments dropped, then each decoded. */
export function splitPath(path: string): string[] {
  // A loop rather than split/filter/map: the server splits a path on every request.
  const segments: string[] = [];
  let start = 0;
  while (start <= path.length) {
    let end = path.indexOf("/", start);
    if (end < 0) end = path.length;
    if (end > start) {
      const segment = path.slice(start, end);
      // Most segments have nothing to decode; skipping them saves a decode per segment per request.
      segments.push(segment.includes("%") ? decodePathSegment(segment) : segment);
    }
    start = end + 1;
  }
  return segments;
}

/**
 * Matches decoded segments against a route's segments; returns its path arguments, or
 * `undefined` when the route does not match. A rest-of-path argument takes every remaining
 * segment (possibly none). Argument values are not checked against their types here.
 */
export function matchPath(route: readonly RouteSegmentDescriptor[], segments: readonly string[]): Record<string, string | string[]> | undefined {
  const out: Record<string, string | string[]> = {};
  let at = 0;
  for (const segment of route) {
    if (segment.kind === "arg" && segment.multiple) {
      out[segment.key] = segments.slice(at);
      at = segments.length;
      continue;
    }
    const value = segments[at];
    if (value === undefined) return undefined;
    if (segment.kind === "static") {
      if (value !== segment.name) return undefined;
    } else {
      out[segment.key] = value;
    }
    at++;
  }
  return at === segments.length ? out : undefined;
}
