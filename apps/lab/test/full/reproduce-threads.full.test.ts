/**
 * `reproduce NAME --threads 2` for presets whose runs threads support, in full: santos2002-fig2a,
 * turner-vl's two runs on two VLs, and santos2002-fig3b's two runs. Each split run takes
 * minutes (santos-2002's two-switch fabric: a window every 10 ns). And sweeps whose points
 * split, cut short as in reproduce-threads.test.ts: santos2002-fig5's 45 points, and
 * dragonfly-shift's 36 as under --all (the UGAL-G ones on one thread).
 */
import { describe, expect, it } from "vitest";
import { presetFiles } from "../preset-files.js";
import { expectSameOnTwoThreads } from "../preset-threads.js";

describe("reproduce --threads 2, the other presets threads support", () => {
  it.each(["santos2002-fig2a", "turner-vl", "santos2002-fig3b"])(
    "%s: the files of one thread",
    { timeout: 1_800_000 },
    async (name) => {
      const single = await presetFiles(name);
      expect(JSON.parse(single["result.json"]!).fingerprint).toMatch(/^[0-9a-f]{16}$/);
      expect(await presetFiles(name, "--threads", "2")).toEqual(single);
    },
  );
});

describe("reproduce --threads 2, a sweep's points split (cut short)", () => {
  it("santos2002-fig5: its 45 points", { timeout: 1_800_000 }, async () => {
    await expectSameOnTwoThreads("santos2002-fig5", 45);
  });

  it("dragonfly-shift, as under --all: 27 of its 36 points, the UGAL-G ones on one thread", {
    timeout: 1_800_000,
  }, async () => {
    await expectSameOnTwoThreads("dragonfly-shift", 27, [
      'dragonfly-shift: --threads 2: on one thread (the same results), runs 28, 29, 30, 31, 32, 33, 34, 35 and 36 of 36: not supported on threads yet: topology.routing "ugal-g" (it reads every router\'s queues)',
    ]);
  });
});
