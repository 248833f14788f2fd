/**
 * docs/spec/uec.md sec. 7, uec-permutation: ECMP's collisions stretch the tail (UE.2) and cut
 * throughput (UE.3); REPS ends within 1.25 x T1 (UE.4); oblivious spraying and switch AR end
 * above it (UE.1, UE.5 fail and stay reported as failing: the spec's "Results" explains them).
 * With core 0 -> pod 0's first aggregation switch at 25 %, REPS beats oblivious spraying
 * (UE.6) and stays near T1 (UE.7). Beside the claims: the matrix is a fixed derangement, T1 is
 * one flow's wire time plus its path, every flow of every run finishes without a retransmission
 * timeout, and the degraded link slows what crosses it.
 */

import { parseScenario } from "@losslab/scenario";
import { assertFullGolden } from "@losslab/test-kit/preset-golden";
import { describe, expect, it } from "vitest";
import { uecPermutation, uecPermutationScenario } from "../src/presets/uec-permutation.js";

const context = { seed: 1, progress: () => {} };
const linkRate = 12.5e9; // 100 Gb/s
type RunSummary = Record<string, number>;

describe("uec-permutation", async () => {
  const result = await uecPermutation.run(context);
  const summary = result.summary as Record<string, RunSummary>;

  it("matches its golden record; UE.2, UE.3, UE.4, UE.6, UE.7 pass, UE.1, UE.5 fail", () => {
    assertFullGolden(uecPermutation.name, result);
    expect(result.checks.map((check) => [check.id, check.pass])).toEqual([
      ["UE.1", false],
      ["UE.2", true],
      ["UE.3", true],
      ["UE.4", true],
      ["UE.5", false],
      ["UE.6", true],
      ["UE.7", true],
    ]);
    expect(uecPermutation.judge!(result.summary)).toEqual(result.checks);
  });

  it("reads one fixed derangement of the 128 hosts, whatever the run's seed", () => {
    const receivers = (seed: number) =>
      parseScenario(uecPermutationScenario("oblivious", seed)).traffic.map((flow) => {
        const { hosts, receiver } = flow as { hosts: string[]; receiver: string };
        return [hosts[0], receiver];
      });
    const pairs = receivers(1);
    expect(pairs).toHaveLength(128);
    expect(new Set(pairs.map(([, receiver]) => receiver)).size).toBe(128);
    expect(pairs.every(([source, receiver]) => source !== receiver)).toBe(true);
    expect(receivers(7)).toEqual(pairs);
  });

  it("T1 is one 2 MB flow's wire time plus its 6 hops of 1 us (cut-through)", () => {
    const wireUs = ((490 * 4150) / linkRate) * 1e6;
    expect(summary.alone!.t1Us).toBeGreaterThanOrEqual(wireUs + 6);
    expect(summary.alone!.t1Us).toBeLessThanOrEqual(wireUs + 7);
  });

  it("finishes every flow of every run, without a retransmission timeout", () => {
    for (const scheme of ["ecmp", "oblivious", "reps", "ar", "oblivious-degraded", "reps-degraded"]) {
      expect(summary[scheme]!.finished, scheme).toBe(128);
      expect(summary[scheme]!.timeouts, scheme).toBe(0);
    }
  });

  it("degrades core 0 -> pod 0's first aggregation switch to 25 %, that direction only, in the degraded runs alone", () => {
    const degraded = parseScenario(uecPermutationScenario("reps-degraded", 1));
    expect(degraded.degradedLinks).toEqual([{ link: "core0->pod0-agg0", ratio: 0.25, bothDirections: false }]);
    expect(degraded.multipath).toEqual(parseScenario(uecPermutationScenario("reps", 1)).multipath);
    expect(parseScenario(uecPermutationScenario("reps", 1)).degradedLinks).toEqual([]);
    // Oblivious spraying keeps sending a share of the flows into pod 0 over the slow link: it
    // trims more and ends later than on the healthy fabric.
    expect(summary["oblivious-degraded"]!.trimmed).toBeGreaterThan(summary.oblivious!.trimmed!);
    expect(summary["oblivious-degraded"]!.tailUs).toBeGreaterThan(summary.oblivious!.tailUs!);
  });
});
