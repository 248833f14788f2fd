/** Data packets for fixtures that drive devices by hand: from host `source` to host `destination`, flow = source. */
import { type Packet, PacketKind, type PacketStore } from "@losslab/core";
import { DATA_BYTES } from "./santos-link.js";

/** A data packet on VL `vl` (created at time 0). */
export function lanePacket(
  factory: PacketStore,
  source: number,
  destination: number,
  vl: number,
  seq = 0,
  size = DATA_BYTES,
): Packet {
  return factory.create({ kind: PacketKind.Data, flow: source, source, destination, size, seq, vl, createdAt: 0 });
}

/** A data packet on VL 0. */
export const dataPacket = (factory: PacketStore, source: number, destination: number, seq = 0, size = DATA_BYTES) =>
  lanePacket(factory, source, destination, 0, seq, size);
