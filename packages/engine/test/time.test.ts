import { describe, expect, it } from "vitest";
import {
  cycles,
  formatTime,
  ms,
  ns,
  PS_PER_S,
  ps,
  seconds,
  toMs,
  toNs,
  toSeconds,
  toUs,
  transmissionTime,
  us,
} from "../src/index.js";

describe("time helpers", () => {
  it("convert to and from integer picoseconds", () => {
    expect([ps(1.4), ns(1), us(2.068), ms(100), seconds(1)]).toEqual([1, 1000, 2_068_000, 1e11, PS_PER_S]);
    expect([toNs(1500), toUs(2_068_000), toMs(1e9), toSeconds(PS_PER_S)]).toEqual([1.5, 2.068, 1, 1]);
    expect(cycles(3, 1551)).toBe(4653);
  });

  it("round transmission times to the picosecond", () => {
    expect(transmissionTime(2068, 1e9)).toBe(2_068_000);
    expect(transmissionTime(1, 3)).toBe(333_333_333_333);
  });

  it("format times for humans", () => {
    expect([formatTime(12), formatTime(12_500), formatTime(2_068_000), formatTime(1e11), formatTime(3e12)]).toEqual([
      "12 ps",
      "12.5 ns",
      "2.068 us",
      "100 ms",
      "3 s",
    ]);
  });
});
