import { defineConfig } from "vitest/config";

// Tests run on source: the "@losslab/source" export condition points every
// workspace package at its src/index.ts, so no build is needed before testing.
const conditions = ["@losslab/source", "module", "node", "development|production"];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: ["@losslab/source"] } },
  test: {
    include: ["{packages,apps}/*/{src,test}/**/*.test.ts", "test/**/*.test.ts"],
    pool: "threads",
    testTimeout: 20_000,
  },
});
