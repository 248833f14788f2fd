/** Links between devices wired as the scenario builder wires them, with every transmission recorded. */
import type { Device, PacketReader } from "@losslab/core";
import type { Engine, Time } from "@losslab/engine";
import { Link } from "@losslab/switch";
import { GBPS, PROPAGATION } from "./santos-link.js";
import type { Transmission } from "./transmission.js";

export interface WireOptions {
  bandwidth?: number;
  delay?: Time;
  backDelay?: Time;
  overheadBytes?: number;
  /** The simulation's packets; default the store of `from` or `to` (a switch's or an adapter's `packets`). */
  packets?: PacketReader;
}

/** The store a device reads its packets from, if it says (switches and host adapters do). */
function storeOf(device: Device): PacketReader | undefined {
  const packets = (device as { packets?: unknown }).packets;
  return typeof packets === "object" && packets !== null && "size" in packets ? (packets as PacketReader) : undefined;
}

/**
 * Wires a Link from `from`:`fromPort` to `to`:`toPort` as the scenario builder does: the
 * sender's output gets the credits of the receiver's input buffer, the receiver returns
 * credits over the same link. Records every transmission.
 */
export function wire(
  engine: Engine,
  from: Device,
  fromPort: number,
  to: Device,
  toPort: number,
  options: WireOptions = {},
): { link: Link; sent: Transmission[] } {
  const delay = options.delay ?? PROPAGATION;
  const link = new Link(engine, {
    name: `${from.name}->${to.name}`,
    from,
    fromPort,
    to,
    toPort,
    bandwidth: options.bandwidth ?? GBPS,
    delay,
    backDelay: options.backDelay ?? delay,
    overheadBytes: options.overheadBytes ?? 0,
    packets: packetsOf(from, to, options),
  });
  from.connectOutput(fromPort, link, to.inputCredits(toPort));
  to.connectInput(toPort, link);
  const sent: Transmission[] = [];
  link.onTransmit((packets, packet, start, end) =>
    sent.push({ packet: packets.record(packet), slot: packet, start, end }),
  );
  return { link, sent };
}

/** Wires both directions between `a`:`aPort` and `b`:`bPort` (a full-duplex link: PAUSE frames go back on the reverse one). */
function packetsOf(from: Device, to: Device, options: WireOptions): PacketReader {
  const packets = options.packets ?? storeOf(from) ?? storeOf(to);
  if (packets === undefined)
    throw new Error(`wire ${from.name}->${to.name}: neither end has packets; give options.packets`);
  return packets;
}

export function duplex(
  engine: Engine,
  a: Device,
  aPort: number,
  b: Device,
  bPort: number,
  options: WireOptions = {},
): { forward: ReturnType<typeof wire>; backward: ReturnType<typeof wire> } {
  const backward = wire(engine, b, bPort, a, aPort, options);
  const forward = wire(engine, a, aPort, b, bPort, options);
  return { forward, backward };
}
