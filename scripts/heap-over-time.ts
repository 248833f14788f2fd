/**
 * Heap and RSS of one ferrer-2012 paper-scale run over simulated time (issue 21 part 6):
 * `node --expose-gc --conditions=@losslab/source --import tsx scripts/heap-over-time.ts
 * [MECHANISM] [CYCLES]` prints one JSON line per simulated millisecond, measured after a full
 * garbage collection, then the fingerprint.
 */
import {
  type FerrerMechanism,
  ferrerLarge,
  ferrerWith,
  runFerrer,
} from "../packages/reproductions/src/presets/ferrer-scenario.js";

const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) throw new Error("run node with --expose-gc");
const mechanism = (process.argv[2] ?? "MVCM") as FerrerMechanism;
const cycles = Number(process.argv[3] ?? ferrerLarge.durationCycles);
const started = performance.now();
const { result } = runFerrer(ferrerWith(mechanism, { ...ferrerLarge, durationCycles: cycles }), 1, (fraction) => {
  gc();
  const { heapUsed, rss } = process.memoryUsage();
  const line = {
    fraction: +fraction.toFixed(3),
    heapMiB: +(heapUsed / 2 ** 20).toFixed(1),
    rssMiB: +(rss / 2 ** 20).toFixed(1),
  };
  console.log(JSON.stringify({ ...line, wallS: +((performance.now() - started) / 1000).toFixed(1) }));
});
console.log(JSON.stringify({ mechanism, cycles, fingerprint: result.fingerprint }));
