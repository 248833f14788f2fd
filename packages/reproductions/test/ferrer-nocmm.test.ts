/**
 * ferrer-nocmm in full (6 M cycles on the 4-ary 3-tree, a few seconds): the saturation
 * tree's claim passes, and the run has the shape the spec describes.
 */

import { assertFullGolden } from "@losslab/test-kit/preset-golden";
import { describe, expect, it } from "vitest";
import { ferrerNocmm } from "../src/presets/ferrer-nocmm.js";
import { ferrerHosts, ferrerScenario, ferrerSmall } from "../src/presets/ferrer-scenario.js";

describe("ferrer-nocmm", () => {
  it("passes CN.1: the hot spot raises cold-flow latency at least 20-fold", async () => {
    const result = await ferrerNocmm.run({ seed: 1, progress: () => {} });
    assertFullGolden(ferrerNocmm.name, result);
    expect(result.checks.filter((check) => !check.pass)).toEqual([]);
    const summary = result.summary as Record<string, number>;
    // The hot sources start after 50,000 deliveries: 56 hosts x 0.1125/256 packets per cycle
    // deliver them in about 2.03 M cycles (the trigger is found to 2,000-cycle bins).
    expect(summary.triggerCycle).toBeGreaterThan(1.9e6);
    expect(summary.triggerCycle).toBeLessThan(2.2e6);
    // 8,000 hot packets of 278 B need at least 2.2 M cycles through the 1 byte/cycle hot-spot link.
    expect(summary.hotEndCycle! - summary.triggerCycle!).toBeGreaterThan(2.2e6);
    expect(result.charts.map((chart) => chart.name)).toEqual(["ferrer-nocmm-latency", "ferrer-nocmm-throughput"]);
    expect(result.charts[0]!.shade).toEqual([[summary.triggerCycle, summary.hotEndCycle]]);
  });

  it("follows Table 3: 56 uniform sources, 8 hot sources on different leaf switches, hot spot H0", () => {
    const { hotSources, coldSources, hotSpot } = ferrerHosts(ferrerSmall);
    expect(coldSources).toHaveLength(56);
    expect(hotSources).toEqual(["H7", "H15", "H23", "H31", "H39", "H47", "H55", "H63"]);
    expect(new Set(hotSources.map((id) => Math.floor(Number(id.slice(1)) / 4))).size).toBe(8);
    expect(hotSpot).toBe("H0");
    // The spec's load scaling: 8 hot sources at 8x the uniform rate offer the hot-spot link 7.2x its capacity.
    expect((hotSources.length * ferrerSmall.hotRate) / 1).toBeCloseTo(7.2, 10);
    expect(ferrerSmall.hotRate / ferrerSmall.uniformRate).toBe(8);
    const scenario = ferrerScenario(ferrerSmall, 1);
    expect(scenario.switch).toMatchObject({
      kind: "cioq",
      speedup: 2,
      inputBufferBytes: 1024,
      outputBufferBytes: 1024,
    });
    expect(scenario.packets).toEqual({ dataBytes: 278, headerBytes: 22, ackBytes: 22 });
  });
});
