/** HTTP wire helpers shared by the client and the server: media types, framing, stream splitting, query strings, paths, error traces, JSON text with non-finite floats. */
export * from "./media-types.ts";
export * from "./errors.ts";
export * from "./framing.ts";
export * from "./stream-split.ts";
export * from "./query-string.ts";
export * from "./path.ts";
export * from "./error-trace.ts";
export * from "./json-text.ts";
