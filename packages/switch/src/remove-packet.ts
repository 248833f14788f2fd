import type { Packet } from "@losslab/core";

/**
 * Takes `packet` out of `held`, the others keeping their order. Unlike `splice`, allocates no
 * array of the removed elements: this runs once per packet-hop.
 */
export function removePacket(held: Packet[], packet: Packet): void {
  const at = held.indexOf(packet);
  if (at < 0) throw new Error(`packet ${packet.id} is not held here`);
  removeAt(held, at);
}

/** Takes the element at index `at` out of `held`, the others keeping their order, as `removePacket` does. */
export function removeAt<T>(held: T[], at: number): void {
  if (at === 0) {
    held.shift(); // the oldest, as in a FIFO: V8 moves the array's start, copying nothing
    return;
  }
  for (let i = at + 1; i < held.length; i++) held[i - 1] = held[i]!;
  held.pop();
}
