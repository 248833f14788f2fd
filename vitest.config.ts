import { defineConfig } from "vitest/config";

// Tests run on source: the "@losslab/source" export condition points every
// workspace package at its src/index.ts, so no build is needed before testing.
const conditions = ["@losslab/source", "module", "node", "development|production"];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: ["@losslab/source"] } },
  test: {
    // `pnpm test:full` (LOSSLAB_FULL=1) runs the long reproductions kept out of the default suite.
    include: process.env.LOSSLAB_FULL
      ? ["{packages,apps}/*/test/**/*.full.test.ts"]
      : ["{packages,apps}/*/{src,test}/**/*.test.ts", "test/**/*.test.ts"],
    exclude: process.env.LOSSLAB_FULL ? [] : ["**/*.full.test.ts", "**/node_modules/**"],
    // Child processes: sweep tests start worker threads of their own (piscina), which
    // proved unreliable when nested inside vitest's own worker threads.
    pool: "forks",
    testTimeout: 20_000,
  },
});
