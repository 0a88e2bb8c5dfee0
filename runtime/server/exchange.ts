/**
 * One handler call and its answer: the handler's context (with an abort signal made only when
 * read), the value encoded and sent, a stream piped, or the handler's error answered. A class
 * rather than closures because it runs once per request: per-request closures showed up as
 * allocation and garbage-collection time under load.
 */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import type { AnyRouteDescriptor, MediaType } from "../rpc/route.ts";
import type { HandlerContext } from "../rpc/handler.ts";
import type { RouteEntry } from "./router.ts";
import { encodeAnswer, sendBytes, sendChunked, sendEmpty, sendNoContent, sendWithoutBinary } from "./respond.ts";
import { BINARY_MEDIA_TYPE } from "../http/media-types.ts";
import { lacksBinaryForm } from "../codec/errors.ts";
import { RpcAnswer } from "./answers.ts";
import type { BinaryBodies } from "../client/options.ts";
import { isAsyncIterable, writeStream } from "./stream.ts";
import { validationDetails } from "./body.ts";
import { validateJson } from "../rpc/json-validation.ts";
import { BASE58_CHECKSUMS } from "../encodings/base58-groups.ts";
import type { ServerCore, ServerErrorContext } from "./core.ts";
import { RpcServerError, genericTrace } from "./errors.ts";

type Handler = (request: unknown, context: HandlerContext) => unknown;

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof value === "object" && value !== null && typeof (value as { then?: unknown }).then === "function";
}

/** A handler's output on the wire, checked against the route's JSON validator when asked to. */
function encodeOutput(core: ServerCore, route: AnyRouteDescriptor, binary: BinaryBodies | undefined, value: unknown, mediaType: MediaType): Buffer {
  if (core.validateOutput && mediaType === "application/json" && !validateJson(route.output.validate, value, BASE58_CHECKSUMS)) {
    throw new TypeError(`${route.operation} returned a value that does not match its output type: ${validationDetails(route.output.validate.errors)}`);
  }
  return encodeAnswer(value, mediaType, route, "output", binary);
}

export class Exchange implements HandlerContext {
  private abort: AbortController | undefined;
  private readonly route: AnyRouteDescriptor;

  constructor(
    private readonly core: ServerCore,
    private readonly req: IncomingMessage,
    private readonly res: ServerResponse,
    private readonly entry: RouteEntry,
    readonly mediaType: MediaType,
    private readonly headers: OutgoingHttpHeaders,
  ) {
    this.route = entry.route;
  }

  /**
   * Aborted when the client leaves before the answer is complete. Made on first use: an
   * AbortController and a `close` listener per request cost throughput on small answers.
   */
  get signal(): AbortSignal {
    return this.controller().signal;
  }

  private controller(): AbortController {
    if (this.abort === undefined) {
      this.abort = new AbortController();
      if (this.res.destroyed) this.abort.abort();
      else this.res.once("close", (this.onClose = () => this.closed()));
    }
    return this.abort;
  }

  private onClose: (() => void) | undefined;

  private closed(): void {
    if (!this.res.writableFinished) this.abort!.abort();
  }

  private cleanUp(): void {
    if (this.onClose !== undefined) this.res.off("close", this.onClose);
  }

  private errorContext(): ServerErrorContext {
    return { method: this.route.method, url: this.req.url ?? "/", operation: this.route.operation };
  }

  private failed(error: unknown): void {
    sendError(this.core, this.res, this.entry, error, this.mediaType, this.headers, this.errorContext());
  }

  /** Calls the handler with `request`; synchronous unless the handler or a stream makes it wait. */
  run(request: Record<string, unknown>): void | Promise<void> {
    const handler = (this.entry.handlers as Record<string, Handler>)[this.route.operation]!;
    let result: unknown;
    try {
      // The context handed to the handler is this object, seen through HandlerContext.
      result = handler.call(this.entry.handlers, request, this);
    } catch (error) {
      this.cleanUp();
      return this.failed(error);
    }
    if (isThenable(result)) {
      return Promise.resolve(result)
        .then(
          (value) => this.answer(value),
          (error: unknown) => this.failed(error),
        )
        .finally(() => this.cleanUp());
    }
    const pending = this.answer(result);
    if (pending === undefined) this.cleanUp();
    else return pending.finally(() => this.cleanUp());
  }

  private answer(result: unknown): void | Promise<void> {
    const { res, core, route, mediaType, headers } = this;
    if (res.destroyed) {
      if (isAsyncIterable(result)) void result[Symbol.asyncIterator]().return?.();
      return;
    }
    if (isAsyncIterable(result)) {
      for (const [name, value] of Object.entries(headers)) res.setHeader(name, value as string);
      return writeStream(res, result, {
        mediaType,
        abort: this.controller(),
        encode: (value) => encodeOutput(core, route, this.entry.binary, value, mediaType),
        onError: (error) => core.onError?.(error, this.errorContext()),
        stallTimeout: core.streamStallTimeout,
      });
    }
    if (result instanceof RpcServerError) return this.failed(result);
    if (result instanceof RpcAnswer) return this.special(result);
    const bytes = this.encoded(result);
    if (bytes !== undefined) sendBytes(res, 200, mediaType, bytes, headers);
  }

  /** A chunked value, 201 or 204 (answers.ts). */
  private special(result: RpcAnswer): void {
    const { res, headers } = this;
    switch (result.kind) {
      case "created":
        // As resto: no Content-Type, a Location only when given.
        return sendEmpty(res, 201, result.location === undefined ? headers : { ...headers, location: result.location });
      case "no-content":
        return sendNoContent(res, headers);
      case "chunked": {
        const bytes = this.encoded(result.value);
        if (bytes !== undefined) sendChunked(res, this.mediaType, bytes, headers);
        return;
      }
    }
  }

  /**
   * The handler's value on the wire; undefined once a value that cannot be encoded has been
   * answered otherwise: as a failure, or, when the value has no binary form, as for the
   * server's own `/describe` (pipeline.ts): JSON when the client accepts it, else 406.
   */
  private encoded(value: unknown): Buffer | undefined {
    try {
      return encodeOutput(this.core, this.route, this.entry.binary, value, this.mediaType);
    } catch (error) {
      if (this.mediaType === BINARY_MEDIA_TYPE && lacksBinaryForm(error)) {
        // A value of a JSON-only case (a describe tree's query flag): a representation this
        // value lacks, not a server failure.
        const offered = this.core.offered.filter((t) => this.route.output.mediaTypes.includes(t));
        try {
          sendWithoutBinary(this.res, this.req.headers.accept, offered, (type) => encodeOutput(this.core, this.route, this.entry.binary, value, type), this.headers);
        } catch (jsonError) {
          this.failed(jsonError);
        }
        return undefined;
      }
      this.failed(error);
      return undefined;
    }
  }
}

/** An error answer: the handler's status and trace, or 500 with a generic trace. */
function sendError(
  core: ServerCore,
  res: ServerResponse,
  entry: RouteEntry,
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
  // Without a trace the body is empty, still typed as the answer would have been (as resto does).
  if (trace === undefined) return sendEmpty(res, status, { ...headers, "content-type": mediaType });
  let bytes: Buffer;
  try {
    bytes = encodeAnswer(trace, mediaType, entry.route, "error", entry.binary);
  } catch (encodeError) {
    // A trace the error encoding refuses: send the JSON form rather than lose it.
    core.onError?.(encodeError, context);
    bytes = encodeAnswer(trace, "application/json", entry.route, "error", entry.binary);
    mediaType = "application/json";
  }
  sendBytes(res, status, mediaType, bytes, headers);
}
