import { CongestionBit } from "@losslab/core";
import { ms, type Time, us } from "@losslab/engine";
import { LatencyBins } from "@losslab/metrics";
import { ScenarioError } from "./scenario-error.js";
import type { Scenario } from "./schema.js";

/** A latency meter's bins, and its deliveries and marked ones in the measurement interval. */
export interface LatencyMeter {
  readonly bins: LatencyBins;
  delivered: number;
  marked: number;
}

/** The congestion marks a delivered packet may carry: ECN/FECN, or MVCM's marking bit MB. */
const MARKS = CongestionBit.Ecn | CongestionBit.Marked;

/**
 * A run's latency meters by name (`all`, `group:<name>`, `class:<hot|cold>`): latency from
 * generation to delivery in `metrics.binUs` bins by delivery time, and of the deliveries in
 * the measurement interval, how many carried a congestion mark.
 */
export class LatencyMeters {
  private readonly meters = new Map<string, LatencyMeter>();
  private readonly binWidth: Time;
  private readonly end: Time;
  private readonly from: Time;
  private readonly to: Time;
  /** A cycle in ps (`cycleNs`), for latencies in cycles. */
  private readonly cycle: number | undefined;

  constructor(scenario: Scenario, [fromMs, toMs]: readonly [number, number]) {
    this.binWidth = us(scenario.metrics.binUs);
    this.end = ms(scenario.durationMs);
    this.from = ms(fromMs);
    this.to = ms(toMs);
    this.cycle = scenario.cycleNs === undefined ? undefined : scenario.cycleNs * 1000;
    this.meter("all"); // every delivery: the first meter listed
  }

  /** The meter `name`, made on first use. */
  meter(name: string): LatencyMeter {
    let meter = this.meters.get(name);
    if (meter === undefined) {
      meter = { bins: new LatencyBins(this.binWidth, this.end), delivered: 0, marked: 0 };
      this.meters.set(name, meter);
    }
    return meter;
  }

  /** -1 for a delivery at `time` outside the measurement interval; else 1 if a packet with congestion bits `bits` carries a mark, 0 if not. */
  /**
   * Adds the deliveries of `other`, the same meters in another part of a split run (or their
   * structured clone from its thread): each part meters what its own hosts delivered.
   */
  absorb(other: LatencyMeters): void {
    for (const [name, meter] of this.meters) {
      const theirs = other.meters.get(name);
      if (theirs === undefined) continue;
      meter.bins.absorb(theirs.bins);
      meter.delivered += theirs.delivered;
      meter.marked += theirs.marked;
    }
  }

  markOf(bits: number, time: Time): number {
    return time >= this.from && time < this.to ? ((bits & MARKS) !== 0 ? 1 : 0) : -1;
  }

  /** The bins of meter `name` (`ScenarioResult.latency`). */
  bins(name: string): LatencyBins {
    const bins = this.meters.get(name)?.bins;
    if (bins === undefined) {
      throw new ScenarioError(`unknown latency meter "${name}"; known: ${[...this.meters.keys()].join(", ")}`);
    }
    return bins;
  }

  /**
   * Per meter, over the measurement interval: the mean latency in us (in cycles too with
   * `cycleNs`) and the percent of deliveries that carried a mark (NaN without deliveries).
   */
  summary(): {
    latencyUs: Record<string, number>;
    markedPct: Record<string, number>;
    latencyCycles?: Record<string, number>;
  } {
    const latencyUs: Record<string, number> = {};
    const markedPct: Record<string, number> = {};
    const latencyCycles: Record<string, number> = {};
    for (const [name, { bins, delivered, marked }] of this.meters) {
      const mean = bins.mean(this.from, this.to);
      latencyUs[name] = mean / 1e6;
      if (this.cycle !== undefined) latencyCycles[name] = mean / this.cycle;
      markedPct[name] = delivered === 0 ? Number.NaN : (100 * marked) / delivered;
    }
    return { latencyUs, markedPct, ...(this.cycle === undefined ? {} : { latencyCycles }) };
  }
}

/** A delivery: into the meter's bins, and counted (`mark` 0 or 1) if inside the measurement interval (`mark` >= 0). */
export function record(meter: LatencyMeter, time: Time, latency: Time, mark: number): void {
  meter.bins.add(time, latency);
  if (mark < 0) return;
  meter.delivered++;
  meter.marked += mark;
}
