/**
 * Jain's fairness index of `rates` (Jain, Chiu and Hawe, DEC-TR-301, 1984):
 * (sum x)^2 / (n sum x^2), 1 for equal shares, 1/n when one takes all. 0 for no traffic.
 */
export function jainIndex(rates: readonly number[]): number {
  let sum = 0;
  let squares = 0;
  for (const rate of rates) {
    sum += rate;
    squares += rate * rate;
  }
  return squares === 0 ? 0 : (sum * sum) / (rates.length * squares);
}
