/**
 * `controlVl`: the frames a host makes besides data (ACKs, CN packets, read requests) travel
 * on one VL (PFC priority) of their own instead of the data's, so a pause of the data's
 * priority does not hold them (RoCE gives CNPs a priority of their own).
 */
import { createPauseFrame, PacketStore, XOFF_QUANTA } from "@losslab/core";
import { Engine } from "@losslab/engine";
import { adapterPair } from "@losslab/test-kit/adapter-pair";
import { DATA_BYTES } from "@losslab/test-kit/santos-link";
import { describe, expect, it } from "vitest";
import { HostAdapter } from "../src/index.js";

/** H0 sends 2 packets of a reliable flow on VL 0 and 2 of an unreliable one on VL 1 to H1 (vls 3), every data packet ECN-marked. */
function run(controlVl: number | undefined, pauseDataAtDestination = false) {
  const { engine, packets, h0, h1, ab, ba } = adapterPair(
    { vls: 3 },
    { vls: 3, pauseReactionDelay: 0, ...(controlVl === undefined ? {} : { controlVl }) },
  );
  ab.tamper = (packet, packets) => {
    packets.mark(packet, 1);
  };
  // An XOFF for priority 0 (the reliable flow's data priority) reaches H1 at once.
  if (pauseDataAtDestination) h1.receive(createPauseFrame(packets, 0, XOFF_QUANTA, 64, 0), 0, 0);
  h0.addFlow({ id: 1, destination: 1, packetBytes: DATA_BYTES, start: 0, packets: 2, vl: 0 });
  h0.addFlow({ id: 2, destination: 1, packetBytes: DATA_BYTES, start: 0, packets: 2, vl: 1, reliable: false });
  engine.run({ until: 100_000_000 });
  return { ab, ba };
}

describe("controlVl", () => {
  it("puts ACKs and CN packets on the chosen VL, data stays on its own", () => {
    const { ab, ba } = run(2);
    expect(ab.data.map((s) => s.packet.vl)).toEqual([0, 1, 0, 1]);
    expect(ba.acks.map((s) => s.packet.vl)).toEqual([2, 2]);
    expect(ba.cnps.map((s) => s.packet.vl)).toEqual([2, 2]);
  });

  it("without it, control frames take the data's VL", () => {
    const { ba } = run(undefined);
    expect(ba.acks.map((s) => s.packet.vl)).toEqual([0, 0]);
    expect(ba.cnps.map((s) => s.packet.vl)).toEqual([1, 1]);
  });

  it("keeps ACKs flowing while the data's priority is paused at their sender", () => {
    // Priority 0 held at H1: on VL 0 its ACKs wait for an XON that never comes; on VL 2 they go.
    expect(run(undefined, true).ba.acks).toEqual([]);
    expect(run(2, true).ba.acks.map((s) => s.packet.vl)).toEqual([2, 2]);
  });

  it("must be a VL the adapter has", () => {
    const engine = new Engine();
    const packets = new PacketStore();
    expect(() => new HostAdapter(engine, { name: "H", host: 0, packets, vls: 2, controlVl: 2 })).toThrow(
      /H: controlVl must be an integer 0..1 \(below vls\); got 2/,
    );
  });
});
