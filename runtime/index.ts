/**
 * The one stable entry of the tezos-rpcgen runtime. Generated code imports only from here
 * (`@tezos-rpcgen/runtime`); everything it needs is re-exported below.
 */
export * from "./codec/errors.ts";
export * from "./codec/reader.ts";
export * from "./codec/writer.ts";
export * from "./codec/codec.ts";
export * from "./codec/primitives/integers.ts";
export * from "./codec/primitives/ranged-int.ts";
export * from "./codec/primitives/float.ts";
export * from "./codec/primitives/bool.ts";
export * from "./codec/primitives/hex.ts";
export * from "./codec/primitives/bytes.ts";
export * from "./codec/primitives/unistring.ts";
export * from "./codec/primitives/zarith.ts";
export * from "./codec/primitives/dynamic-size.ts";
export * from "./codec/primitives/sequence.ts";
export * from "./codec/primitives/optional.ts";
export * from "./codec/primitives/union.ts";
export * from "./codec/primitives/case-shape.ts";
export * from "./codec/primitives/base58-union.ts";
export * from "./codec/primitives/enum.ts";
export * from "./codec/primitives/padding.ts";
export * from "./codec/primitives/zero-width.ts";
export * from "./codec/primitives/field-layout.ts";
export * from "./codec/primitives/object.ts";
export * from "./encodings/index.ts";
export * from "./hashing/index.ts";
export * from "./rpc/index.ts";
export * from "./encodings/micheline/index.ts";
export * from "./codec/primitives/fail.ts";
export * from "./http/index.ts";
export * from "./client/index.ts";
