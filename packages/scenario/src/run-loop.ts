import { ms, PS_PER_MS } from "@losslab/engine";
import { DeadlockWatchdog } from "./deadlock-watchdog.js";
import type { Simulation } from "./simulation.js";

/**
 * Runs a simulation to its end a simulated millisecond at a time: after each, `onProgress`
 * (time reached and duration in ms, events so far) and a deadlock check. With
 * `metrics.queueLengths`, the run also stops at every multiple of the sampling interval to
 * sample the queues there, after all the events of that instant: read-only, between events,
 * so the run's trajectory (and its event count) is the same with or without it. Returns the
 * wall time it took, ms.
 */
export function runToEnd(
  simulation: Simulation,
  onProgress?: (doneMs: number, totalMs: number, events: number) => void,
): number {
  const { engine, end, fabric } = simulation;
  const sampling = simulation.meters.queueSampling;
  const started = performance.now();
  const watchdog = new DeadlockWatchdog(fabric.switches.values(), fabric.links.values());
  const step = ms(1);
  let sample = sampling === undefined ? Number.POSITIVE_INFINITY : sampling.interval;
  for (let t = Math.min(step, end); ; t = Math.min(t + step, end)) {
    for (; sample <= t; sample += sampling!.interval) {
      engine.run({ until: sample });
      sampling!.queues.sample(sample);
    }
    engine.run({ until: t });
    onProgress?.(t / PS_PER_MS, end / PS_PER_MS, engine.eventsHandled);
    watchdog.check(t);
    if (t >= end) break;
  }
  return performance.now() - started;
}
