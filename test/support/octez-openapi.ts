/**
 * The Octez OpenAPI fixtures of `test/fixtures/octez-openapi/`: facts of Octez's published
 * documents (paths, methods, parameters, schemas, titles) without their prose, gzipped, written
 * by `scripts/fixtures/openapi-facts.ts` (the folder's README says where each comes from). They
 * are part of the project, so tests that read them never skip.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";

/** The fixtures, by the name of the Octez file each was derived from. */
export const OCTEZ_OPENAPI = {
  seoul: "seoul-openapi.json",
  seoulMempool: "seoul-mempool-openapi.json",
  dalNode: "dal-node-openapi.json",
  tallinnSmartRollupNode: "tallinn-smart-rollup-node-openapi.json",
  ushuaia: "ushuaia-openapi.json",
  ushuaiaMempool: "ushuaia-mempool-openapi.json",
} as const;

const folder = new URL("../fixtures/octez-openapi/", import.meta.url);

/** The text of a fixture (`seoul-openapi.json`…), uncompressed. */
export function octezOpenApiText(name: string): string {
  return gunzipSync(readFileSync(new URL(`${name}.gz`, folder))).toString("utf8");
}

/** A fixture parsed. */
export function readOctezOpenApi<T = unknown>(name: string): T {
  return JSON.parse(octezOpenApiText(name)) as T;
}

/** Writes a fixture uncompressed into `dir` under its own name, for commands given a file; returns the path. */
export function writeOctezOpenApi(name: string, dir: string): string {
  const path = join(dir, name);
  writeFileSync(path, octezOpenApiText(name), "utf8");
  return path;
}
