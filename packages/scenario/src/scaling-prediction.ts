import type { WindowLoads } from "./window-loads.js";

/** What a split run predicts for another split of the same fabric (`RunStats.scaling`). */
export interface ScalingPrediction {
  threads: number;
  /**
   * The busiest part's events summed over the windows, over the events an even share would
   * give it: 1 is a perfect balance; every window waits for its busiest part.
   */
  imbalance: number;
  /** The windows' predicted speed-up over one thread (the build and the start-up aside). */
  speedup: number;
}

/**
 * The scaling a split run predicts (docs/spec/parallel.md sec. 7): a window costs its busiest
 * part's events at this run's wall time per event, plus the per-window cost this run measured
 * beyond that (barrier, exchange, the machine's noise), assumed the same at any count.
 */
export interface SplitScaling {
  windows: number;
  /** This run's wall time per event: all parts' time running events over all their events, us. */
  perEventUs: number;
  /** This run's wall time per window beyond its busiest part's events, us. */
  windowOverheadUs: number;
  /**
   * This split: its threads, the windows' wall time measured and as the model gives it, ms,
   * and the windows' speed-up over one thread as measured (the model's one-thread time over
   * `windowsMs`): below 1, the window ends cost more than the split saves.
   */
  measured: { threads: number; windowsMs: number; modelMs: number; speedup: number };
  predicted: ScalingPrediction[];
}

/**
 * `loads`: part 0's, having read every window; `runMs`: the parts' total time running
 * events; `events`: theirs; `windowsMs`: the wall time from the first window's start to the
 * last's end.
 */
export function predictScaling(
  loads: Pick<WindowLoads, "splits" | "busiest" | "total" | "windows">,
  threads: number,
  runMs: number,
  events: number,
  windowsMs: number,
): SplitScaling {
  const { windows, total } = loads;
  const perEvent = events === 0 ? 0 : runMs / events;
  const measuredSplit = loads.splits.indexOf(threads);
  const modelMs = measuredSplit < 0 ? Number.NaN : loads.busiest[measuredSplit]! * perEvent;
  const overhead = windows === 0 || measuredSplit < 0 ? 0 : Math.max(0, (windowsMs - modelMs) / windows);
  const round = (value: number, digits: number) => Number(value.toFixed(digits));
  // Three significant digits: a split that slows a run down a hundredfold (10 ns windows) is 0.0101x, not 0.
  const significant = (value: number) => Number(value.toPrecision(3));
  return {
    windows,
    perEventUs: round(perEvent * 1000, 4),
    windowOverheadUs: round(overhead * 1000, 1),
    measured: {
      threads,
      windowsMs: round(windowsMs, 1),
      modelMs: round(modelMs, 1),
      speedup: windowsMs > 0 ? significant((total * perEvent) / windowsMs) : 1,
    },
    predicted: loads.splits.map((parts, split) => {
      const most = loads.busiest[split]!;
      return {
        threads: parts,
        imbalance: round(total === 0 ? 1 : (most * parts) / total, 3),
        speedup: significant((total * perEvent) / (most * perEvent + windows * overhead)),
      };
    }),
  };
}
