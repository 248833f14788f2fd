import seedrandom from "seedrandom";

/**
 * One reproducible stream of random numbers. Streams are cheap; give each component its
 * own (by name) so adding a component never changes the numbers another one draws.
 */
export class RandomStream {
  // Alea's state (J. Baagøe, 2010), seeded by seedrandom's own Alea from "<seed>/<name>" and
  // then stepped here rather than through seedrandom's closure: the numbers are seedrandom's.
  // The initialisers matter: fields that start out as numbers keep an unboxed double
  // representation, where fields declared bare start as undefined and box every store.
  private s0 = 0.5;
  private s1 = 0.5;
  private s2 = 0.5;
  private c = 1;

  constructor(
    readonly name: string,
    seed: string,
  ) {
    const state = seedrandom.alea(seed, { state: true }).state();
    this.s0 = state.s0;
    this.s1 = state.s1;
    this.s2 = state.s2;
    this.c = state.c;
  }

  /** Uniform in [0, 1). */
  next(): number {
    const t = 2091639 * this.s0 + this.c * 2.3283064365386963e-10; // 2^-32
    this.s0 = this.s1;
    this.s1 = this.s2;
    this.c = t | 0;
    this.s2 = t - this.c;
    return this.s2;
  }

  /** Uniform real in [min, max). */
  uniform(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  /** Uniform integer in [min, max], both ends included. */
  uniformInt(min: number, max: number): number {
    if (!Number.isInteger(min) || !Number.isInteger(max) || max < min) {
      throw new RangeError(`uniformInt(min, max) needs integers with min <= max; got (${min}, ${max})`);
    }
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** Exponentially distributed with the given mean (> 0). */
  exponential(mean: number): number {
    if (!(mean > 0)) throw new RangeError(`exponential(mean) needs mean > 0; got ${mean}`);
    return -mean * Math.log(1 - this.next());
  }

  /** True with probability p (0 <= p <= 1). */
  bernoulli(p: number): boolean {
    if (!(p >= 0 && p <= 1)) throw new RangeError(`bernoulli(p) needs 0 <= p <= 1; got ${p}`);
    return this.next() < p;
  }

  /** One element of a non-empty array, uniformly. */
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError("pick() from an empty array");
    return items[Math.floor(this.next() * items.length)] as T;
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
