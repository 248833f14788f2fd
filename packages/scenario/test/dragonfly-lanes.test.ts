/**
 * A Dragonfly's VLs by hop class (Kim et al., ISCA 2008 sec. 4) against the same Valiant routes
 * on one VL: the credit-loop check before the run finds the (channel, VL) cycle of the second
 * and none in the first, and the run shows what the cycle means: on one VL the fabric locks
 * up within microseconds at full load, with VLs by hop class it keeps delivering.
 */
import { describe, expect, it } from "vitest";
import { creditLoopWarnings, parseScenario, runScenario } from "../src/index.js";

/** p = 1 (a = 2, h = 1, g = 3: 6 hosts), Valiant, full load, 2-packet VL buffers. */
function valiant(lanes: "hop-class" | "single") {
  return parseScenario({
    seed: 1,
    durationMs: 0.2,
    topology: { kind: "dragonfly", p: 1, routing: "valiant", lanes },
    switch: { kind: "voq", vls: lanes === "single" ? 1 : 3, inputBufferBytes: 128 },
    packets: { dataBytes: 64, headerBytes: 0, ackBytes: 64 },
    adapter: { acks: false },
    traffic: [
      {
        kind: "bernoulli",
        name: "traffic",
        destinations: { kind: "uniform" },
        size: { kind: "fixed", bytes: 64 },
        load: 1,
      },
    ],
  });
}

describe("dragonfly VLs by hop class", () => {
  it("pass the credit-loop check; the same routes on one VL make a cycle through global links", () => {
    expect(creditLoopWarnings(valiant("hop-class"))).toEqual([]);
    const [warning] = creditLoopWarnings(valiant("single"));
    expect(warning).toContain("possible credit loop");
    expect(warning).toMatch(/D0\.\d port \d VL 0 -> .* -> D0\.\d port \d VL 0;/);
  });

  it("keep the fabric moving where one VL locks it up", () => {
    const moving = runScenario(valiant("hop-class")).delivered;
    const locked = runScenario(valiant("single")).delivered;
    // 6 hosts at full load for 0.2 ms could deliver about 18,750 packets.
    expect(moving).toBeGreaterThan(5000);
    expect(locked).toBeLessThan(moving / 20);
  });
});
