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

  it("slow pulls: once its target is met, a flow gets unasked pulls of creditPerPull, each after the last one's grant drains", () => {
    const { ab, pulls } = run(true);
    const target = Math.max(...ab.data.map((s) => s.packet.feedback)); // the largest target carried
    const met = pulls.findIndex((s) => s.packet.seq >= target);
    const last = pulls[met]!.packet.seq;
    const slow = pulls.slice(met + 1);
    // Beyond the target up to the cap at least (a window, 24 quanta): two pulls of 16 or more.
    expect(slow.length).toBeGreaterThanOrEqual(2);
    expect(slow.map((s) => s.packet.seq)).toEqual(slow.map((_, i) => last + 16 * (i + 1)));
    for (let i = 1; i < slow.length; i++) {
      expect(slow[i]!.packet.createdAt - slow[i - 1]!.packet.createdAt).toBe((16 * 256 * 1e12) / credits.pullRate);
    }
    // The first follows the pull that met the target as soon as that pull's grant has drained.
    const grant = last - pulls[met - 1]!.packet.seq;
    expect(slow[0]!.packet.createdAt - pulls[met]!.packet.createdAt).toBe((grant * 256 * 1e12) / credits.pullRate);
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
    // The header's pull target reaches the pacer (PullPacer.asked): it asks for the packet again.
    const copies = ab.data.filter((s) => s.packet.seq === 3);
    expect(copies).toHaveLength(2);
    expect(copies[1]!.start).toBeLessThan(100_000_000); // 100 us, a tenth of the timeout
    expect([flow.acked, flow.outstanding]).toEqual([4, 0]);
  });

  it("a trimmed header's flow rejoins the active list even with its target met: a pull of nothing, then a slow pull carries the retransmission", () => {
    // One packet and a window of one packet (2068 B, a slow-pull cap of 8 quanta): the packet
    // spends all credit and asks for none (target 0). Its copy is cut to 64 B at the start of
    // the 2068 ns serialisation (the wire keeps its timing), so the header is in at 2.078 us.
    const options = { receiverCredits: { ...credits, windowBytes: DATA_BYTES }, retransmitTimeout: 1e9 };
    const wires = adapterPair(options, options);
    let trimmed = false;
    wires.ab.tamper = (packet, packets) => {
      if (!trimmed && packets.kind(packet) === PacketKind.Data) {
        trimmed = true;
        packets.trim(packet, 64);
      }
    };
    const flow = wires.h0.addFlow({ id: 0, destination: 1, packetBytes: DATA_BYTES, start: 0, packets: 1 });
    wires.engine.run();
    const pulls = wires.ba.sent.filter((s) => s.packet.kind === PacketKind.Pull);
    // 2.078 us: the header joins the active list although its target (0) is granted: a pull
    // of nothing (seq 0). After 1024 B at 1 GB/s, 3.102 us, the flow gets a slow pull of 16
    // quanta (16 >= the cap of 8: its last). It reaches H0 at 3.132 us (20 B + 10 ns), and
    // the packet goes again then, on that credit, not at the 1 ms timeout.
    expect(pulls.slice(0, 2).map((s) => [s.packet.seq, s.packet.createdAt])).toEqual([
      [0, 2_078_000],
      [16, 3_102_000],
    ]);
    expect(wires.ab.data.map((s) => [s.packet.size, s.start])).toEqual([
      [64, 0],
      [DATA_BYTES, 3_132_000],
    ]);
    expect([flow.acked, flow.outstanding]).toEqual([1, 0]);
  });
});

describe("RTS: a source that times out without credit asks for some", () => {
  it("follows the hand-computed trace: the RTS at the timeout, its answer, a pull of nothing and a slow pull", () => {
    // Two packets, a window of 3 (6204 B) and a timeout of 20 us; the first copy of each is lost
    // on the wire (a dropped header: no NACK). Packet 0 spends 2068 B and asks for 2068 more
    // (speculating with a backlog: target ceil(2068 / 256) = 9); packet 1 (at 2.068 us) asks
    // for nothing (target 0), so the destination never heard a target.
    const options = { receiverCredits: credits, retransmitTimeout: 20_000_000 };
    const wires = adapterPair(options, options);
    const lost = new Set<number>();
    wires.ab.lose = (packet, packets) => {
      if (packets.kind(packet) !== PacketKind.Data || lost.has(packets.seq(packet))) return false;
      lost.add(packets.seq(packet));
      return true;
    };
    const flow = wires.h0.addFlow({ id: 0, destination: 1, packetBytes: DATA_BYTES, start: 0, packets: 2 });
    wires.engine.run();
    const from = (sent: typeof wires.ab.sent, kind: number) => sent.filter((s) => s.packet.kind === kind);
    // 20 us: packet 0 times out; the flow still holds 2068 B of speculative credit, so it
    // sends it again at once (target 0), and asks for nothing.
    expect(wires.ab.data.map((s) => [s.packet.seq, s.packet.feedback, s.start])).toEqual([
      [0, 9, 0],
      [1, 0, 2_068_000],
      [0, 0, 20_000_000],
      [1, 16, 23_152_000],
    ]);
    // 22.068 us: packet 1 times out with no credit left: one RTS, carrying its last target (0).
    const rts = from(wires.ab.sent, PacketKind.Rts);
    expect(rts.map((s) => [s.packet.seq, s.packet.covers, s.packet.createdAt])).toEqual([[0, 0, 22_068_000]]);
    // It is in at H1 at 22.098 us (20 B + 10 ns): H1 answers it (covers 1) and the flow joins
    // the active list: a pull of nothing (its target, 0, is met), then after 1024 B at
    // 1 GB/s a slow pull of 16 quanta at 23.122 us, in at H0 at 23.152 us: packet 1 goes.
    expect(from(wires.ba.sent, PacketKind.Rts).map((s) => [s.packet.covers, s.packet.createdAt])).toEqual([
      [1, 22_098_000],
    ]);
    expect(
      from(wires.ba.sent, PacketKind.Pull)
        .slice(0, 2)
        .map((s) => [s.packet.seq, s.packet.createdAt]),
    ).toEqual([
      [0, 22_098_000],
      [16, 23_122_000],
    ]);
    expect([flow.acked, flow.outstanding, wires.h0.rtsSent]).toEqual([2, 0, 1]);
  });

  it("sends its RTS again when it goes unanswered for a timeout, at most one per rtsInterval", () => {
    // As above, but every RTS is lost too: the flow asks again each timeout (20 us) after its RTS.
    const options = { receiverCredits: credits, retransmitTimeout: 20_000_000 };
    const wires = adapterPair(options, options);
    const lost = new Set<number>();
    wires.ab.lose = (packet, packets) => {
      if (packets.kind(packet) === PacketKind.Rts) return true;
      if (packets.kind(packet) !== PacketKind.Data || lost.has(packets.seq(packet))) return false;
      lost.add(packets.seq(packet));
      return true;
    };
    wires.h0.addFlow({ id: 0, destination: 1, packetBytes: DATA_BYTES, start: 0, packets: 2 });
    wires.engine.run({ until: 100_000_000 });
    const rts = wires.ab.sent.filter((s) => s.packet.kind === PacketKind.Rts).map((s) => s.packet.createdAt);
    expect(rts).toEqual([22_068_000, 42_068_000, 62_068_000, 82_068_000]);
  });
});
