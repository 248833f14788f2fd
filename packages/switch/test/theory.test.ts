/**
 * The switch models against queueing theory, on one N x N switch fed by the load harness
 * (uniform-load.ts): uniform i.i.d. destinations, one packet size, links of one rate, so a
 * slot is one packet time. Tolerances come from the spread of the estimates: over 8 seeds
 * each, the throughput of a 19,500-slot window has a standard deviation of 0.0018 (2x2),
 * 0.0024 (4x4) and 0.0008 (8x8), so +-0.01 is at least 4 standard deviations; the mean
 * output-queue wait of a 39,500-slot window has one of about 0.0025 slots (see each test).
 */

import { DATA_BLOCKS } from "@losslab/test-kit/santos-link";
import { describe, expect, it } from "vitest";
import { runLoad, SLOT } from "./uniform-load.js";

describe("strict FIFO input queues: head-of-line blocking (Karol, Hluchyj & Morgan 1987)", () => {
  // Karol et al., "Input Versus Output Queueing on a Space-Division Packet Switch", IEEE
  // Trans. Commun. 35(12), 1987, Table I: saturation throughput of FIFO input queueing
  // (2 - sqrt(2) = 0.5858 as N -> infinity). Karol picks among contending heads at random,
  // the model by round robin: the rule does not change the throughput, because with
  // saturated, symmetric inputs only the number of heads waiting for each output matters,
  // and that evolves the same whichever contender wins: the winner's next head has a fresh
  // uniform destination independent of who it is.
  const cases = [
    { ports: 2, expected: 0.75 },
    { ports: 4, expected: 0.6553 },
    { ports: 8, expected: 0.6184 },
  ];
  for (const { ports, expected } of cases) {
    it(`strict FIFO ${ports}x${ports} saturates at ${expected.toFixed(4)} (Karol et al. 1987, Table I)`, () => {
      const result = runLoad({ organisation: "fifo", ports, load: "saturated", slots: 20_000, warmupSlots: 500 });
      expect(Math.abs(result.meanThroughput - expected)).toBeLessThan(0.01);
    });
  }
});

describe("VOQ with iSLIP, one iteration (McKeown 1999)", () => {
  // McKeown, "The iSLIP Scheduling Algorithm for Input-Queued Switches", IEEE/ACM ToN 7(2),
  // 1999: with every VOQ backlogged the grant pointers desynchronise and one iteration
  // reaches 100 % under uniform i.i.d. traffic. Backlogged needs full input buffers: the
  // sources run at 2 GB/s to fill them, and the buffers are large (256 packets, 32 or 64
  // per VOQ on average), because a VOQ that runs empty costs its output a slot. Over 4
  // seeds a 9,000-slot window gives 0.991 +- 0.004 (4x4) and 0.990 +- 0.001 (8x8).
  for (const ports of [4, 8]) {
    it(`VOQ + iSLIP ${ports}x${ports}, saturated uniform, carries at least 0.98 of each link (McKeown 1999: 100 %)`, () => {
      const result = runLoad({
        organisation: "voq",
        ports,
        load: "saturated",
        slots: 10_000,
        warmupSlots: 1000,
        bufferPackets: 256,
        sourceBandwidth: 2e9,
      });
      expect(result.meanThroughput).toBeGreaterThanOrEqual(0.98);
      expect(result.meanThroughput).toBeLessThanOrEqual(1);
    });
  }

  it("strict FIFO inputs with the same buffers and sources stay at the Karol limit (0.6553 for 4x4)", () => {
    const result = runLoad({
      organisation: "fifo",
      ports: 4,
      load: "saturated",
      slots: 10_000,
      warmupSlots: 1000,
      bufferPackets: 256,
      sourceBandwidth: 2e9,
    });
    expect(Math.abs(result.meanThroughput - 0.6553)).toBeLessThan(0.015);
  });
});

describe("output queueing: CIOQ with speedup N (Karol, Hluchyj & Morgan 1987)", () => {
  // With speedup S = N every packet of a slot reaches its output buffer within the slot, so
  // the switch is output-queued. Karol et al. 1987 (output queueing, Bernoulli arrivals
  // with probability p per slot per input, uniform destinations): mean wait in the output
  // queue W = ((N - 1) / N) * p / (2 (1 - p)) slots, M/D/1's p / (2 (1 - p)) as N -> infinity.
  // Wait = latency - the latency of the same path through an idle switch.
  const outputBufferBytes = 64 * DATA_BLOCKS * 64;
  const unloadedLatency = (ports: number): number =>
    runLoad({
      organisation: "cioq",
      ports,
      load: 1,
      slots: 1,
      warmupSlots: 0,
      packetLimit: 1,
      switchOptions: { speedup: ports, outputBufferBytes },
    }).latencies[0]!;

  // Over 6 seeds at 19,500 slots the mean wait had standard deviations 0.0036 (4x4, p 0.3)
  // and 0.0030 (8x8, p 0.5); 39,500 slots divide them by about 1.4: +-0.01 is 4 of them.
  const cases = [
    { ports: 4, p: 0.3, expected: 0.1607 },
    { ports: 8, p: 0.5, expected: 0.4375 },
  ];
  for (const { ports, p, expected } of cases) {
    it(`output-queued ${ports}x${ports} at load ${p}: mean wait ${expected} slots = ((N-1)/N) p / (2(1-p)) (Karol et al. 1987)`, () => {
      expect(((ports - 1) / ports) * (p / (2 * (1 - p)))).toBeCloseTo(expected, 4);
      const unloaded = unloadedLatency(ports);
      const result = runLoad({
        organisation: "cioq",
        ports,
        load: p,
        slots: 40_000,
        warmupSlots: 500,
        switchOptions: { speedup: ports, outputBufferBytes },
      });
      const waits = result.latencies.map((latency) => (latency - unloaded) / SLOT);
      // Output queueing: every wait is a whole number of slots, and the output buffers never filled.
      expect(waits.every((wait) => Number.isInteger(wait) && wait >= 0)).toBe(true);
      expect(result.maxOutputOccupancy).toBeLessThan(outputBufferBytes);
      const meanWait = waits.reduce((sum, wait) => sum + wait, 0) / waits.length;
      expect(Math.abs(meanWait - expected)).toBeLessThan(0.01);
      // Carried load equals offered load.
      expect(Math.abs(result.meanThroughput - p)).toBeLessThan(0.01);
    });
  }
});
