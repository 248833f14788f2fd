/**
 * The long presets run each run `scenarios` lists by their context's runner (as
 * test/scenario-runner.test.ts checks the others), each run cut to 0.2 ms: minutes (the
 * 1024-host fabrics and the Dragonflies' 36 points).
 */
import { expectRunsByRunner } from "@losslab/test-kit/runner-runs";
import { describe, it } from "vitest";
import { presets } from "../../src/presets/index.js";

const ranBefore = new Set<string>();

describe.each(presets.filter((preset) => preset.long === true))("$name", (preset) => {
  it("runs the runs it lists by its context's runner", { timeout: 1_200_000 }, async () => {
    await expectRunsByRunner(preset, ranBefore);
  });
});
