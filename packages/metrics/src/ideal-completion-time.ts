import { type Time, transmissionTime } from "@losslab/engine";

/** One link of a path, as `@losslab/switch`'s `Link` has it. */
export interface PathLink {
  /** Bytes per second. */
  readonly bandwidth: number;
  /** Propagation delay, ps. */
  readonly delay: Time;
  /** Wire bytes each frame costs beyond its size (preamble, gap), sent ahead of it. */
  readonly overheadBytes: number;
}

/** A switch between two links of a path: when it may start forwarding a packet. */
export interface PathSwitch {
  /** The minimum forwarding delay after the header arrives, ps. */
  readonly forwardingDelay: Time;
  /**
   * The rate (bytes/s) of the transfer that must not end before the last byte has arrived:
   * the output link's (input-buffered, FIFO and VOQ switches), or the crossbar's, speedup x
   * the output link's (CIOQ).
   */
  readonly forwardingRate: number;
}

/** A path from a source host to a destination host: its links in order, and the switches between them. */
export interface CutThroughPath {
  readonly links: readonly PathLink[];
  /** `links.length - 1` switches: `switches[i]` joins `links[i]` and `links[i + 1]`. */
  readonly switches: readonly PathSwitch[];
}

/** How a path carries packets of one size when it is empty: see {@link pathTiming}. */
export interface PathTiming {
  /** From the first packet's start at the source to the arrival of its last byte. */
  readonly first: Time;
  /** Between the deliveries of consecutive packets: the slowest link's time per frame. */
  readonly spacing: Time;
}

/**
 * The timing of packets of `packetBytes` on an empty cut-through path, in the model's own
 * integer picoseconds (the same rounded `transmissionTime` per frame the links use), so a
 * flow alone on it completes in exactly {@link idealCompletionTime}.
 *
 * Link i sends a frame in T_i = tt(overhead_i) + tt(S); its header reaches the far end
 * tt(overhead_i) + delay_i after the frame starts, its last byte tt(S) after the header. A
 * switch may start forwarding `forwardingDelay` after the header arrives, but not so early
 * that a transfer at `forwardingRate` would end before the last byte is in (DESIGN.md
 * modelling rules; `SwitchBase.earliestStart`): its latency is
 * max(forwardingDelay, tt(S, in) - tt(S, forwardingRate)). So the first packet arrives after
 * `first` = sum_i (tt(overhead_i) + delay_i) + sum of the switch latencies + tt(S, last link),
 * and, when each link starts a frame as soon as the one ahead has left and the packet has
 * reached it (a tandem of constant-time servers with fixed delays between them), each further
 * packet arrives `spacing` = max_i T_i later. Credits and windows never hold a packet back:
 * the ideal assumes buffers cover the credit round trip.
 */
export function pathTiming(path: CutThroughPath, packetBytes: number): PathTiming {
  const { links, switches } = path;
  if (links.length === 0) throw new RangeError("pathTiming: a path has at least one link");
  if (switches.length !== links.length - 1) {
    throw new RangeError(`pathTiming: ${links.length} links need ${links.length - 1} switches; got ${switches.length}`);
  }
  let first = 0;
  let spacing = 0;
  for (const [i, link] of links.entries()) {
    const overhead = transmissionTime(link.overheadBytes, link.bandwidth);
    const serialization = transmissionTime(packetBytes, link.bandwidth);
    first += overhead + link.delay;
    spacing = Math.max(spacing, overhead + serialization);
    const next = switches[i];
    if (next !== undefined) {
      first += Math.max(next.forwardingDelay, serialization - transmissionTime(packetBytes, next.forwardingRate));
    }
  }
  return { first: first + transmissionTime(packetBytes, links[links.length - 1]!.bandwidth), spacing };
}

/** The completion time of `packets` full-size packets alone on a path of `timing`: first + (packets - 1) x spacing. */
export function idealCompletionTime(timing: PathTiming, packets: number): Time {
  if (!(Number.isInteger(packets) && packets >= 1)) {
    throw new RangeError(`idealCompletionTime: packets must be an integer >= 1, got ${packets}`);
  }
  return timing.first + (packets - 1) * timing.spacing;
}
