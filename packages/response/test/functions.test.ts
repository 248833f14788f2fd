import { describe, expect, it } from "vitest";
import { aimd, fimd, lipd, responseFunction, responseFunctionNames } from "../src/index.js";

// Hand-computed from santos-2002 sec. 6.2 with Rmin = 1, Rmax = 256 (packets per unit time).
const range = { Rmin: 1, Rmax: 256 };

describe("fimd", () => {
  const f = fimd(range);
  it("records its parameters", () => {
    expect(f.name).toBe("fimd");
    expect(f.parameters).toEqual({ Rmin: 1, Rmax: 256, m: 2 });
  });
  it("decreases multiplicatively, clamped at Rmin", () => {
    expect(f.decrease(256)).toBe(128);
    expect(f.decrease(3)).toBe(1.5);
    expect(f.decrease(1.5)).toBe(1);
  });
  it("increases by m^(Rmin/r), capped at Rmax", () => {
    expect(f.increase(1)).toBe(2); // one ACK at Rmin undoes one mark
    expect(f.increase(128)).toBeCloseTo(128 * 2 ** (1 / 128), 12);
    expect(f.increase(10)).toBeCloseTo(10 * 2 ** 0.1, 12);
    expect(f.increase(255.9)).toBe(256);
  });
  it("scales the increase by packet size (footnote 9)", () => {
    expect(f.increase(128, 0.5)).toBeCloseTo(128 * 2 ** (0.5 / 128), 12);
    expect(f.increase(128, 0)).toBe(128);
  });
  it("uses m", () => {
    const g = fimd({ ...range, m: 4 });
    expect(g.decrease(100)).toBe(25);
    expect(g.increase(1)).toBe(4);
  });
  it("has F_inc(t) = Rmin m^(t/T)", () => {
    expect(f.curve?.rateAt(3)).toBeCloseTo(8, 12);
    expect(f.curve?.timeAt(64)).toBeCloseTo(6, 12);
    expect(f.curve?.duration).toBeCloseTo(8, 12);
  });
});

describe("aimd", () => {
  const f = aimd(range);
  it("decreases multiplicatively (max, not the paper's misprinted min)", () => {
    expect(f.decrease(100)).toBe(50);
    expect(f.decrease(1.2)).toBe(1);
  });
  it("increases by (m-1) Rmin^2 / r", () => {
    expect(f.increase(1)).toBe(2);
    expect(f.increase(128)).toBeCloseTo(128 + 1 / 128, 12);
    expect(f.increase(255.999)).toBe(256);
    expect(aimd({ ...range, m: 3 }).increase(4)).toBeCloseTo(4 + 2 / 4, 12);
  });
  it("has a linear F_inc with slope (m-1) Rmin per period", () => {
    expect(f.curve?.rateAt(10)).toBeCloseTo(11, 12);
    expect(f.curve?.duration).toBeCloseTo(255, 12);
    expect(aimd({ ...range, m: 3 }).curve?.duration).toBeCloseTo(127.5, 12);
  });
});

describe("lipd", () => {
  const f = lipd(range);
  it("has no m", () => {
    expect(f.parameters).toEqual({ Rmin: 1, Rmax: 256 });
  });
  it("decreases by adding one to the inter-packet delay", () => {
    expect(f.decrease(256)).toBe(128); // ipd 0 -> 1
    expect(f.decrease(128)).toBeCloseTo(256 / 3, 12); // ipd 1 -> 2
    expect(f.decrease(256 / 255)).toBeCloseTo(1, 12); // ipd 254 -> 255
    expect(f.decrease(1)).toBe(1);
  });
  it("increases by 1/(1 - Rmin/Rmax)", () => {
    expect(f.increase(1)).toBeCloseTo(256 / 255, 12);
    expect(f.increase(128)).toBeCloseTo((128 * 256) / 255, 12);
    expect(f.increase(255.5)).toBe(256);
    expect(f.increase(10, 2)).toBeCloseTo(10 / (1 - 2 / 256), 12);
  });
  it("has F_inc(t) = Rmax/(Rmax/Rmin - t/T)", () => {
    expect(f.curve?.rateAt(128)).toBeCloseTo(2, 12);
    expect(f.curve?.timeAt(2)).toBeCloseTo(128, 12);
    expect(f.curve?.duration).toBe(255);
  });
});

describe("validation", () => {
  it("defaults Rmin to Rmax/256", () => {
    expect(fimd({ Rmax: 1e9 }).parameters.Rmin).toBe(1e9 / 256);
  });
  it("rejects bad ranges and factors", () => {
    expect(() => fimd({ Rmax: -1 })).toThrow(/Rmax/);
    expect(() => lipd({ Rmax: 10, Rmin: 10 })).toThrow(/Rmin/);
    expect(() => aimd({ Rmax: 10, m: 1 })).toThrow(/m must be/);
    expect(() => fimd(range).increase(2, -1)).toThrow(/packets/);
    expect(() => fimd(range).decrease(Number.NaN)).toThrow(/NaN/);
  });
  it("clamps inputs outside the range", () => {
    expect(lipd(range).decrease(1000)).toBe(128);
    expect(fimd(range).increase(0.001)).toBe(2);
  });
});

describe("responseFunction registry", () => {
  it("builds each function by name", () => {
    for (const name of responseFunctionNames) {
      expect(responseFunction(name, { Rmax: 1e9 }).name).toBe(name);
    }
    expect(responseFunction("aimd", { Rmax: 1e9, m: 3 }).parameters.m).toBe(3);
  });
  it("names the allowed values for an unknown name", () => {
    expect(() => responseFunction("cubic", { Rmax: 1 })).toThrow(
      'unknown response function "cubic"; allowed: "aimd", "fimd", "lipd"',
    );
  });
  it("refuses m for lipd", () => {
    expect(() => responseFunction("lipd", { Rmax: 1, m: 2 })).toThrow(/lipd takes no m/);
  });
});
