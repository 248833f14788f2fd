import seedrandom from "seedrandom";

/**
 * One reproducible stream of random numbers. Streams are cheap; give each component its
 * own (by name) so adding a component never changes the numbers another one draws.
 */
export class RandomStream {
  private readonly prng: () => number;

  constructor(
    readonly name: string,
    seed: string,
  ) {
    // Alea: fast, small state, good statistical quality; seeded from "<seed>/<name>".
    this.prng = seedrandom.alea(seed);
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.prng();
  }

  /** Uniform real in [min, max). */
  uniform(min: number, max: number): number {
    return min + (max - min) * this.prng();
  }

  /** Uniform integer in [min, max], both ends included. */
  uniformInt(min: number, max: number): number {
    if (!Number.isInteger(min) || !Number.isInteger(max) || max < min) {
      throw new RangeError(`uniformInt(min, max) needs integers with min <= max; got (${min}, ${max})`);
    }
    return min + Math.floor(this.prng() * (max - min + 1));
  }

  /** Exponentially distributed with the given mean (> 0). */
  exponential(mean: number): number {
    if (!(mean > 0)) throw new RangeError(`exponential(mean) needs mean > 0; got ${mean}`);
    return -mean * Math.log(1 - this.prng());
  }

  /** True with probability p (0 <= p <= 1). */
  bernoulli(p: number): boolean {
    if (!(p >= 0 && p <= 1)) throw new RangeError(`bernoulli(p) needs 0 <= p <= 1; got ${p}`);
    return this.prng() < p;
  }

  /** One element of a non-empty array, uniformly. */
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError("pick() from an empty array");
    return items[Math.floor(this.prng() * items.length)] as T;
  }
}

/** The named RNG streams of one simulation, all derived from its seed. */
export class RngStreams {
  private readonly streams = new Map<string, RandomStream>();

  constructor(readonly seed: number | string) {}

  /** The stream called `name`; the same name always gives the same stream object. */
  stream(name: string): RandomStream {
    let stream = this.streams.get(name);
    if (stream === undefined) {
      stream = new RandomStream(name, `${this.seed}/${name}`);
      this.streams.set(name, stream);
    }
    return stream;
  }
}
