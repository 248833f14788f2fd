/**
 * ferrer-2012 scenario M on the 4-ary 3-tree (64 hosts, 48 CIOQ switches, 6 M cycles)
 * without congestion management (ferrer-nocmm) and with MVCM (ferrer-fig5's MVCM run):
 * wall time, simulated cycles, packets delivered and packet-hops (link transmissions, data
 * and ACKs) per second. One warm-up run first, as in the Santos bench.
 */
import { type FerrerParams, ferrerWith, runFerrer } from "../src/presets/ferrer-scenario.js";

function measure(bench: string, params: FerrerParams): void {
  const first = performance.now();
  runFerrer(params, 1);
  const coldSeconds = (performance.now() - first) / 1000;
  const start = performance.now();
  const { result } = runFerrer(params, 1);
  const seconds = (performance.now() - start) / 1000;
  console.log(
    JSON.stringify({
      bench,
      simulatedCycles: params.durationCycles,
      events: result.events,
      packetsDelivered: result.delivered,
      packetHops: result.transmissions,
      seconds: +seconds.toFixed(3),
      coldSeconds: +coldSeconds.toFixed(3),
      packetHopsPerSecond: Math.round(result.transmissions / seconds),
      eventsPerSecond: Math.round(result.events / seconds),
    }),
  );
}

measure("ferrer-nocmm", ferrerWith("noCMM"));
measure("ferrer-fig5-mvcm", ferrerWith("MVCM"));
