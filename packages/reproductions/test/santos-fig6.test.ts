import { assertFullGolden } from "@losslab/test-kit/preset-golden";
import { describe, expect, it } from "vitest";
import { santosFig6 } from "../src/presets/santos-fig6.js";

const context = { seed: 1, progress: () => {} };

describe("santos2002-fig6", () => {
  it("reproduces the recovery times of santos-2002 Fig. 6", async () => {
    const result = await santosFig6.run(context);
    assertFullGolden(santosFig6.name, result);
    expect(santosFig6.name).toBe("santos2002-fig6");
    expect(result.summary).toEqual({ recoveryMs: { fimd: 4.1943, aimd: 133.693, lipd: 133.693 } });
    expect(result.checks.map((c) => [c.id, c.pass])).toEqual([
      ["C6.1", true],
      ["C6.2", true],
    ]);
    expect(result.checks[0]?.value).toBeCloseTo(4.194, 2);
    expect(result.checks[1]?.value).toBeCloseTo(133.69, 1);
    expect(result.params).toMatchObject({ periodUs: 524.288, packetBytes: 2048, m: 2 });
  });

  it("charts F_inc/Rmax from 1/256 to 1 against time in ms", async () => {
    const [chart] = (await santosFig6.run(context)).charts;
    expect(chart?.series.map((s) => s.name)).toEqual(["FIMD (m=2)", "AIMD (m=2)", "LIPD"]);
    for (const s of chart?.series ?? []) {
      expect(s.points[0]).toEqual([0, 0.00390625]);
      expect(s.points.at(-1)).toEqual([140, 1]);
      for (let i = 1; i < s.points.length; i++) {
        const [x0, y0] = s.points[i - 1] as [number, number];
        const [x1, y1] = s.points[i] as [number, number];
        expect(x1).toBeGreaterThan(x0);
        expect(y1).toBeGreaterThanOrEqual(y0);
      }
    }
    const at = (name: string, ms: number) =>
      chart?.series.find((s) => s.name === name)?.points.find(([x]) => Math.abs(x - ms) < 1e-9)?.[1];
    expect(at("AIMD (m=2)", 0.5)).toBeCloseTo((1 + 0.5 / 0.524288) / 256, 5); // linear
    expect(at("FIMD (m=2)", 70)).toBe(1);
    expect(at("LIPD", 70)).toBeCloseTo(1 / (256 - 70 / 0.524288), 5);
  });
});
