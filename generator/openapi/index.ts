/**
 * `generator/openapi/`: Octez's OpenAPI documents as a describe source. See README.md.
 */
export { isOpenApiDocument } from "./document.ts";
export { openApiToDescribe } from "./to-describe.ts";
export { OpenApiFormatError } from "./errors.ts";
export { OPENAPI_QUERY_TYPE } from "./query.ts";
