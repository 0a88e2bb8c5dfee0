/** The HTTP client: an RpcTransport on the platform's fetch, its options and its errors. Binary support is in `binary.ts`. */
export * from "./errors.ts";
export * from "./options.ts";
export * from "./http-transport.ts";
export * from "./binary.ts";
