/**
 * RCCC at the adapter (`receiverCredits`, docs/spec/uec.md sec. 3): two adapters back to back,
 * 1 GB/s, 10 ns each way; 2068 B data packets, 20 B ACKs and pulls. Credit per pull 4096 B
 * (16 quanta of 256 B), pulls paced at 1 GB/s, a window of 3 packets (6204 B).
 */
import { PacketKind } from "@losslab/core";
import { adapterPair } from "@losslab/test-kit/adapter-pair";
import { DATA_BYTES } from "@losslab/test-kit/santos-link";
import { describe, expect, it } from "vitest";

const credits = { creditPerPull: 4096, pullRate: 1e9, windowBytes: 3 * DATA_BYTES, rtsInterval: 1_000_000 };

function run(withCredits: boolean, packets = 10) {
  const options = withCredits ? { receiverCredits: credits } : {};
  const wires = adapterPair(options, options);
  wires.h0.addFlow({ id: 0, destination: 1, packetBytes: DATA_BYTES, start: 0, packets });
  wires.engine.run();
  const pulls = wires.ba.sent.filter((s) => s.packet.kind === PacketKind.Pull);
  return { ...wires, pulls };
}

describe("receiver credits (RCCC)", () => {
  it("data packets carry their pull target: credit wanted beyond what is held, cumulative, in 256 B quanta", () => {
    const { ab } = run(true);
    // Packet 0: credit 6204 - 2068 = 4136 held, min(backlog 9 x 2068, 6204) - 4136 = 2068 B
    // wanted: ceil(2068 / 256) = 9. Packet 1: 6204 - 2068 = 4136 B: ceil(16.16) = 17.
    expect(ab.data.slice(0, 2).map((s) => s.packet.feedback)).toEqual([9, 17]);
  });

  it("speculation ends at the first ACK: then only pulls give credit, never more than a pull's worth at once", () => {
    const { ab, ba, pulls } = run(true);
    expect(ab.data).toHaveLength(10);
    const firstBack = Math.min(...ba.sent.map((s) => s.end)) + 10_000; // its last byte at H0
    // Packets 0 and 1 started before (0 and 2.068 us); the ACK of packet 0 is back at 2.108 us.
    expect(ab.data.filter((s) => s.start < firstBack)).toHaveLength(2);
    const grants = pulls.map((s, i) => s.packet.seq - (i === 0 ? 0 : pulls[i - 1]!.packet.seq));
    for (const grant of grants) {
      expect(grant).toBeGreaterThan(0);
      expect(grant).toBeLessThanOrEqual(16);
    }
    // Every byte sent after speculation was granted: 8 packets need ceil(8 x 2068 / 256) = 65 quanta.
    expect(pulls.at(-1)!.packet.seq).toBeGreaterThanOrEqual(65);
    expect(pulls.every((s) => s.packet.size === 20 && s.packet.flow === 0 && s.packet.destination === 0)).toBe(true);
  });

  it("paces pulls: the next waits for the previous grant to drain at pullRate", () => {
    const { pulls } = run(true, 40);
    for (let i = 1; i < pulls.length; i++) {
      const grant = pulls[i - 1]!.packet.seq - (i === 1 ? 0 : pulls[i - 2]!.packet.seq);
      // Made (createdAt) that long apart at least; the frame may then wait for port 0 behind an ACK.
      expect(pulls[i]!.packet.createdAt - pulls[i - 1]!.packet.createdAt).toBeGreaterThanOrEqual(
        (grant * 256 * 1e12) / credits.pullRate,
      );
    }
  });

  it("are off by default: no pull targets, no pulls", () => {
    const { ab, pulls } = run(false);
    expect(ab.data).toHaveLength(10);
    expect(ab.data.every((s) => s.packet.feedback === 0)).toBe(true);
    expect(pulls).toHaveLength(0);
  });
});

describe("receiver credits with trimming", () => {
  /** 4 packets under RCCC with retransmission (timeout 1 ms); the first copy of the last packet is trimmed. */
  function trimmedLast() {
    const options = { receiverCredits: credits, retransmitTimeout: 1e9 };
    const wires = adapterPair(options, options);
    let trimmed = false;
    wires.ab.tamper = (packet, packets) => {
      if (!trimmed && packets.kind(packet) === PacketKind.Data && packets.seq(packet) === 3) {
        trimmed = true;
        packets.trim(packet, 64);
      }
    };
    const flow = wires.h0.addFlow({ id: 0, destination: 1, packetBytes: DATA_BYTES, start: 0, packets: 4 });
    wires.engine.run();
    return { ...wires, flow };
  }

  it("a trimmed packet is sent again on credit, long before the timeout", () => {
    const { ab, flow } = trimmedLast();
    // The header's pull target reaches the pacer (PullPacer.trimmed). This passes without the
    // owed extra pull too: the header's own target already asks for the packet again.
    const copies = ab.data.filter((s) => s.packet.seq === 3);
    expect(copies).toHaveLength(2);
    expect(copies[1]!.start).toBeLessThan(100_000_000); // 100 us, a tenth of the timeout
    expect([flow.acked, flow.outstanding]).toEqual([4, 0]);
  });

  it("a trimmed header's flow is owed one pull beyond the target the header carries (PullPacer.trimmed)", () => {
    const { ab, ba } = trimmedLast();
    const header = ab.data.find((s) => s.packet.seq === 3)!.packet; // the first copy, trimmed on the wire
    const carried = Math.max(...ab.data.map((s) => s.packet.feedback));
    const granted = ba.sent.filter((s) => s.packet.kind === PacketKind.Pull).at(-1)!.packet.seq; // cumulative quanta
    // 4096 B of credit per pull is 16 quanta of 256 B; without the owed pull the grants stop at the largest target carried.
    expect(granted).toBe(header.feedback + credits.creditPerPull / 256);
    expect(granted).toBeGreaterThan(carried);
  });
});
