/**
 * Scenario S meters only the two links the santos presets read, in bins of the time plots'
 * step (santos-scenario.ts): every rate they take must come out as it does with every link
 * metered in 10 us bins (the scenario default).
 */
import { parseScenario, runScenario } from "@losslab/scenario";
import { describe, expect, it } from "vitest";
import { fig2aParams } from "../src/presets/santos-fig2a.js";
import { santosAverages, santosScenario, santosSummary, scenarioSMeters } from "../src/presets/santos-scenario.js";

describe("santos scenario S metering", () => {
  it("gives the presets' rates and time plots exactly as every link in 10 us bins does", () => {
    const params = { ...fig2aParams, durationMs: 60, victimMs: [40, 60] as [number, number] };
    const input = santosScenario(params, 1);
    expect(input.metrics).toMatchObject({ binUs: 250, linkMeters: ["A->B", "B->BC"] });
    const lean = runScenario(parseScenario(input));
    const full = runScenario(parseScenario({ ...input, metrics: { binUs: 10, windowMs: 2, stepUs: 250 } }));
    expect(lean.fingerprint).toBe(full.fingerprint);
    expect(full.meters().length).toBeGreaterThan(lean.meters().length);
    expect(santosSummary({ params, result: lean })).toEqual(santosSummary({ params, result: full }));
    for (const [from, to] of [
      [10, 60],
      [12, 48],
    ]) {
      expect(santosAverages({ params, result: lean }, from!, to!)).toEqual(
        santosAverages({ params, result: full }, from!, to!),
      );
    }
    for (const [, meter] of scenarioSMeters) {
      const series = lean.series(meter);
      expect(series.length).toBeGreaterThan(100);
      expect(series).toEqual(full.series(meter));
    }
  });
});
