/**
 * The pseudo-random stream of CPython's `random` module, as far as a permutation needs it:
 * `random.seed(n)` for a non-negative integer n, then `random.shuffle(list)`. With it the
 * benches and presets rebuild the connection matrices htsim's generators write in Python
 * (htsim-generators.ts) without a Python interpreter or a file from the peer's tree, so that
 * they run the very flows htsim runs.
 *
 * What it follows (the documented behaviour of CPython 3.2 and later):
 * - the generator is MT19937 (Matsumoto and Nishimura, ACM TOMACS 8(1), 1998), seeded from an
 *   integer n by the reference `init_by_array` with the 32-bit words of n, least significant
 *   first (n = 0 gives the one word 0);
 * - `getrandbits(k)` for k <= 32 is the top k bits of one 32-bit output;
 * - `randbelow(n)` draws `getrandbits(n.bit_length())` until the value is below n;
 * - `shuffle` is Fisher-Yates from the end: for i from len-1 down to 1, swap x[i] and
 *   x[randbelow(i + 1)].
 * Checked against CPython's output in apps/lab/test/htsim-matched.test.ts.
 */
const N = 624;
const M = 397;

export class PythonRandom {
  private readonly state = new Uint32Array(N);
  private index = N;

  constructor(seed: number) {
    if (!Number.isSafeInteger(seed) || seed < 0) {
      throw new RangeError(`PythonRandom: seed must be a safe integer >= 0, got ${seed}`);
    }
    const key: number[] = [];
    for (let rest = seed; rest > 0; rest = Math.floor(rest / 2 ** 32)) key.push(rest % 2 ** 32);
    if (key.length === 0) key.push(0);
    this.seedByArray(key);
  }

  private seedWith(value: number): void {
    const mt = this.state;
    mt[0] = value >>> 0;
    for (let i = 1; i < N; i++) {
      const previous = mt[i - 1]!;
      mt[i] = (Math.imul(1812433253, previous ^ (previous >>> 30)) + i) >>> 0;
    }
    this.index = N;
  }

  private seedByArray(key: readonly number[]): void {
    this.seedWith(19650218);
    const mt = this.state;
    let i = 1;
    let j = 0;
    for (let k = Math.max(N, key.length); k > 0; k--) {
      const previous = mt[i - 1]!;
      mt[i] = ((mt[i]! ^ Math.imul(previous ^ (previous >>> 30), 1664525)) + key[j]! + j) >>> 0;
      i++;
      j++;
      if (i >= N) {
        mt[0] = mt[N - 1]!;
        i = 1;
      }
      if (j >= key.length) j = 0;
    }
    for (let k = N - 1; k > 0; k--) {
      const previous = mt[i - 1]!;
      mt[i] = ((mt[i]! ^ Math.imul(previous ^ (previous >>> 30), 1566083941)) - i) >>> 0;
      i++;
      if (i >= N) {
        mt[0] = mt[N - 1]!;
        i = 1;
      }
    }
    mt[0] = 0x80000000;
  }

  /** The next 32-bit output of MT19937. */
  nextUint32(): number {
    const mt = this.state;
    if (this.index >= N) {
      for (let i = 0; i < N; i++) {
        const bits = (mt[i]! & 0x80000000) | (mt[(i + 1) % N]! & 0x7fffffff);
        mt[i] = mt[(i + M) % N]! ^ (bits >>> 1) ^ (bits & 1 ? 0x9908b0df : 0);
      }
      this.index = 0;
    }
    let y = mt[this.index++]!;
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    return y >>> 0;
  }

  /** Python's `getrandbits(k)` for 1 <= k <= 32. */
  getrandbits(k: number): number {
    if (!(Number.isInteger(k) && k >= 1 && k <= 32)) throw new RangeError(`getrandbits: k must be 1..32, got ${k}`);
    return this.nextUint32() >>> (32 - k);
  }

  /** Python's `_randbelow(n)`: uniform in 0..n-1, for 1 <= n < 2^32. */
  randbelow(n: number): number {
    if (!(Number.isInteger(n) && n >= 1 && n < 2 ** 32))
      throw new RangeError(`randbelow: n must be 1..2^32-1, got ${n}`);
    const bits = 32 - Math.clz32(n); // n.bit_length()
    let value = this.getrandbits(bits);
    while (value >= n) value = this.getrandbits(bits);
    return value;
  }

  /** Python's `shuffle(items)`, in place. */
  shuffle<T>(items: T[]): void {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.randbelow(i + 1);
      const held = items[i]!;
      items[i] = items[j]!;
      items[j] = held;
    }
  }
}
