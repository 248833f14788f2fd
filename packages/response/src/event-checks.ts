/** Checks of the events and flow descriptions controllers receive (internal). */
import type { AckEvent, FlowInfo } from "./controller.js";

/** The number of packets an ACK covers, checked. */
export function ackPackets(event: AckEvent, owner: string): number {
  const packets = event.packets ?? 1;
  if (!(Number.isInteger(packets) && packets >= 1)) {
    throw new RangeError(`${owner}: ack.packets must be an integer >= 1, got ${String(packets)}`);
  }
  if (!(event.bytes >= 0)) {
    throw new RangeError(`${owner}: ack.bytes must be >= 0, got ${String(event.bytes)}`);
  }
  return packets;
}

/** Checks the flow description a factory receives. */
export function checkFlow(flow: FlowInfo, owner: string): void {
  if (!(flow.lineRate > 0 && Number.isFinite(flow.lineRate))) {
    throw new RangeError(`${owner}: flow.lineRate must be a positive finite number (bytes/s)`);
  }
  if (!(flow.packetSize > 0 && Number.isFinite(flow.packetSize))) {
    throw new RangeError(`${owner}: flow.packetSize must be a positive finite number (bytes)`);
  }
}
