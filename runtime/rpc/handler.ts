/**
 * What a server hands to the handlers of a generated interface. Types only; generated
 * `server.ts` files declare one method per service in terms of these.
 */
import type { MediaType } from "./route.ts";

/** Per-request facts a handler may use. */
export interface HandlerContext {
  /** Aborted when the client goes away (ends streams). */
  signal: AbortSignal;
  /** Media type the answer will be written in. */
  mediaType: MediaType;
}

/** A handler's answer for a service that returns one value. */
export type HandlerResult<O> = O | Promise<O>;
