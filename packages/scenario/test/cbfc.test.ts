/**
 * CBFC (`switch.flowControl` "cbfc", docs/spec/cbfc.md) in scenarios: lossless over random
 * incasts, the update period's knee computed by hand, the same incast as under PFC without a
 * PAUSE frame, and determinism.
 */

import { errorOf } from "@losslab/test-kit/errors";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseScenario, runScenario, ScenarioError } from "../src/index.js";

/** 100 Gb/s. */
const RATE = 12.5e9;

/** H0 -> S -> H1, 100 Gb/s, 100 ns links, 4096 B frames + 20 B overhead, raw Ethernet, measured over [0.1, 0.42] ms. */
const oneFlow = (flowControl: object, inputBufferBytes: number) => ({
  durationMs: 0.42,
  topology: { kind: "single-switch", hosts: 2, bandwidth: RATE, delayNs: 100 },
  switch: { kind: "shared-buffer", inputBufferBytes, flowControl },
  packets: { dataBytes: 4096, headerBytes: 64, wireOverheadBytes: 20 },
  adapter: { acks: false },
  flows: [{ source: "H0", destination: "H1", group: "f" }],
  metrics: { measureMs: [0.1, 0.42] },
});

/** `fanIn` hosts each send one message of `bytes` to H0 through one shared-buffer switch at 100 Gb/s. */
const incast = (
  flowControl: object,
  options: { fanIn: number; bytes: number; inputBufferBytes: number; delayNs: number; organisation?: string },
) => ({
  durationMs: 1,
  topology: { kind: "single-switch", hosts: options.fanIn + 1, bandwidth: RATE, delayNs: options.delayNs },
  switch: {
    inputBufferBytes: options.inputBufferBytes,
    flowControl,
    ...(options.organisation === undefined || options.organisation === "shared-buffer"
      ? { kind: "shared-buffer", sharedBufferBytes: 4_000_000 }
      : { kind: options.organisation }),
  },
  packets: { dataBytes: 4096, headerBytes: 64, wireOverheadBytes: 20 },
  adapter: { acks: false },
  traffic: [{ kind: "incast", fanIn: options.fanIn, bytes: options.bytes, intervalUs: 10_000, receiver: "H0" }],
  metrics: {
    queueLengths: {
      intervalUs: 0.05,
      series: Array.from({ length: options.fanIn }, (_, i) => `S:in${i + 1}`),
    },
  },
});

describe("CBFC", () => {
  // The credit loop of one block: its packet starts at H0, its last byte has left S 0.471 us
  // later (100 ns propagation + 40 ns forwarding + 4116 B at 12.5 GB/s = 329.28 ns, plus the
  // 20 B preamble's 1.6 ns), then it waits at most one period for the next boundary, and the
  // 84 B update takes 6.72 ns + 100 ns back: lag <= P + 0.578 us. The sender needs no more
  // than the carve-out C in flight at its rate of 4096 B per 329.28 ns (12.439 GB/s) while
  // C >= 12.439e9 x (P + 0.578 us): with C = 32 KiB the knee is at P = 2.634 - 0.578 = 2.056 us.
  // Past P = C/12.439e9 + 0.578 = 3.21 us every period's credits come back in one update and
  // the sender sends C per period: rate = C / (R x P) of the link.
  const C = 32_768;
  const rateAt = (periodUs: number) =>
    runScenario(parseScenario(oneFlow({ kind: "cbfc", updatePeriodNs: periodUs * 1000 }, C))).summary.groups.f!;

  it("keeps line rate while period x rate fits the carve-out and falls as C / (R x P) past the knee", () => {
    const full = runScenario(parseScenario(oneFlow({ kind: "credits" }, C))).summary.groups.f!;
    expect(full).toBeGreaterThan(0.99);
    for (const period of [0.5, 1, 2]) expect(rateAt(period)).toBeCloseTo(full, 6);
    const between = rateAt(2.5);
    expect(between).toBeLessThan(full * 0.97);
    for (const period of [4, 5, 8, 10, 16, 20]) {
      expect(rateAt(period)).toBeCloseTo(C / (RATE * period * 1e-6), 3);
    }
    // Between the two, every block comes back within its lag bound: at least C per P + 0.578 us.
    expect(between).toBeGreaterThan(C / (RATE * (2.5 + 0.578) * 1e-6));
  });

  it("never lets a credit go negative or a buffer exceed its carve-out, over random incasts, on three organisations", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 6 }),
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 10, max: 2000 }),
        fc.integer({ min: 100, max: 8000 }),
        fc.constantFrom("shared-buffer", "input-buffered", "voq"),
        (fanIn, packets, bufferPackets, delayNs, periodNs, organisation) => {
          const inputBufferBytes = bufferPackets * 4096;
          const scenario = incast(
            { kind: "cbfc", updatePeriodNs: periodNs },
            { fanIn, bytes: packets * 4032, inputBufferBytes, delayNs, organisation },
          );
          // A negative credit or an overfilled buffer throws LosslessViolation inside the run.
          const result = runScenario(parseScenario(scenario));
          for (let i = 1; i <= fanIn; i++) {
            const peak = Math.max(...result.queueSeries(`S:in${i}`).map(([, bytes]) => bytes));
            expect(peak).toBeLessThanOrEqual(inputBufferBytes);
          }
          expect(result.delivered).toBe(fanIn * packets);
          expect(result.stats.packetHops.pause).toBe(0);
        },
      ),
      { numRuns: 30, seed: 43 },
    );
  });

  it("delivers the same bytes as PFC on the same incast, with no PAUSE frame", () => {
    const options = { fanIn: 4, bytes: 200 * 4032, inputBufferBytes: 64 * 4096, delayNs: 1000 };
    const pfc = runScenario(
      parseScenario(incast({ kind: "pause", xoffBytes: 32 * 4096, xonBytes: 30 * 4096 }, options)),
    );
    const cbfc = runScenario(parseScenario(incast({ kind: "cbfc" }, options)));
    expect(pfc.delivered).toBe(800);
    expect(cbfc.delivered).toBe(pfc.delivered);
    expect(pfc.stats.packetHops.pause).toBeGreaterThan(0);
    expect(pfc.stats.packetHops.creditUpdate).toBe(0);
    expect(cbfc.stats.packetHops.pause).toBe(0);
    expect(cbfc.stats.packetHops.creditUpdate).toBeGreaterThan(0);
    // The receiver's link is the bottleneck either way: both drain the 800 frames back to back.
    expect(cbfc.summary.links["S->H0"]).toBeCloseTo(pfc.summary.links["S->H0"]!, 2);
  });

  it("refuses a period of 0 and a PAUSE field under cbfc, naming the field", () => {
    const refusal = (flowControl: object) =>
      errorOf(ScenarioError, () => parseScenario(oneFlow(flowControl, C))).message;
    expect(refusal({ kind: "cbfc", updatePeriodNs: 0 })).toMatch(/switch\.flowControl\.updatePeriodNs/);
    expect(refusal({ kind: "cbfc", xoffBytes: 4096 })).toMatch(/switch\.flowControl: unknown field "xoffBytes"/);
  });

  it("is deterministic: the same scenario gives the same fingerprint", () => {
    const scenario = incast(
      { kind: "cbfc", updatePeriodNs: 700 },
      { fanIn: 5, bytes: 30 * 4032, inputBufferBytes: 4 * 4096, delayNs: 300 },
    );
    expect(runScenario(parseScenario(scenario)).fingerprint).toBe(runScenario(parseScenario(scenario)).fingerprint);
  });
});
