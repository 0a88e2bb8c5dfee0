/** Options of the HTTP client and the hook through which it speaks binary (kept out of JSON-only bundles). */
import type { StreamSplitter } from "../http/stream-split.ts";
import type { AnyRouteDescriptor, MediaType } from "../rpc/route.ts";
import type { JsonValidationOptions } from "../rpc/json-validation.ts";
import type { BaseUrlError } from "./errors.ts";

/** A route's body that can be carried in binary. */
export type BodyPart = "input" | "output" | "error";

/**
 * Binary bodies of routes, given to a client that speaks `application/octet-stream` (see
 * `binaryBodies` in `binary.ts`). A separate object so that an application that only speaks
 * JSON bundles neither binary codecs nor binary framing.
 */
export interface BinaryBodies {
  /** Whether `part` of `route` has a binary codec here. */
  supports(route: AnyRouteDescriptor, part: BodyPart): boolean;
  /** A whole body: the value's encoding preceded by its 4-byte length. */
  encodeBody(route: AnyRouteDescriptor, part: BodyPart, value: unknown): Uint8Array;
  /** The value of a whole body (exactly one length-prefixed frame). */
  decodeBody(route: AnyRouteDescriptor, part: BodyPart, body: Uint8Array): unknown;
  /** The value of a payload without its prefix (one element of a binary stream). */
  decodePayload(route: AnyRouteDescriptor, part: BodyPart, payload: Uint8Array): unknown;
  /** A splitter of a binary stream into payloads, capping one element at `limit` bytes. */
  streamSplitter(limit: number): StreamSplitter;
}

/**
 * Opt-in retries of idempotent GET calls that got no answer or a gateway error. A stream's
 * opening is retried the same way, until its answer's headers arrive; never once elements flow.
 */
export interface RetryOptions {
  /** Further attempts after the first (so 2 means up to 3 requests). */
  retries: number;
  /** Wait before the first retry, doubled for each next one (default 100 ms). */
  delayMs?: number;
  /** Statuses worth retrying (default 502, 503, 504). */
  statuses?: readonly number[];
}

/** How {@link HttpTransport} is set up. */
export interface HttpTransportOptions {
  /**
   * The node's address, optionally with a path prefix: `http://localhost:8732`,
   * `https://host/tezos/rpc`. In a browser page it may be relative (`/rpc`): it is then resolved
   * against `globalThis.location` when the client is made; without a location that is a
   * {@link BaseUrlError}.
   */
  baseUrl: string | URL;
  /** Headers sent with every request (authentication for a proxy, for instance). */
  headers?: Readonly<Record<string, string>>;
  /** Media type of bodies when a call does not choose one (default JSON); binary needs `binary`. */
  mediaType?: MediaType;
  /** Binary codecs of the routes; required for `application/octet-stream`. */
  binary?: BinaryBodies;
  /** Milliseconds a call may take (each attempt; for streams, until the answer's headers). Default none. */
  timeoutMs?: number;
  /**
   * Milliseconds a stream may go without sending a byte before it ends with a `timeout`
   * {@link TransportError}. Default none: a monitor may be silent for hours, and the platform's
   * own idle limit (undici's 300 s body timeout in Node) is turned off for streams.
   */
  streamIdleTimeoutMs?: number;
  /** Opt-in retries of GET calls, and of opening GET streams (never after a stream started). */
  retry?: RetryOptions;
  /** Largest single answer read, in bytes (default 64 MiB). */
  maxAnswerBytes?: number;
  /** Largest stream element, in bytes (default 16 MiB). */
  maxElementBytes?: number;
  /** Validate JSON answers and stream elements against the route's schema (default true). */
  validate?: boolean;
  /**
   * What validation checks beyond the schema and the shape of Base58Check text (default
   * nothing more: a node's answers are not forged, and JSON-only bundles then leave out Base58
   * decoding and SHA-256). `BASE58_CHECKSUMS` tests checksums too.
   */
  validation?: JsonValidationOptions;
  /** The `fetch` to use (default the platform's `globalThis.fetch`). */
  fetch?: typeof globalThis.fetch;
}

export const DEFAULT_MAX_ANSWER_BYTES = 64 * 1024 * 1024;
