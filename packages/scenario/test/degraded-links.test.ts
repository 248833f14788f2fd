/**
 * Degraded links (`degradedLinks`, uet-htsim's `-failed`, docs/spec/uec.md C14): a degraded
 * direction serialises at its share of the link's speed and the reverse direction does not;
 * the switch sending on it trims and marks at thresholds scaled by the same share; bad
 * entries are refused naming the field.
 */
import { errorOf } from "@losslab/test-kit/errors";
import { describe, expect, it } from "vitest";
import { parseScenario, runScenario, ScenarioError } from "../src/index.js";

/** 10 packets of 1000 B (980 B of payload each) at 1 GB/s: 1 us each on a whole link, 4 us at a share of 0.25. */
const PACKETS = 10;
const BYTES = PACKETS * 980;

/** H0 -> H1 and H1 -> H0, 10 packets each, over one switch (1 GB/s, 1 us links); `degradedLinks` as given. */
const pair = (degradedLinks: object[]) => ({
  seed: 1,
  durationMs: 1,
  topology: { kind: "single-switch", hosts: 2, bandwidth: 1e9, delayNs: 1000 },
  switch: { kind: "input-buffered", forwardingDelayNs: 200, bufferPackets: 16 },
  // No ACKs: each direction carries one flow's data only.
  adapter: { acks: false },
  packets: { dataBytes: 1000, headerBytes: 20, ackBytes: 20 },
  traffic: [
    { kind: "flow-graph", name: "to-h1", flows: [{ id: "f", source: "H0", destination: "H1", bytes: BYTES }] },
    { kind: "flow-graph", name: "to-h0", flows: [{ id: "f", source: "H1", destination: "H0", bytes: BYTES }] },
  ],
  degradedLinks,
});

describe("degraded links", () => {
  it("a degraded direction serialises at its share of the speed; the other direction does not", () => {
    const fct = (degradedLinks: object[]) => {
      const result = runScenario(parseScenario(pair(degradedLinks)));
      return [result.completions["to-h1"]!.maxUs, result.completions["to-h0"]!.maxUs];
    };
    // Whole links: the last packet leaves H0 at 10 us, reaches S at 11 us, leaves S by cut-through
    // as its last byte arrives (+200 ns forwarding) and is in at H1 at 12.2 us.
    expect(fct([])).toEqual([12.2, 12.2]);
    // S -> H1 at 0.25: the first header is at S at 1 us, S starts it 200 ns later, then 10 x 4 us
    // back to back, and 1 us to H1: 42.2 us. H1 -> S -> H0 is untouched.
    expect(fct([{ link: "S->H1" }])).toEqual([42.2, 12.2]);
    // Both directions: H1 -> S too, so H1 sends a packet every 4 us; the last is in at S at
    // 41 us, and S, cut-through onto the whole S -> H0, ends it as its last byte arrives: 42 us.
    expect(fct([{ link: "S->H1", bothDirections: true }])).toEqual([42.2, 42]);
    // A host's own link: H0 -> S at 0.5 sends a packet every 2 us; S ends each on S -> H1 as
    // its last byte is in: the last is in at S at 21 us and at H1 at 22 us.
    expect(fct([{ link: "H0->S", ratio: 0.5 }])).toEqual([22, 12.2]);
  });

  it("the switch sending on it trims and marks at its thresholds times the share, as on a link built that slow", () => {
    // H1, H2 -> H0 over one shared-buffer switch, trimming and RED. Degrading S -> H0 and H0 -> S
    // to 0.25 with 4 x the thresholds is the same run as links to H0 built at 0.25 of the speed
    // with the thresholds as given: the scaled thresholds are the given ones.
    const incast = (h0Bandwidth: number, scale: number, degradedLinks: object[]) => ({
      seed: 1,
      durationMs: 1,
      topology: {
        kind: "custom",
        nodes: [
          { id: "H0", kind: "host", ports: 1 },
          { id: "H1", kind: "host", ports: 1 },
          { id: "H2", kind: "host", ports: 1 },
          { id: "S", kind: "switch", ports: 3 },
        ],
        links: [
          { a: { node: "S", port: 0 }, b: { node: "H0", port: 0 }, bandwidth: h0Bandwidth },
          { a: { node: "H1", port: 0 }, b: { node: "S", port: 1 } },
          { a: { node: "H2", port: 0 }, b: { node: "S", port: 2 } },
        ],
        bandwidth: 12.5e9,
        delayNs: 1000,
      },
      switch: {
        kind: "shared-buffer",
        sharedBufferBytes: 4_000_000,
        inputBufferBytes: 200_000,
        flowControl: { kind: "pause", xoffBytes: 100_000, xonBytes: 90_000 },
        lossyPriorities: [0],
        trimThresholdBytes: 10 * 4150 * scale,
      },
      packets: { dataBytes: 4150, headerBytes: 64, ackBytes: 64 },
      marking: { kind: "red", kmin: 2 * 4150 * scale, kmax: 8 * 4150 * scale, pmax: 1 },
      controller: { kind: "nscc", networkRttUs: 10 },
      traffic: [{ kind: "incast", name: "incast", fanIn: 2, bytes: 400_000, intervalUs: 100_000, receiver: "H0" }],
      degradedLinks,
    });
    const summary = (scenario: object) => {
      const result = runScenario(parseScenario(scenario));
      return {
        trimmed: result.recovery!.total.trimmed,
        marked: result.marked,
        tailUs: result.completions.incast!.maxUs,
      };
    };
    const slow = summary(incast(12.5e9 / 4, 1, []));
    const degraded = summary(incast(12.5e9, 4, [{ link: "S->H0", ratio: 0.25, bothDirections: true }]));
    expect(slow.trimmed).toBeGreaterThan(0);
    expect(slow.marked).toBeGreaterThan(0);
    expect(degraded).toEqual(slow);
    // The thresholds unscaled (4 x as given on the slow link) trim and mark less.
    const unscaled = summary(incast(12.5e9 / 4, 4, []));
    expect(unscaled.trimmed).toBeLessThan(slow.trimmed);
  });

  it("refuses a link the topology lacks, a bad ratio, a direction listed twice, and a trim threshold below a packet", () => {
    const trimming = {
      kind: "shared-buffer",
      sharedBufferBytes: 100_000,
      inputBufferBytes: 40_000,
      flowControl: { kind: "pause", xoffBytes: 20_000, xonBytes: 10_000 },
      lossyPriorities: [0],
      trimThresholdBytes: 8000,
    };
    const refusal = (degradedLinks: object[], sw: object = { kind: "input-buffered" }) =>
      errorOf(ScenarioError, () => runScenario(parseScenario({ ...pair(degradedLinks), switch: sw }))).message;
    expect(refusal([{ link: "S->H9" }])).toBe(
      'degradedLinks[0].link: "S->H9" is not a link of the topology (did you mean "S->H0"?); links are named from->to: H0->S, S->H0, H1->S, S->H1',
    );
    expect(refusal([{ link: "S->H1", ratio: 1 }])).toContain(
      "degradedLinks[0].ratio: Too big: expected number to be <1",
    );
    expect(refusal([{ link: "S->H1", ratio: 0 }])).toContain("degradedLinks[0].ratio: Too small");
    expect(refusal([{ link: "S->H1" }, { link: "H1->S", bothDirections: true }])).toBe(
      'degradedLinks[1].link: "S->H1" is degraded by an earlier entry; list each direction once',
    );
    // Lossy priority 0 trims above 8000 B; at 0.1 that is 800 B, below one 1000 B packet.
    expect(refusal([{ link: "S->H1", ratio: 0.1 }], trimming)).toBe(
      'degradedLinks[0].ratio: 0.1 leaves "S->H1" a trim threshold of 800 B (switch.trimThresholdBytes 8000 x 0.1), less than one 1000 B packet: every data packet would be trimmed there; give a ratio of at least 0.125',
    );
    // A host's link has no trim threshold: any ratio in range is taken.
    expect(() => parseScenario({ ...pair([{ link: "H0->S", ratio: 0.1 }]), switch: trimming })).not.toThrow();
  });
});
