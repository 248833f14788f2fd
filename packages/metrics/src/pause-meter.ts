import { PAUSE_PRIORITIES, type Packet, PacketKind, type PacketReader, type TransmissionListener } from "@losslab/core";
import { PS_PER_US, type Time } from "@losslab/engine";

/** The PAUSE (PFC) activity of one link direction whose sender was paused. */
export interface PausedLink {
  /** The paused link, `from->to`: the one the PAUSE frames stopped, not the one they travelled on. */
  link: string;
  /** XOFF frames (pause time > 0) its receiver sent its sender, all priorities. */
  frames: number;
  /** Time its sender was held, us, summed over priorities (see `PauseMeter`). */
  pausedUs: number;
}

/** The PAUSE activity of a run: totals, and the links that were paused. */
export interface PauseSummary {
  frames: number;
  pausedUs: number;
  byLink: PausedLink[];
}

/** Watched links the tables start with; they double when full. */
const INITIAL_LINKS = 16;

/**
 * Counts the PAUSE frames on links and the time they held the senders of the opposite
 * links. A priority counts as paused from the start of the XOFF frame that stops it to the
 * start of the XON frame that lets it go, as its receiver signalled them (a repeated XOFF
 * while held starts nothing new; one still open counts to the end of the run). The sender
 * of the paused link honours each frame a propagation delay and a reaction delay later, the
 * same for both, so the time is the same up to a frame that waits for the link. Several
 * priorities held at once each count: `pausedUs` is priority-time. Only what falls in the
 * window [from, to) counts (default: all time): XOFF frames that start in it, and the part
 * of each pause inside it.
 *
 * The state of every watched link sits in a few shared tables, not an object per link: a
 * fabric of ten thousand links watches them all.
 */
export class PauseMeter {
  /** Per watched link, the paused link's name. */
  private readonly paused: string[] = [];
  /** Per watched link, XOFF frames in the window. */
  private frames = new Float64Array(INITIAL_LINKS);
  /** Per watched link, pause time closed so far. */
  private closed = new Float64Array(INITIAL_LINKS);
  /** Per watched link and priority (`link * PAUSE_PRIORITIES + priority`): when the XOFF that holds it left; -1 if it is not held. */
  private since = new Float64Array(INITIAL_LINKS * PAUSE_PRIORITIES).fill(-1);

  constructor(
    private readonly from: Time = 0,
    private readonly to: Time = Number.POSITIVE_INFINITY,
  ) {}

  /** The part of [start, end) inside the window. */
  private overlap(start: Time, end: Time): Time {
    return Math.max(0, Math.min(end, this.to) - Math.max(start, this.from));
  }

  /** The listener for the link that carries PAUSE frames stopping the sender of link `paused`. */
  watch(paused: string): TransmissionListener {
    const link = this.add(paused);
    return (packets, packet, start) => this.transmitted(link, packets, packet, start);
  }

  /**
   * Watches the link that carries PAUSE frames stopping the sender of link `paused`; returns
   * its number for `transmitted`.
   */
  add(paused: string): number {
    const link = this.paused.length;
    if (link === this.frames.length) {
      this.frames = grown(this.frames, 2 * link, 0);
      this.closed = grown(this.closed, 2 * link, 0);
      this.since = grown(this.since, 2 * link * PAUSE_PRIORITIES, -1);
    }
    this.paused.push(paused);
    return link;
  }

  /** A transmission that started at `start` on watched link number `link`: counts it if it is a PAUSE frame. */
  transmitted(link: number, packets: PacketReader, packet: Packet, start: Time): void {
    if (packets.kind(packet) !== PacketKind.Pause) return;
    const slot = link * PAUSE_PRIORITIES + packets.vl(packet); // a PAUSE frame's priority
    const since = this.since[slot]!;
    if (packets.seq(packet) > 0) {
      if (start >= this.from && start < this.to) this.frames[link]!++;
      if (since < 0) this.since[slot] = start;
    } else if (since >= 0) {
      this.closed[link]! += this.overlap(since, start);
      this.since[slot] = -1;
    }
  }

  /** The totals and the links that were paused (in the order watched) at time `end`. */
  /**
   * Adds `other`'s frames and pause time (the same links, `add`ed in the same order, or its
   * structured clone from another thread): each link's are its sender's, which one part of a
   * split run feeds, the others' copies staying empty.
   */
  absorb(other: PauseMeter): void {
    for (let link = 0; link < this.paused.length; link++) {
      this.frames[link]! += other.frames[link]!;
      this.closed[link]! += other.closed[link]!;
    }
    for (let slot = 0; slot < this.paused.length * PAUSE_PRIORITIES; slot++) {
      if (other.since[slot]! >= 0) this.since[slot] = other.since[slot]!;
    }
  }

  summary(end: Time): PauseSummary {
    const byLink: PausedLink[] = [];
    let frames = 0;
    let paused = 0;
    for (let link = 0; link < this.paused.length; link++) {
      let time = this.closed[link]!;
      for (let slot = link * PAUSE_PRIORITIES; slot < (link + 1) * PAUSE_PRIORITIES; slot++) {
        const since = this.since[slot]!;
        if (since >= 0) time += this.overlap(since, end);
      }
      const sent = this.frames[link]!;
      if (sent === 0 && time === 0) continue;
      frames += sent;
      paused += time;
      byLink.push({ link: this.paused[link]!, frames: sent, pausedUs: time / PS_PER_US });
    }
    return { frames, pausedUs: paused / PS_PER_US, byLink };
  }
}

/** `table` copied into a larger one of `length` entries, the new ones `fill`. */
function grown(table: Float64Array<ArrayBuffer>, length: number, fill: number): Float64Array<ArrayBuffer> {
  const larger = new Float64Array(length).fill(fill);
  larger.set(table);
  return larger;
}
