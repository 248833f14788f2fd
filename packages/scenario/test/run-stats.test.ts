/** ScenarioResult.stats: what a run moved (by packet kind), conserved and cost. */
import { describe, expect, it } from "vitest";
import { parseScenario, runScenario } from "../src/index.js";

/** Two 20-packet messages into H2 through one switch, done long before the 2 ms end. */
const drained = () =>
  parseScenario({
    durationMs: 2,
    topology: { kind: "single-switch", hosts: 3 },
    traffic: [
      {
        kind: "trace",
        csv: "time_us,source,destination,bytes\n0,H0,H2,40960\n10,H1,H2,40960",
      },
    ],
  });

describe("run stats", () => {
  it("counts every packet-hop once, by kind, and the events of the run", () => {
    const result = runScenario(drained());
    const { stats } = result;
    const hops = stats.packetHops;
    expect(hops.total).toBe(result.transmissions);
    expect(hops.data + hops.ack + hops.notification + hops.pause + hops.readRequest + hops.creditUpdate).toBe(
      hops.total,
    );
    // 40 data packets, each crossing host link and switch output: 80 data hops, and as many ACK hops.
    expect(hops.data).toBe(80);
    expect(hops.ack).toBe(80);
    expect(stats.events).toBe(result.events);
    expect(stats.eventsPerPacketHop).toBeCloseTo(result.events / hops.total, 3);
    expect(stats.simulatedMs).toBe(2);
    expect(stats.wallMs).toBeGreaterThan(0);
    expect(stats.eventsPerSecond).toBeGreaterThan(0);
  });

  it("conserves data packets: a drained fabric holds none, a cut-off run holds the difference", () => {
    expect(runScenario(drained()).stats.dataPackets).toEqual({ injected: 40, delivered: 40, inFlight: 0 });
    const busy = runScenario(
      parseScenario({
        durationMs: 1,
        topology: { kind: "single-switch", hosts: 3 },
        flows: [
          { source: "H0", destination: "H2" },
          { source: "H1", destination: "H2" },
        ],
      }),
    ).stats.dataPackets;
    expect(busy.inFlight).toBeGreaterThan(0);
    expect(busy.injected).toBe(busy.delivered + busy.inFlight);
  });
});
