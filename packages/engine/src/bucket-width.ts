/**
 * How wide a calendar-queue bucket (a "day") should be. Brown (CACM 31(10), 1988) sizes
 * days from the average separation of the events at the head of the queue, so that a day
 * holds a few of them: fewer and dequeues walk across empty days, more and enqueues walk
 * along long bucket lists.
 */

/** Events sampled from the head of the queue to estimate their separation. */
export const HEAD_SAMPLE = 64;

/**
 * Day length in average separations of events. Brown uses 3; as widths are then rounded up
 * to a power of two (2 to 4 separations), 2 measured as fast on the hold model.
 */
export const EVENTS_PER_BUCKET = 2;

/** Day lengths are powers of two between these (1 ps to ~281 s), so `time / width` is exact. */
export const MIN_WIDTH = 1;
export const MAX_WIDTH = 2 ** 48;

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
 * Brown's estimate of the separation of events near the head of the queue, from `head`,
 * the times of the earliest events in ascending order (up to HEAD_SAMPLE of them). Averages
 * their gaps, then averages again only the gaps below twice that mean, so that one outlier
 * (a lone event far ahead of a dense cluster) does not inflate the estimate. Returns 0 when
 * they all share one time.
 */
export function headSpacing(head: Float64Array): number {
  const k = head.length;
  if (k < 2) return 0;
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
