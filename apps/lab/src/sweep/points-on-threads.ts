/**
 * `sweep --threads N`: every point to run must be one a split run takes, checked before any
 * runs, so that a sweep is refused in one line rather than failing point after point.
 */
import { checkSplit, checkSupported } from "../split-runs/threads-refusal.js";
import { pointLabel, type Sweep, type SweepPoint } from "./sweep-file.js";

/**
 * Refuses, naming the first point that has it, what `threads` threads cannot run; the split
 * of each distinct topology is checked once (it builds the topology).
 */
export function checkPointsOnThreads(file: string, sweep: Sweep, points: readonly SweepPoint[], threads: number): void {
  if (threads <= 1) return;
  const others = sweep.plugins.length > 0 ? ["plugins"] : [];
  const split = new Set<string>();
  for (const point of points) {
    const asked = `${file}: ${pointLabel(point.index, sweep, point.values)}: --threads ${threads}`;
    checkSupported(asked, point.scenario, others);
    const topology = JSON.stringify(point.scenario.topology);
    if (split.has(topology)) continue;
    checkSplit(asked, threads, point.scenario, sweep.kinds);
    split.add(topology);
  }
}
