/** Switch buffer occupancy sampled during a run (`metrics.queueLengths`): read-only, deterministic. */
import { describe, expect, it } from "vitest";
import { parseScenario, runScenario } from "../src/index.js";

/** Two greedy flows, H0 -> H2 and H1 -> H2, through one input-buffered switch for 2 ms. */
const fanIn = (metrics: Record<string, unknown> = {}) =>
  parseScenario({
    durationMs: 2,
    topology: { kind: "single-switch", hosts: 3 },
    flows: [
      { source: "H0", destination: "H2" },
      { source: "H1", destination: "H2" },
    ],
    metrics,
  });

describe("metrics.queueLengths", () => {
  it("does not change the run: same fingerprint, events and deliveries as without it", () => {
    const plain = runScenario(fanIn());
    const sampled = runScenario(fanIn({ queueLengths: { intervalUs: 1, series: ["S:in0"] } }));
    expect(sampled.fingerprint).toBe(plain.fingerprint);
    expect(sampled.events).toBe(plain.events);
    expect(sampled.delivered).toBe(plain.delivered);
    expect(plain.queues).toBeUndefined();
  });

  it("reports the buffers that held data: the two inputs sharing one output stay full", () => {
    const result = runScenario(fanIn({ binUs: 10, queueLengths: { series: ["S:in0"] } }));
    // Each input buffer holds 4 packets of 2068 B (bufferPackets 4): 8272 B. Both sources
    // send at line rate into one output that serves them in turn, so each input is drained
    // at half the rate its source refills it: a packet's credits return 10 ns after its
    // last byte leaves and the next header arrives 10 ns after that, so a buffer is short
    // of one packet only for 20 ns per 4136 ns, and no sample at a multiple of 10 us falls
    // in such a gap. S:in2 carries only H2's 20 B ACKs, which stay 60 ns at most: it may
    // appear, with a maximum of a few ACKs.
    const full = { p50: 8272, p95: 8272, p99: 8272, max: 8272 };
    expect(result.queues!["S:in0"]).toEqual(full);
    expect(result.queues!["S:in1"]).toEqual(full);
    for (const [name, queue] of Object.entries(result.queues!)) {
      if (name === "S:in0" || name === "S:in1") continue;
      expect(name).toBe("S:in2");
      expect(queue.max % 20).toBe(0);
      expect(queue.max).toBeLessThanOrEqual(3 * 20);
    }
    // The series: one sample every binUs, 10 us .. 2000 us, in ms. At 10 us H0 has sent the
    // headers of packets 0..4 (packet k's arrives at k x 2068 + 10 ns), and the output,
    // serving the inputs in turn from 50 ns, has finished 4 packets (at 2118, 4186, 6254,
    // 8322 ns), 2 of them H0's: 3 packets wait, 6204 B.
    const series = result.queueSeries("S:in0");
    expect(series).toHaveLength(200);
    expect(series[0]).toEqual([0.01, 6204]);
    expect(series[199]).toEqual([2, 8272]);
    expect(() => result.queueSeries("S:in1")).toThrow(
      'queueSeries("S:in1"): add the buffer to metrics.queueLengths.series',
    );
  });

  it("refuses more than 1e6 samples, naming the field", () => {
    // 2 ms every 1 us is 2000 samples; 2000 ms every 1 us, 2e6.
    expect(() => fanIn({ queueLengths: { intervalUs: 1 } }).metrics).not.toThrow();
    expect(() =>
      parseScenario({
        durationMs: 2000,
        topology: { kind: "single-switch", hosts: 2 },
        metrics: { queueLengths: { intervalUs: 1 } },
      }),
    ).toThrow(/metrics\.queueLengths\.intervalUs: 1 us gives 2000000 samples over 2000 ms; at most 1000000/);
  });

  it("names output buffers of CIOQ switches and refuses an unknown buffer, naming the field", () => {
    const cioq = (series: string[]) =>
      runScenario(
        parseScenario({
          durationMs: 0.1,
          topology: { kind: "single-switch", hosts: 3 },
          switch: { kind: "cioq", outputBufferBytes: 8272 },
          flows: [
            { source: "H0", destination: "H2" },
            { source: "H1", destination: "H2" },
          ],
          metrics: { queueLengths: { series } },
        }),
      );
    // The output toward H2 (port 2) is the bottleneck: its buffer holds data.
    expect(cioq(["S:out2"]).queues!["S:out2"]!.max).toBeGreaterThan(0);
    expect(() => cioq(["S:out9"])).toThrow(
      'metrics.queueLengths.series[0]: no switch buffer "S:out9"; buffers are named "<switch>:in<port>" (and "<switch>:out<port>" with output buffers, "<switch>:shared" with a shared pool), e.g. S:in0, S:out0, S:in1',
    );
  });

  it("names the egress queues and the pool of a shared-buffer switch", () => {
    const sharedBuffer = (flowControl: object) =>
      runScenario(
        parseScenario({
          durationMs: 0.1,
          topology: { kind: "single-switch", hosts: 3 },
          switch: { kind: "shared-buffer", sharedBufferBytes: 100_000, inputBufferBytes: 60_000, flowControl },
          flows: [
            { source: "H0", destination: "H2" },
            { source: "H1", destination: "H2" },
          ],
          metrics: { queueLengths: { series: ["S:shared", "S:out2"] } },
        }),
      ).queues!;
    // Two line-rate flows into one port: its egress queue grows; under PAUSE the pool holds
    // what the inputs have below XOFF (the rest of the queue is in their headroom).
    const pause = sharedBuffer({ kind: "pause", xoffBytes: 40_000, xonBytes: 20_000 });
    expect(pause["S:out2"]!.max).toBeGreaterThan(0);
    expect(pause["S:shared"]!.max).toBeGreaterThan(0);
    expect(pause["S:shared"]!.max).toBeLessThanOrEqual(2 * 40_000);
    // With credits every byte is an input's credits and the pool is not drawn on: it never holds data.
    const credits = sharedBuffer({ kind: "credits" });
    expect(credits["S:out2"]!.max).toBeGreaterThan(0);
    expect(credits["S:shared"]).toBeUndefined();
  });
});
