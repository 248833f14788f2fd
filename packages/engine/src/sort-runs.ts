/**
 * Stable natural merge sort of event slots by time, for re-bucketing a calendar queue in
 * O(n log runs) rather than O(n^2): `slots[0..count)` is made of `runs` runs, run r being
 * `slots[starts[r] .. starts[r + 1])` (so `starts` has runs + 1 entries, the last = count),
 * each already sorted by `times[slot]`. Adjacent runs are merged pairwise, left first on
 * ties, until one is left. Returns the sorted slots, either `slots` or a new array;
 * `starts` is overwritten.
 */
export function mergeRuns(slots: Int32Array, starts: Int32Array, runs: number, times: Float64Array): Int32Array {
  let from: Int32Array = slots;
  let to: Int32Array = new Int32Array(slots.length);
  const bounds = starts;
  while (runs > 1) {
    let merged = 0;
    for (let r = 0; r < runs; r += 2) {
      const start = bounds[r]!;
      const middle = bounds[r + 1]!;
      const end = r + 2 <= runs ? bounds[r + 2]! : middle;
      merge(from, to, start, middle, end, times);
      bounds[merged++] = start;
    }
    bounds[merged] = bounds[runs]!;
    runs = merged;
    const swap = from;
    from = to;
    to = swap;
  }
  return from;
}

/** Merges from[start..middle) and from[middle..end), both sorted, into to[start..end). */
function merge(
  from: Int32Array,
  to: Int32Array,
  start: number,
  middle: number,
  end: number,
  times: Float64Array,
): void {
  let left = start;
  let right = middle;
  let out = start;
  while (left < middle && right < end) {
    // `<=`: on equal times the left (earlier scheduled) slot goes first, keeping FIFO order.
    if (times[from[left]!]! <= times[from[right]!]!) to[out++] = from[left++]!;
    else to[out++] = from[right++]!;
  }
  while (left < middle) to[out++] = from[left++]!;
  while (right < end) to[out++] = from[right++]!;
}
