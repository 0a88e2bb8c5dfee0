/** BLAKE2b hashing and the shell's block, operation and chain identifiers. */
export * from "./blake2b.ts";
export * from "./identifiers.ts";
