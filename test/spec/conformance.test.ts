import { readFileSync } from "node:fs";
import { describe, expect } from "vitest";
import { itWithReference, readReference } from "../support/reference.ts";
import { conformance, diff, normalise, treeDynamicDirs, treeRoutes } from "./conformance.ts";

type J = any; // eslint-disable-line @typescript-eslint/no-explicit-any

const snapshot = (name: string): J => JSON.parse(readFileSync(new URL(`../../spec/snapshots/${name}`, import.meta.url), "utf8"));
/** Deliberate differences: each matches reported mismatches by prefix (`key`) or by regular expression (`pattern`). */
const exceptions: { layout: string; key?: string; pattern?: string; reason: string }[] = JSON.parse(
  readFileSync(new URL("../../spec/conformance-exceptions.json", import.meta.url), "utf8"),
).exceptions;

const covers = (e: (typeof exceptions)[number], m: string): boolean =>
  (e.key !== undefined && m.startsWith(e.key)) || (e.pattern !== undefined && new RegExp(e.pattern).test(m));

const excepted = (layout: string, m: string): boolean => exceptions.some((e) => e.layout === layout && covers(e, m));

function unexpected(layout: string, mismatches: string[]): string[] {
  return mismatches.filter((m) => !excepted(layout, m));
}

/** Exceptions of a layout that no mismatch needs any more (kept, they would hide a future one). */
function stale(layout: string, mismatches: string[]): string[] {
  return exceptions.filter((e) => e.layout === layout && !mismatches.some((m) => covers(e, m))).map((e) => e.key ?? e.pattern ?? "");
}

describe("shell snapshots against the Octez OpenAPI files", () => {
  itWithReference("rpc-openapi-v20.3.json")("current layout matches Octez 20.3", () => {
    const mismatches = conformance(snapshot("shell.json"), readReference("rpc-openapi-v20.3.json"));
    // The deliberate differences are listed, with their reasons, in spec/conformance-exceptions.json.
    expect(unexpected("current", mismatches)).toEqual([]);
    expect(stale("current", mismatches)).toEqual([]);
  });

  itWithReference("rpc-openapi-v8.2-2021-03.json")("earlier layout matches Octez 8.2", () => {
    const mismatches = conformance(snapshot("shell-legacy.json"), readReference("rpc-openapi-v8.2-2021-03.json"));
    expect(unexpected("legacy", mismatches)).toEqual([]);
    expect(stale("legacy", mismatches)).toEqual([]);
  });

  itWithReference("rpc-openapi-v20.3.json")("current layout has 59 + 3 paths, 64 + 3 operations and two dynamic directories", () => {
    const routes = treeRoutes(snapshot("shell.json"));
    expect(new Set(routes.map((r) => r.path)).size).toBe(62);
    expect(routes.length).toBe(67);
    expect(treeDynamicDirs(snapshot("shell.json"))).toEqual(["/chains/{chain_id}/blocks/{block_id}", "/chains/{chain_id}/mempool"]);
  });

  itWithReference("describe-format-meta-schema-openapi-octez-v25.1.json")(
    "the /describe output schema equals Octez's describe meta-schema, with the same definitions",
    () => {
      const meta = readReference<J>("describe-format-meta-schema-openapi-octez-v25.1.json");
      for (const name of ["shell.json", "shell-legacy.json"]) {
        const d = treeRoutes(snapshot(name)).find((r) => r.path === "/describe")!.service;
        const ours = d.output.json_schema;
        const a = normalise(ours, (ref: string) => ours.definitions[ref.replace("#/definitions/", "")]);
        const b = normalise(meta.paths["/describe"].get.responses["200"].content["application/json"].schema, (ref: string) =>
          meta.components.schemas[ref.replace("#/components/schemas/", "")],
        );
        expect(diff(a, b)).toEqual([]);
        expect(Object.keys(ours.definitions)).toEqual(Object.keys(meta.components.schemas).sort());
        expect(d.query).toEqual([{ name: "recurse", description: expect.any(String), kind: { single: { id: "single", name: "bool" } } }]);
      }
    },
  );

  itWithReference("rpc-openapi-v20.3.json")("the comparator notices a changed bound and a changed enum", () => {
    const openapi = readReference<J>("rpc-openapi-v20.3.json");
    const tree = snapshot("shell.json");
    const r = treeRoutes(tree).find((x) => x.path === "/chains/{chain_id}/is_bootstrapped")!;
    const props = r.service.output.json_schema.properties;
    props.bootstrapped = { type: "integer", minimum: 0, maximum: 1 };
    const defs = r.service.output.json_schema.definitions;
    defs.chain_status.enum = ["synced"];
    const found = conformance(tree, openapi).filter((m) => m.startsWith("GET /chains/{chain_id}/is_bootstrapped"));
    expect(found.length).toBeGreaterThanOrEqual(3);
  });
});
