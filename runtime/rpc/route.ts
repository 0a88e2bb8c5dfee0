/**
 * Route descriptors: what generated code tells the transport and the server about one service.
 * Generated `routes.ts` files hold one descriptor per service; client functions pass them to an
 * {@link RpcTransport}, and a server matches requests against them. Types only.
 */
import type { JsonValidator } from "./json-validation.ts";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** The body media types a generated interface speaks (octez-http.md §1). */
export type MediaType = "application/json" | "application/octet-stream";

/**
 * One segment of a route: a fixed name, or a path argument (always text on the wire). An
 * argument's `name` is the node's name for its type (`chain_id`, `block_id`); `key` is its
 * property in a request's `path` (the name, made unique within the route).
 */
export type RouteSegmentDescriptor =
  | { readonly kind: "static"; readonly name: string }
  /** `multiple`: the argument takes the rest of the path (a list of segments). */
  | { readonly kind: "arg"; readonly name: string; readonly key: string; readonly multiple: boolean };

/**
 * How a query argument may appear (octez-http.md §7): `single` and `optional` at most once,
 * `flag` is a boolean present or absent, `multi` repeats its key once per value.
 */
export type QueryKind = "single" | "optional" | "flag" | "multi";

/** The TypeScript form of a query argument's value. */
export type QueryValueType = "boolean" | "number" | "string";

export interface QueryParameterDescriptor {
  readonly name: string;
  readonly kind: QueryKind;
  /** Argument type as the node names it (`bool`, `int`, `peer_id`…). */
  readonly type: string;
  readonly valueType: QueryValueType;
}

/** Whether a service answers with a stream of values (octez-http.md §2.5). */
export type StreamingRule = "never" | "always" | { readonly whenFlag: string };

/**
 * One body (input, output or error) of a service. Its binary codec is not here but in the
 * interface's generated binary table (`binaryCodecs`), so that JSON-only applications do not
 * bundle binary codecs; `T` types the validated JSON value.
 */
export interface BodyDescriptor<T> {
  /** Media types the body can be carried in; binary only when it has a binary form. */
  readonly mediaTypes: readonly MediaType[];
  /**
   * Type-level only, never set: ties the descriptor to its value type `T` (invariantly, as the
   * decoder and encoder it used to hold did), so that calls infer their output type from it.
   */
  readonly valueType?: (value: T) => T;
  /** Validator of the JSON form. */
  readonly validate: JsonValidator;
  /** Why the body has no binary form, when it has none. */
  readonly jsonOnly?: string;
  /**
   * The body's schema has a float: its JSON text is written so that NaN and ±Infinity come out
   * as Octez writes them (`nan`, `inf`, `-inf`), not as `null`.
   */
  readonly floats?: true;
}

/** A service of a generated interface; `I`, `O` and `E` are its input, output and error types. */
export interface RouteDescriptor<I, O, E> {
  /** The operation name: client function and handler method (`getChainsBlocks`, or `getContractBalance` for a protocol route). */
  readonly operation: string;
  readonly method: HttpMethod;
  readonly path: readonly RouteSegmentDescriptor[];
  readonly query: readonly QueryParameterDescriptor[];
  readonly streaming: StreamingRule;
  readonly input?: BodyDescriptor<I>;
  readonly output: BodyDescriptor<O>;
  readonly error: BodyDescriptor<E>;
}

/** A descriptor of any service, for tables of routes. */
// Bodies are invariant (encoders take them, decoders return them), so a table of mixed routes needs `any`.
export type AnyRouteDescriptor = RouteDescriptor<any, any, any>;
