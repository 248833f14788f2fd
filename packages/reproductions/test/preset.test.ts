/**
 * The preset contract's conventions every preset keeps: an expected runtime that names a time
 * (and, for a preset whose sweep runs on threads, their number), from which
 * `expectedThreadSeconds` gives the order `reproduce --all` starts presets in.
 */
import { describe, expect, it } from "vitest";
import { expectedThreadSeconds } from "../src/preset.js";
import { presets } from "../src/presets/index.js";

describe("expectedThreadSeconds: the order presets start in on several threads", () => {
  it("reads the time, and the workers a sweep runs on, from every preset's expectedRuntime", () => {
    expect(expectedThreadSeconds("< 1 s")).toBe(1);
    expect(expectedThreadSeconds("30 s with 2 workers")).toBe(60);
    expect(expectedThreadSeconds("5 s with 1 worker")).toBe(5);
    expect(expectedThreadSeconds("~1-1.5 h with 2 workers (its pfister run alone ~46 min)")).toBe(10_800);
    expect(() => expectedThreadSeconds("quick")).toThrow('expectedRuntime "quick" names no time');
    for (const preset of presets) expect(expectedThreadSeconds(preset.expectedRuntime)).toBeGreaterThan(0);
  });
});

describe("presets with a sweep", () => {
  it("are marked as sweeps exactly when they say they run on workers", () => {
    for (const preset of presets) {
      expect(preset.sweep === true, preset.name).toBe(/with \d+ workers?\b/.test(preset.expectedRuntime));
    }
  });
});
