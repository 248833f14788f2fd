import { CongestionBit, type Packet, PacketKind } from "@losslab/core";
import { FakeCioqSwitch } from "@losslab/test-kit/fake-cioq-switch";
import { FakeSwitch } from "@losslab/test-kit/fake-switch";
import { DATA_BLOCKS } from "@losslab/test-kit/santos-link";
import { describe, expect, it } from "vitest";
import { type TurnerPolicy, turner } from "../src/index.js";

const { Data, Ack } = PacketKind;

/** `packet` is transmitted: it must find credits. */
function send(sw: FakeSwitch, packet: Packet): void {
  expect(sw.start(packet)).toBe(true);
  sw.finish(packet);
}

/**
 * Inputs 1 and 2 hold packets for outputs 2, 3 and 4 (one of them an ACK); output 3 has 32
 * credit blocks, one fewer than a 2068-B packet needs (33), so it is blocked. Then input 0
 * fills (four packets, no room left) with packets for outputs 2 and 3. At that instant:
 * propagating: 6, 7, 8, 9; candidates: outputs 2 and 3 (not 4); roots: output 2 only (`root2`
 * credits, unlimited by default); flagged for output 2: data packets 0, 1, 3, 6, 8 (not the ACK 5).
 */
function congestedSwitch(root2 = Number.POSITIVE_INFINITY) {
  const marking = turner();
  const sw = new FakeSwitch(marking);
  const policy = sw.policy as TurnerPolicy;
  sw.setCredits(2, root2);
  sw.setCredits(3, DATA_BLOCKS - 1);
  const a = sw.arrive(1, 2); // id 0
  const b = sw.arrive(1, 2); // id 1
  const c = sw.arrive(1, 3); // id 2
  const d = sw.arrive(2, 2); // id 3
  const e = sw.arrive(2, 4); // id 4
  const f = sw.arrive(2, 2, Ack); // id 5
  const g = sw.arrive(0, 2); // id 6
  const h = sw.arrive(0, 3); // id 7
  const i = sw.arrive(0, 2); // id 8
  expect(sw.markedIds()).toEqual([]); // no buffer is full yet
  const j = sw.arrive(0, 3); // id 9: input 0 full
  return { marking, sw, policy, a, b, c, d, e, f, g, h, i, j };
}

const counts = (policy: TurnerPolicy) => [policy.marked, policy.propagating, policy.generating, policy.revoked];

describe("turner (turner-2001 sec. 4)", () => {
  it("marks the data packets of a full input buffer at once: propagating (sec. 4.a)", () => {
    const { sw, policy } = congestedSwitch();
    expect(sw.markedIds()).toEqual([6, 7, 8, 9]);
    expect(counts(policy)).toEqual([4, 4, 0, 0]);
  });

  it("flags the packets for candidate roots with credits only: outputs of the full buffer's data packets (sec. 4.b.i-ii)", () => {
    const { sw, policy } = congestedSwitch();
    // Output 2 is a root: 0, 1, 3, 6, 8 flagged. Output 3 is blocked (32 < 33 blocks): not a
    // root. Output 4 (packet 4, in input 2) is no candidate.
    expect([2, 3, 4].map((output) => policy.pendingGenerating(output))).toEqual([5, 0, 0]);
    expect(sw.ids(sw.serve(4))).toEqual([4]);
    expect(sw.ids(sw.serve(2, 6))).toEqual([0, 1, 3, 5, 6, 8]);
    sw.setCredits(3, Number.POSITIVE_INFINITY);
    expect(sw.ids(sw.serve(3, 3))).toEqual([2, 7, 9]);
    // Generating: 0, 1, 3 (and 6, 8, already marked as propagating). Not the ACK 5, not 2 or 4.
    expect(sw.markedIds()).toEqual([0, 1, 3, 6, 7, 8, 9]);
    expect(counts(policy)).toEqual([7, 4, 5, 0]);
  });

  it("credits for exactly one maximum-size packet make a root; running out revokes only when a packet blocks", () => {
    const { sw, policy } = congestedSwitch(DATA_BLOCKS); // output 2: 33 blocks
    expect(policy.pendingGenerating(2)).toBe(5);
    expect(sw.ids(sw.serve(2))).toEqual([0]); // takes all 33 blocks: marked
    expect([sw.outputCredits(2), policy.pendingGenerating(2), policy.revoked]).toEqual([0, 4, 0]);
    expect(sw.serve(2)).toEqual([]); // packet 1 finds no credits: output 2 blocks
    expect([policy.pendingGenerating(2), policy.revoked]).toEqual([0, 4]);
  });

  it("marks at departure only the packets present at the instant, in any order (sec. 4.b.iii)", () => {
    const { marking, sw, policy } = congestedSwitch();
    const late = sw.arrive(4, 2); // id 10, after the instant
    expect(policy.pendingGenerating(2)).toBe(5);
    send(sw, late); // leaves first: not flagged, not marked
    expect(sw.ids(sw.serve(2, 6))).toEqual([0, 1, 3, 5, 6, 8]);
    expect(sw.packets.bits(late)).toBe(0);
    expect(sw.markedIds()).toEqual([0, 1, 3, 6, 7, 8, 9]);
    expect([marking.marked, marking.propagating, marking.generating, marking.revoked]).toEqual([7, 4, 5, 0]);
  });

  it("revokes when the root blocks: pending packets stay unmarked, sent ones marked; no bit is cleared", () => {
    const { sw, policy, b } = congestedSwitch();
    sw.packets.mark(b, CongestionBit.Ecn); // marked by an upstream switch
    expect(sw.ids(sw.serve(2))).toEqual([0]); // marked as generating
    sw.setCredits(2, DATA_BLOCKS - 1);
    expect(sw.serve(2)).toEqual([]); // packet 1 blocks: 1, 3, 6, 8 are not marked as generating
    expect([policy.pendingGenerating(2), policy.revoked]).toEqual([0, 4]);
    sw.setCredits(2, Number.POSITIVE_INFINITY);
    expect(sw.ids(sw.serve(2, 5))).toEqual([1, 3, 5, 6, 8]);
    // 0: generating; 1: kept its upstream mark; 3: revoked; 6 to 9: propagating.
    expect(sw.markedIds()).toEqual([0, 1, 6, 7, 8, 9]);
    expect(counts(policy)).toEqual([5, 4, 1, 4]);
  });

  it("a new trigger flags again after a revocation, once the output has credits", () => {
    const { sw, policy } = congestedSwitch();
    sw.serve(2); // 0
    sw.setCredits(2, DATA_BLOCKS - 1);
    sw.serve(2); // 1 blocks: revoked
    for (let k = 0; k < 4; k++) sw.arrive(3, 2); // ids 10-13: input 3 full while output 2 is blocked
    expect([policy.pendingGenerating(2), policy.propagating]).toEqual([0, 8]);
    sw.setCredits(2, Number.POSITIVE_INFINITY);
    for (let k = 0; k < 4; k++) sw.arrive(4, 2); // ids 14-17: input 4 full, output 2 a root again
    expect(policy.pendingGenerating(2)).toBe(12); // 1, 3, 6, 8, 10-17
    expect(sw.ids(sw.serve(2, 13))).toEqual([1, 3, 5, 6, 8, 10, 11, 12, 13, 14, 15, 16, 17]);
    expect(sw.markedIds()).toEqual([0, 1, 3, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17]);
    expect(counts(policy)).toEqual([15, 12, 13, 4]);
  });

  it("never marks an ACK, and an ACK in a full buffer makes no candidate root", () => {
    const sw = new FakeSwitch(turner());
    const policy = sw.policy as TurnerPolicy;
    sw.arrive(1, 3); // id 0
    for (let k = 0; k < 3; k++) sw.arrive(0, 2); // ids 1-3
    sw.arrive(0, 3, Ack); // id 4: 3 x 2068 + 20 B leaves 2048 B of room: full
    expect(sw.markedIds()).toEqual([1, 2, 3]);
    expect([policy.pendingGenerating(2), policy.pendingGenerating(3)]).toEqual([3, 0]);
    sw.serve(3, 2);
    sw.serve(2, 3);
    expect(sw.markedIds()).toEqual([1, 2, 3]);
    expect(counts(policy)).toEqual([3, 3, 3, 0]);
  });

  it("a packet of the full buffer that has started leaving is not marked and makes no candidate", () => {
    const sw = new FakeSwitch(turner());
    const policy = sw.policy as TurnerPolicy;
    sw.arrive(1, 4); // id 0
    const cutThrough = sw.arrive(0, 4); // id 1
    sw.start(cutThrough);
    sw.arrive(0, 2);
    sw.arrive(0, 3);
    sw.arrive(0, 2); // input 0 full
    expect(sw.markedIds()).toEqual([2, 3, 4]);
    expect([2, 3, 4].map((output) => policy.pendingGenerating(output))).toEqual([2, 1, 0]);
    sw.finish(cutThrough);
    sw.serve(4);
    expect(sw.markedIds()).toEqual([2, 3, 4]);
  });

  it("keeps VLs apart: a full VL 1 buffer marks and flags VL 1 packets only; VL 0 blocking revokes nothing on VL 1", () => {
    const sw = new FakeSwitch(turner());
    const policy = sw.policy as TurnerPolicy;
    sw.setCredits(2, 0, 0); // output 2, VL 0: no credits; VL 1: unlimited
    const lane0 = sw.arrive(1, 2, Data, 0); // id 0
    const lane1 = sw.arrive(1, 2, Data, 1); // id 1
    const other = sw.arrive(0, 3, Data, 0); // id 2: input 0, VL 0 (one packet: not full)
    const full = [0, 1, 2, 3].map(() => sw.arrive(0, 2, Data, 1)); // ids 3-6: input 0, VL 1 full
    expect(sw.markedIds()).toEqual([3, 4, 5, 6]);
    expect([policy.pendingGenerating(2, 1), policy.pendingGenerating(2, 0), policy.pendingGenerating(3, 0)]).toEqual([
      5, 0, 0,
    ]);
    expect(sw.start(lane0)).toBe(false); // output 2 VL 0 blocks
    expect([policy.pendingGenerating(2, 1), policy.revoked]).toEqual([5, 0]);
    for (const packet of [lane1, ...full]) send(sw, packet);
    sw.setCredits(2, Number.POSITIVE_INFINITY, 0);
    send(sw, lane0);
    sw.serve(3);
    expect(sw.markedIds()).toEqual([1, 3, 4, 5, 6]);
    expect([sw.packets.bits(lane0), sw.packets.bits(other)]).toEqual([0, 0]);
  });

  it("rejects a VL beyond InfiniBand's sixteen", () => {
    const sw = new FakeSwitch(turner());
    expect(() => sw.policy.bufferFull?.(0, 16)).toThrow(new RangeError("turner marking: VL 16 out of range 0..15"));
  });

  it("flags the packets of a root's output buffer on a switch that has them", () => {
    const marking = turner();
    const sw = new FakeCioqSwitch(marking);
    const policy = sw.policy as TurnerPolicy;
    const a = sw.arrive(1, 2); // id 0
    sw.cross(a); // in output buffer 2
    const held = [sw.arrive(0, 2), sw.arrive(0, 2), sw.arrive(0, 3)]; // 834 B: 190 B of room < 278: full
    expect(held.map((packet) => sw.packets.bits(packet))).toEqual([1, 1, 1]);
    expect([sw.packets.bits(a), policy.pendingGenerating(2), policy.pendingGenerating(3)]).toEqual([0, 3, 1]);
    expect(sw.send(2)).toBe(a);
    expect(sw.packets.bits(a)).toBe(CongestionBit.Ecn);
    expect([marking.marked, marking.propagating, marking.generating]).toEqual([4, 3, 1]);
  });

  it("sends a CN to the subnet manager for each fresh mark on a packet to a non-compliant CA (sec. 6.2)", () => {
    // Host 3 is non-compliant. Input 0 fills with packets for 2, 3, 2, 3: the propagating marks
    // on packets 7 and 9 (to host 3) each produce one CN; a packet marked upstream produces none.
    const notices: Array<[number, number, number]> = [];
    const marking = turner({ subnetManager: { host: 9, nonCompliantHosts: new Set([3]), noticeBytes: 20 } });
    const sw = new FakeSwitch(marking, 5, "S1");
    sw.noticeListener = (destination, about, bytes) => notices.push([sw.packets.id(about), destination, bytes]);
    sw.arrive(0, 2); // id 0
    const upstream = sw.arriveHeader(0, 3); // id 1: already marked by a previous switch
    sw.packets.mark(upstream, CongestionBit.Ecn);
    sw.tailArrived(0, 0);
    sw.arrive(0, 2); // id 2
    sw.arrive(0, 3); // id 3: input 0 full
    expect(sw.markedIds()).toEqual([0, 1, 2, 3]);
    expect(notices).toEqual([[3, 9, 20]]); // to the manager, ACK-sized
  });

  describe("sec. 6.1's optimisation: markBlockedTowardNonCompliant", () => {
    /** Output 3 leads to a non-compliant switch, output 2 to a compliant one; no input buffer fills. */
    function blockingSwitch(enabled: boolean) {
      const asked: Array<[string, number]> = [];
      const marking = turner(
        {
          fabric: {
            nextIsNonCompliant: (name, output) => {
              asked.push([name, output]);
              return output === 3;
            },
            leadsToHost: () => false,
            outputRatio: () => 1,
          },
        },
        { markBlockedTowardNonCompliant: enabled },
      );
      const sw = new FakeSwitch(marking, 5, "S1");
      const policy = sw.policy as TurnerPolicy;
      sw.arrive(1, 3); // id 0
      sw.arrive(2, 3); // id 1
      sw.arrive(2, 2); // id 2
      sw.arrive(1, 3, Ack); // id 3
      sw.setCredits(2, DATA_BLOCKS - 1);
      sw.setCredits(3, DATA_BLOCKS - 1);
      return { sw, policy, asked };
    }

    it("marks the data packets waiting for an output VL that blocks toward a non-compliant switch, and later ones at the next refusal", () => {
      const { sw, policy, asked } = blockingSwitch(true);
      expect(asked).toEqual([0, 1, 2, 3, 4].map((output) => ["S1", output]));
      expect(sw.serve(3)).toEqual([]); // output 3 blocks: 0 and 1 marked, not the ACK 3
      expect(sw.serve(2)).toEqual([]); // output 2 blocks too, but its next switch marks by itself
      expect(sw.markedIds()).toEqual([0, 1]);
      const late = sw.arrive(4, 3); // id 4: joins the blocked output VL
      expect(sw.packets.bits(late)).toBe(0);
      expect(sw.serve(3)).toEqual([]); // refused again
      expect(sw.markedIds()).toEqual([0, 1, 4]);
      expect([policy.marked, policy.blocked, policy.propagating, policy.generating]).toEqual([3, 3, 0, 0]);
    });

    it("is off by default: a blocked output marks nothing", () => {
      const { sw, policy, asked } = blockingSwitch(false);
      expect(sw.serve(3)).toEqual([]);
      expect([sw.markedIds(), policy.blocked, asked]).toEqual([[], 0, []]);
    });

    it("needs the context's fabric to say which outputs lead to non-compliant switches", () => {
      expect(() => turner({}, { markBlockedTowardNonCompliant: true })).toThrow(
        /markBlockedTowardNonCompliant needs the context's fabric/,
      );
    });
  });
});
