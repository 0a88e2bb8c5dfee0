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
    // vitest runs one file at a time on a 2-core machine (cores - 1); two at a time use both
    // cores while one file waits on a child process or on loopback I/O.
    maxWorkers: 2,
    // The test files a worker runs share one module graph instead of each importing the
    // runtime, the generator, prettier and TypeScript anew: the suite's CPU time nearly halves
    // (`scripts/bench/test-suite.ts --baseline "--isolate=true"`). Sound because no test mocks
    // a module or stubs a global, and fixtures hand out fresh objects to tests that mutate them.
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
