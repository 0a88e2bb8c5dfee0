import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    // Tests run on the TypeScript sources: the runtime package's entries resolve to its sources
    // (as tsconfig.json's paths do for the type-checker), not to its compiled dist/.
    alias: [
      { find: /^@tezos-rpcgen\/runtime$/, replacement: fileURLToPath(new URL("./runtime/index.ts", import.meta.url)) },
      { find: /^@tezos-rpcgen\/runtime\/server$/, replacement: fileURLToPath(new URL("./runtime/server/index.ts", import.meta.url)) },
    ],
  },
  test: {
    include: ["test/**/*.test.ts"],
    globalSetup: ["test/support/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
