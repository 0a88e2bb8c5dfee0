/** RPC plumbing shared by generated interfaces: route descriptors, transport and handler types, JSON validation helpers. */
export * from "./route.ts";
export * from "./transport.ts";
export * from "./handler.ts";
export * from "./json-validation.ts";
