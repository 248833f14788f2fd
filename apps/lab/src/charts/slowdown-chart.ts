import type { Chart } from "@losslab/reproductions";
import type { ScenarioResult } from "@losslab/scenario";

/**
 * Flow slowdown against flow size (`result.slowdown`): one point per size bucket, at the
 * bucket's median flow size (KB, log axis), for its p50, p95 and p99 slowdown (log axis, so
 * 1, a flow that never waited, is the floor). Undefined when the run has no slowdown.
 */
export function slowdownChart(result: ScenarioResult): Chart | undefined {
  const slowdown = result.slowdown;
  if (slowdown === undefined) return undefined;
  const at = (stat: "p50" | "p95" | "p99") =>
    slowdown.buckets.map((bucket): [number, number] => [bucket.sizeP50Bytes / 1000, bucket[stat]]);
  const sizes = slowdown.buckets.map((bucket) => bucket.sizeP50Bytes / 1000);
  return {
    name: "slowdown",
    title: `Flow slowdown by size: ${result.scenario.name}`,
    xLabel: "flow size, median of its bucket (KB)",
    yLabel: "slowdown (FCT / ideal FCT)",
    logX: true,
    // Half a decade of room on either side, so the end points are not cut by the frame.
    xDomain: [Math.min(...sizes) / 3, Math.max(...sizes) * 3],
    logY: true,
    points: true,
    series: [
      { name: "p99", points: at("p99") },
      { name: "p95", points: at("p95") },
      { name: "p50", points: at("p50") },
    ],
  };
}
