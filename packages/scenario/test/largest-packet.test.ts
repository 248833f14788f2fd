/**
 * A switch refuses a packet above its `maxPacketBytes` (the tail-check skip in switch-base.ts
 * relies on the bound), so the scenario gives it the largest packet it makes: ACKs larger
 * than data packets are allowed, and so are QCN notifications.
 */
import { describe, expect, it } from "vitest";
import { largestPacketBytesOf } from "../src/derived-values.js";
import { parseScenario, runScenario } from "../src/index.js";

describe("the largest packet", () => {
  it("is the largest of data, ACK and (when the marking notifies) notification sizes", () => {
    const packets = { dataBytes: 64, ackBytes: 100, notificationBytes: 128 };
    expect(largestPacketBytesOf({ packets }, false)).toBe(100);
    expect(largestPacketBytesOf({ packets }, true)).toBe(128);
  });

  it("lets ACKs larger than the data packets through the switches", () => {
    const result = runScenario(
      parseScenario({
        durationMs: 0.05,
        topology: { kind: "single-switch", hosts: 3 },
        packets: { dataBytes: 64, headerBytes: 20, ackBytes: 100 },
        flows: [
          { source: "H0", destination: "H2" },
          { source: "H1", destination: "H2" },
        ],
      }),
    );
    expect(result.delivered).toBeGreaterThan(0);
    expect(result.stats.packetHops.ack).toBeGreaterThan(0);
  });
});
