/**
 * docs/spec/uec.md sec. 7, uec-cbfc: CBFC spreads congestion on santos-2002's scenario S as PFC
 * does (UE.19, UE.20 pass); on the fat-tree hot spot both controls treat the background alike
 * (UE.24 passes) but the mean background rate stays above UE.22/UE.23's bound, and one credit
 * round trip of buffer does not keep an uncongested hop at line rate (UE.21): those fail and
 * stay reported as failing (the spec's "Results" explains them). Beside the claims: the runs
 * differ in their flow control only, and UE.21's utilisation is the one cbfc.md's credit loop
 * predicts.
 */

import { parseScenario, runScenario } from "@losslab/scenario";
import { assertFullGolden } from "@losslab/test-kit/preset-golden";
import { describe, expect, it } from "vitest";
import { cbfcHotSpotScenario, cbfcRoundTripScenario, cbfcSantosScenario, uecCbfc } from "../src/presets/uec-cbfc.js";

const context = { seed: 1, progress: () => {} };
const linkRate = 12.5e9; // 100 Gb/s
type RunSummary = Record<string, number>;

describe("uec-cbfc", async () => {
  const result = await uecCbfc.run(context);
  const summary = result.summary as Record<string, RunSummary>;

  it("matches its golden record; UE.19, UE.20, UE.24 pass, UE.21-UE.23 fail", () => {
    assertFullGolden(uecCbfc.name, result);
    expect(result.checks.map((check) => check.id)).toEqual(["UE.19", "UE.20", "UE.21", "UE.22", "UE.23", "UE.24"]);
    expect(result.checks.filter((check) => !check.pass).map((check) => check.id)).toEqual(["UE.21", "UE.22", "UE.23"]);
    expect(uecCbfc.judge!(result.summary)).toEqual(result.checks);
  });

  it("changes one field: each PFC run and its CBFC run differ in switch.flowControl only", () => {
    const strip = (input: ReturnType<typeof cbfcSantosScenario>) => ({
      ...input,
      name: "",
      switch: { ...input.switch!, flowControl: undefined },
    });
    expect(strip(cbfcSantosScenario("pfc", 1))).toEqual(strip(cbfcSantosScenario("cbfc", 1)));
    for (const withHotSpot of [true, false]) {
      expect(strip(cbfcHotSpotScenario("pfc", withHotSpot, 1))).toEqual(
        strip(cbfcHotSpotScenario("cbfc", withHotSpot, 1)),
      );
    }
  });

  it("PFC runs send PAUSE frames and no credit update; CBFC runs the reverse", () => {
    for (const fabric of ["santos", "hotspot"]) {
      expect(summary[`${fabric}-pfc`]!.pauseFrames, fabric).toBeGreaterThan(0);
      expect(summary[`${fabric}-pfc`]!.creditUpdates, fabric).toBe(0);
      expect(summary[`${fabric}-cbfc`]!.pauseFrames, fabric).toBe(0);
      expect(summary[`${fabric}-cbfc`]!.creditUpdates, fabric).toBeGreaterThan(0);
    }
  });

  it("santos S: the victim gets far below its max-min share (0.5) under both, while the root stays busy", () => {
    for (const control of ["pfc", "cbfc"]) {
      expect(summary[`santos-${control}`]!.victimRate, control).toBeLessThan(0.25);
      expect(summary[`santos-${control}`]!.rootUtil, control).toBeGreaterThan(0.95);
    }
  });

  it("UE.21: one round trip of credits runs the hop at the rate cbfc.md's credit loop predicts, and a loop's worth runs it at line rate", () => {
    // cbfc.md sec. 3: a block is back within 2 x delay + the frame's serialisation + 40 ns of
    // forwarding + the update frame + the wait for the period's boundary (0 to P = 1 us).
    const frame = 4150 / linkRate;
    const loop = 2e-6 + frame + 40e-9 + 64 / linkRate;
    const bytes = summary["roundtrip-cbfc"]!.inputBufferBytes!;
    const rate = summary["roundtrip-cbfc"]!.hopUtil!;
    expect(rate).toBeGreaterThanOrEqual(bytes / (linkRate * (loop + 1e-6)));
    expect(rate).toBeLessThanOrEqual(bytes / (linkRate * loop));
    // A carve-out covering the whole loop, the period included, plus a frame: full rate.
    const input = cbfcRoundTripScenario(1);
    const covering = Math.ceil((linkRate * (loop + 1e-6) + 4150) / 64) * 64;
    const run = runScenario(parseScenario({ ...input, switch: { ...input.switch!, inputBufferBytes: covering } }));
    expect(run.rate("link:H0->S", 0.05, 0.25)).toBeGreaterThan(0.99);
  });

  it("is deterministic: the same scenario and seed give the same fingerprint", () => {
    const input = cbfcHotSpotScenario("cbfc", true, 7);
    expect(runScenario(parseScenario(input)).fingerprint).toBe(runScenario(parseScenario(input)).fingerprint);
  });
});
