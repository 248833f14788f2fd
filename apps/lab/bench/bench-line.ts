import type { ScenarioResult } from "@losslab/scenario";

/**
 * One benchmark's JSON line from a run's stats: what it moved and what each packet-hop cost.
 * `seconds` is the simulation proper (the fabric built), `peakRssMiB` the process's peak.
 */
export function benchLine(bench: string, result: ScenarioResult, extra: Record<string, unknown> = {}): string {
  const { stats } = result;
  const hops = stats.packetHops.total;
  return JSON.stringify({
    bench,
    ...extra,
    events: stats.events,
    packetHops: hops,
    eventsPerPacketHop: stats.eventsPerPacketHop,
    packetHopsPerSecond: stats.packetHopsPerSecond,
    usPerHop: +((stats.wallMs * 1000) / hops).toFixed(3),
    eventsPerSecond: stats.eventsPerSecond,
    seconds: +(stats.wallMs / 1000).toFixed(3),
    peakRssMiB: stats.peakRssMiB,
    fingerprint: result.fingerprint,
  });
}
