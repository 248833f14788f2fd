/**
 * docs/spec/uec.md sec. 7, uec-victim: on dcqcn-victim's scenario, NSCC and RCCC on a trimming
 * class give the victim more than its max-min share asks (UE.15, UE.16) and no less than DCQCN
 * (UE.18); RCCC leaves the root link idle a quarter of the time (UE.17 fails and stays
 * reported as failing: the spec's "Results" explains it). Beside the claims: the dcqcn run is
 * dcqcn-victim's own, and the trimming runs never pause and never time out.
 */

import { assertFullGolden, readGolden } from "@losslab/test-kit/preset-golden";
import { describe, expect, it } from "vitest";
import { uecVictim } from "../src/presets/uec-victim.js";

const context = { seed: 1, progress: () => {} };
type RunSummary = Record<string, number>;

describe("uec-victim", async () => {
  const result = await uecVictim.run(context);
  const summary = result.summary as Record<string, RunSummary>;

  it("matches its golden record; UE.15, UE.16, UE.18 pass, UE.17 fails", () => {
    assertFullGolden(uecVictim.name, result);
    expect(result.checks.map((check) => [check.id, check.pass])).toEqual([
      ["UE.15", true],
      ["UE.16", true],
      ["UE.17", false],
      ["UE.18", true],
    ]);
    expect(uecVictim.judge!(result.summary)).toEqual(result.checks);
  });

  it("runs dcqcn-victim's own dcqcn scenario: the same numbers as that preset's record", () => {
    const { trimmed, timeouts, ...dcqcn } = summary.dcqcn!;
    expect([trimmed, timeouts]).toEqual([0, 0]);
    expect(dcqcn).toEqual((readGolden("dcqcn-victim").full!.summary as Record<string, unknown>).dcqcn);
  });

  it("on the trimming class: trims, never pauses, never times out", () => {
    for (const scheme of ["nscc", "rccc"]) {
      expect(summary[scheme]!.trimmed, scheme).toBeGreaterThan(0);
      expect(summary[scheme]!.pauseFrames, scheme).toBe(0);
      expect(summary[scheme]!.timeouts, scheme).toBe(0);
    }
  });

  it("RCCC: the ISL, not the root, is full, so credit BC grants to remote senders waits behind the victim's", () => {
    // BV pulls the victim at 0.99 of the line rate, BC pulls the 4 remote senders at 4/8 of it:
    // together 1.5 x the ISL. What the ISL cannot carry leaves BC's grants unused.
    const rccc = summary.rccc!;
    expect(rccc.islUtil).toBeGreaterThan(0.95);
    expect(rccc.victimRate! + rccc.remoteRate!).toBeGreaterThan(0.9);
    // The locals, alone on their links, take their 4/8 of BC; the remote senders far less.
    expect(rccc.localRate).toBeGreaterThan(0.48);
    expect(rccc.remoteRate).toBeLessThan(0.3);
  });
});
