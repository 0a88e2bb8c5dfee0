import { readFileSync } from "node:fs";
import { describe, expect } from "vitest";
import { itWithReference, readReference } from "../support/reference.ts";
import { conformance, treeDynamicDirs, treeRoutes } from "./conformance.ts";

type J = any; // eslint-disable-line @typescript-eslint/no-explicit-any

const snapshot = (name: string): J => JSON.parse(readFileSync(new URL(`../../spec/snapshots/${name}`, import.meta.url), "utf8"));
const exceptions: { layout: string; key: string; reason: string }[] = JSON.parse(
  readFileSync(new URL("../../spec/conformance-exceptions.json", import.meta.url), "utf8"),
).exceptions;

function unexpected(layout: string, mismatches: string[]): string[] {
  const mine = exceptions.filter((e) => e.layout === layout);
  return mismatches.filter((m) => !mine.some((e) => m.startsWith(e.key)));
}

describe("shell snapshots against the Octez OpenAPI files", () => {
  itWithReference("rpc-openapi-v20.3.json")("current layout matches Octez 20.3", () => {
    const mismatches = conformance(snapshot("shell.json"), readReference("rpc-openapi-v20.3.json"));
    for (const m of mismatches) console.log(`[20.3] ${m}`);
    expect(unexpected("current", mismatches)).toEqual([]);
  });

  itWithReference("rpc-openapi-v8.2-2021-03.json")("earlier layout matches Octez 8.2", () => {
    const mismatches = conformance(snapshot("shell-legacy.json"), readReference("rpc-openapi-v8.2-2021-03.json"), {
      unboundedIntegerIsNumber: true,
    });
    for (const m of mismatches) console.log(`[8.2] ${m}`);
    expect(unexpected("legacy", mismatches)).toEqual([]);
  });

  itWithReference("rpc-openapi-v20.3.json")("current layout has 59 + 3 paths, 64 + 3 operations and two dynamic directories", () => {
    const routes = treeRoutes(snapshot("shell.json"));
    expect(new Set(routes.map((r) => r.path)).size).toBe(62);
    expect(routes.length).toBe(67);
    expect(treeDynamicDirs(snapshot("shell.json"))).toEqual(["/chains/{chain_id}/blocks/{block_id}", "/chains/{chain_id}/mempool"]);
  });
});
