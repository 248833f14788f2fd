/**
 * The meeting point of the parts of a split run at each window's end (docs/spec/parallel.md
 * sec. 6), in shared memory: the last part to arrive opens the next generation and wakes the
 * others (`Atomics.wait`/`notify`: no lock, no spinning). A part that fails opens it for good
 * (`fail`), so that the others stop instead of waiting forever.
 */
/**
 * How long a part spins at the barrier before it sleeps, ms: waking from Atomics.wait took
 * 50-75 us here (a 2-core VM). Longer spins cost more than they save once the threads
 * outnumber the free cores (a spinning part holds the core the late one needs).
 */
const SPIN_MS = 0.05;

export class WindowBarrier {
  /** [parts arrived, generation, the generation a part failed at + 1 (0: none)]. */
  private readonly cells: Int32Array;

  /** `memory`: from `WindowBarrier.memory()`, shared by every part. */
  constructor(
    memory: SharedArrayBuffer,
    private readonly parts: number,
  ) {
    this.cells = new Int32Array(memory);
  }

  static memory(): SharedArrayBuffer {
    return new SharedArrayBuffer(3 * Int32Array.BYTES_PER_ELEMENT);
  }

  /**
   * Waits until every part has arrived; returns false if a part failed before this barrier
   * opened (then it may never open). Between threads only: it blocks.
   */
  arrive(): boolean {
    const cells = this.cells;
    const generation = Atomics.load(cells, 1);
    // Read after the generation: a failure that opened the barrier before shows here, one after wakes the wait.
    if (this.failedBy(generation)) return false;
    if (Atomics.add(cells, 0, 1) === this.parts - 1) {
      Atomics.store(cells, 0, 0);
      Atomics.add(cells, 1, 1);
      Atomics.notify(cells, 1);
    } else {
      // Spin first (SPIN_MS): the others are often a few microseconds behind, and waking from
      // Atomics.wait costs tens of them. Then sleep, not to hold a core a late part could use.
      const until = performance.now() + SPIN_MS;
      for (let spin = 1; Atomics.load(cells, 1) === generation; spin++) {
        if ((spin & 63) === 0 && performance.now() > until) break;
      }
      while (Atomics.load(cells, 1) === generation) Atomics.wait(cells, 1, generation);
    }
    return !this.failedBy(generation);
  }

  /**
   * A part failed: the parts waiting at this generation's barrier, and every part at a later
   * one, get false from `arrive`. A part past a barrier that opened before keeps its window,
   * and stops at the next one.
   */
  fail(): void {
    const generation = Atomics.load(this.cells, 1);
    // The earliest failure stands: a second call (the same part again, or another) must not
    // move it later, which would let a part woken by the first run one more window.
    Atomics.compareExchange(this.cells, 2, 0, generation + 1);
    Atomics.add(this.cells, 1, 1);
    Atomics.notify(this.cells, 1);
  }

  /** Whether a part failed at or before generation `generation`'s barrier (cell 2: that generation + 1, 0 none). */
  private failedBy(generation: number): boolean {
    const failed = Atomics.load(this.cells, 2);
    return failed !== 0 && failed - 1 <= generation;
  }
}
