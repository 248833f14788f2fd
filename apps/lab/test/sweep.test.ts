import { describe, expect, it } from "vitest";
import { runSweep } from "../src/sweep/run-sweep.js";

const point = (remote: number) => ({
  params: { local: 2, remote, durationMs: 3, victimMs: null, bufferPackets: 4, window: 1 },
  seed: 1,
  fromMs: 1,
  toMs: 3,
});

describe("runSweep", () => {
  it("gives identical results in order with 1 and 2 workers, and reports progress", async () => {
    const inputs = [point(1), point(2), point(3)];
    const seen: number[] = [];
    const one = await runSweep("santos", inputs, { workers: 1, progress: (done) => seen.push(done) });
    const two = await runSweep("santos", inputs, { workers: 2 });
    expect(JSON.stringify(two)).toBe(JSON.stringify(one));
    expect(seen).toEqual([0, 1, 2, 3]);
    // More remote flows take a larger share of the root link: the points really differ.
    expect(one[2]!.remoteRate).toBeGreaterThan(one[0]!.remoteRate);
  });
});
