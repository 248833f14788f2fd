/**
 * The `fat-tree` topology kind end to end (Al-Fares et al., SIGCOMM 2008 sec. 3): ECMP
 * switches on a k = 4 fat tree under PAUSE and under credits, jumbo frames, a flow keeping
 * one path, and the same trajectory from two runs.
 */
import { describe, expect, it } from "vitest";
import { parseScenario, runScenario } from "../src/index.js";
import { describeTopology } from "../src/scenario-topology.js";

/** Al-Fares sec. 5.2's Stride(4) on 16 hosts: host x sends to x + 4 mod 16, always to the next pod. */
const stride = Array.from({ length: 16 }, (_, x) => ({ source: `H${x}`, destination: `H${(x + 4) % 16}` }));

const fatTreeScenario = (
  flowControl: object,
  flows: object[],
  topology: object = {},
  switchModel: object = { kind: "input-buffered" },
) => ({
  seed: 1,
  durationMs: 1,
  topology: { kind: "fat-tree", k: 4, bandwidth: 1.25e9, delayNs: 100, ...topology },
  switch: { ...switchModel, inputBufferBytes: 100_000, flowControl },
  packets: { dataBytes: 9000, headerBytes: 58, ackBytes: 64 },
  flows,
  metrics: { measureMs: [0.25, 1] },
});

const pause = { kind: "pause", xoffBytes: 60_000, xonBytes: 40_000 };

describe("fat-tree scenarios", () => {
  it("runs stride(4) losslessly under PAUSE with 9000 B frames, and two runs give the same fingerprint", () => {
    const first = runScenario(parseScenario(fatTreeScenario(pause, stride)));
    const second = runScenario(parseScenario(fatTreeScenario(pause, stride)));
    expect(second.fingerprint).toBe(first.fingerprint);
    expect(second.delivered).toBe(first.delivered);
    // A full-rate flow delivers 1.25e9 / 9000 = 139 packets per ms: 16 flows at most 2222 in
    // 1 ms; each gets at least a share of the links its path crosses.
    expect(first.delivered).toBeGreaterThan(0);
    expect(first.delivered).toBeLessThanOrEqual(16 * 139);
    expect(first.stats.packetHops.pause).toBeGreaterThan(0);
    // Every cross-pod packet climbs to a core: core links carry data in both directions.
    const coreUse = Object.entries(first.summary.links).filter(([link]) => link.startsWith("core"));
    expect(coreUse.filter(([, use]) => use > 0).length).toBeGreaterThan(4);
  });

  it("runs stride(4) losslessly under credits", () => {
    const result = runScenario(parseScenario(fatTreeScenario({ kind: "credits" }, stride)));
    expect(result.delivered).toBeGreaterThan(0);
    expect(result.stats.packetHops.pause).toBe(0);
  });

  it("keeps one flow on one path: of the 4 core links into pod 1, exactly one carries H0 -> H4", () => {
    const result = runScenario(parseScenario(fatTreeScenario(pause, [{ source: "H0", destination: "H4" }])));
    const links = result.summary.links;
    // Data goes down from a core to pod 1; the ACKs go up from pod 1, so these four
    // directions carry the data packets only.
    const down = ["core0->pod1-agg0", "core1->pod1-agg0", "core2->pod1-agg1", "core3->pod1-agg1"].map(
      (link) => links[link] ?? 0,
    );
    const used = down.filter((use) => use > 0);
    expect(used).toHaveLength(1);
    // The same bytes cross every hop of the path, at the same bandwidth: the core link is as
    // busy as the source's host link, up to a packet or two in flight at the window's edges
    // (about 104 packets cross in 0.75 ms: 2 packets are 2 %).
    expect(Math.abs((used[0] as number) - (links["H0->pod0-edge0"] as number))).toBeLessThan(0.02);
  });

  it("oversubscribes a ToR 2:1, and a fabric twice as fast as the host links lifts the limit", () => {
    // k = 2, hostsPerTor 2: H0, H1 on pod0-edge0 share its one uplink; both send to pod 1,
    // where H2, H3 share pod1-edge0's one downlink. CIOQ switches with speedup 2: an
    // input-buffered switch reads an input one packet at a time at the output link's rate,
    // so pod1-edge0's single input from the fabric could feed its two host links no faster
    // than one host link, whatever the fabric's speed.
    const cioq = { kind: "cioq", speedup: 2, inputQueues: "voq", outputBufferBytes: 100_000 };
    const run = (fabricSpeedup: number) =>
      runScenario(
        parseScenario(
          fatTreeScenario(
            { kind: "credits" },
            [
              { source: "H0", destination: "H2", group: "a" },
              { source: "H1", destination: "H3", group: "b" },
            ],
            { k: 2, hostsPerTor: 2, fabricSpeedup },
            cioq,
          ),
        ),
      ).summary;
    // Rates and utilisations are fractions of the scenario's bandwidth, the host links'.
    const total = ({ groups }: ReturnType<typeof run>) => (groups.a ?? 0) + (groups.b ?? 0);
    // Same speed: the uplink carries both flows, at most 1 host link's worth (a packet or two
    // of 83 at the measurement window's edges: 0.03).
    const same = run(1);
    expect(total(same)).toBeLessThanOrEqual(1.03);
    expect(same.links["pod0-edge0->pod0-agg0"]).toBeLessThanOrEqual(1.03);
    // Twice the speed: the uplink has room for both; each flow is limited by its own host
    // link only and runs at line rate, up to the window's edges: 2 x (1 - 0.03).
    const fast = run(2);
    expect(total(fast)).toBeGreaterThan(1.94);
    expect(fast.links["pod0-edge0->pod0-agg0"]).toBeGreaterThan(1.94);
    expect(describeTopology({ kind: "fat-tree", k: 4, hostsPerTor: 4, fabricSpeedup: 2 })).toBe(
      "4-ary fat tree, 32 hosts, ToRs oversubscribed 2:1, fabric links x2",
    );
  });

  it("refuses an odd k and a fabric faster than the clock, naming the field", () => {
    expect(() => runScenario(parseScenario(fatTreeScenario(pause, stride, { k: 5 })))).toThrow(
      "topology.k must be an even integer >= 2, got 5",
    );
    // 1.25e9 x 1000 = 1.25e12 B/s: above 1e12, where a byte would take less than a picosecond.
    expect(() => runScenario(parseScenario(fatTreeScenario(pause, stride, { fabricSpeedup: 1000 })))).toThrow(
      "topology.fabricSpeedup 1000 x bandwidth 1250000000 B/s makes switch links faster than 1000000000000 B/s",
    );
  });
});
