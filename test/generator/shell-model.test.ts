/**
 * The committed shell snapshots reconcile completely: every input, output and error of every
 * service has a binary form, as on a real node (no body of the shell interface is JSON-only).
 */
import { describe, expect, it } from "vitest";
import { fileURLToPath } from "node:url";
import { COMMITTED_SNAPSHOTS, loadInterface } from "../../generator/pipeline.ts";
import { routeToString } from "../../generator/model/describe-tree.ts";

const root = fileURLToPath(new URL("../../", import.meta.url));

describe("shell snapshots reconciled", () => {
  it.each(COMMITTED_SNAPSHOTS)("$name: every body has a binary form", async ({ file }) => {
    const { model } = await loadInterface(root + file);
    const jsonOnly = model.services.flatMap((entry) =>
      (["input", "output", "error"] as const).flatMap((slot) => {
        const body = entry[slot];
        return body?.jsonOnly !== undefined ? [`${entry.service.method} ${routeToString(entry.service.route)} ${slot}: ${body.jsonOnly}`] : [];
      }),
    );
    expect(jsonOnly).toEqual([]);
    expect(model.services.length).toBeGreaterThan(60);
  });
});
