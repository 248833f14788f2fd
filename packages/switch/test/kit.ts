/**
 * Test kit for the switch package: a scripted traffic source, a recording sink, a
 * two-port relay switch and a helper that wires a Link between two devices. Plain helpers, not tests; they use only
 * the public APIs of core, engine and this package.
 */
import {
  applyPause,
  CreditAccount,
  type Device,
  type InboundLink,
  isPaused,
  type OutboundLink,
  type Packet,
  type PacketFactory,
  PacketKind,
} from "@losslab/core";
import type { Engine, Time } from "@losslab/engine";
import { InputBufferedSwitch, type InputBufferedSwitchOptions, Link } from "../src/index.js";

/** santos-2002 Table 1: 20 B header + 2048 B payload. At 1 GB/s it takes 2,068,000 ps on the wire. */
export const DATA_BYTES = 2068;
/** ceil(2068 / 64) = 33 credit blocks of 64 B. */
export const DATA_BLOCKS = 33;
/** 1 GB/s (10^9 B/s). */
export const GBPS = 1e9;
/** 10 ns of propagation, in ps. */
export const PROPAGATION = 10_000;

/** One packet seen by a sink: when its header arrived, when its last byte arrives. */
export interface Arrival {
  packet: Packet;
  port: number;
  headerAt: Time;
  tailAt: Time;
}

/** One transmission seen on a link. */
export interface Transmission {
  packet: Packet;
  start: Time;
  end: Time;
}

/**
 * A one-port sender: packets are queued with `send(packet, at)` and leave in order, each as
 * soon as the link is free, the downstream buffer has credits for all of it and no PAUSE
 * holds it. A PAUSE frame received takes effect `reactionDelay` after its last byte (then
 * recorded in `pauses`); other packets received are recorded in `received`.
 */
export class Source implements Device {
  readonly creditReturns: Array<{ at: Time; blocks: number }> = [];
  /** When each received PAUSE took effect, and whether it paused (XOFF) or resumed (XON). */
  readonly pauses: Array<{ at: Time; paused: boolean }> = [];
  readonly received: Packet[] = [];
  credits: CreditAccount | undefined;
  private link: OutboundLink | undefined;
  private readonly queue: Packet[] = [];
  private busyUntil: Time = 0;
  private paused = 0;

  constructor(
    private readonly engine: Engine,
    readonly name: string,
    private readonly reactionDelay: Time = 0,
  ) {}

  /** Packets queued and not yet sent. */
  get backlog(): number {
    return this.queue.length;
  }

  /** Queues `packet` at time `at` (default now). */
  send(packet: Packet, at: Time = this.engine.now): void {
    this.engine.at(at, () => {
      this.queue.push(packet);
      this.trySend();
    });
  }

  connectOutput(_port: number, link: OutboundLink, downstreamCredits: number): void {
    this.link = link;
    this.credits = new CreditAccount(downstreamCredits, 64, `${this.name} output`);
  }

  connectInput(_port: number, _link: InboundLink): void {}

  inputCredits(_port: number): number {
    return Number.POSITIVE_INFINITY;
  }

  receive(packet: Packet, _port: number, tailAt: Time): void {
    if (packet.kind !== PacketKind.Pause) {
      this.received.push(packet);
      return;
    }
    this.engine.at(tailAt + this.reactionDelay, () => {
      this.paused = applyPause(this.paused, packet);
      this.pauses.push({ at: this.engine.now, paused: this.paused !== 0 });
      this.trySend();
    });
  }

  creditsReturned(_port: number, blocks: number): void {
    this.creditReturns.push({ at: this.engine.now, blocks });
    this.credits!.restore(blocks);
    this.trySend();
  }

  private trySend(): void {
    const packet = this.queue[0];
    if (packet === undefined || this.engine.now < this.busyUntil) return;
    if (!this.credits!.canSend(packet.size) || isPaused(this.paused, packet)) return;
    this.queue.shift();
    this.credits!.consume(packet.size);
    this.busyUntil = this.link!.transmit(packet);
    this.engine.at(this.busyUntil, () => this.trySend());
  }
}

/**
 * A receiver that records every arrival. It advertises `credits` blocks per port
 * (default Infinity: it drains at link rate, like a host); with finite credits it gives
 * them back only when the test calls `release`.
 */
export class Sink implements Device {
  readonly arrivals: Arrival[] = [];
  private readonly inbound = new Map<number, InboundLink>();

  constructor(
    private readonly engine: Engine,
    readonly name: string,
    private readonly credits = Number.POSITIVE_INFINITY,
  ) {}

  connectOutput(): void {
    throw new Error(`${this.name} is a sink: it has no outputs`);
  }

  connectInput(port: number, link: InboundLink): void {
    this.inbound.set(port, link);
  }

  inputCredits(_port: number): number {
    return this.credits;
  }

  receive(packet: Packet, port: number, tailAt: Time): void {
    this.arrivals.push({ packet, port, headerAt: this.engine.now, tailAt });
  }

  creditsReturned(): void {
    throw new Error(`${this.name} is a sink: it never sends, so it gets no credits back`);
  }

  /** Frees `blocks` of the buffer of VL `vl` behind input `port`: the credits travel back upstream. */
  release(port: number, blocks: number, vl = 0): void {
    this.inbound.get(port)!.returnCredits(blocks, vl);
  }
}

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

/** A data packet from host `source` to host `destination` on VL `vl` (flow = source). */
export function lanePacket(
  factory: PacketFactory,
  source: number,
  destination: number,
  vl: number,
  seq = 0,
  size = DATA_BYTES,
): Packet {
  return factory.create({ kind: PacketKind.Data, flow: source, source, destination, size, seq, vl, createdAt: 0 });
}

/** A data packet from host `source` to host `destination` (flow = source, seq as given). */
export function dataPacket(
  factory: PacketFactory,
  source: number,
  destination: number,
  seq = 0,
  size = DATA_BYTES,
): Packet {
  return lanePacket(factory, source, destination, 0, seq, size);
}

/** A 2-port switch "S" relaying input 0 to output 1, the port toward host 1 (routes [-1, 1]). */
export function relaySwitch(
  engine: Engine,
  inputBufferBytes: number,
  options: Partial<InputBufferedSwitchOptions> = {},
): InputBufferedSwitch {
  return new InputBufferedSwitch(engine, {
    name: "S",
    ports: 2,
    routes: [-1, 1],
    inputBufferBytes,
    maxPacketBytes: DATA_BYTES,
    ...options,
  });
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
