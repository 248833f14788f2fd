/**
 * Dependency-driven traffic through a whole run: a flow-graph chain with a compute delay and a
 * ring all-reduce on a single switch, whose completion times are worked out by hand from the
 * model's rules (as in slowdown.test.ts): on the default single switch (1e9 B/s links of
 * 10 ns, 40 ns forwarding, 2068 B packets carrying 2048 B), a flow of m packets alone takes
 * 10 + 40 + 10 + 2068 = 2128 ns for its first packet and 2068 ns for each further one. ACKs
 * are off (`adapter.acks: false`) so that no ACK shares a host link with the next step's data:
 * each step is then alone on its links, and the collective takes exactly the sum of its steps.
 */
import { describe, expect, it } from "vitest";
import { parseScenario, runScenario } from "../src/index.js";

/** The time in us of m packets alone on the single switch. */
const aloneUs = (packets: number) => (2128 + (packets - 1) * 2068) / 1000;

describe("collective completion metrics", () => {
  it("a flow-graph chain: a, then b 5 us after a is delivered, then c and d after b (a barrier for e)", () => {
    const run = (durationMs: number) =>
      runScenario(
        parseScenario({
          durationMs,
          topology: { kind: "single-switch", hosts: 4 },
          adapter: { acks: false },
          traffic: [
            {
              kind: "flow-graph",
              flows: [
                { id: "a", source: "H0", destination: "H1", bytes: 20480 },
                { id: "b", source: "H1", destination: "H2", bytes: 2048, after: ["a"], delayUs: 5 },
                { id: "c", source: "H2", destination: "H3", bytes: 4096, after: ["b"] },
                { id: "d", source: "H2", destination: "H0", bytes: 2048, after: ["b"], group: "d" },
                { id: "e", source: "H3", destination: "H0", bytes: 2048, after: ["c", "d"], group: "e" },
              ],
            },
          ],
        }),
      );
    const result = run(1);
    // a: 10 packets; b: 1; c (2 packets) and d (1) share H2's link, which serves them by
    // packets in turn: c's first, d's, then c's second. d's packet leaves 2068 ns after c's
    // first, so it completes at 2128 + 2068; c at 2128 + 2 x 2068. e starts when c is delivered.
    const a = aloneUs(10);
    const b = aloneUs(1);
    const cEnd = (2128 + 2 * 2068) / 1000;
    const dEnd = (2128 + 2068) / 1000;
    const eEnd = a + 5 + b + cEnd + aloneUs(1);
    expect(result.completions.d?.maxUs).toBeCloseTo(dEnd, 6);
    expect(result.completions["flow-graph"]?.count).toBe(3);
    expect(result.completions["flow-graph"]?.maxUs).toBeCloseTo(a, 6);
    expect(result.completions.e?.maxUs).toBeCloseTo(aloneUs(1), 6);
    // e is delivered at eEnd (absolute): a run that ends 1 ns earlier does not see it complete.
    expect(run((eEnd - 0.001) / 1000).completions.e).toBeUndefined();
    expect(run((eEnd + 0.001) / 1000).completions.e?.count).toBe(1);
    // A graph is no collective: nothing in result.collectives.
    expect(result.collectives).toBeUndefined();
  });

  it("a ring all-reduce over 4 hosts: 6 steps of S/4, each alone on its links, one after the other", () => {
    // S = 4 x 20480 B: chunks of 10 packets.
    const result = runScenario(
      parseScenario({
        durationMs: 1,
        topology: { kind: "single-switch", hosts: 4 },
        adapter: { acks: false },
        traffic: [{ kind: "ring-allreduce", bytes: 4 * 20480, iterations: 2, computeUs: 20 }],
      }),
    );
    const step = aloneUs(10);
    const ring = result.collectives?.["ring-allreduce"];
    expect(ring).toMatchObject({ kind: "ring-allreduce", ranks: 4, bytes: 81920, count: 2 });
    const [first, second] = ring!.runs;
    expect(first!.startUs).toBe(0);
    expect(first!.completionUs).toBeCloseTo(6 * step, 6);
    expect(first!.stepsUs).toHaveLength(6);
    for (const time of first!.stepsUs) expect(time).toBeCloseTo(step, 6);
    // Every rank's last flow is delivered at the end: rank 0 is the first of the slowest.
    expect(first!.slowestRank).toMatchObject({ rank: 0, host: "H0" });
    expect(first!.slowestRank.us).toBeCloseTo(6 * step, 6);
    expect(second!.startUs).toBeCloseTo(6 * step + 20, 6);
    expect(second!.completionUs).toBeCloseTo(6 * step, 6);
    expect(ring!.meanUs).toBeCloseTo(6 * step, 6);
    // The 2 x 24 flows count as flows of known size too.
    expect(result.completions["ring-allreduce"]?.count).toBe(48);
  });

  it("a pipeline: 4 one-packet pieces over 2 hops, each hop after the piece's last and the hop's previous piece", () => {
    const result = runScenario(
      parseScenario({
        durationMs: 1,
        topology: { kind: "single-switch", hosts: 3 },
        adapter: { acks: false },
        traffic: [{ kind: "pipeline", bytes: 4 * 2048, chunks: 4, hosts: ["H0", "H1", "H2"] }],
      }),
    );
    const pipe = result.collectives?.pipeline;
    // Each hop is a flow of 1 packet alone on its links (2128 ns). Piece 0 arrives at 2 x 2128
    // ns; each later piece's first hop is done by then, so it arrives 2128 ns after the one before.
    expect(pipe?.runs[0]?.stepsUs.map((time) => Number(time.toFixed(6)))).toEqual([4.256, 2.128, 2.128, 2.128]);
    expect(pipe?.runs[0]?.completionUs).toBeCloseTo(5 * 2.128, 6);
    // Ranks 1 and 2 both end with the last piece's last hop; rank 0's last send ended earlier.
    expect(pipe?.runs[0]?.slowestRank).toMatchObject({ rank: 1, host: "H1" });
  });
});
