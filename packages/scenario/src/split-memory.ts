import { CreationLog } from "./creation-log.js";
import { FrameRing } from "./frame-ring.js";
import type { TraceFilters } from "./split-trace.js";
import { Standstill } from "./standstill.js";
import { TraceLog } from "./trace-log.js";
import { WindowBarrier } from "./window-barrier.js";
import { WindowLoads } from "./window-loads.js";

/**
 * The shared memory of a run split over `parts` threads (docs/spec/parallel.md sec. 6):
 * the window barrier, a ring per ordered pair of parts (with room for INT records when the
 * run's packets carry them) and a creation log per part, each twice, for even and odd
 * windows: a part reads what the others wrote in window w while they write window w + 1,
 * and the barrier at the end of w + 1 keeps w + 2 from starting before it has read. Plain SharedArrayBuffers: it crosses to worker threads as is.
 */
export interface SplitMemory {
  readonly parts: number;
  readonly barrier: SharedArrayBuffer;
  /** `rings[2 * (from * parts + to) + parity]`. */
  readonly rings: readonly SharedArrayBuffer[];
  /** `logs[2 * part + parity]`. */
  readonly logs: readonly SharedArrayBuffer[];
  /**
   * Per part, at each millisecond's end: packets its switches have sent so far and packets
   * waiting in their buffers (two float64 per part, for even and odd windows), for the
   * standstill check (`SimulationPart`).
   */
  readonly movement: SharedArrayBuffer;
  /** Per part, its switches' blocked buffers at a standstill, for the credit-loop search (`Standstill`). */
  readonly blocked: readonly SharedArrayBuffer[];
  /** Each part's events of the window by the parts of other splits (`WindowLoads`). */
  readonly loads: SharedArrayBuffer;
  /** With a packet trace: its filters, and each part's lines of a window, `logs[2 * part + parity]` (`SplitTrace`). */
  readonly trace?: { readonly filters: TraceFilters; readonly logs: readonly SharedArrayBuffer[] };
}

/**
 * The memory of a split run: with `telemetry` the run's packets carry INT records (HPCC), which
 * the rings then carry too; with `trace`, its filters and each part's lines of a window.
 */
export function splitMemory(parts: number, options: { telemetry?: boolean; trace?: TraceFilters } = {}): SplitMemory {
  const { telemetry = false, trace } = options;
  const rings: SharedArrayBuffer[] = [];
  for (let index = 0; index < 2 * parts * parts; index++) rings.push(FrameRing.memory(telemetry));
  const logs: SharedArrayBuffer[] = [];
  for (let index = 0; index < 2 * parts; index++) logs.push(CreationLog.memory());
  const movement = new SharedArrayBuffer(2 * 2 * parts * Float64Array.BYTES_PER_ELEMENT);
  return {
    parts,
    barrier: WindowBarrier.memory(),
    rings,
    logs,
    movement,
    blocked: Array.from({ length: parts }, () => Standstill.blockedMemory()),
    loads: WindowLoads.memory(parts),
    ...(trace === undefined
      ? {}
      : { trace: { filters: trace, logs: Array.from({ length: 2 * parts }, () => TraceLog.memory()) } }),
  };
}
