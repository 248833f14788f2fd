/**
 * One benchmark's JSON line from a run's stats (a `ScenarioResult` of @losslab/scenario): what
 * it moved and what each packet-hop cost. `seconds` is the simulation proper (the fabric
 * built), `peakRssMiB` the process's peak. Shared by the benches of every package and app
 * (`pnpm bench` runs them). Not in @losslab/test-kit: a package's bench that imported the kit
 * would import a package that imports its own.
 */

/** The parts of a scenario's result a bench line reports. */
export interface BenchRun {
  fingerprint: string;
  stats: {
    events: number;
    packetHops: { total: number };
    eventsPerPacketHop: number;
    packetHopsPerSecond: number;
    eventsPerSecond: number;
    wallMs: number;
    peakRssMiB?: number | undefined;
  };
}

export function benchLine(bench: string, result: BenchRun, extra: Record<string, unknown> = {}): string {
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
