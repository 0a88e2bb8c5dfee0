/**
 * The one stable entry of the tezos-rpcgen runtime. Generated code imports only from here
 * (`tezos-rpcgen/runtime`); everything it needs is re-exported below.
 */
export * from "./codec/errors.ts";
export * from "./codec/reader.ts";
export * from "./codec/writer.ts";
export * from "./codec/codec.ts";
