import { runSweep, tasks } from "@losslab/reproductions";
import { describe, expect, it } from "vitest";
// Test data only: the small scenario M of the ferrer presets, whose runs report their progress.
import { ferrerSmall } from "../../../packages/reproductions/src/presets/ferrer-scenario.js";
import { threadRunner } from "../src/sweep/thread-runner.js";
import type { TaskPool } from "../src/sweep/worker-pool.js";
import { errorLine } from "../src/terminal/error-line.js";

const point = (remote: number) => ({
  params: { local: 2, remote, durationMs: 3, victimMs: null, bufferPackets: 4, window: 1 },
  seed: 1,
  fromMs: 1,
  toMs: 3,
});

describe("the CLI's sweep runner", () => {
  it("puts every point on the pool it is given, whatever its workers, to the same results", async () => {
    const inputs = [point(1), point(2)];
    const alone = await runSweep(tasks.santos, inputs, { sweepRunner: threadRunner(1) });
    const sent: unknown[] = [];
    const pool = {
      run: async (task: typeof tasks.santos, input: (typeof inputs)[number]) => {
        sent.push(input);
        return task(input);
      },
    } as unknown as TaskPool;
    expect(await runSweep(tasks.santos, inputs, { sweepRunner: threadRunner(1, pool) })).toEqual(alone);
    expect(await runSweep(tasks.santos, inputs.slice(0, 1), { sweepRunner: threadRunner(4, pool) })).toEqual(
      alone.slice(0, 1),
    );
    expect(sent).toEqual([...inputs, inputs[0]]);
    await runSweep(tasks.santos, inputs, { sweepRunner: threadRunner(1) });
    expect(sent).toHaveLength(3);
  });

  it("gives identical results in order with 1 and 2 workers, and reports progress", async () => {
    const inputs = [point(1), point(2), point(3)];
    const seen: number[] = [];
    const one = await runSweep(tasks.santos, inputs, {
      sweepRunner: threadRunner(1),
      progress: (done) => seen.push(done),
    });
    const two = await runSweep(tasks.santos, inputs, { sweepRunner: threadRunner(2) });
    expect(JSON.stringify(two)).toBe(JSON.stringify(one));
    expect(seen).toEqual([0, 1, 2, 3]);
    // More remote flows take a larger share of the root link: the points really differ.
    expect(one[2]!.remoteRate).toBeGreaterThan(one[0]!.remoteRate);
  });

  it("with `failed`, a point that throws becomes its output and the others run, on a worker or not", {
    timeout: 30_000,
  }, async () => {
    // A rate limit of 1e-12 of the link is below what the engine can schedule: the point's
    // scenario, checked inside the point, is refused there, and the point throws.
    const failing = { ...point(2), params: { ...point(2).params, rates: { remote: 1e-12 } } };
    const inputs = [point(1), failing, point(3)];
    const beyond = "limits.groups.remote.rate";
    await expect(runSweep(tasks.santos, inputs, { sweepRunner: threadRunner(1) })).rejects.toThrow(beyond);
    for (const workers of [1, 2]) {
      // The santos task has no error output of its own: the test gives it one.
      const failed = (error: unknown) => ({ failed: errorLine(error) }) as never;
      const outputs: unknown[] = await runSweep(tasks.santos, inputs, { sweepRunner: threadRunner(workers), failed });
      expect(outputs[1]).toEqual({ failed: expect.stringContaining(beyond) });
      expect(outputs[0]).toHaveProperty("fingerprint");
      expect(outputs[2]).toHaveProperty("fingerprint");
    }
  });

  // Four runs of 2.5 M cycles.
  it("moves the progress within a long point that reports it, without changing its result", {
    timeout: 60_000,
  }, async () => {
    // Two 2.5 M-cycle runs of scenario M past its trigger (each reports 0.4, 0.8 and 1 of its run).
    const inputs = [1, 2].map((seed) => ({ params: { ...ferrerSmall, durationCycles: 2_500_000 }, seed }));
    const seen: number[] = [];
    const tracked = await runSweep(tasks.ferrer, inputs, {
      sweepRunner: threadRunner(2),
      progress: (done) => seen.push(done),
    });
    const quiet = await runSweep(tasks.ferrer, inputs, { sweepRunner: threadRunner(1) });
    expect(JSON.stringify(tracked)).toBe(JSON.stringify(quiet));
    expect(seen.some((done) => !Number.isInteger(done))).toBe(true);
    expect(seen.every((done, i) => i === 0 || done >= seen[i - 1]! - 0.5)).toBe(true);
    expect(seen.at(-1)).toBe(2);
    expect(Math.max(...seen)).toBe(2);
  });
});
