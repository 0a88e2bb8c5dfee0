/**
 * Octez's OpenAPI documents read as describe trees (generator/openapi/): every path and method
 * of the real files in ../shared/reference/ becomes a route with a client function, a route
 * descriptor and a validator, and what OpenAPI keeps (argument names and descriptions, query
 * parameters, component references, `nullable`) comes back as describe would print it.
 */
import { describe, expect, it } from "vitest";
import { readDescribeTree, type DescribedTree } from "../../../generator/describe/index.ts";
import { isOpenApiDocument, openApiToDescribe, OpenApiFormatError } from "../../../generator/openapi/index.ts";
import { interfaceOfDocument, renderInterface } from "../../../generator/pipeline.ts";
import { NO_BINARY_SCHEMA } from "../../../generator/reconcile/codec-model.ts";
import { routeToString } from "../../../generator/model/describe-tree.ts";
import { itWithReference, readReference } from "../../support/reference.ts";

const T024 = "protocols/t024/openapi.json";
const MEMPOOL = "protocols/t024/mempool-openapi.json";
const SHELLS = ["rpc-openapi-v8.2-2021-03.json", "rpc-openapi-v20.3.json", "rpc-openapi-v25.1.json"];
const BLOCK = "/chains/<chain_id>/blocks/<block_id>";
const MEMPOOL_ROUTE = "/chains/<chain_id>/mempool";

type OpenApi = { paths: Record<string, Record<string, unknown>> };

/** `METHOD /route` of every operation of a document, as the model spells routes. */
function operationsOf(document: OpenApi, prefix = ""): string[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.keys(item).map((method) => `${method.toUpperCase()} ${(prefix + path.replace(/\{([^}]+)\}/g, "<$1>")).replace(/\/$/, "") || "/"}`),
  );
}

const routesOf = (tree: DescribedTree): string[] => tree.services.map((s) => `${s.method} ${routeToString(s.route)}`);
const segments = (route: string) => route.split("/").filter((s) => s !== "");

describe("OpenAPI documents as describe trees", () => {
  itWithReference([T024, MEMPOOL])("every T024 and mempool operation is a route with a client function, route descriptor and validator", async () => {
    const protocol = readReference<OpenApi>(T024);
    const mempool = readReference<OpenApi>(MEMPOOL);
    const expected = [...operationsOf(protocol, BLOCK), ...operationsOf(mempool, MEMPOOL_ROUTE)];
    expect(expected.length).toBe(192 + 8);
    // The committed bindings are what `generate` writes for the assembled snapshot (committed-output.test.ts).
    const routes = (await import("../../../generated/tallinn/routes.ts")) as unknown as { routeTable: Array<{ operation: string; method: string; path: Array<{ kind: string; name: string }>; output: { validate?: unknown } }> };
    const client = (await import("../../../generated/tallinn/client.ts")) as unknown as Record<string, unknown>;
    const table = new Map(routes.routeTable.map((r) => [`${r.method} ${r.path.map((p) => (p.kind === "static" ? `/${p.name}` : `/<${p.name}>`)).join("")}`, r]));
    for (const operation of expected) {
      const route = table.get(operation);
      expect(route, operation).toBeDefined();
      expect(typeof client[route!.operation], operation).toBe("function");
      expect(typeof route!.output.validate, operation).toBe("function");
    }
    const balance = table.get(`GET ${BLOCK}/context/contracts/<contract_id>/balance`)!;
    expect(balance.operation).toBe("getContractBalance");
    const validate = balance.output.validate as (value: unknown) => boolean;
    expect(validate("4263000")).toBe(true);
    expect(validate({ balance: 1 })).toBe(false);
  });

  itWithReference([T024, MEMPOOL])("mempool paths land under /chains/<chain_id>/mempool with the prefix option", () => {
    const tree = readDescribeTree(readReference(MEMPOOL), { prefix: segments(MEMPOOL_ROUTE).map((s) => (s === "<chain_id>" ? { kind: "arg", name: "chain_id", multiple: false } : s)) });
    expect(routesOf(tree).sort()).toEqual(operationsOf(readReference<OpenApi>(MEMPOOL), MEMPOOL_ROUTE).sort());
  });

  it.each(SHELLS)("%s: every operation is a route of the generated folder", async (name) => {
    if (!itWithReferenceAvailable(name)) return;
    const document = readReference<OpenApi>(name);
    const loaded = interfaceOfDocument(document, name);
    expect(routesOf(loaded.tree).sort()).toEqual(operationsOf(document).sort());
    const files = new Map((await renderInterface(loaded, { version: "0.0.0" })).map((f) => [f.name, f.contents]));
    const client = files.get("client.ts")!;
    const routes = files.get("routes.ts")!;
    for (const entry of loaded.model.services) {
      expect(entry.output.jsonOnly).toBe(NO_BINARY_SCHEMA);
    }
    expect(loaded.model.undecided).toBeUndefined();
    const operations = [...routes.matchAll(/^ +operation: "([A-Za-z0-9]+)",$/gm)].map((m) => m[1]!);
    expect(operations.length).toBe(loaded.model.services.length);
    for (const operation of operations) expect(client).toContain(`export function ${operation}(`);
    expect([...routes.matchAll(/validate: (validate[A-Za-z0-9]+)/g)].length).toBeGreaterThanOrEqual(operations.length);
    // No body has a binary form, so there is no codec; the file is still a module for index.ts.
    expect(files.get("codecs.ts")!.trimEnd().split("\n").pop()).toBe("export {};");
  });

  itWithReference("rpc-openapi-v20.3.json")("keeps argument names and descriptions, query parameters, and references as definitions", () => {
    const tree = readDescribeTree(readReference("rpc-openapi-v20.3.json"));
    const blocks = tree.services.find((s) => s.method === "GET" && routeToString(s.route) === "/chains/<chain_id>/blocks")!;
    expect(blocks.route[1]).toMatchObject({ kind: "arg", name: "chain_id", description: expect.stringMatching(/^A chain identifier/) });
    // `length` is optional on a node; OpenAPI says required: false, read back as an optional text argument.
    expect(blocks.query.find((q) => q.name === "length")).toMatchObject({ kind: "optional", type: "openapi.string" });
    expect(blocks.output.binary).toBeUndefined();
    const chainId = tree.services.find((s) => s.method === "GET" && routeToString(s.route) === "/chains/<chain_id>/chain_id")!;
    // Octez's one-case `oneOf` around a titled reference reads back as describe's titled `$ref`.
    expect(chainId.output.json).toMatchObject({ $schema: "http://json-schema.org/draft-04/schema#", title: "Network identifier (Base58Check-encoded)", $ref: "#/definitions/unistring", definitions: { unistring: { oneOf: [{ type: "string" }, { type: "object" }] } } });
    expect(chainId.output.json).not.toHaveProperty("oneOf");
  });

  itWithReference(T024)("nullable becomes a null alternative, and every definition a body reaches comes with it", () => {
    const tree = readDescribeTree(readReference(T024));
    const schemas = tree.services.flatMap((s) => [s.input?.json, s.output.json]).filter((j) => j !== undefined);
    const text = JSON.stringify(schemas);
    expect(text).not.toContain('"nullable"');
    expect(text).not.toContain("#/components/");
    expect(text).toContain('{"type":"null"}');
    for (const schema of schemas) {
      const definitions = (schema as { definitions?: Record<string, unknown> }).definitions ?? {};
      for (const [, name] of JSON.stringify(schema).matchAll(/"#\/definitions\/([^"]+)"/g)) expect(definitions, name).toHaveProperty([name!]);
    }
  });

  it("detects documents by content, and names what is wrong and where", () => {
    expect(isOpenApiDocument({ openapi: "3.0.0", paths: {} })).toBe(true);
    expect(isOpenApiDocument({ static: {} })).toBe(false);
    const bad = (paths: unknown, components: unknown = {}) => () => openApiToDescribe({ openapi: "3.0.0", paths, components: { schemas: components } });
    expect(bad({ "/a/{x}": { get: { responses: {} } } })).toThrow(OpenApiFormatError);
    expect(bad({ "/a/{x}": { get: { responses: {} } } })).toThrow("at /paths/~1a~1{x}/get/responses/200: missing the 200 response");
    const ok = (schema: unknown) => ({ responses: { "200": { description: "", content: { "application/json": { schema } } } } });
    expect(bad({ "/a": { get: ok({ $ref: "#/components/schemas/b" }) } })).toThrow('reference to a missing component "b"');
    expect(bad({ "/a/{x}": { get: ok({}) }, "/a/{y}/c": { get: ok({}) } })).toThrow("argument {y} where another path has {x}");
    expect(bad({ "/a/{x}": { get: ok({}) }, "/a/b": { get: ok({}) } })).toThrow("a directory has fixed names or one argument, not both");
    expect(bad({ "/a": { head: ok({}) } })).toThrow('method "head" is not one Octez serves');
  });
});

function itWithReferenceAvailable(name: string): boolean {
  // it.each cannot take itWithReference; under CI a missing file must fail, elsewhere it skips.
  try {
    readReference(name);
    return true;
  } catch (error) {
    if (process.env.CI) throw error;
    return false;
  }
}
