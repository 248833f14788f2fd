/** HPCC's default T: the fabric's largest unloaded round trip between two hosts (base-round-trip.ts). */
import { buildRoutes, fatTree, TopologyBuilder } from "@losslab/topology";
import { describe, expect, it } from "vitest";
import { baseRoundTrip } from "../src/base-round-trip.js";
import { parseScenario, runScenario } from "../src/index.js";

// H0 -- S1 -- S2 -- H1, and H2 on S1: 10 Gb/s links of 1 us, the S1 - S2 link 2 us one way and 3 us back.
function routes() {
  const topology = new TopologyBuilder({ bandwidth: 1.25e9, delayPs: 1_000_000 })
    .switch("S1")
    .switch("S2")
    .host("H0")
    .host("H1")
    .host("H2")
    .link("H0", "S1")
    .link("S1", "S2", { delayPs: 2_000_000, delayBackPs: 3_000_000 })
    .link("S2", "H1")
    .link("H2", "S1")
    .build();
  return buildRoutes(topology);
}

describe("baseRoundTrip", () => {
  it("sums over the longest route each link's delay both ways and one data frame and one ACK", () => {
    // Per link, a 1068 B data frame and an 84 B ACK at 1.25e9 B/s: 921.6 ns. H0 -> H1 (or H2 ->
    // H1) crosses 1 us links twice (2 x (2000 + 921.6)) and the middle one (2000 + 3000 + 921.6):
    // 5843.2 + 5921.6 = 11 764.8 ns; H0 -> H2 only 5843.2 ns.
    expect(baseRoundTrip(routes(), 1068, 84)).toBe(11_764_800);
  });

  it("takes the longest of a fat tree's equal-cost (ECMP) paths", () => {
    // k = 4: hosts in different pods are 6 links apart over any of the 4 cores. 10 Gb/s, 1 us:
    // per link 2000 + 921.6 ns (as above), so 6 x 2921.6 = 17 529.6 ns.
    const tree = buildRoutes(fatTree({ k: 4, bandwidth: 1.25e9, delayPs: 1_000_000 }));
    expect(baseRoundTrip(tree, 1068, 84)).toBe(17_529_600);
  });

  it("gives an hpcc scenario without baseRttUs its T: the scenario runs", () => {
    const scenario = parseScenario({
      durationMs: 0.05,
      topology: { kind: "single-switch", hosts: 2, bandwidth: 1.25e9, delayNs: 1000 },
      controller: { kind: "hpcc" },
      flows: [{ source: "H0", destination: "H1" }],
    });
    expect(scenario.controller).not.toHaveProperty("baseRttUs");
    expect(runScenario(scenario).delivered).toBeGreaterThan(0);
  });
});
