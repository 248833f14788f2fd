// biome-ignore-all lint/style/noNonNullAssertion: indices stay below `count` by construction

/**
 * How wide a calendar-queue bucket should be. Brown (CACM 31(10), 1988, section 4) sizes
 * buckets from the average separation of the events at the head of the queue, so that a
 * bucket holds about three of them: fewer and dequeue walks across empty buckets, more and
 * enqueue walks along the bucket's list.
 */

/** Events sampled from the head of the queue to estimate their separation. */
export const HEAD_SAMPLE = 64;

/** Bucket width, in multiples of the average separation of events (Brown: 3). */
export const EVENTS_PER_BUCKET = 2;

/** Bucket widths are powers of two between these, so `time / width` is exact. */
export const MIN_WIDTH = 1;
export const MAX_WIDTH = 2 ** 40;

/**
 * The smallest power of two >= `events * spacing`, clamped to [MIN_WIDTH, MAX_WIDTH].
 * A power of two keeps `time * (1 / width)` exact, so a bucket's bounds never round.
 */
export function widthFor(spacing: number, events = EVENTS_PER_BUCKET): number {
  const target = events * spacing;
  if (!(target > MIN_WIDTH)) return MIN_WIDTH;
  if (target >= MAX_WIDTH) return MAX_WIDTH;
  return 2 ** Math.ceil(Math.log2(target));
}

/**
 * Brown's estimate of the separation of events near the head of the queue, from the
 * `count` times in `times[0..count)` (reordered in place). Takes the HEAD_SAMPLE smallest
 * times, averages their gaps, then averages again only the gaps below twice that mean, so
 * one outlier (a lone event far ahead of a dense cluster) does not inflate the estimate.
 * Returns 0 when the sampled events all share one time.
 */
export function headSpacing(times: Float64Array, count: number): number {
  if (count < 2) return 0;
  const k = Math.min(count, HEAD_SAMPLE);
  selectSmallest(times, count, k);
  const head = times.subarray(0, k).sort();
  const mean = (head[k - 1]! - head[0]!) / (k - 1);
  let sum = 0;
  let gaps = 0;
  for (let i = 1; i < k; i++) {
    const gap = head[i]! - head[i - 1]!;
    if (gap <= 2 * mean) {
      sum += gap;
      gaps++;
    }
  }
  return gaps > 0 ? sum / gaps : mean;
}

/**
 * Rearranges `a[0..count)` so that `a[0..k)` holds its k smallest values (in no particular
 * order): Hoare's selection (FIND), expected O(count), robust to many equal values.
 */
export function selectSmallest(a: Float64Array, count: number, k: number): void {
  const nth = k - 1;
  let lo = 0;
  let hi = count - 1;
  while (hi > lo) {
    const x = a[lo]!;
    const y = a[(lo + hi) >>> 1]!;
    const z = a[hi]!;
    // median of three as pivot: sorted or reversed input does not degrade to O(n^2)
    const pivot = x < y ? (y < z ? y : x < z ? z : x) : x < z ? x : y < z ? z : y;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i]! < pivot) i++;
      while (a[j]! > pivot) j--;
      if (i <= j) {
        const t = a[i]!;
        a[i] = a[j]!;
        a[j] = t;
        i++;
        j--;
      }
    }
    // now a[lo..j] <= pivot <= a[i..hi], and a[j+1..i-1] all equal the pivot
    if (nth <= j) hi = j;
    else if (nth >= i) lo = i;
    else return;
  }
}
