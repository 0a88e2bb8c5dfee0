import { build } from "esbuild";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../../", import.meta.url));

describe("the client in browsers", () => {
  it("bundles for the browser platform from the runtime entry: no Node-only module is imported", async () => {
    const result = await build({
      stdin: { contents: 'import { HttpTransport, binaryBodies } from "./runtime/index.ts"; console.log(new HttpTransport({ baseUrl: "http://x", binary: binaryBodies() }));', resolveDir: root, loader: "ts" },
      bundle: true,
      platform: "browser",
      format: "esm",
      write: false,
      logLevel: "silent",
    });
    expect(result.errors).toEqual([]);
    expect(result.outputFiles[0]!.text).toContain("application/octet-stream");
    expect(result.outputFiles[0]!.text).not.toMatch(/from "node:/);
  });
});
