/**
 * Request bodies: read with a size cap, then decoded and validated with the route's input
 * descriptor before the handler runs (octez-http.md §2). JSON is one JSON text (trailing newline
 * optional); binary is one 4-byte length followed by exactly that many bytes of payload.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { CodecError } from "../codec/errors.ts";
import type { AnyRouteDescriptor, MediaType } from "../rpc/route.ts";
import { isHexBytesPattern, validateJson, type JsonValidationError } from "../rpc/json-validation.ts";
import { BASE58_CHECKSUMS } from "../encodings/base58-groups.ts";
import type { BinaryBodies } from "../client/options.ts";
import { FramingError } from "../http/errors.ts";
import { BINARY_MEDIA_TYPE } from "../http/media-types.ts";
import { speaksBinary } from "./respond.ts";

/** The request body was longer than the server accepts. */
export class BodyTooLargeError extends Error {
  override readonly name = "BodyTooLargeError";
  constructor(readonly limit: number) {
    super(`request body larger than ${limit} bytes`);
  }
}

/** The keep-alive setting of answers whose request body is not (yet) wanted. */
const keepAliveOf = new WeakMap<ServerResponse, boolean>();

/**
 * Marks the request's body as unwanted: its answer says `Connection: close` and Node closes the
 * socket once the answer is written, so the rest of the body is never read. {@link readBody}
 * undoes it.
 */
export function unwantedBody(res: ServerResponse): void {
  keepAliveOf.set(res, res.shouldKeepAlive);
  res.shouldKeepAlive = false;
}

/** Reads the whole body, failing with {@link BodyTooLargeError} past `limit` bytes. */
export function readBody(req: IncomingMessage, limit: number, res?: ServerResponse): Promise<Buffer> {
  const keepAlive = res === undefined ? undefined : keepAliveOf.get(res);
  if (keepAlive !== undefined) res!.shouldKeepAlive = keepAlive;
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers["content-length"]);
    if (Number.isFinite(declared) && declared > limit) {
      reject(new BodyTooLargeError(limit));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > limit) {
        req.off("data", onData);
        reject(new BodyTooLargeError(limit));
        return;
      }
      chunks.push(chunk);
    };
    req.on("data", onData);
    req.once("end", () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size)));
    req.once("error", reject);
  });
}

/** A decoded body, or the details for `Failed to parse the request body: …`. */
export type BodyResult = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly details: string };

/** One reason; a `bytes` value that is not hexadecimal says so rather than quote the lax pattern. */
function reason(error: JsonValidationError): string {
  if (error.keyword === "pattern" && isHexBytesPattern(error.params.pattern)) return "expected hexadecimal bytes (an even number of digits 0-9, a-f, A-F)";
  return error.message ?? error.keyword;
}

/** Formats a validator's reasons: `at /field: must be string; …`. */
export function validationDetails(errors: readonly JsonValidationError[] | null | undefined): string {
  if (!errors || errors.length === 0) return "the value does not match the schema";
  return errors
    .slice(0, 5)
    .map((e) => `at ${e.instancePath === "" ? "/" : e.instancePath}: ${reason(e)}`)
    .join("; ");
}

/** Decodes and validates the input of `route` sent in `mediaType`. */
export function decodeBody(bytes: Buffer, mediaType: MediaType, route: AnyRouteDescriptor, binary: BinaryBodies | undefined): BodyResult {
  const input = route.input!;
  if (mediaType === BINARY_MEDIA_TYPE) {
    if (!speaksBinary(route, "input", binary)) return { ok: false, details: `this service's input has no binary form${input.jsonOnly ? ` (${input.jsonOnly})` : ""}` };
    try {
      return { ok: true, value: binary!.decodeBody(route, "input", bytes) };
    } catch (error) {
      if (error instanceof CodecError || error instanceof FramingError) return { ok: false, details: error.message };
      return { ok: false, details: error instanceof Error ? error.message : String(error) };
    }
  }
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString("utf8"));
  } catch (error) {
    return { ok: false, details: error instanceof Error ? error.message : String(error) };
  }
  // Untrusted input: Base58Check checksums are tested too, not only the text's shape.
  if (!validateJson(input.validate, value, BASE58_CHECKSUMS)) return { ok: false, details: validationDetails(input.validate.errors) };
  return { ok: true, value };
}
