import type { Time } from "@losslab/engine";
import type { Packet } from "./packet.js";
import type { PacketReader } from "./packet-reader.js";

/**
 * The receiving side of a device port. Called when a packet's first byte (header) arrives
 * on `port`; its last byte arrives at `tailAt`. The sender checked credits first, so the
 * receiver always has room: a receiver that finds none must throw `LosslessViolation`.
 */
export interface PacketReceiver {
  receive(packet: Packet, port: number, tailAt: Time): void;
}

/**
 * The most VLs a port may have: InfiniBand's data VLs VL0..VL14 (turner-2001 sec. 2 footnote
 * 3, "up to sixteen" with the management VL15, which losslab does not model).
 */
export const MAX_VLS = 15;

/** The sending side of a device port: link-level flow control messages come back here. */
export interface CreditReceiver {
  /**
   * `blocks` credit blocks of the buffer of VL `vl` behind output `port` were freed. Credits
   * are per VL (turner-2001 sec. 2: "Link flow control credits are controlled on a VL
   * basis"); a device with one VL per port only ever sees VL 0.
   */
  creditsReturned(port: number, blocks: number, vl?: number): void;
}

/** A device a link can connect: a switch or a host adapter. */
export interface Device extends PacketReceiver, CreditReceiver {
  readonly name: string;
  /**
   * Connects output `port` to a link, and gives the port the credits of the buffer at the far
   * end: of each of its VL buffers, all of one size (`inputCredits(port, 0)` of the receiver).
   */
  connectOutput(port: number, link: OutboundLink, downstreamCredits: number): void;
  /** Connects input `port` to the link that feeds it, to return credits on. */
  connectInput(port: number, link: InboundLink): void;
  /** Receive buffer capacity of VL `vl` (default 0) of input `port` in credit blocks (Infinity: always drains). */
  inputCredits(port: number, vl?: number): number;
  /**
   * The link out of `port` may fail during the run (a scenario's `failures`): a device that
   * routes avoids failed ports from now on, and only then reads `OutboundLink.failed` per
   * packet. Absent: the device does not route (a host's one port).
   */
  outputMayFail?(port: number): void;
  /**
   * A frame sent to input `port` was lost with its failed link. A device whose inputs hold
   * credits counts its blocks as received and freed, so they go back upstream as freed blocks
   * do and the sender's account of the buffer is whole again (InfiniBand's receiver takes the
   * sender's count of blocks sent as its count received when flow control resynchronises,
   * IBA vol. 1 ch. 7.9; docs/spec/cbfc.md sec. 5). Absent: its inputs promised no credits (a host).
   */
  inputLost?(packet: Packet, port: number): void;
  /**
   * The link out of `port` works again after a failure: a device that signals credits on it
   * re-advertises them (CBFC's cumulative counts, which updates lost with the link left behind).
   */
  outputRecovered?(port: number): void;
}

/** A unidirectional link as its sender sees it. */
export interface OutboundLink {
  readonly bandwidth: number;
  /** The simulation's packets: what `transmit` takes is a slot of it. */
  readonly packets: PacketReader;
  /** Bytes of wire overhead per frame beyond its size (preamble, inter-frame gap); absent means 0. */
  readonly overheadBytes?: number;
  /**
   * True while the link is failed (a scenario's `failures`): what is sent on it is lost, and
   * routing avoids it where an equal-cost port remains. Absent means never failed.
   */
  readonly failed?: boolean;
  /** Starts sending `packet` now; returns the time its last byte has left the sender (the link is free again). */
  transmit(packet: Packet): Time;
}

/**
 * The same link as its receiver sees it: credits go back upstream over it, and its timing
 * tells a PAUSE receiver how much may still arrive after it asks the sender to stop.
 */
export interface InboundLink {
  /** Bytes per second. */
  readonly bandwidth: number;
  /** The simulation's packets: what arrives over the link is a slot of it. */
  readonly packets: PacketReader;
  /** Propagation delay from the sender to this receiver. */
  readonly delay: Time;
  /** Propagation delay of the reverse direction (credits, PAUSE frames). */
  readonly backDelay: Time;
  /** Bytes of wire overhead per frame (preamble, inter-frame gap): 0 unless configured. */
  readonly overheadBytes: number;
  /** Returns `blocks` credits of VL `vl` (default 0) to the sender, arriving after the reverse propagation delay. */
  returnCredits(blocks: number, vl?: number): void;
}

/**
 * Observes every transmission on a link (metrics). Called when transmission starts, with
 * the simulation's packets (read `packet` through them), the start (including any per-frame
 * overhead) and the time the last byte has left. `packet` is valid only during the call.
 */
export type TransmissionListener = (packets: PacketReader, packet: Packet, start: Time, end: Time) => void;

/** Observes every packet whose header reaches a link's receiver (traces), at that time; `packet` is valid only during the call. */
export type ArrivalListener = (packets: PacketReader, packet: Packet, time: Time) => void;

/** Observes every return of credits reaching a link's sender (traces): blocks of VL `vl`, at `time`. */
export type CreditListener = (blocks: number, vl: number, time: Time) => void;
