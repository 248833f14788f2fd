/**
 * santos2002-fig3a and santos2002-fig4c under each output order of the input-buffered switch (12
 * runs of 100 ms, about 10-20 s): the table of the README ("santos-2002 presets: the
 * switch's output order"), and every claim holds in every order. Opt-in: `pnpm test:full`.
 */
import { describe, expect, it } from "vitest";
import { santosOutputOrders } from "../../src/presets/santos-output-orders.js";

const table = {
  "santos2002-fig3a": {
    rotate: { victimRate: 0.111052, islUtil: 0.555465, remoteRate: 0.44462, rootUtil: 0.999981 },
    "longest-idle": { victimRate: 0.222103, islUtil: 0.666516, remoteRate: 0.44462, rootUtil: 0.999981 },
    "oldest-packet": { victimRate: 0.111052, islUtil: 0.555465, remoteRate: 0.44462, rootUtil: 0.999981 },
  },
  "santos2002-fig4c": {
    rotate: { localShare: 0.467824, rootUtil: 0.899399, victimRate: 0.367897, islUtil: 0.841676 },
    "longest-idle": { localShare: 0.476885, rootUtil: 0.887948, victimRate: 0.447308, islUtil: 0.883656 },
    "oldest-packet": { localShare: 0.480463, rootUtil: 0.88849, victimRate: 0.414427, islUtil: 0.86277 },
  },
};

describe("santos2002-fig3a and santos2002-fig4c under each output order (full)", () => {
  it("give the README's table, and pass every claim", { timeout: 300_000 }, () => {
    const outcomes = santosOutputOrders(1);
    expect(outcomes).toHaveLength(6);
    for (const { preset, outputOrder, summary, checks } of outcomes) {
      expect(summary, `${preset} ${outputOrder}`).toEqual(table[preset][outputOrder]);
      expect(checks.filter((check) => !check.pass)).toEqual([]);
    }
  });
});
