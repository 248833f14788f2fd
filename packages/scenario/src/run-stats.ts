import { PacketKind } from "@losslab/core";
import type { Link } from "@losslab/switch";
import type { SplitScaling } from "./scaling-prediction.js";

/**
 * What a run cost and moved. `wallMs`, `eventsPerSecond`, `packetHopsPerSecond` and
 * `peakRssMiB` describe the machine and vary between identical runs; everything else is a
 * function of the scenario and seed.
 */
export interface RunStats {
  /** Simulated time, ms. */
  simulatedMs: number;
  /** Engine events handled. */
  events: number;
  /** Transmissions on every link (host links included), by packet kind, and in all. */
  packetHops: {
    data: number;
    ack: number;
    notification: number;
    pause: number;
    readRequest: number;
    creditUpdate: number;
    total: number;
  };
  eventsPerPacketHop: number;
  /**
   * Data packets the hosts put on their links, delivered to their destination, and still in
   * the fabric (buffers, links) at the end: injected = delivered + inFlight. On a lossless
   * fabric nothing is dropped (a drop would have stopped the run with an error); with lossy
   * priorities or link failures `inFlight` also counts the copies trimmed, dropped, lost or
   * received twice (the result's `recovery` and `failures` count them).
   */
  dataPackets: { injected: number; delivered: number; inFlight: number };
  /** Wall time of the simulation proper (not building the fabric), ms. */
  wallMs: number;
  eventsPerSecond: number;
  packetHopsPerSecond: number;
  /** Peak resident set of the process so far, MiB; absent where the platform does not say (browsers). */
  peakRssMiB?: number;
  /**
   * A run split over threads (`SimulationPart`): per part, the events it handled, its windows,
   * and the wall time it spent running them and waiting at window ends for the others, ms.
   */
  threads?: ThreadStats[];
  /** A split run: the scaling it predicts for 2, 4, 8 and 16 threads (`predictScaling`). */
  scaling?: SplitScaling;
}

/** One part of a split run (`RunStats.threads`). */
export interface ThreadStats {
  events: number;
  windows: number;
  runMs: number;
  waitMs: number;
  /** Time at window ends taking in what the other parts sent, ms. */
  exchangeMs: number;
  /** Windows per entry of the two lists below: 1, or more (a power of 2) when there were over 1000. */
  windowsPerBin: number;
  /** Per window (or per bin of windows): its wall time running events, and waiting at the window's end, ms (3 decimals). */
  windowRunMs: number[];
  windowWaitMs: number[];
}

/** The stats of a run whose simulation took `wallMs`, from its links' counters. */
export function runStats(
  links: Iterable<Link>,
  hostLinks: (link: Link) => boolean,
  counts: { simulatedMs: number; events: number; delivered: number; wallMs: number },
): RunStats {
  const byKind = new Float64Array(9);
  let injected = 0;
  for (const link of links) {
    for (let kind = 0; kind < byKind.length; kind++) byKind[kind]! += link.kindsSent[kind]!;
    if (hostLinks(link)) injected += link.kindsSent[PacketKind.Data]!;
  }
  const total = byKind.reduce((sum, n) => sum + n, 0);
  const seconds = counts.wallMs / 1000;
  const rss = peakRss();
  return {
    simulatedMs: counts.simulatedMs,
    events: counts.events,
    packetHops: {
      data: byKind[PacketKind.Data]!,
      ack: byKind[PacketKind.Ack]!,
      notification: byKind[PacketKind.Cnp]!,
      pause: byKind[PacketKind.Pause]!,
      readRequest: byKind[PacketKind.ReadRequest]!,
      creditUpdate: byKind[PacketKind.CreditUpdate]!,
      total,
    },
    eventsPerPacketHop: total === 0 ? 0 : round(counts.events / total, 3),
    dataPackets: { injected, delivered: counts.delivered, inFlight: injected - counts.delivered },
    wallMs: round(counts.wallMs, 1),
    eventsPerSecond: seconds > 0 ? Math.round(counts.events / seconds) : 0,
    packetHopsPerSecond: seconds > 0 ? Math.round(total / seconds) : 0,
    ...(rss === undefined ? {} : { peakRssMiB: round(rss, 1) }),
  };
}

function peakRss(): number | undefined {
  const usage = (globalThis as { process?: { resourceUsage?: () => { maxRSS: number } } }).process?.resourceUsage;
  return usage === undefined ? undefined : usage().maxRSS / 1024;
}

function round(value: number, digits: number): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}
