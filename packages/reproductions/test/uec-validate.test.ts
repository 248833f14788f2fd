/**
 * docs/spec/uec.md sec. 7, "The validation plans as presets": uet-htsim's plans run line by
 * line on losslab's rebuild of each fabric and matrix. Here the small plans in full (their
 * golden records), what their lines must show whatever the targets (every flow finishes, a
 * lone flow and the 16-host incast end at line rate), and the scenarios as the spec states them.
 */

import { parseScenario } from "@losslab/scenario";
import { assertFullGolden } from "@losslab/test-kit/preset-golden";
import { describe, expect, it } from "vitest";
import {
  networkRttPs,
  uecValidateBoth,
  uecValidateRcv,
  uecValidateScenario,
  uecValidateSender,
  uecValidateSenderLarge,
} from "../src/presets/uec-validate.js";
import { planLines } from "../src/presets/uec-validate-lines.js";

const context = { seed: 1, progress: () => {} };
/** One 2 MB flow on the wire: 489 full packets of 4150 B and one of 1946 + 64 B, at 100 Gb/s, us. */
const flowWireUs = ((489 * 4150 + 2010) * 8) / 100e3;
/** The ACK's trip the presets add to a delivery (6 hops of 1 us and a 64 B ACK), us. */
const ackTripUs = 6 * (1 + 64 / 12.5e3);
const line = (id: number) => planLines.find((l) => l.id === id)!;

describe.each([uecValidateSender, uecValidateRcv, uecValidateBoth])("$name", async (preset) => {
  const result = await preset.run(context);
  const summary = result.summary as Record<string, Record<string, number>>;

  it("matches its golden record, judges its summary as it ran, and lists the lines it runs", () => {
    assertFullGolden(preset.name, result);
    expect(preset.judge!(result.summary)).toEqual(result.checks);
    expect(Object.keys(summary)).toEqual([
      "line1",
      "line2",
      "line3",
      "line4",
      "line6",
      "line7",
      "line8",
      "line9",
      "line10",
    ]);
    expect(preset.scenarios(1)).toHaveLength(9);
  });

  it("finishes every flow of every line, #9 (the degraded link) too, and #9 trims where #8 does not", () => {
    for (const [key, numbers] of Object.entries(summary)) expect(numbers.finished, key).toBe(numbers.connections);
    // The same permutation with core 0 -> pod 0's aggregation 0 at 25 %: its 10-packet queue trims.
    expect(summary.line8!.trimmed).toBe(0);
    expect(summary.line9!.trimmed).toBeGreaterThan(0);
    expect(summary.line9!.tailUs).toBeGreaterThan(summary.line8!.tailUs!);
  });

  it("a lone flow and the 16-host incast end at line rate; nothing times out where nothing is dropped", () => {
    // The flow's bytes on the wire plus the path: 6 hops of 1 us and the last packet stored and forwarded.
    expect(summary.line1!.tailUs).toBeGreaterThanOrEqual(flowWireUs + 6);
    expect(summary.line1!.tailUs).toBeLessThanOrEqual(1.05 * (flowWireUs + 6));
    expect(summary.line1!.tailAckedUs).toBeCloseTo(summary.line1!.tailUs! + ackTripUs, 3);
    // 15 flows into one host: its link carries 15 flows' bytes, at most 5 % slower.
    expect(summary.line3!.tailUs).toBeGreaterThanOrEqual(15 * flowWireUs);
    expect(summary.line3!.tailUs).toBeLessThanOrEqual(1.05 * 15 * flowWireUs);
    expect(summary.line3!.trimmed).toBeGreaterThan(0); // the incast trims, and recovers by NACK
    expect(summary.line3!.nacks).toBe(summary.line3!.trimmed);
    for (const numbers of Object.values(summary)) expect(numbers.timeouts).toBe(0);
  });
});

describe("the plans' scenarios", () => {
  it("follow uet-htsim's sizing: network_rtt 14.02 us on a 3-tier tree, a 43-packet trimming queue, ECN 9-35 packets", () => {
    expect(networkRttPs({ kind: "fat-tree", k: 4 }) / 1e6).toBeCloseTo(14.02272, 4);
    expect(networkRttPs({ kind: "leaf-spine", uplinks: 8 }) / 1e6).toBeCloseTo(9.34848, 4);
    const s = parseScenario(uecValidateScenario("sender", line(1), 1));
    expect(s.switch).toMatchObject({ lossyPriorities: [0], trimThresholdBytes: 43 * 4150 });
    expect(s.marking).toMatchObject({ kind: "red", kmin: 9 * 4150, kmax: 35 * 4150, pmax: 1, hostPorts: true });
    expect(s.controller).toMatchObject({ kind: "nscc", targetDelayUs: 0.75 * 14.02272 });
    expect(s.multipath).toEqual({ kind: "mixed", entropies: 64 });
    expect(s.topology).toMatchObject({ kind: "fat-tree", k: 4 });
  });

  it("give each plan its mode: R pulls only, B both, ECN off toward hosts when receivers pull", () => {
    const rcv = parseScenario(uecValidateScenario("rcv", line(5), 1));
    expect(rcv.controller.kind).toBe("none");
    expect(rcv.adapter.receiverCredits).toBeDefined();
    expect(rcv.marking).toMatchObject({ hostPorts: false });
    expect(rcv.durationMs).toBe(10);
    const both = parseScenario(uecValidateScenario("both", line(6), 1));
    expect(both.controller).toMatchObject({ kind: "nscc", initialWindowPackets: 50 });
    expect(both.adapter.receiverCredits).toBeDefined();
    const single = parseScenario(uecValidateScenario("sender", line(13), 1));
    expect(single.multipath).toEqual({ kind: "ecmp" });
    expect(single.topology).toMatchObject({ kind: "fat-tree", k: 16 });
    const oversubscribed = parseScenario(uecValidateScenario("sender", line(15), 1));
    expect(oversubscribed.topology).toMatchObject({ kind: "spine-leaf", leaves: 32, spines: 4, hostsPerLeaf: 32 });
    expect(oversubscribed.switch).toMatchObject({ trimThresholdBytes: 29 * 4150 });
  });

  it("degrade core 0 -> aggregation 0 of pod 0 to 25 %, one direction, on #9 and #12 only (-failed 1)", () => {
    for (const id of [9, 12]) {
      expect(parseScenario(uecValidateScenario("rcv", line(id), 1)).degradedLinks).toEqual([
        { link: "core0->pod0-agg0", ratio: 0.25, bothDirections: false },
      ]);
    }
    for (const id of [8, 11]) expect(parseScenario(uecValidateScenario("rcv", line(id), 1)).degradedLinks).toEqual([]);
  });

  it("run OversubscribedCC with RCCC alone on the leaf-spines, down to 0.9 / the oversubscription ratio (dc/main_uec.cpp:688-692)", () => {
    const credits = (plan: "rcv" | "both", id: number) =>
      parseScenario(uecValidateScenario(plan, line(id), 1)).adapter.receiverCredits;
    expect(credits("rcv", 14)?.oversubscribed).toEqual({
      ai: 0.01,
      md: 0.5,
      alpha: 0.5,
      targetCongestion: 0.3,
      minRate: 0.9 / 4,
    });
    expect(credits("rcv", 15)?.oversubscribed?.minRate).toBe(0.9 / 8);
    // Not with NSCC too, and not on the (not oversubscribed) fat trees.
    expect(credits("both", 15)?.oversubscribed).toBeUndefined();
    expect(credits("rcv", 13)?.oversubscribed).toBeUndefined();
  });

  it("split #7's flow 1 -> 0 into a group of its own, and list the large plans' lines", () => {
    const traffic = parseScenario(uecValidateScenario("sender", line(7), 1)).traffic;
    expect(traffic.map((entry) => (entry as { group?: string }).group)).toEqual(["matrix", "flow"]);
    expect(uecValidateSenderLarge.long).toBe(true);
    expect(uecValidateSenderLarge.scenarios(1).map((s) => s.name)).toEqual([
      "uec-validate-sender #5 1024 node incast",
      "uec-validate-sender #11 Large permutation (1024 nodes)",
      "uec-validate-sender #12 Large permutation, INC (1024 nodes)",
      "uec-validate-sender #13 Large permutation (1024 nodes), single path",
      "uec-validate-sender #14 (4:1) Oversubscribed permutation with multipath",
      "uec-validate-sender #15 8:1 oversubscribed permutation with multipath",
    ]);
  });
});
