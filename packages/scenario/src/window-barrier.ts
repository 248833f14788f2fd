/**
 * The meeting point of the parts of a split run at each window's end (docs/spec/parallel.md
 * sec. 6), in shared memory: the last part to arrive opens the next generation and wakes the
 * others (`Atomics.wait`/`notify`: no lock, no spinning). A part that fails opens it for good
 * (`fail`), so that the others stop instead of waiting forever.
 */
export class WindowBarrier {
  /** [parts arrived, generation, failed]. */
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

  /** Waits until every part has arrived; returns false if a part failed instead. Between threads only (it blocks). */
  arrive(): boolean {
    const cells = this.cells;
    const generation = Atomics.load(cells, 1);
    // Read after the generation: a failure that opened the barrier before shows here, one after wakes the wait.
    if (Atomics.load(cells, 2) !== 0) return false;
    if (Atomics.add(cells, 0, 1) === this.parts - 1) {
      Atomics.store(cells, 0, 0);
      Atomics.add(cells, 1, 1);
      Atomics.notify(cells, 1);
    } else {
      while (Atomics.load(cells, 1) === generation) Atomics.wait(cells, 1, generation);
    }
    return Atomics.load(cells, 2) === 0;
  }

  /** A part failed: every waiting or arriving part returns false from `arrive` from now on. */
  fail(): void {
    Atomics.store(this.cells, 2, 1);
    Atomics.add(this.cells, 1, 1);
    Atomics.notify(this.cells, 1);
  }
}
