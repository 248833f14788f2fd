/**
 * The shared-buffer organisation in scenarios: its rules against the inputs and their flow
 * control are refused field by field before anything is built (its definition's
 * `checkBuffers`), and a PFC fan-in runs on it, losslessly and the same as built by hand.
 */
import { errorOf } from "@losslab/test-kit/errors";
import { describe, expect, it } from "vitest";
import { parseScenario, runScenario, ScenarioError } from "../src/index.js";

/** H0 and H1 send to H2 through one shared-buffer switch at 1 GB/s, 10 ns links, raw Ethernet, until 20 us. */
const fanIn = (sw: object = {}) => ({
  durationMs: 0.05,
  topology: { kind: "single-switch", hosts: 3, bandwidth: 1e9, delayNs: 10 },
  switch: {
    kind: "shared-buffer",
    sharedBufferBytes: 20_000,
    inputBufferBytes: 12_800,
    flowControl: { kind: "pause", xoffBytes: 4000, xonBytes: 2000 },
    ...sw,
  },
  packets: { dataBytes: 1000, headerBytes: 20 },
  adapter: { acks: false },
  flows: [
    { source: "H0", destination: "H2", stopUs: 20 },
    { source: "H1", destination: "H2", stopUs: 20 },
  ],
});

const refusal = (input: object) => errorOf(ScenarioError, () => parseScenario(input)).message;

describe("shared-buffer switch in a scenario", () => {
  it("refuses an XOFF above the pool, an alpha per VL missing, a reserve or headroom that does not fit, naming the field", () => {
    expect(refusal(fanIn({ sharedBufferBytes: 3000 }))).toMatch(
      /switch\.flowControl\.xoffBytes: .*must be at most sharedBufferBytes \(3000\): an input's bytes below XOFF come from the shared pool/,
    );
    expect(refusal(fanIn({ vls: 2, alphas: [1] }))).toMatch(/switch\.alphas: .*one alpha > 0 per VL \(vls 2\)/);
    expect(refusal(fanIn({ reserveBytes: 20_000 }))).toMatch(/switch\.reserveBytes: .*below sharedBufferBytes/);
    // The headroom above XOFF (inputBufferBytes - xoffBytes) must hold what is in flight.
    expect(refusal(fanIn({ inputBufferBytes: 6000 }))).toMatch(/switch\.flowControl\.xoffBytes: .*above XOFF/);
    expect(refusal(fanIn({ sharedBufferBytes: 500 }))).toMatch(/switch\.sharedBufferBytes: .*cannot hold one packet/);
  });

  it("runs a PFC fan-in losslessly: both hosts paused, every packet delivered", () => {
    const result = runScenario(parseScenario(fanIn({ pfcThreshold: "dynamic", pfcAlpha: 0.25 })));
    expect(result.pause!.frames).toBeGreaterThan(0);
    expect(result.pause!.byLink.map((link) => link.link).sort()).toEqual(["H0->S", "H1->S"]);
    expect(result.stats.dataPackets.inFlight + result.delivered).toBe(result.stats.dataPackets.injected);
    // The receiver's link (1 packet per us) stays busy: at least 20 packets go in by 20 us.
    expect(result.stats.dataPackets.injected).toBeGreaterThanOrEqual(20);
  });
});
