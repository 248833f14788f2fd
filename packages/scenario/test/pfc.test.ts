/**
 * PAUSE and PFC in scenarios: the per-link PAUSE statistics of the result (`result.pause`),
 * priorities (`switch.vls` under `flowControl` "pause"), VL scheduling and `adapter.controlVl`
 * wiring and their field errors.
 */
import { describe, expect, it } from "vitest";
import { parseScenario, runScenario, ScenarioError } from "../src/index.js";

/**
 * H0 and H1 send to H2 through one switch at 1 GB/s (1000 B = 1 us), 10 ns links, raw
 * Ethernet (no ACKs), until 12 us; XOFF 4000 B, XON 2000 B, reaction 3.072 us.
 */
const fanIn = (vls?: number) => ({
  durationMs: 0.05,
  topology: { kind: "single-switch", hosts: 3, bandwidth: 1e9, delayNs: 10 },
  switch: {
    kind: "input-buffered",
    inputBufferBytes: 9216,
    flowControl: { kind: "pause", xoffBytes: 4000, xonBytes: 2000 },
    ...(vls === undefined ? {} : { vls }),
  },
  packets: { dataBytes: 1000, headerBytes: 20 },
  adapter: { acks: false },
  flows: [
    { source: "H0", destination: "H2", stopUs: 12 },
    { source: "H1", destination: "H2", stopUs: 12, ...(vls === undefined ? {} : { vl: 1 }) },
  ],
});

describe("result.pause", () => {
  // Packet k of each host has its header at S at k + 0.01 us; the output alternates the two
  // inputs from 0.05 us, so one input's packets leave by 2j + 1.05 us and the other's by
  // 2j + 2.05 us. Occupancy after arrival k, in packets, is k + 1 minus those gone:
  // the second input reaches 4 (XOFF) at 4.01 us, the first at 5.01 us. Each XOFF (64 B,
  // 10 ns, 3.072 us reaction) holds its host from 4.01 + 3.146 = 7.156 us (8 packets sent,
  // 0..7 us) and 8.156 us (9 packets, 0..8 us). They fall below XON (one packet left) after
  // their 7th and 8th departures: 2 x 6 + 2.05 = 14.05 us and 2 x 7 + 1.05 = 15.05 us, after
  // the flows stopped (12 us): one XOFF per input, each holding its host 10.04 us.
  it("counts the XOFF frames and the time each host was held, per paused link", () => {
    const result = runScenario(parseScenario(fanIn()));
    expect(result.pause).toEqual({
      frames: 2,
      pausedUs: expect.closeTo(20.08, 9),
      byLink: [
        { link: "H0->S", frames: 1, pausedUs: expect.closeTo(10.04, 9) },
        { link: "H1->S", frames: 1, pausedUs: expect.closeTo(10.04, 9) },
      ],
    });
    // XOFF and XON on each host link; 8 + 9 packets delivered.
    expect(result.stats.packetHops.pause).toBe(4);
    expect(result.delivered).toBe(17);
  });

  it("is absent under credits", () => {
    const { flowControl: _, ...credits } = fanIn().switch;
    expect(runScenario(parseScenario({ ...fanIn(), switch: credits })).pause).toBeUndefined();
  });

  it("counts PFC per priority the same way: H1's flow on priority 1 is paused on its own buffer", () => {
    // With vls 2 the two flows are on priorities 0 and 1 in separate buffers; WRR 1:1 at the
    // output alternates them from VL 0 on, the same schedule as above.
    const result = runScenario(parseScenario(fanIn(2)));
    expect(result.pause?.frames).toBe(2);
    expect(result.pause?.byLink.map((l) => [l.link, l.frames])).toEqual([
      ["H0->S", 1],
      ["H1->S", 1],
    ]);
    for (const link of result.pause!.byLink) expect(link.pausedUs).toBeCloseTo(10.04, 9);
    expect(result.delivered).toBe(17);
  });
});

describe("PFC priorities on CIOQ switches", () => {
  // The fan-in above on a CIOQ switch (speedup 2, FIFO inputs) with two priorities and
  // strict priority: H1's flow on priority 1, H0's on priority 0; output buffers of 2048 B
  // (two 1000 B packets) per priority. Packet k's header reaches S at k + 0.01 us and may
  // cross from k + 0.51 us (its transfer, 0.5 us at 2 GB/s, must not overtake its tail).
  // Priority 1 wins the crossbar and the link whenever it has a packet: the link carries
  // priority 1 back to back from 0.51 to 12.51 us; priority 0's packets 0 and 1 cross in
  // the gaps (at 1.01 and 2.01 us) and fill its output buffer, which the link never serves
  // while priority 1 is backlogged. Priority 0's input then holds packets 2.. (each from
  // its header): 4000 B (XOFF) at packet 5's header, 5.01 us. The XOFF (64 B, 10 ns, 3.072
  // us reaction) holds H0 from 8.156 us: packets 0..8 went. From 12.51 us the link serves
  // priority 0, one packet per us, and its input releases packets 2, 3, ... at 14.01, 15.01,
  // ... us; after packet 7 leaves (19.01 us) 1000 B < 2000 B (XON): H0 is let go at 22.156 us,
  // held 14 us. Priority 1's input never holds more than 2000 B: H1 is never paused.
  const cioq = {
    ...fanIn(2),
    switch: {
      ...fanIn(2).switch,
      kind: "cioq",
      outputBufferBytes: 2048,
      vlScheduling: "strict",
    },
  };

  it("pauses the low priority alone, on its own buffer, while the high priority crosses", () => {
    const result = runScenario(parseScenario(cioq));
    expect(result.pause).toEqual({
      frames: 1,
      pausedUs: expect.closeTo(14, 9),
      byLink: [{ link: "H0->S", frames: 1, pausedUs: expect.closeTo(14, 9) }],
    });
    // One XOFF and one XON; H1's 12 packets and H0's 9.
    expect(result.stats.packetHops.pause).toBe(2);
    expect(result.delivered).toBe(21);
  });
});

describe("PFC and VL scheduling fields", () => {
  const error = (input: object) => {
    try {
      parseScenario(input);
    } catch (caught) {
      expect(caught).toBeInstanceOf(ScenarioError);
      return (caught as Error).message;
    }
    throw new Error("parsed");
  };

  it("takes up to 8 priorities under PAUSE", () => {
    expect(error({ ...fanIn(), switch: { ...fanIn().switch, vls: 9 } })).toMatch(
      /switch\.vls: must be at most 8 under flowControl "pause": PFC \(802\.1Qbb\) has 8 priorities \(got 9\)/,
    );
  });

  it("checks adapter.controlVl against the VLs", () => {
    expect(error({ ...fanIn(2), adapter: { controlVl: 2 } })).toMatch(
      /adapter\.controlVl: must be below switch\.vls \(2\)/,
    );
    expect(error({ ...fanIn(), adapter: { controlVl: 1 } })).toMatch(
      /adapter\.controlVl: must be below switch\.vls \(1\)/,
    );
  });

  it("ties vlWeights to wrr and vlQuantaBytes to dwrr, one per VL", () => {
    const sw = fanIn(2).switch;
    expect(error({ ...fanIn(2), switch: { ...sw, vlQuantaBytes: [1000, 1000] } })).toMatch(
      /switch\.vlQuantaBytes: applies to switch\.vlScheduling "dwrr" only; got "wrr"/,
    );
    expect(error({ ...fanIn(2), switch: { ...sw, vlScheduling: "dwrr", vlQuantaBytes: [1000] } })).toMatch(
      /switch\.vlQuantaBytes: must list one quantum per VL \(switch\.vls 2\)/,
    );
    expect(error({ ...fanIn(2), switch: { ...sw, vlScheduling: "strict", vlWeights: [1, 2] } })).toMatch(
      /switch\.vlWeights: applies to switch\.vlScheduling "wrr" only; got "strict"/,
    );
    expect(error({ ...fanIn(2), switch: { ...sw, vlScheduling: "fair" } })).toMatch(/switch\.vlScheduling/);
  });

  it("runs dwrr and controlVl end to end: hosts get the switches' quanta", () => {
    // Reliable flows on VL 0, ACKs on VL 1; dwrr with the default quanta (packets.dataBytes).
    const input = {
      ...fanIn(2),
      switch: { ...fanIn(2).switch, vlScheduling: "dwrr" },
      adapter: { controlVl: 1 },
      flows: [
        { source: "H0", destination: "H2", stopUs: 12 },
        { source: "H1", destination: "H2", stopUs: 12 },
      ],
    };
    const result = runScenario(parseScenario(input));
    expect(result.delivered).toBe(17);
    // 17 data packets, each acknowledged; ACKs cross two links.
    expect(result.stats.packetHops.ack).toBe(34);
  });
});
