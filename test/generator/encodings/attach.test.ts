/**
 * `attachLayouts` on a describe-shaped tree built from T024 OpenAPI bodies (JSON schemas only,
 * binary schemas in describe's JSON-only form): the forge input (an unsigned operation, by
 * structure) and a contract id body (by name) get the layouts of the Kaitai encodings, so the
 * binary media type works for them; the forge output (hex text) and the constants (whose layout
 * has no binary form here) stay JSON-only, each with its reason; the input tree is not changed.
 */
import { readFileSync } from "node:fs";
import { describe, expect } from "vitest";
import { attachLayouts, BARE_VALUE } from "../../../generator/encodings/attach.ts";
import { JSON_ONLY_BINARY_SCHEMA as JSON_ONLY_BINARY } from "../../../runtime/server/describe.ts";
import { loadKaitaiEncodings } from "../../../generator/encodings/load.ts";
import { openApiDefinitions } from "../../../generator/encodings/json-pairing.ts";
import { readDescribeTree } from "../../../generator/describe/read.ts";
import { buildCodecModel } from "../../../generator/reconcile/codec-model.ts";
import { Interpreter } from "../../../generator/ir/interpret.ts";
import { bytesToHex, encodeBytes } from "../../../runtime/index.ts";
import { itWithReference, readReference, referenceDir } from "../../support/reference.ts";

const FILES = ["protocols/t024/kaitai", "protocols/t024/openapi.json", "protocols/t024/codec-vectors.json"];

type Operation = { requestBody?: { content: Record<string, { schema: unknown }> }; responses: Record<string, { content?: Record<string, { schema: unknown }> }> };

/** A describe service for an OpenAPI operation, bodies as JSON schemas with the components as definitions. */
function service(openapi: { paths: Record<string, Record<string, Operation>> }, path: string, method: "get" | "post"): Record<string, unknown> {
  const operation = openapi.paths[path]![method]!;
  const definitions = openApiDefinitions(openapi);
  const body = (schema: unknown) => ({ json_schema: { ...rewrite(schema), definitions }, binary_schema: JSON_ONLY_BINARY });
  const out: Record<string, unknown> = {
    meth: method.toUpperCase(),
    path: [],
    query: [],
    output: body(operation.responses["200"]!.content!["application/json"]!.schema),
    error: body({}),
  };
  if (operation.requestBody) out.input = body(operation.requestBody.content["application/json"]!.schema);
  return out;
}

function rewrite(schema: unknown): Record<string, unknown> {
  return JSON.parse(JSON.stringify(schema).replace(/#\/components\/schemas\//g, "#/definitions/")) as Record<string, unknown>;
}

describe("attachLayouts", () => {
  itWithReference(FILES)("gives T024 route bodies the layouts of registered encodings and reports the others", () => {
    const openapi = readReference<{ paths: Record<string, Record<string, Operation>> }>("protocols/t024/openapi.json");
    const encodings = loadKaitaiEncodings(referenceDir + "protocols/t024/kaitai");
    const forge = service(openapi, "/helpers/forge/operations", "post");
    const constants = service(openapi, "/context/constants", "get");
    const definitions = openApiDefinitions(openapi);
    const contract = { meth: "GET", path: [], query: [], output: { json_schema: { $ref: "#/definitions/024-PtTALLiN.contract_id", definitions }, binary_schema: JSON_ONLY_BINARY }, error: { json_schema: {}, binary_schema: JSON_ONLY_BINARY } };
    const tree = {
      static: {
        subdirs: {
          suffixes: [
            { name: "forge", tree: { static: { post_service: forge } } },
            { name: "constants", tree: { static: { get_service: constants } } },
            { name: "delegate", tree: { static: { get_service: contract } } },
          ],
        },
      },
    };
    const before = JSON.stringify(tree);
    const { tree: laid, report } = attachLayouts(tree, encodings);
    expect(JSON.stringify(tree)).toBe(before);

    const laidBodies = Object.fromEntries(report.laid.filter((b) => b.encoding).map((b) => [b.body, [b.encoding, b.how]]));
    expect(laidBodies).toEqual({
      "POST /forge input": ["024-PtTALLiN.operation.unsigned", "by structure"],
      "GET /delegate output": ["024-PtTALLiN.contract", "by name"],
    });
    const jsonOnly = Object.fromEntries(report.jsonOnly.map((b) => [b.body, b.reason]));
    expect(Object.keys(jsonOnly).sort()).toEqual(["GET /constants error", "GET /constants output", "GET /delegate error", "POST /forge error", "POST /forge output"]);
    expect(jsonOnly["POST /forge output"]).toBe(BARE_VALUE); // hex text: its JSON says nothing of its bytes

    // The laid tree reads as any describe answer, and the forge input now has a binary form.
    const model = buildCodecModel(readDescribeTree(laid));
    const input = model.services.find((s) => s.service.method === "POST")!.input!;
    expect(input.jsonOnly).toBeUndefined();
    const vector = readReference<{ vectors: Array<{ name: string; json: unknown; hex: string }> }>("protocols/t024/codec-vectors.json").vectors.find((v) => v.name === "operation.unsigned-transaction-to-originated")!;
    expect(bytesToHex(encodeBytes(new Interpreter(model.definitions).codec(input.codec), vector.json as never))).toBe(vector.hex);
  });
});
