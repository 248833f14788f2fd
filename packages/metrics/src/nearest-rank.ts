/**
 * The nearest-rank percentile index: of `count` values sorted ascending, the index of the
 * smallest with at least p % of them at or below it (0 for p = 0).
 */
export function nearestRankIndex(count: number, p: number): number {
  return Math.max(0, Math.ceil((p / 100) * count) - 1);
}

/** The nearest-rank p-th percentile of `ascending` (sorted, not empty). */
export function nearestRank(ascending: ArrayLike<number>, p: number): number {
  return ascending[nearestRankIndex(ascending.length, p)]!;
}
