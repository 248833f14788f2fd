import { type Packet, removeAt } from "@losslab/core";

/**
 * Takes `packet` out of `held`, the others keeping their order (core `removeAt`: no array of
 * the removed elements, as `splice` would allocate per packet-hop).
 */
export function removePacket(held: Packet[], packet: Packet): void {
  const at = held.indexOf(packet);
  if (at < 0) throw new Error(`packet (slot ${packet}) is not held here`);
  removeAt(held, at);
}
