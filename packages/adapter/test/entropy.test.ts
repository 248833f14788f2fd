/**
 * Entropy values at the adapter (docs/spec/uec.md sec. 4): a flow stamps each data packet by
 * its policy, the destination's ACK echoes the value, and the policy hears it with the ACK's
 * BECN bit (REPS recycles unmarked ones). Without the option packets carry none (-1).
 */
import { CongestionBit, PacketKind } from "@losslab/core";
import { adapterPair } from "@losslab/test-kit/adapter-pair";
import { DATA_BYTES } from "@losslab/test-kit/santos-link";
import { describe, expect, it } from "vitest";
import { entropyPolicies } from "../src/index.js";

/** A pair whose H0 picks entropies by `spec`; the data entropies by sequence number and the ACKs' in arrival order. */
function run(spec: object | undefined, packets: number, window?: number, marked: readonly number[] = []) {
  const entropy = spec === undefined ? undefined : entropyPolicies.create(spec, undefined);
  const pair = adapterPair(entropy === undefined ? {} : { entropy });
  const data: number[] = [];
  const acks: number[] = [];
  pair.ab.tamper = (packet) => {
    if (pair.packets.kind(packet) !== PacketKind.Data) return;
    data[pair.packets.seq(packet)] = pair.packets.entropy(packet);
    if (marked.includes(pair.packets.seq(packet))) pair.packets.mark(packet, CongestionBit.Ecn);
  };
  pair.ba.tamper = (packet) => {
    if (pair.packets.kind(packet) === PacketKind.Ack) acks.push(pair.packets.entropy(packet));
  };
  pair.h0.addFlow({ id: 3, destination: 1, packetBytes: DATA_BYTES, start: 0, packets, window });
  pair.engine.run();
  return { data, acks };
}

describe("entropy values at the adapter", () => {
  it("without the option, data packets and ACKs carry none", () => {
    const { data, acks } = run(undefined, 3);
    expect(data).toEqual([-1, -1, -1]);
    expect(acks).toEqual([-1, -1, -1]);
  });

  it("round-robin stamps 0..N-1 in turn and every ACK echoes its packet's value", () => {
    const { data, acks } = run({ kind: "round-robin", entropies: 4 }, 6);
    expect(data).toEqual([0, 1, 2, 3, 0, 1]);
    expect(acks).toEqual(data);
  });

  it("reps, one packet at a time: an unmarked ACK's entropy is reused, a marked one's is not", () => {
    // Window 1: each packet leaves after the previous one's ACK. Packet 2 is marked.
    const { data } = run({ kind: "reps", entropies: 1 << 16 }, 5, 1, [2]);
    expect(data[1]).toBe(data[0]);
    expect(data[2]).toBe(data[0]);
    expect(data[3]).not.toBe(data[2]); // a fresh draw among 65536 values: equal only by a 1/65536 chance
    expect(data[4]).toBe(data[3]);
  });
});
