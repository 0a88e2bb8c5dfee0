/**
 * `generated/` is the generator's exact output for the committed snapshots: regenerating in
 * memory gives the same bytes, file for file, and nothing else is in the folders.
 */
import { describe, expect, it } from "vitest";
import { fileURLToPath } from "node:url";
import { join } from "node:path";
import { COMMITTED_SNAPSHOTS } from "../../generator/pipeline.ts";
import { staleFiles } from "../../generator/cli/commands/check.ts";

const root = fileURLToPath(new URL("../../", import.meta.url));

describe("generated/", () => {
  it.each(COMMITTED_SNAPSHOTS)("generated/$name is what `tezos-rpcgen generate` writes for $file", async ({ name, file }) => {
    expect(await staleFiles(join(root, file), join(root, "generated", name))).toEqual([]);
  });
});
