import { ms, PS_PER_MS, type Time, us } from "@losslab/engine";
import { ByteCounter, type ByteCounters, slidingWindow } from "@losslab/metrics";
import type { MeteredLinks } from "./link-meters.js";
import { ScenarioError } from "./scenario-error.js";
import type { Scenario } from "./schema.js";

/**
 * A run's named byte meters, in `metrics.binUs` bins, read as rates (fractions of the link
 * bandwidth): `link:<from->to>` for the metered links (a column each of one `ByteCounters`,
 * read in place), then `group:<name>`, `flow:<id>` and `class:<hot|cold>` as they are added.
 * Their names are listed in the order they were added.
 */
export class RateMeters {
  /** A meter's counter, or for a link its column of `linkBytes`, copied out when read. */
  private readonly meters = new Map<string, ByteCounter | number>();
  /** The metered links' bytes, a column each. */
  private readonly linkBytes: ByteCounters;
  private readonly binWidth: Time;
  private readonly end: Time;
  private readonly bandwidth: number;
  private readonly window: Time;
  private readonly step: Time;

  /** `links`: the metered links (`meterLinks`), the first meters. */
  constructor(links: MeteredLinks, scenario: Scenario) {
    this.binWidth = us(scenario.metrics.binUs);
    this.end = ms(scenario.durationMs);
    this.bandwidth = scenario.topology.bandwidth;
    this.window = ms(scenario.metrics.windowMs);
    this.step = us(scenario.metrics.stepUs);
    this.linkBytes = links.bytes;
    for (const [column, name] of links.names.entries()) this.meters.set(`link:${name}`, column);
  }

  /** A new counter, the meter `name` (`group:a`, `flow:3`, `class:hot`). */
  counter(name: string): ByteCounter {
    const counter = new ByteCounter(this.binWidth, this.end);
    this.meters.set(name, counter);
    return counter;
  }

  /** Mean rate of meter `name` over [fromMs, toMs), a fraction of the link bandwidth. A link's is read in place. */
  rate(name: string, fromMs: number, toMs: number): number {
    const meter = this.meters.get(name);
    const bytesPerSecond =
      typeof meter === "number"
        ? this.linkBytes.rate(meter, ms(fromMs), ms(toMs))
        : this.meterOf(name).rate(ms(fromMs), ms(toMs));
    return bytesPerSecond / this.bandwidth;
  }

  /** Sliding-window series of meter `name` (`metrics.windowMs`, `stepUs`): [ms, fraction] points. */
  series(name: string): Array<[number, number]> {
    return slidingWindow(this.meterOf(name), { window: this.window, step: this.step, per: this.bandwidth }).map(
      ([time, value]) => [time / PS_PER_MS, value],
    );
  }

  /** Every meter's name, in the order they were added. */
  names(): string[] {
    return [...this.meters.keys()];
  }

  /**
   * Adds the bytes of `other`, the same meters in another part of a split run (or their
   * structured clone from its thread): each part counts what its own devices did.
   */
  absorb(other: RateMeters): void {
    this.linkBytes.absorb(other.linkBytes);
    for (const [name, meter] of this.meters) {
      const theirs = other.meters.get(name);
      if (typeof meter !== "number" && theirs !== undefined && typeof theirs !== "number") meter.absorb(theirs);
    }
  }

  private meterOf(name: string): ByteCounter {
    const meter = this.meters.get(name);
    if (meter === undefined) {
      throw new ScenarioError(`unknown meter "${name}"; known: ${[...this.meters.keys()].join(", ")}`);
    }
    return typeof meter === "number" ? this.linkBytes.counter(meter) : meter;
  }
}
