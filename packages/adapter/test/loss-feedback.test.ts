/**
 * A retransmitting source hears what it lost (docs/spec/uec.md sec. 5): each NACK of a trimmed
 * packet reaches the flow's controller (`onLoss`, with the packet's RTT) and its multipath
 * policy (`nacked`, with the entropy the NACK echoes). ACKs reach the policy as well.
 */
import { PacketKind } from "@losslab/core";
import { adapterPair } from "@losslab/test-kit/adapter-pair";
import { DATA_BYTES } from "@losslab/test-kit/santos-link";
import { ScriptedController } from "@losslab/test-kit/scripted-controller";
import { describe, expect, it } from "vitest";
import type { EntropyPolicy } from "../src/index.js";

const TIMEOUT = 50_000_000; // 50 us

/** H0 -> H1, 4 packets, window 1, entropies 10, 11, ... in send order; the first copy of packet 1 is trimmed on the wire. */
function run() {
  const heard = { acked: [] as number[], nacked: [] as number[] };
  let sent = 0;
  const policy: EntropyPolicy = {
    next: () => 10 + sent++,
    acked: (entropy) => heard.acked.push(entropy),
    nacked: (entropy) => heard.nacked.push(entropy),
  };
  const pair = adapterPair({ retransmitTimeout: TIMEOUT, entropy: () => policy }, { retransmitTimeout: TIMEOUT });
  const controller = new ScriptedController(pair.engine, Number.POSITIVE_INFINITY, 1);
  let hit = false;
  pair.ab.tamper = (packet) => {
    const packets = pair.packets;
    if (hit || packets.kind(packet) !== PacketKind.Data || packets.seq(packet) !== 1) return;
    hit = true;
    packets.trim(packet, 64);
  };
  pair.h0.addFlow({ id: 3, destination: 1, packetBytes: DATA_BYTES, start: 0, packets: 4, controller });
  pair.engine.run();
  return { heard, controller };
}

describe("loss feedback at a retransmitting source", () => {
  it("a NACK reaches the controller with its RTT and the policy with the trimmed packet's entropy", () => {
    const { heard, controller } = run();
    expect(controller.losses).toHaveLength(1);
    const loss = controller.losses[0]!;
    expect([loss.cause, loss.bytes]).toEqual(["nack", DATA_BYTES]);
    expect(loss.rtt).toBeGreaterThan(0);
    expect(heard.nacked).toEqual([11]); // seq 1 went with entropy 11
    // Every packet is ACKed once (seq 1's second copy took entropy 12), each ACK echoing its copy's entropy.
    expect(heard.acked).toEqual([10, 12, 13, 14]);
    expect(controller.acks).toHaveLength(4);
  });
});
