/**
 * Writing answers: empty and plain-text answers produced by the server itself, and values in the
 * negotiated media type (JSON text and a newline; binary with its 4-byte length prefix,
 * octez-http.md §2).
 */
import type { ServerResponse, OutgoingHttpHeaders } from "node:http";
import type { AnyRouteDescriptor, MediaType } from "../rpc/route.ts";
import type { BinaryBodies, BodyPart } from "../client/options.ts";
import { jsonAnswerText } from "../http/framing.ts";
import { utf8Bytes } from "./answer-slab.ts";
import { BINARY_MEDIA_TYPE, JSON_MEDIA_TYPE } from "../http/media-types.ts";
import { chooseResponseType, notAcceptableBody } from "./negotiation.ts";

/** An answer with no body (401, 403, 404, 405, 415, 501…). */
export function sendEmpty(res: ServerResponse, status: number, headers: OutgoingHttpHeaders = {}): void {
  res.writeHead(status, { ...headers, "content-length": 0 });
  res.end();
}

/** 204: no body and so no `Content-Length` (RFC 9110 §8.6). */
export function sendNoContent(res: ServerResponse, headers: OutgoingHttpHeaders = {}): void {
  res.writeHead(204, headers);
  res.end();
}

/** A `text/plain` answer (the 400 messages; the 406 list is sent without a type, as a node does). */
export function sendText(res: ServerResponse, status: number, text: string, type: string | null = "text/plain", headers: OutgoingHttpHeaders = {}): void {
  const body = Buffer.from(text, "utf8");
  const all: OutgoingHttpHeaders = { ...headers, "content-length": body.length };
  if (type !== null) all["content-type"] = type;
  res.writeHead(status, all);
  res.end(body);
}

/** Thrown when a value has no form in the chosen media type (a JSON-only body asked in binary). */
export class NoBinaryFormError extends Error {
  override readonly name = "NoBinaryFormError";
}

/** Whether `part` of `route` can be carried in binary here: its type allows it and a codec is given. */
export function speaksBinary(route: AnyRouteDescriptor, part: BodyPart, binary: BinaryBodies | undefined): boolean {
  return binary !== undefined && route[part]!.mediaTypes.includes(BINARY_MEDIA_TYPE) && binary.supports(route, part);
}

/**
 * One value of `part` of `route` as it goes on the wire in `mediaType`: minified JSON and `\n`,
 * or the binary payload behind its 4-byte length (octez-http.md §2). Encoder failures
 * propagate (the server turns them into a 500: the handler returned a value its own type does
 * not allow).
 */
export function encodeAnswer(value: unknown, mediaType: MediaType, route: AnyRouteDescriptor, part: BodyPart, binary: BinaryBodies | undefined): Buffer {
  if (mediaType === JSON_MEDIA_TYPE) {
    // `undefined` (a unit answer) is written as the empty value `{}`.
    return utf8Bytes(jsonAnswerText(value === undefined ? {} : value, route[part]?.floats === true));
  }
  if (!speaksBinary(route, part, binary)) throw new NoBinaryFormError(`the ${part} of ${route.operation} has no binary form here${route[part]?.jsonOnly ? ` (${route[part]!.jsonOnly})` : ""}`);
  const bytes = binary!.encodeBody(route, part, value);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** The extra headers of an answer that has none (no CORS): lets {@link sendBytes} take its fast path. */
export const NO_HEADERS: OutgoingHttpHeaders = Object.freeze({});

/** A single value with a `Content-Length`. */
export function sendBytes(res: ServerResponse, status: number, mediaType: MediaType, bytes: Buffer, headers: OutgoingHttpHeaders = NO_HEADERS): void {
  if (headers === NO_HEADERS) {
    // Node checks the names and values of headers given as an object, not of a flat list:
    // these two are known to be valid, and the check was a visible part of a small answer's cost.
    res.writeHead(status, ["content-type", mediaType, "content-length", String(bytes.length)]);
  } else res.writeHead(status, { ...headers, "content-type": mediaType, "content-length": bytes.length });
  res.end(bytes);
}

/** Size of the pieces of a chunked JSON value: a node writes about 4,096 bytes at a time. */
export const CHUNK_BYTES = 4096;

/**
 * A single value sent chunked (Octez's `OkChunk`, octez-http.md §2.3): JSON in pieces of
 * {@link CHUNK_BYTES} (chunk boundaries carry no meaning and may split a character), binary as
 * one chunk holding the whole framed value.
 */
export function sendChunked(res: ServerResponse, mediaType: MediaType, bytes: Buffer, headers: OutgoingHttpHeaders = {}): void {
  res.writeHead(200, { ...headers, "content-type": mediaType, "transfer-encoding": "chunked" });
  if (mediaType === JSON_MEDIA_TYPE) {
    for (let at = 0; at < bytes.length; at += CHUNK_BYTES) res.write(bytes.subarray(at, at + CHUNK_BYTES));
  } else res.write(bytes);
  res.end();
}

/**
 * Answers a value asked for in binary that has no binary form (a representation it lacks, not a
 * server failure): in another of the `offered` types the client accepts (JSON), written by
 * `encode`, else 406 listing those types, as for any type not offered. Used for the server's own
 * `/describe` (pipeline.ts) and for handler answers (exchange.ts).
 */
export function sendWithoutBinary(
  res: ServerResponse,
  accept: string | undefined,
  offered: readonly MediaType[],
  encode: (mediaType: MediaType) => Buffer,
  headers: OutgoingHttpHeaders,
): void {
  const others = offered.filter((t) => t !== BINARY_MEDIA_TYPE);
  const fallback = chooseResponseType(accept, others);
  if (fallback === undefined) return sendText(res, 406, notAcceptableBody(others), null, headers);
  sendBytes(res, 200, fallback, encode(fallback), headers);
}
