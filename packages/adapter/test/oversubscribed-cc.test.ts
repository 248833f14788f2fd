/**
 * RCCC's OversubscribedCC (docs/spec/uec.md choice C15; uet-htsim `oversubscribed_cc.cpp`):
 * the pull rate's AIMD, period by period, against a trace computed by hand. Ai 0.01, Md 0.5,
 * alpha 0.5, target 0.3, minimum rate 0.1, base round trip 10 us; every draw 0.5, so every
 * period is (0.75 + 0.25) x 1.5 x 10 us = 15 us.
 */
import { Engine } from "@losslab/engine";
import { describe, expect, it } from "vitest";
import { OversubscribedCc } from "../src/index.js";

const options = { ai: 0.01, md: 0.5, alpha: 0.5, targetCongestion: 0.3, minRate: 0.1, baseRtt: 10_000_000 };

/** What reaches the destination in one period: data packets (`marked` of them with ECN) and trims. */
interface Period {
  data: number;
  marked: number;
  lastHop?: number;
  other?: number;
}

function trace(periods: Period[]) {
  const engine = new Engine();
  const pacer = { rate: 1 };
  const ticks: { at: number; rate: number; g: number }[] = [];
  const cc: OversubscribedCc = new OversubscribedCc(
    options,
    engine,
    {
      handleEvent: () => {
        cc.tick();
        ticks.push({ at: engine.now, rate: pacer.rate, g: cc.g });
        const next = periods[ticks.length];
        if (next !== undefined) feed(next);
      },
    },
    pacer,
    { next: () => 0.5 },
  );
  const feed = (period: Period) => {
    for (let i = 0; i < period.data; i++) cc.arrived(i < period.marked, undefined);
    for (let i = 0; i < (period.lastHop ?? 0); i++) cc.arrived(false, "last-hop");
    for (let i = 0; i < (period.other ?? 0); i++) cc.arrived(false, "other");
  };
  feed(periods[0]!);
  engine.run({ until: periods.length * 15_000_000 });
  return ticks;
}

describe("OversubscribedCC", () => {
  it("follows the hand-computed trace of its rate and marked average", () => {
    const ticks = trace([
      // 1: nothing marked or trimmed: +Ai x 2^0, capped at 1.
      { data: 10, marked: 0 },
      // 2: 2 of 10 trimmed before the last hop: 1 - 0.2 = 0.8; g = 0.5 x 4/8 = 0.25 <= 0.3.
      { data: 8, marked: 4, other: 2 },
      // 3: g = 0.125 + 0.5 x 0.8 = 0.525: x (1 - 0.225 x 0.5) = 0.8875 -> 0.71.
      { data: 10, marked: 8 },
      // 4: a last-hop trim does not cut, and is not data: 1 / 4 marked; g = 0.2625 + 0.125 =
      // 0.3875: x (1 - 0.0875 x 0.5) = 0.95625 -> 0.6789375.
      { data: 4, marked: 1, lastHop: 1 },
      // 5, 6: nothing: g halves each period; +0.01 x 2^0, then +0.01 x 2^1.
      { data: 0, marked: 0 },
      { data: 0, marked: 0 },
      // 7: a mark keeps the increase at Ai: g = 0.0484375 + 0.05; +0.01 -> 0.7189375.
      { data: 10, marked: 1 },
      // 8: 9 of 10 trimmed before the last hop: -0.9, floored at the minimum rate.
      { data: 1, marked: 0, other: 9 },
    ]);
    expect(ticks.map((t) => t.at)).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map((n) => n * 15_000_000));
    const expected = [
      [1, 0],
      [0.8, 0.25],
      [0.71, 0.525],
      [0.6789375, 0.3875],
      [0.6889375, 0.19375],
      [0.7089375, 0.096875],
      [0.7189375, 0.0984375],
      [0.1, 0.04921875],
    ];
    ticks.forEach((tick, i) => {
      expect(tick.rate).toBeCloseTo(expected[i]![0]!, 12);
      expect(tick.g).toBeCloseTo(expected[i]![1]!, 12);
    });
  });
});
