/**
 * The HTTP server of the tezos-rpcgen runtime (Node only, so not part of `@tezos-rpcgen/runtime`;
 * exposed as `@tezos-rpcgen/runtime/server`). See README.md in this folder.
 */
export { createRpcServer, type RpcServer, type RpcServerOptions, type RpcMount, type RpcListenAddress } from "./create-server.ts";
export { RpcServerError, RpcServerSetupError, notFound, genericTrace, type HandlerErrorStatus } from "./errors.ts";
export { answer, RpcAnswer } from "./answers.ts";
export { SECURE_POLICY, compileAcl, defaultAclFor, isLoopbackAddress, parseMatcher, type AclPolicy, type CompiledAcl } from "./acl.ts";
export { DEFAULT_ARG_PARSERS, isArgProblem, type ArgParser, type ArgProblem } from "./arg-types.ts";
export { describeAnswer, locateDescribe, withBinarySchemas, JSON_ONLY_BINARY_SCHEMA, type DescribeMount, type DescribeNode } from "./describe.ts";
export type { CorsOptions } from "./cors.ts";
export type { MediaTypeSetting } from "./negotiation.ts";
export type { ServerErrorContext } from "./core.ts";
