/**
 * The committed snapshots reconcile completely: every input, output and error of every service
 * that publishes a binary schema has a binary form, as on a real node (no body of the shell
 * interface is JSON-only). The only JSON-only bodies are those a JSON-only source gave (the
 * protocol and mempool parts of the Tallinn snapshot, from Octez's OpenAPI documents).
 */
import { describe, expect, it } from "vitest";
import { fileURLToPath } from "node:url";
import { COMMITTED_SNAPSHOTS, loadInterface } from "../../generator/pipeline.ts";
import { routeToString } from "../../generator/model/describe-tree.ts";
import { NO_BINARY_SCHEMA } from "../../generator/reconcile/codec-model.ts";

const root = fileURLToPath(new URL("../../", import.meta.url));

describe("committed snapshots reconciled", () => {
  it.each(COMMITTED_SNAPSHOTS)("$name: every body with a published binary schema has a binary form", async ({ file }) => {
    const { model } = await loadInterface(root + file);
    const jsonOnly = model.services.flatMap((entry) =>
      (["input", "output", "error"] as const).flatMap((slot) => {
        const body = entry[slot];
        const published = entry.service[slot];
        if (body === undefined || published === undefined) return [];
        if (published.binary === undefined) {
          // Not a reconciliation failure: nothing binary was published for it.
          expect(body.jsonOnly).toBe(NO_BINARY_SCHEMA);
          return [];
        }
        return body.jsonOnly !== undefined ? [`${entry.service.method} ${routeToString(entry.service.route)} ${slot}: ${body.jsonOnly}`] : [];
      }),
    );
    expect(jsonOnly).toEqual([]);
    expect(model.services.length).toBeGreaterThan(60);
  });
});
