/**
 * Every preset but the long ones (test/full/scenario-runner.full.test.ts) runs each run
 * `scenarios` lists by its context's runner, in the order listed, its sweep's points included:
 * what lets `reproduce --threads N` split them all (the CLI's runner refuses or warns from the
 * listed runs before any starts).
 */
import { expectRunsByRunner } from "@losslab/test-kit/runner-runs";
import { describe, it } from "vitest";
import { presets } from "../src/presets/index.js";

/** The scenarios the presets of this file ran by their runners: sweeps share points once per process. */
const ranBefore = new Set<string>();

describe.each(presets.filter((preset) => preset.long !== true))("$name", (preset) => {
  it("runs the runs it lists by its context's runner", { timeout: 300_000 }, async () => {
    await expectRunsByRunner(preset, ranBefore);
  });
});
