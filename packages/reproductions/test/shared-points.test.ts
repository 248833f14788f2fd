/**
 * Presets that share runs (ferrer-2012 Figs. 5 and 6, and ferrer-nocmm's run with Fig. 5's;
 * santos-2002 Fig. 5's points without a threshold with Fig. 7's LIPD ones) make each run once
 * per process, also when they run at once: the second waits for the first's run and shows
 * its progress.
 */
import { describe, expect, it } from "vitest";
import { ferrerFig5 } from "../src/presets/ferrer-figures.js";
import { ferrerNocmm } from "../src/presets/ferrer-nocmm.js";
import { runFerrerPoints } from "../src/presets/ferrer-points.js";
import { ferrerPoint, ferrerSmall } from "../src/presets/ferrer-scenario.js";
import { fig5Point } from "../src/presets/santos-fig5.js";
import { fig7Point } from "../src/presets/santos-fig7.js";
import { runSantosPoints } from "../src/presets/santos-points.js";
import { santosPoint } from "../src/presets/santos-scenario.js";
import { runInThisThread, type SweepRunner, type Task } from "../src/sweep/sweep-runner.js";

/** A runner in this thread that counts the points it is given to run, by task. */
function countingRunner(): { sweepRunner: SweepRunner; ran: (task: Task<never, unknown>) => number } {
  const counts = new Map<Task<never, unknown>, number>();
  const sweepRunner: SweepRunner = (task, inputs, events) => {
    counts.set(task, (counts.get(task) ?? 0) + inputs.length);
    return runInThisThread(task, inputs, events);
  };
  return { sweepRunner, ran: (task) => counts.get(task) ?? 0 };
}

describe("presets that share runs, at once", () => {
  /** Each caller's (done, total) progress: one point, and both end at its end. */
  const expectOnePointShown = (seen: Array<Array<[number, number]>>) => {
    for (const shown of seen) {
      expect(new Set(shown.map(([, total]) => total))).toEqual(new Set([1]));
      expect(shown.at(-1)).toEqual([1, 1]);
    }
  };

  it("make each run once: the second waits for the first's and shows its progress (ferrer-points)", async () => {
    const point = {
      label: "noCMM",
      params: { ...ferrerSmall, triggerPackets: 2000, hotPackets: 100, durationCycles: 100_000 },
      seed: 1,
    };
    const { sweepRunner, ran } = countingRunner();
    const seen: Array<Array<[number, number]>> = [[], []];
    const [first, second] = await Promise.all(
      seen.map((shown) =>
        runFerrerPoints([point], { sweepRunner, progress: (done, total) => shown.push([done, total]) }),
      ),
    );
    expect(ran(ferrerPoint)).toBe(1);
    expectOnePointShown(seen);
    expect(second).toEqual(first);
    expect(first![0]!.measures.fingerprint).toMatch(/^[0-9a-f]{16}$/);
  });

  it("make a run once when their scenarios parse alike (santos Fig. 5 without threshold, Fig. 7 LIPD continuous)", async () => {
    const point = (params: ReturnType<typeof fig5Point>) => ({ params, seed: 1, fromMs: 2, toMs: 10 });
    const fig5 = point(fig5Point(4, "none", 10));
    const fig7 = point(fig7Point(4, "lipd", "continuous", 10));
    expect(fig7.params).not.toEqual(fig5.params); // fig7 names the controller's default mode
    const { sweepRunner, ran } = countingRunner();
    const seen: Array<Array<[number, number]>> = [[], []];
    const [first, second] = await Promise.all(
      [fig5, fig7].map((input, i) =>
        runSantosPoints([input], { sweepRunner, progress: (done, total) => seen[i]!.push([done, total]) }),
      ),
    );
    expect(ran(santosPoint)).toBe(1);
    expectOnePointShown(seen);
    expect(second).toEqual(first);
    // Another buffer is another run.
    const other = await runSantosPoints([point(fig7Point(5, "lipd", "continuous", 10))], {
      sweepRunner,
      progress: () => {},
    });
    expect(ran(santosPoint)).toBe(2);
    expect(other[0]!.fingerprint).not.toBe(first![0]!.fingerprint);
  });

  it("make ferrer-nocmm's run once with ferrer-fig5's: it is Fig. 5's noCMM point", { timeout: 60_000 }, async () => {
    const { sweepRunner, ran } = countingRunner();
    const context = { seed: 1, progress: () => {}, sweepRunner };
    const nocmm = await ferrerNocmm.run(context);
    expect(ran(ferrerPoint)).toBe(1);
    const fig5 = await ferrerFig5.run(context);
    expect(ran(ferrerPoint)).toBe(2); // only Fig. 5's MVCM is new
    expect(fig5.summary.coldLatencyMaxCycles).toMatchObject({ noCMM: nocmm.summary.coldLatencyMaxCycles });
  });
});
