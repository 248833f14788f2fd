/**
 * DCQCN end to end (spec/algorithms.md): RED marking at the switch's egress, CNPs paced at
 * 50 us by the destination (`adapter.cnpIntervalUs`), the `dcqcn` reaction point at the
 * sources. Four 10 Gb/s sources into one over lossless Ethernet with PAUSE.
 */

import { roceFanIn } from "@losslab/test-kit/roce-fan-in";
import { describe, expect, it } from "vitest";
import { parseScenario, runScenario } from "../src/index.js";

const fanIn = (cnpIntervalUs?: number) =>
  roceFanIn(1.25e9, 3, 0, {
    marking: { kind: "red", kmin: 5000, kmax: 200_000, pmax: 0.01 },
    controller: { kind: "dcqcn" },
    adapter: cnpIntervalUs === undefined ? {} : { cnpIntervalUs },
  });

describe("DCQCN: RED + paced CNPs + the reaction point", () => {
  it("holds the queue below XOFF: CNPs, no PAUSE frame; without the notification point, PAUSE", () => {
    const paced = runScenario(parseScenario(fanIn(50)));
    // Each CNP crosses two links; at most one per flow per 50 us: 4 flows x 3 ms / 50 us = 240.
    const cnps = paced.stats.packetHops.notification / 2;
    expect(cnps).toBeGreaterThan(10);
    expect(cnps).toBeLessThanOrEqual(4 * (3000 / 50 + 1));
    expect(paced.stats.packetHops.pause).toBe(0);
    const deaf = runScenario(parseScenario(fanIn()));
    expect(deaf.stats.packetHops.notification).toBe(0);
    expect(deaf.stats.packetHops.pause).toBeGreaterThan(0);
  });
});
