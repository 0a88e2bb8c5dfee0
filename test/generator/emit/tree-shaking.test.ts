/**
 * Tree-shaking per route: an application that calls one generated function bundles that
 * service's route, codecs and validators, not the others'. Checked with esbuild (present
 * through tsx), minification off so that names stay visible.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";
import { afterAll, describe, expect, it } from "vitest";
import { emitInto, projectRoot, temporaryDirectory } from "./support.ts";
import { syntheticModel } from "./synthetic-model.ts";

const tmp = temporaryDirectory();
afterAll(() => tmp.cleanup());

describe("generated folder", () => {
  it("is tree-shakable per route", async () => {
    await emitInto(tmp.path, "synthetic", syntheticModel());
    const entry = join(tmp.path, "app.ts");
    writeFileSync(entry, `import { getVersion } from "./synthetic/index.ts";\nexport const run = getVersion;\n`);
    const result = await build({
      entryPoints: [entry],
      bundle: true,
      write: false,
      format: "esm",
      platform: "neutral",
      treeShaking: true,
      minify: false,
      alias: { "@tezos-rpcgen/runtime": join(projectRoot, "runtime/index.ts") },
      logLevel: "silent",
    });
    const code = result.outputFiles[0]!.text;
    expect(code).toContain("getVersionRoute");
    expect(code).toContain('name: "version"');
    // Only the validators of this service's bodies (output and error) are kept.
    expect(code.match(/^function validate\d+\(/gm)?.length).toBe(2);
    for (const other of ["getBlockHeaderRoute", "getMonitorHeadsByChainIdRoute", "decodeGetBlockHeaderOutput", "validateGetPendingOperationsOutput", "routeTable", "forgeOperations"]) {
      expect(code, other).not.toContain(other);
    }
  });
});
