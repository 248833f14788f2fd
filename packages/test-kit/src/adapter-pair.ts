/** Two host adapters back to back, the smallest fabric the adapter's tests run. */

import { HostAdapter, type HostAdapterOptions } from "@losslab/adapter";
import { CongestionBit, type Device, PacketKind, PacketStore } from "@losslab/core";
import { Engine, type Time } from "@losslab/engine";
import { BareWire } from "./bare-wire.js";
import { GBPS, PROPAGATION } from "./santos-link.js";

/** Connects `a` and `b` with a wire each way; both receivers drain at link rate (Infinity credits). */
export function backToBack(
  engine: Engine,
  packets: PacketStore,
  a: Device,
  b: Device,
  bandwidth = GBPS,
  delay: Time = PROPAGATION,
) {
  const ab = new BareWire(engine, packets, b, bandwidth, delay);
  const ba = new BareWire(engine, packets, a, bandwidth, delay);
  a.connectOutput(0, ab, b.inputCredits(0));
  b.connectOutput(0, ba, a.inputCredits(0));
  return { ab, ba };
}

/**
 * Adapters H0 (host 0, with `source`'s options) and H1 (host 1, with `destination`'s) on a new
 * engine, sharing one packet factory, back to back: `ab` carries H0's packets, `ba` H1's.
 */
export function adapterPair(
  source: Partial<HostAdapterOptions> = {},
  destination: Partial<HostAdapterOptions> = {},
  link: { bandwidth?: number; delay?: Time } = {},
) {
  const engine = new Engine();
  const packets = new PacketStore();
  const h0 = new HostAdapter(engine, { name: "H0", host: 0, packets, ...source });
  const h1 = new HostAdapter(engine, { name: "H1", host: 1, packets, ...destination });
  const wires = backToBack(engine, packets, h0, h1, link.bandwidth ?? GBPS, link.delay ?? PROPAGATION);
  return { engine, packets, h0, h1, ...wires };
}

/** `adapterPair` whose wire H0 -> H1 sets ECN on the data packets with a sequence number in `marked`. */
export function markingPair(marked: readonly number[], destination: Partial<HostAdapterOptions> = {}) {
  const pair = adapterPair({}, destination);
  pair.ab.tamper = (packet) => {
    const packets = pair.packets;
    if (packets.kind(packet) === PacketKind.Data && marked.includes(packets.seq(packet))) {
      packets.mark(packet, CongestionBit.Ecn);
    }
  };
  return pair;
}
