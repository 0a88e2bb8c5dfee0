/**
 * The sandbox protocol's committed files are what their sources make: the describe trees from
 * `sandbox/protocol/services.ts`, and `sandbox/protocol/generated/` from those trees (as
 * `tezos-rpcgen check` does for `generated/`).
 */
import { readFileSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { loadInterface, renderInterface } from "../../generator/pipeline.ts";
import { SNAPSHOTS, snapshotText } from "../../sandbox/protocol/build.ts";

const repoRoot = fileURLToPath(new URL("../../", import.meta.url));

describe("sandbox protocol files", () => {
  it("has describe trees and generated routes up to date", async () => {
    for (const [name, { file, tree }] of Object.entries(SNAPSHOTS)) {
      expect(readFileSync(file, "utf8"), `${file}: run npx tsx sandbox/protocol/build.ts`).toBe(snapshotText(tree()));
      const folder = join(repoRoot, "sandbox/protocol/generated", name);
      const files = await renderInterface(await loadInterface(relative(repoRoot, file)));
      expect(readdirSync(folder).sort()).toEqual(files.map((f) => f.name).sort());
      for (const f of files) expect(readFileSync(join(folder, f.name), "utf8"), `${name}/${f.name} is stale: regenerate (sandbox/README.md)`).toBe(f.contents);
    }
  });
});
