/** The Micheline codec: types, primitive tables, plain read/write functions and codecs. */
export * from "./types.ts";
export * from "./primitives.ts";
export { MICHELINE_DEFAULT_MAX_DEPTH, readMicheline, writeMicheline } from "./binary.ts";
export * from "./codec.ts";
