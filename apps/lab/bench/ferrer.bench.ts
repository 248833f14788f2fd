/**
 * ferrer-nocmm on the 4-ary 3-tree (64 hosts, 48 CIOQ switches, 6 M cycles): wall time,
 * simulated cycles, packets delivered and packet-hops (link transmissions, data and ACKs)
 * per second. One warm-up run first, as in the Santos bench.
 */
import { ferrerSmall, runFerrer } from "../src/presets/ferrer-scenario.js";

const first = performance.now();
runFerrer(ferrerSmall, 1);
const coldSeconds = (performance.now() - first) / 1000;
const start = performance.now();
const { result } = runFerrer(ferrerSmall, 1);
const seconds = (performance.now() - start) / 1000;
console.log(
  JSON.stringify({
    bench: "ferrer-nocmm",
    simulatedCycles: ferrerSmall.durationCycles,
    events: result.events,
    packetsDelivered: result.delivered,
    packetHops: result.transmissions,
    seconds: +seconds.toFixed(3),
    coldSeconds: +coldSeconds.toFixed(3),
    packetHopsPerSecond: Math.round(result.transmissions / seconds),
    eventsPerSecond: Math.round(result.events / seconds),
  }),
);
