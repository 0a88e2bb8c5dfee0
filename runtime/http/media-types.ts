/**
 * Media type names and the header values Octez expects (octez-http.md §1). The node compares a
 * request's `Content-Type` exactly and case-sensitively with bare type names, so parameters such
 * as `; charset=utf-8` must never be sent.
 */
import type { MediaType } from "../rpc/route.ts";

export const JSON_MEDIA_TYPE = "application/json" satisfies MediaType;
export const BINARY_MEDIA_TYPE = "application/octet-stream" satisfies MediaType;
/** Spoken by Octez but not by generated interfaces; named so that servers can list it. */
export const BSON_MEDIA_TYPE = "application/bson";

/** Both media types of generated interfaces, JSON (the node's default) first. */
export const MEDIA_TYPES: readonly MediaType[] = [JSON_MEDIA_TYPE, BINARY_MEDIA_TYPE];

/** Whether `value` is exactly one of the media types generated interfaces speak. */
export function isMediaType(value: string): value is MediaType {
  return value === JSON_MEDIA_TYPE || value === BINARY_MEDIA_TYPE;
}

/**
 * The `Accept` header for an answer in `mediaType`: the bare type alone, so that a node that
 * cannot speak it answers 406 instead of silently choosing another type.
 */
export function acceptHeader(mediaType: MediaType): string {
  return mediaType;
}

/** The `Content-Type` header of a request body in `mediaType`: the bare type, no parameters. */
export function contentTypeHeader(mediaType: MediaType): string {
  return mediaType;
}

/**
 * The type/subtype of a received `Content-Type` value, lowercased and without parameters, for a
 * receiver that branches on it (a node's own comparison is stricter, see the module comment).
 * `undefined` when the header is absent or empty.
 */
export function baseMediaType(header: string | null | undefined): string | undefined {
  if (header == null) return undefined;
  const base = header.split(";", 1)[0]!.trim().toLowerCase();
  return base === "" ? undefined : base;
}
