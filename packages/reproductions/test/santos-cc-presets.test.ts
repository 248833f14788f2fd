/**
 * santos-2002 Fig. 4 presets in full (100 ms each), and short-horizon versions of the
 * Fig. 5 and Fig. 7 sweeps (150 ms instead of 500 ms, averages over 50-150 ms instead of
 * 100-500 ms) that check the same claims on the points they hinge on. The full sweeps run
 * with `pnpm losslab reproduce santos2002-fig5|santos2002-fig7` and in `pnpm test:full`.
 */

import { assertFullGolden } from "@losslab/test-kit/preset-golden";
import { describe, expect, it } from "vitest";
import { santosFig4a, santosFig4b, santosFig4c, santosFig4d } from "../src/presets/santos-fig4.js";
import { fig5Point } from "../src/presets/santos-fig5.js";
import { fig7Point } from "../src/presets/santos-fig7.js";
import { fig8Point } from "../src/presets/santos-fig8.js";
import { santosPoint } from "../src/presets/santos-scenario.js";
import { runSweep } from "../src/sweep/run-sweep.js";

const context = { seed: 1, progress: () => {} };

describe.each([santosFig4a, santosFig4b, santosFig4c, santosFig4d])("$name", (preset) => {
  it("passes every claim of the spec", async () => {
    const result = await preset.run(context);
    assertFullGolden(preset.name, result);
    expect(result.checks.filter((check) => !check.pass)).toEqual([]);
    expect(Object.keys(result.summary)).toEqual(["localShare", "rootUtil", "victimRate", "islUtil"]);
  });
});

const short = { seed: 1, fromMs: 50, toMs: 150 };

describe("santos2002-fig5, short horizon", () => {
  // Several simulations: past 20 s in the full suite on a loaded machine.
  it("shows the trends of claims C5.1, C5.3 and C5.5", { timeout: 60_000 }, async () => {
    const points = [
      fig5Point(2, "none", 150),
      fig5Point(4, "none", 150),
      fig5Point(8, "none", 150),
      fig5Point(3, 4, 150),
      fig5Point(16, 4, 150),
      fig5Point(16, 8, 150),
      fig5Point(16, 16, 150),
    ];
    const [n2, n4, n8, t4b3, t4, t8, t16] = await runSweep(
      santosPoint,
      points.map((params) => ({ params, ...short })),
      {},
    );
    const ratio = (o: typeof n2) => o!.remoteRate / o!.localRate;
    // C5.3: with input-triggered marking only, remote flows gain share as buffers grow.
    expect(ratio(n4)).toBeGreaterThan(ratio(n2));
    expect(ratio(n8)).toBeGreaterThan(ratio(n4));
    // C5.1: a low output threshold under-uses the root link at small buffers.
    expect(t4b3!.rootUtil).toBeLessThan(0.9);
    // C5.5: at buffer 16, threshold 8 favours remote flows more than 4; 16 is the fairest.
    expect(ratio(t8)).toBeGreaterThan(ratio(t4));
    expect(Math.abs(ratio(t16) - 1)).toBeLessThan(Math.abs(ratio(t8) - 1));
  });
});

describe("santos2002-fig7, short horizon", () => {
  // Several simulations: past 20 s in the full suite on a loaded machine.
  it("shows the trends of claims C7.1, C7.2 and C7.3", { timeout: 60_000 }, async () => {
    const points = [
      fig7Point(2, "lipd", "continuous", 150),
      fig7Point(2, "aimd", "continuous", 150),
      fig7Point(6, "lipd", "continuous", 150),
      fig7Point(6, "lipd", "discrete", 150),
      fig7Point(6, "fimd", "continuous", 150),
      fig7Point(6, "fimd", "discrete", 150),
    ];
    const [lipd2, aimd2, lipd6, lipd6d, fimd6, fimd6d] = await runSweep(
      santosPoint,
      points.map((params) => ({ params, ...short })),
      {},
    );
    // C7.1: LIPD keeps the root link busy, and at least as busy as FIMD.
    expect(lipd6!.rootUtil).toBeGreaterThanOrEqual(0.95);
    expect(lipd6!.rootUtil).toBeGreaterThanOrEqual(fimd6!.rootUtil - 0.01);
    // C7.2: AIMD's slow recovery starves the victim on the ISL at buffer 2.
    expect(aimd2!.islUtil).toBeLessThanOrEqual(lipd2!.islUtil - 0.1);
    // C7.3: the 256 discrete IPD rates behave like continuous rates.
    for (const [continuous, discrete] of [
      [lipd6!, lipd6d!],
      [fimd6!, fimd6d!],
    ] as const) {
      expect(Math.abs(discrete.rootUtil - continuous.rootUtil)).toBeLessThanOrEqual(0.03);
      expect(Math.abs(discrete.islUtil - continuous.islUtil)).toBeLessThanOrEqual(0.03);
    }
  });
});

describe("santos2002-fig8a, short horizon", () => {
  // Several simulations: past 20 s in the full suite on a loaded machine.
  it("shows claims C8a.1 and C8a.2 at ON 0.05 ms", { timeout: 60_000 }, async () => {
    const inputs = [false, true].map((persistent) => {
      const params = fig8Point(0.05, 5, "lipd", persistent, 100);
      return { params, seed: 1, fromMs: 20, toMs: 100 };
    });
    const [plain, persistent] = await runSweep(santosPoint, inputs, {});
    const share = (a: typeof plain) => {
      const staticRate = a!.localRate + a!.remoteRate;
      return { static: staticRate / a!.rootUtil, dynamic: (a!.localDynamicRate + a!.remoteDynamicRate) / a!.rootUtil };
    };
    // C8a.1: without persistent state, flows that keep arriving at Rmax starve the static ones.
    expect(share(plain).dynamic).toBeGreaterThanOrEqual(share(plain).static + 0.2);
    // C8a.2: with it, the static flows get their share back.
    expect(share(persistent).static).toBeGreaterThanOrEqual(0.4);
    expect(share(persistent).static).toBeGreaterThanOrEqual(share(plain).static + 0.3);
  });
});
