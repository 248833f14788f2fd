import type {
  ArrivalListener,
  CreditListener,
  Device,
  InboundLink,
  OutboundLink,
  Packet,
  PacketReader,
  TransmissionListener,
} from "@losslab/core";
import { LosslessViolation, MAX_VLS, PacketKind } from "@losslab/core";
import { type Engine, type EventHandler, type Time, transmissionTime } from "@losslab/engine";
import { OptionError } from "@losslab/kinds";

export interface LinkOptions {
  name: string;
  from: Device;
  fromPort: number;
  to: Device;
  toPort: number;
  /** Bytes per second. */
  bandwidth: number;
  /** Propagation delay from `from` to `to`, picoseconds. */
  delay: Time;
  /** Propagation delay of credits going back from `to` to `from` (the reverse direction's delay). */
  backDelay: Time;
  /**
   * Wire bytes each frame costs beyond its own size, default 0. Ethernet: 20 (preamble and
   * start delimiter 8 + inter-frame gap 12; chrysos sec. III, reproductions.md scenario Q).
   */
  overheadBytes?: number;
  /** The simulation's packets: what the link carries are slots of it. */
  packets: PacketReader;
  /**
   * The engine's numbers of `from` and `to` (`Engine.device`), default 0: a frame's arrival is
   * an event of `to`, a credit return one of `from`, whichever of them scheduled it.
   */
  fromDevice?: number;
  toDevice?: number;
}

/**
 * Where a link sends what its far end runs in another part of a split run (`Link.crossTo`,
 * docs/spec/parallel.md sec. 6): each frame or credit return with the time it arrives and
 * its rank at the sender (when it was sent, by which device, that device's sequence number),
 * for the other part to queue with `Link.arriveFrame`/`arriveCredits`.
 */
export interface LinkCrossing {
  /** `tailLeaves`: when the frame's last byte leaves the sender, which reads the packet until then. */
  frame(link: Link, time: Time, packet: Packet, sentAt: Time, sender: number, sequence: number, tailLeaves: Time): void;
  /** `credits`: the link's encoding of a return (blocks and VL), passed back unchanged. */
  credits(link: Link, time: Time, credits: number, sentAt: Time, sender: number, sequence: number): void;
}

/** Slots of `kindsSent`: one per `PacketKind`, with room to spare. */
const PACKET_KINDS = 9;
const HEADER_ARRIVES = 0;
const CREDITS_ARRIVE = 1;
/** A credit event's payload is `blocks * VL_SLOTS + vl`: one number, no object per return. */
const VL_SLOTS = MAX_VLS + 1;

/**
 * A unidirectional link: a packet's first byte reaches the receiver after the propagation
 * delay, its last byte one serialization time (bytes / bandwidth) later. Credits for the
 * receiver's buffer travel back over the same link after `backDelay`, each return naming
 * the VL whose buffer freed them (per-VL credits, turner-2001 sec. 2).
 *
 * Per-frame overhead (`overheadBytes`) is sent ahead of each frame: the link is busy for
 * (overhead + size) / bandwidth, the header leaves overhead / bandwidth after the start, and
 * `transmit` returns when the last byte has left. So back-to-back frames are separated by
 * the overhead, and a frame on an idle link waits for it too (the preamble does; the gap
 * really trails the previous frame). Byte counters count the frame's own size.
 */
export class Link implements OutboundLink, InboundLink, EventHandler<Packet | number> {
  readonly name: string;
  readonly bandwidth: number;
  readonly delay: Time;
  readonly backDelay: Time;
  readonly from: Device;
  readonly fromPort: number;
  readonly to: Device;
  readonly toPort: number;
  readonly overheadBytes: number;
  readonly packets: PacketReader;
  readonly fromDevice: number;
  readonly toDevice: number;
  /** Bytes whose transmission started on this link. */
  bytesSent = 0;
  /** Packets whose transmission started on this link. */
  packetsSent = 0;
  /** Of those, per `PacketKind` (index: the kind). */
  readonly kindsSent = new Float64Array(PACKET_KINDS);
  /** True while failed (`fail`, `recover`): frames sent on it are lost. */
  failed = false;
  /** Frames lost to failures: on the link when it failed, or sent while it was failed. */
  lostToFailure = 0;
  /** When it last failed and last recovered; -1 never. */
  private failedAt: Time = -1;
  private recoveredAt: Time = -1;
  /** With failures to come (`watchFailures`): the start times of the frames on the link, oldest first from `head`. */
  private starts: Time[] | undefined;
  private head = 0;
  private readonly overheadTime: Time;
  private busyUntil: Time = 0;
  private listeners: TransmissionListener[] = [];
  // Observers of arrivals and credit returns (traces): undefined, so untraced runs pay one check.
  private arrivals: ArrivalListener[] | undefined;
  private creditReturns: CreditListener[] | undefined;
  /** With the far end in another part of a split run: where frames and credit returns go (`crossTo`). */
  private crossing: LinkCrossing | undefined;

  constructor(
    private readonly engine: Engine,
    options: LinkOptions,
  ) {
    this.name = options.name;
    this.bandwidth = options.bandwidth;
    this.delay = options.delay;
    this.backDelay = options.backDelay;
    this.from = options.from;
    this.fromPort = options.fromPort;
    this.to = options.to;
    this.toPort = options.toPort;
    this.overheadBytes = options.overheadBytes ?? 0;
    this.packets = options.packets;
    this.fromDevice = options.fromDevice ?? 0;
    this.toDevice = options.toDevice ?? 0;
    if (!(this.overheadBytes >= 0 && Number.isFinite(this.overheadBytes))) {
      throw OptionError.of(this.name, "overheadBytes", "must be a finite number >= 0", {
        value: this.overheadBytes,
        limit: 0,
      });
    }
    this.overheadTime = transmissionTime(this.overheadBytes, this.bandwidth);
  }

  /** Calls `listener` at the start of every transmission with its start and end times. */
  onTransmit(listener: TransmissionListener): void {
    this.listeners.push(listener);
  }

  /** Calls `listener` when a packet's header reaches the receiver, before the receiver sees it. */
  onArrive(listener: ArrivalListener): void {
    this.arrivals = [...(this.arrivals ?? []), listener];
  }

  /** Calls `listener` when returned credits reach the sender, before the sender sees them. */
  onCredits(listener: CreditListener): void {
    this.creditReturns = [...(this.creditReturns ?? []), listener];
  }

  /**
   * The link joins two parts of a split run: from now on its frames (in the part of `from`)
   * and its credit returns (in the part of `to`) go to `crossing` instead of this engine's
   * queue, and come in at the other part through `arriveFrame`/`arriveCredits`. The link's
   * delay is what lets the parts run a window apart (`partitionTopology`).
   */
  crossTo(crossing: LinkCrossing): void {
    this.crossing = crossing;
  }

  /**
   * A frame sent in the other part (`LinkCrossing.frame`), now a packet of this part's store.
   * On a link that may fail, the time it was sent is its transmission's start, which the
   * receiver's part needs to tell whether the link failed under it (`lostOnTheWay`): frames
   * come in at window ends in the order they were sent, before any of them arrives.
   */
  arriveFrame(time: Time, packet: Packet, sentAt: Time, sender: number, sequence: number): void {
    this.starts?.push(sentAt);
    this.engine.atRanked(time, this, HEADER_ARRIVES, packet, this.toDevice, sentAt, sender, sequence);
  }

  /** Credits returned in the other part (`LinkCrossing.credits`). */
  arriveCredits(time: Time, credits: number, sentAt: Time, sender: number, sequence: number): void {
    this.engine.atRanked(time, this, CREDITS_ARRIVE, credits, this.fromDevice, sentAt, sender, sequence);
  }

  /**
   * Records what the failures to come need: the start time of every frame on the link; and
   * tells its sender, whose routing then avoids it while it is failed.
   */
  watchFailures(): void {
    if (this.starts !== undefined) return;
    const starts: Time[] = [];
    this.starts = starts;
    // A listener, so that a link that never fails pays nothing for this in `transmit`. A frame
    // to another part brings its start with it (`arriveFrame`).
    this.onTransmit((_packets, _packet, start) => {
      if (this.crossing === undefined) starts.push(start);
    });
    this.from.outputMayFail?.(this.fromPort);
  }

  /**
   * The link fails now (`watchFailures` first): frames on it, and frames sent on it until
   * `recover`, are lost, counted in `lostToFailure`, and never reach the receiver (their slots
   * are not recycled); a receiver that holds credits counts a lost frame's blocks as freed
   * (`Device.inputLost`). PAUSE frames and per-packet credit returns still arrive, so both
   * ends keep the state their buffers hold (as a link's flow-control state is resynchronised
   * when it retrains) and nothing waits forever for an XON or credits that went down with the
   * link; CBFC's credit-update frames are lost like data and re-sent when it recovers.
   */
  fail(): void {
    this.failed = true;
    this.failedAt = this.engine.now;
  }

  /**
   * The link works again from now: frames sent from now on arrive, and its sender's flow
   * control is re-initialised on it (`Device.outputRecovered`).
   */
  recover(): void {
    this.failed = false;
    this.recoveredAt = this.engine.now;
    this.from.outputRecovered?.(this.fromPort);
  }

  transmit(packet: Packet): Time {
    const now = this.engine.now;
    if (now < this.busyUntil) throw this.overlap(packet);
    const headerLeaves = now + this.overheadTime;
    const end = headerLeaves + transmissionTime(this.packets.size(packet), this.bandwidth);
    this.busyUntil = end;
    this.bytesSent += this.packets.size(packet);
    this.packetsSent++;
    this.kindsSent[this.packets.kind(packet)]!++;
    for (const listener of this.listeners) listener(this.packets, packet, now, end);
    const crossing = this.crossing;
    if (crossing === undefined) this.engine.at(headerLeaves + this.delay, this, HEADER_ARRIVES, packet, this.toDevice);
    else
      crossing.frame(this, headerLeaves + this.delay, packet, now, this.engine.device, this.engine.takeSequence(), end);
    return end;
  }

  /** The error of a transmission that would start before the previous one has ended (built apart from `transmit`). */
  private overlap(packet: Packet): LosslessViolation {
    return new LosslessViolation(
      `${this.name}: transmission of packet ${this.packets.id(packet)} overlaps the previous one`,
    );
  }

  /** Whether `packet`, whose header arrives now, was lost: sent while failed or on the link when it failed. */
  private lostOnTheWay(packet: Packet): boolean {
    const starts = this.starts!;
    const start = starts[this.head++]!;
    if (this.head === starts.length) {
      starts.length = 0;
      this.head = 0;
    } else if (this.head >= 1024) {
      starts.splice(0, this.head);
      this.head = 0;
    }
    if (this.packets.kind(packet) === PacketKind.Pause) return false;
    // Failed now, failed while it flew, or sent during the last failure.
    const lost = this.failed || this.failedAt > start || (this.failedAt <= start && start < this.recoveredAt);
    if (!lost) return false;
    this.lostToFailure++;
    this.to.inputLost?.(packet, this.toPort);
    return true;
  }

  returnCredits(blocks: number, vl = 0): void {
    const engine = this.engine;
    const crossing = this.crossing;
    if (crossing === undefined) {
      engine.at(engine.now + this.backDelay, this, CREDITS_ARRIVE, blocks * VL_SLOTS + vl, this.fromDevice);
    } else {
      const time = engine.now + this.backDelay;
      crossing.credits(this, time, blocks * VL_SLOTS + vl, engine.now, engine.device, engine.takeSequence());
    }
  }

  /** The device's call ends the event: a switch may run the arbitration it asks for inside it (`Engine.takeSoon`). */
  handleEvent(kind: number, payload: Packet | number): void {
    if (kind === HEADER_ARRIVES) {
      const packet = payload as Packet;
      if (this.starts !== undefined && this.lostOnTheWay(packet)) return;
      if (this.arrivals !== undefined)
        for (const listener of this.arrivals) listener(this.packets, packet, this.engine.now);
      this.to.receive(
        packet,
        this.toPort,
        this.engine.now + transmissionTime(this.packets.size(packet), this.bandwidth),
      );
    } else {
      const credit = payload as number;
      const vl = credit % VL_SLOTS;
      const blocks = (credit - vl) / VL_SLOTS;
      if (this.creditReturns !== undefined)
        for (const listener of this.creditReturns) listener(blocks, vl, this.engine.now);
      this.from.creditsReturned(this.fromPort, blocks, vl);
    }
  }
}
