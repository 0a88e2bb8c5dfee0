/** Known encodings of the value model: hashes, keys, contracts, timestamps, int64, fitness, free JSON. */
export * from "./base58/index.ts";
export * from "./hashes.ts";
export * from "./keys.ts";
export * from "./contract.ts";
export * from "./int64.ts";
export * from "./fitness.ts";
export * from "./timestamps.ts";
export * from "./json-value.ts";
export * from "./base58-groups.ts";
export * from "./base58-shape.ts";
export * from "./signature-split.ts";
export * from "./key-versions.ts";
