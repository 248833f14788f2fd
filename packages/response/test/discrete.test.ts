import { describe, expect, it } from "vitest";
import { aimd, continuousRate, discreteRate, fimd, ipdRates, lipd, MAX_IPD, rateTable } from "../src/index.js";

const Rmax = 1e9;

describe("ipdRates", () => {
  it("lists Rmax/(1+ipd), ipd = 0..255 by default", () => {
    const rates = ipdRates(Rmax);
    expect(rates).toHaveLength(256);
    expect(rates[0]).toBe(Rmax);
    expect(rates[3]).toBe(Rmax / 4);
    expect(rates[MAX_IPD]).toBe(Rmax / 256);
    expect(ipdRates(6, 2)).toEqual([6, 3, 2]);
    expect(() => ipdRates(1, 1.5)).toThrow(/maxIpd/);
  });
});

describe("rateTable", () => {
  it("runs LIPD one IPD step at a time, waiting ceil(256/(1+ipd)) ACKs", () => {
    const table = rateTable(lipd({ Rmax }));
    expect(table.levels).toEqual(ipdRates(Rmax));
    expect(table.decreaseTo.slice(0, 4)).toEqual([1, 2, 3, 4]);
    expect(table.decreaseTo[255]).toBe(255);
    expect(table.increaseAfter.slice(0, 5)).toEqual([0, 128, 86, 64, 52]);
    expect(table.increaseAfter[255]).toBe(1); // Responsiveness: one ACK at Rmin
    for (let ipd = 1; ipd <= 255; ipd++) {
      expect(table.increaseTo[ipd]).toBe(ipd - 1);
      expect(table.increaseAfter[ipd]).toBe(Math.ceil(256 / (1 + ipd)));
    }
  });
  it("halves FIMD's rate on the grid: ipd i -> 2i+1", () => {
    const table = rateTable(fimd({ Rmax }));
    expect(table.decreaseTo[0]).toBe(1);
    expect(table.decreaseTo[1]).toBe(3);
    expect(table.decreaseTo[100]).toBe(201);
    expect(table.decreaseTo[127]).toBe(255);
    expect(table.decreaseTo[200]).toBe(255);
    // From Rmin one ACK doubles the rate: ipd 255 -> 127.
    expect(table.increaseAfter[255]).toBe(1);
    expect(table.increaseTo[255]).toBe(127);
    // From Rmax/2 the curve needs T = 128 ACKs at that rate to reach Rmax.
    expect(table.increaseAfter[1]).toBe(128);
    expect(table.increaseTo[1]).toBe(0);
    // From Rmax/3: log2(3/2) T = 49.9 ACKs -> 50; 50 ACKs last 50*3/256 = 0.586 T, where the
    // curve stands at Rmax/3 * 2^0.586 = Rmax/1.9987: floored to ipd 1.
    expect(table.increaseAfter[2]).toBe(50);
    expect(table.increaseTo[2]).toBe(1);
  });
  it("takes custom levels and floors rates onto them", () => {
    const table = rateTable(aimd({ Rmax: 8, Rmin: 1 }), { levels: [1, 2, 3, 4, 5, 6, 7, 8, 100] });
    expect(table.levels).toEqual([8, 7, 6, 5, 4, 3, 2, 1]);
    expect(table.levelOf(6.5)).toBe(2);
    expect(table.levelOf(0.5)).toBe(7);
    expect(table.decreaseTo[0]).toBe(4); // 8 -> 4
    expect(table.decreaseTo[1]).toBe(5); // 7 -> 3.5 -> 3
    // AIMD on integers with Rmin = 1: +1 after w ACKs (one "window" of ACKs).
    expect(table.increaseAfter[4]).toBe(4); // at 4
    expect(table.increaseTo[4]).toBe(3); // -> 5
    expect(() => rateTable(lipd({ Rmax: 8, Rmin: 1 }), { levels: [100] })).toThrow(/no level/);
  });
});

describe("discreteRate", () => {
  it("LIPD: a mark at Rmax costs 128 unmarked ACKs at Rmax/2", () => {
    const limit = discreteRate(lipd({ Rmax }));
    expect(limit.rate).toBe(Rmax);
    expect(limit.decrease()).toBe(Rmax / 2);
    expect(limit.level).toBe(1);
    expect(limit.remaining).toBe(128);
    for (let i = 0; i < 127; i++) expect(limit.increase()).toBe(Rmax / 2);
    expect(limit.increase()).toBe(Rmax);
    expect(limit.increase()).toBe(Rmax); // nothing above
  });
  it("restarts the counter on a mark", () => {
    const limit = discreteRate(lipd({ Rmax }), { initialRate: Rmax / 3 });
    for (let i = 0; i < 80; i++) limit.increase();
    expect(limit.remaining).toBe(6);
    limit.decrease();
    expect(limit.rate).toBe(Rmax / 4);
    expect(limit.remaining).toBe(64); // ceil(256/4)
  });
  it("counts fractions of a packet", () => {
    const limit = discreteRate(lipd({ Rmax }), { initialRate: Rmax / 256 });
    limit.increase(0.5);
    expect(limit.rate).toBe(Rmax / 256);
    limit.increase(0.5);
    expect(limit.rate).toBe(Rmax / 255);
  });
  it("FIMD: one ACK at Rmin doubles the rate (ipd 255 -> 127)", () => {
    const limit = discreteRate(fimd({ Rmax }), { initialRate: Rmax / 256 });
    limit.increase();
    expect(limit.level).toBe(127);
    expect(limit.rate).toBe(Rmax / 128);
  });
  it("snaps the starting rate down onto the grid", () => {
    const limit = discreteRate(fimd({ Rmax }), { initialRate: Rmax / 2.5 });
    expect(limit.rate).toBe(Rmax / 3);
    limit.reset(Rmax * 0.99);
    expect(limit.rate).toBe(Rmax / 2);
  });
  it("refuses a table built for another function", () => {
    const table = rateTable(fimd({ Rmax }));
    expect(() => discreteRate(lipd({ Rmax }), { table })).toThrow(/another response function/);
  });
  it("recovers from a mark in about the same time as continuous mode", () => {
    // Time counted in ACK intervals 1/rate, in periods T = 1/Rmin (packets).
    const f = lipd({ Rmax: 256, Rmin: 1 });
    for (const ipd of [0, 3, 20, 100]) {
      const d = discreteRate(f, { initialRate: 256 / (1 + ipd) });
      const c = continuousRate(f, 256 / (1 + ipd));
      const recover = (limit: { rate: number; increase(): number; decrease(): number }) => {
        const target = limit.rate;
        limit.decrease();
        let time = 0;
        while (limit.rate < target * (1 - 1e-12)) {
          time += 1 / limit.rate;
          limit.increase();
        }
        return time;
      };
      expect(Math.abs(recover(d) - recover(c))).toBeLessThan(0.03);
    }
  });
});

describe("continuousRate", () => {
  it("applies the function as is and clamps resets", () => {
    const limit = continuousRate(fimd({ Rmax: 256, Rmin: 1 }));
    expect(limit.decrease()).toBe(128);
    expect(limit.increase()).toBeCloseTo(128 * 2 ** (1 / 128), 12);
    limit.reset(1000);
    expect(limit.rate).toBe(256);
    expect(() => limit.reset(Number.NaN)).toThrow(/NaN/);
  });
});
