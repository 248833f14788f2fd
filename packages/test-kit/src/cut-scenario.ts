/**
 * A validated scenario cut to a short horizon, measured over the whole of it: how tests run a
 * preset's runs (through a runner that cuts each) in seconds instead of minutes.
 */
import type { Scenario } from "@losslab/scenario";

/** `scenario` cut to at most `ms` milliseconds, or `cycles` cycles if it is timed in cycles. */
export function cutScenario(scenario: Scenario, ms: number, cycles: number): Scenario {
  // A scenario timed in cycles carries the milliseconds they make too: they go with them.
  const { metrics, durationMs, durationCycles, ...rest } = scenario;
  const { measureMs: _measured, ...kept } = metrics;
  const timing =
    durationCycles === undefined
      ? { durationMs: Math.min(durationMs, ms) }
      : { durationCycles: Math.min(durationCycles, cycles) };
  return { ...rest, ...timing, metrics: kept } as Scenario;
}
