/**
 * Turning answer bodies into values: the output of a single answer or of one stream element
 * (JSON parsed and validated, or binary decoded), and error answers into {@link RpcError}.
 */
import { DecodeError } from "../codec/errors.ts";
import { isErrorTrace } from "../http/error-trace.ts";
import { BINARY_MEDIA_TYPE, JSON_MEDIA_TYPE, baseMediaType } from "../http/media-types.ts";
import { parseJsonWithFloats } from "../http/json-text.ts";
import type { AnyRouteDescriptor, HttpMethod, MediaType } from "../rpc/route.ts";
import { validateJson, type JsonValidationOptions } from "../rpc/json-validation.ts";
import { RpcError, ValidationError } from "./errors.ts";
import type { BinaryBodies } from "./options.ts";

/** What decoding an answer of one call needs. */
export interface AnswerContext {
  route: AnyRouteDescriptor;
  method: HttpMethod;
  url: string;
  /** The media type asked for. */
  mediaType: MediaType;
  validate: boolean;
  /** Checks beyond the schema and Base58 shapes (the client's `validation` option). */
  validation: JsonValidationOptions | undefined;
  binary: BinaryBodies | undefined;
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** Parses JSON text from bytes; invalid UTF-8 or JSON is a {@link DecodeError}. */
export function parseJsonBytes(bytes: Uint8Array): unknown {
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw new DecodeError("UTF-8 JSON text", "invalid UTF-8", 0);
  }
  try {
    // `JSON.parse` first; Octez's `nan`/`inf` floats only when that fails.
    return parseJsonWithFloats(text);
  } catch (error) {
    throw new DecodeError("a JSON value", (error as Error).message, 0);
  }
}

/** The media type an answer is in: its `Content-Type` when it is one of ours, else what was asked for. */
export function answerMediaType(response: Response, asked: MediaType): MediaType {
  const header = response.headers.get("content-type");
  // The usual case, a node answering with the bare type asked for: nothing to parse.
  if (header === asked) return asked;
  const type = baseMediaType(header);
  return type === JSON_MEDIA_TYPE || type === BINARY_MEDIA_TYPE ? type : asked;
}

/**
 * The value of one output: a whole single answer (binary: one frame), or one stream element
 * (binary: the payload the splitter already unframed, so `framed` is false).
 */
export function decodeOutput(context: AnswerContext, mediaType: MediaType, bytes: Uint8Array, what: string, framed: boolean): unknown {
  const { route } = context;
  if (mediaType === BINARY_MEDIA_TYPE) {
    if (!context.binary) throw new DecodeError("a JSON answer", "a binary answer, and this client has no binary codecs", 0);
    return framed ? context.binary.decodeBody(route, "output", bytes) : context.binary.decodePayload(route, "output", bytes);
  }
  const value = parseJsonBytes(bytes);
  if (context.validate && !validateJson(route.output.validate, value, context.validation)) throw new ValidationError(`${what} of ${route.operation}`, route.output.validate.errors ?? []);
  return value;
}

/** Builds the {@link RpcError} of an error answer whose body is `body`. */
export function rpcError(context: AnswerContext, response: Response, body: Uint8Array): RpcError {
  const { route, method, url } = context;
  const allowHeader = response.headers.get("allow");
  const base = { method, url, status: response.status, ...(allowHeader ? { allow: allowHeader.split(",").map((m) => m.trim()).filter((m) => m !== "") } : {}) };
  if (body.length === 0) return new RpcError(base);
  const type = baseMediaType(response.headers.get("content-type"));
  if (type === BINARY_MEDIA_TYPE) {
    try {
      if (!context.binary?.supports(route, "error")) throw new Error("this client has no binary codec for it");
      return new RpcError({ ...base, trace: context.binary.decodeBody(route, "error", body) });
    } catch (error) {
      return new RpcError({ ...base, text: `binary error body of ${body.length} bytes that does not decode (${(error as Error).message})` });
    }
  }
  const text = new TextDecoder().decode(body);
  if (type === JSON_MEDIA_TYPE || type === undefined) {
    try {
      const value = JSON.parse(text) as unknown;
      // Empty arrays and objects are not traces (Octez's client calls them Empty_error_list): kept as text.
      if (isErrorTrace(value)) return new RpcError({ ...base, trace: value });
    } catch {
      // Not JSON: kept as text below.
    }
  }
  return new RpcError({ ...base, text });
}
