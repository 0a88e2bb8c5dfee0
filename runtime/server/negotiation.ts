/**
 * Content negotiation as an Octez node does it (octez-http.md §1): the `media-type` setting
 * chooses the server's list of types, `Accept` picks the answer's type from it, and the request
 * `Content-Type` must name one of them exactly. This server speaks JSON and binary; BSON, which
 * a node also lists, is not offered.
 */
import type { MediaType } from "../rpc/route.ts";
import { BINARY_MEDIA_TYPE, JSON_MEDIA_TYPE, MEDIA_TYPES } from "../http/media-types.ts";

/** The node's `--media-type` setting. */
export type MediaTypeSetting = "json" | "binary" | "any";

/** The server's types, in order; the first is the default. */
export function serverMediaTypes(setting: MediaTypeSetting): readonly MediaType[] {
  switch (setting) {
    case "json":
      return [JSON_MEDIA_TYPE];
    case "binary":
      return [BINARY_MEDIA_TYPE];
    case "any":
      return MEDIA_TYPES;
  }
}

interface MediaRange {
  type: string;
  subtype: string;
  q: number;
  index: number;
}

function parseAccept(header: string): MediaRange[] {
  const ranges: MediaRange[] = [];
  header.split(",").forEach((part, index) => {
    const [range = "", ...params] = part.split(";").map((s) => s.trim());
    if (range === "") return;
    const slash = range.indexOf("/");
    const type = slash < 0 ? range : range.slice(0, slash);
    const subtype = slash < 0 ? "*" : range.slice(slash + 1);
    let q = 1;
    for (const param of params) {
      const eq = param.indexOf("=");
      if (eq > 0 && param.slice(0, eq).trim().toLowerCase() === "q") {
        const value = Number(param.slice(eq + 1).trim());
        if (Number.isFinite(value)) q = value;
      }
    }
    ranges.push({ type: type.toLowerCase(), subtype: subtype.toLowerCase(), q, index });
  });
  // Highest q first; equal q keep the client's order.
  return ranges.sort((a, b) => b.q - a.q || a.index - b.index);
}

function matches(range: MediaRange, type: MediaType): boolean {
  const [main, sub] = type.split("/") as [string, string];
  return (range.type === "*" || range.type === main) && (range.subtype === "*" || range.subtype === sub);
}

/**
 * The answer's type for an `Accept` header: the first server type matching the client's ranges
 * taken by decreasing `q`; `undefined` when none matches (406). No header: the default type.
 */
export function chooseResponseType(accept: string | undefined, offered: readonly MediaType[]): MediaType | undefined {
  if (accept === undefined || accept.trim() === "") return offered[0];
  for (const range of parseAccept(accept)) {
    if (range.q <= 0) continue;
    const type = offered.find((t) => matches(range, t));
    if (type !== undefined) return type;
  }
  return undefined;
}

/**
 * The request body's type: the default type without a header; otherwise the header must equal
 * one of the server's types, parameters included (octez-http.md §1.3), else `undefined` (415).
 */
export function requestBodyType(contentType: string | undefined, offered: readonly MediaType[]): MediaType | undefined {
  if (contentType === undefined) return offered[0];
  return offered.find((t) => t === contentType);
}

/** The 406 body: the server's types joined by comma and space. */
export function notAcceptableBody(offered: readonly MediaType[]): string {
  return offered.join(", ");
}
