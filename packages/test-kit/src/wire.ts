/** Links between devices wired as the scenario builder wires them, with every transmission recorded. */
import type { Device } from "@losslab/core";
import type { Engine, Time } from "@losslab/engine";
import { Link } from "@losslab/switch";
import { GBPS, PROPAGATION } from "./santos-link.js";
import type { Transmission } from "./transmission.js";

export interface WireOptions {
  bandwidth?: number;
  delay?: Time;
  backDelay?: Time;
  overheadBytes?: number;
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
  });
  from.connectOutput(fromPort, link, to.inputCredits(toPort));
  to.connectInput(toPort, link);
  const sent: Transmission[] = [];
  link.onTransmit((packet, start, end) => sent.push({ packet, start, end }));
  return { link, sent };
}

/** Wires both directions between `a`:`aPort` and `b`:`bPort` (a full-duplex link: PAUSE frames go back on the reverse one). */
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
