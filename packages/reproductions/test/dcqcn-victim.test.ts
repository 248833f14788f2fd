/** docs/spec/datacenter.md, dcqcn-victim: every claim must pass. */

import { parseScenario, runScenario } from "@losslab/scenario";
import { assertFullGolden } from "@losslab/test-kit/preset-golden";
import { describe, expect, it } from "vitest";
import { dcqcnVictim, victimScenario } from "../src/presets/dcqcn-victim.js";

const context = { seed: 1, progress: () => {} };

describe("dcqcn-victim", () => {
  it("PFC alone spreads congestion to the victim; DCQCN contains it: every claim passes", async () => {
    const result = await dcqcnVictim.run(context);
    assertFullGolden(dcqcnVictim.name, result);
    expect(result.checks.filter((check) => !check.pass).map((check) => check.id)).toEqual([]);
    expect(Object.keys(result.summary)).toEqual(["pfc", "dcqcn"]);
  });

  it("runs on DCQCN's testbed switch, the shared buffer; the CIOQ crossbar of before stays a parameter", () => {
    const sw = victimScenario("pfc", 1).switch!;
    // Trident II: 12 MiB less 7 ports' 50 KB of headroom as the pool, PFC at alpha 1 of its free part.
    expect(sw).toMatchObject({ kind: "shared-buffer", pfcThreshold: "dynamic", pfcAlpha: 1 });
    expect(sw.sharedBufferBytes).toBe(Math.floor((12 * 2 ** 20 - 7 * 49_984) / 64) * 64);
    const cioq = victimScenario("pfc", 1, "cioq");
    expect(cioq.switch!.kind).toBe("cioq");
    expect(runScenario(parseScenario(cioq)).delivered).toBeGreaterThan(0);
  });
});
