import { PAUSE_PRIORITIES, type Packet, PacketKind, type TransmissionListener } from "@losslab/core";
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

/** Per watched link: XOFF frames, and per priority the start of an open pause and the time closed so far. */
interface LinkPauses {
  readonly paused: string;
  frames: number;
  /** Per priority: when the XOFF that holds it left; -1 if it is not held. */
  readonly since: Float64Array;
  closed: Time;
}

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
 */
export class PauseMeter {
  private readonly links: LinkPauses[] = [];

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
    const state: LinkPauses = { paused, frames: 0, since: new Float64Array(PAUSE_PRIORITIES).fill(-1), closed: 0 };
    this.links.push(state);
    return (packet: Packet, start: Time) => {
      if (packet.kind !== PacketKind.Pause) return;
      const priority = packet.vl;
      const since = state.since[priority]!;
      if (packet.seq > 0) {
        if (start >= this.from && start < this.to) state.frames++;
        if (since < 0) state.since[priority] = start;
      } else if (since >= 0) {
        state.closed += this.overlap(since, start);
        state.since[priority] = -1;
      }
    };
  }

  /** The totals and the links that were paused (in the order watched) at time `end`. */
  summary(end: Time): PauseSummary {
    const byLink: PausedLink[] = [];
    let frames = 0;
    let paused = 0;
    for (const state of this.links) {
      let time = state.closed;
      for (const since of state.since) if (since >= 0) time += this.overlap(since, end);
      if (state.frames === 0 && time === 0) continue;
      frames += state.frames;
      paused += time;
      byLink.push({ link: state.paused, frames: state.frames, pausedUs: time / PS_PER_US });
    }
    return { frames, pausedUs: paused / PS_PER_US, byLink };
  }
}
