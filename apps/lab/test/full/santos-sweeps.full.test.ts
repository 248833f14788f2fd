/**
 * The full santos-2002 Fig. 5 and Fig. 7 sweeps (500 ms per point, 87 runs, about 2.5
 * minutes on 2 cores). Opt-in: `pnpm test:full`.
 */
import { availableParallelism } from "node:os";
import { describe, expect, it } from "vitest";
import { santosFig5 } from "../../src/presets/santos-fig5.js";
import { santosFig7 } from "../../src/presets/santos-fig7.js";

const context = { seed: 1, workers: availableParallelism(), progress: () => {} };

describe.each([santosFig5, santosFig7])("$name (full)", (preset) => {
  it("passes every claim of the spec", { timeout: 600_000 }, async () => {
    const result = await preset.run(context);
    expect(result.checks.filter((check) => !check.pass)).toEqual([]);
  });
});
