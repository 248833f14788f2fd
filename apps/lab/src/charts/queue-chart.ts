import type { Chart } from "@losslab/reproductions";
import type { ScenarioResult } from "@losslab/scenario";

/**
 * Occupancy over time of the switch buffers `metrics.queueLengths.series` names, in KB, one
 * line per buffer. Undefined when the scenario records none.
 */
export function queueChart(result: ScenarioResult): Chart | undefined {
  const names = result.scenario.metrics.queueLengths?.series ?? [];
  if (names.length === 0) return undefined;
  return {
    name: "queues",
    title: `Switch buffer occupancy: ${result.scenario.name}`,
    xLabel: "time (ms)",
    yLabel: "occupancy (KB)",
    series: names.map((name) => ({
      name,
      points: result.queueSeries(name).map(([ms, bytes]): [number, number] => [ms, bytes / 1000]),
    })),
  };
}
