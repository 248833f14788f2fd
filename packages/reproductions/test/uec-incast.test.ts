/**
 * docs/spec/uec.md sec. 7, uec-incast: NSCC, RCCC and both finish the 15 -> 1 incast at line
 * rate on a trimming class (UE.8), without a retransmission timeout (UE.12), and NSCC trims
 * little after its first round trips (UE.14), and the short flows end near drain time (UE.11,
 * since RCCC's slow pulls replaced the owed pull); UE.9, UE.10, UE.13 fail and stay reported
 * as failing (the spec's "Results" explains each). Beside the claims: every flow of every run
 * finishes (the 127 -> 1 matrix's RCCC flows send whole in their speculative window: their
 * trimmed headers must bring them credit), every retransmission answers one NACK or one
 * timeout, and the lossless runs trim nothing.
 */

import { parseScenario, runScenario } from "@losslab/scenario";
import { assertFullGolden } from "@losslab/test-kit/preset-golden";
import { describe, expect, it } from "vitest";
import { uecIncast, uecIncastScenario } from "../src/presets/uec-incast.js";

const context = { seed: 1, progress: () => {} };
type RunSummary = { [key: string]: number } & {
  trimmed: number;
  nacks: number;
  timeouts: number;
  retransmissions: number;
  trimmedAfter100Us: number;
};

describe("uec-incast", async () => {
  const result = await uecIncast.run(context);
  const summary = result.summary as unknown as Record<string, RunSummary>;
  const senders = { long: 15, short: 127 } as const;

  it("matches its golden record; UE.8, UE.11, UE.12, UE.14 pass, UE.9, UE.10, UE.13 fail", () => {
    assertFullGolden(uecIncast.name, result);
    expect(result.checks.map((check) => check.id)).toEqual([
      "UE.8",
      "UE.9",
      "UE.10",
      "UE.11",
      "UE.12",
      "UE.13",
      "UE.14",
    ]);
    expect(result.checks.filter((check) => check.pass).map((check) => check.id)).toEqual([
      "UE.8",
      "UE.11",
      "UE.12",
      "UE.14",
    ]);
    expect(uecIncast.judge!(result.summary)).toEqual(result.checks);
  });

  it("finishes every flow of every run, RCCC's short flows included", () => {
    for (const matrix of ["long", "short"] as const) {
      for (const scheme of ["nscc", "rccc", "both", "dcqcn"]) {
        expect(summary[`${matrix}-${scheme}`]!.finished, `${matrix} ${scheme}`).toBe(senders[matrix]);
      }
    }
  });

  it("recovers every trim: each retransmission answers one NACK or one timeout; lossless runs trim nothing", () => {
    for (const matrix of ["long", "short"] as const) {
      for (const scheme of ["nscc", "rccc", "both"]) {
        const run = summary[`${matrix}-${scheme}`]!;
        expect(run.trimmed, `${matrix} ${scheme}`).toBeGreaterThan(0);
        expect(run.retransmissions, `${matrix} ${scheme}`).toBe(run.nacks + run.timeouts);
        expect(run.trimmedAfter100Us, `${matrix} ${scheme}`).toBeLessThanOrEqual(run.trimmed);
      }
      const lossless = summary[`${matrix}-dcqcn`]!;
      expect([lossless.trimmed, lossless.retransmissions]).toEqual([0, 0]);
    }
  });

  it("counts trims by time: the intervals add up to the run's trims", () => {
    const run = runScenario(parseScenario({ ...uecIncastScenario("long", "nscc", 1), durationMs: 0.5 }));
    const total = run.recovery!.total.trimmed;
    expect(total).toBeGreaterThan(0);
    expect(run.trimmed(0, 0.1) + run.trimmed(0.1, 0.5)).toBe(total);
    expect(run.trimmed(0, 0.1)).toBeGreaterThan(0); // the first round trip's windows are trimmed
  });

  it("is deterministic: the same scenario and seed give the same fingerprint", () => {
    const input = { ...uecIncastScenario("short", "rccc", 7), durationMs: 0.4 };
    expect(runScenario(parseScenario(input)).fingerprint).toBe(runScenario(parseScenario(input)).fingerprint);
  });
});
