/** Digit `position` (0 = least significant) of the non-negative integer `value` written in base `k`. */
export function digit(value: number, position: number, k: number): number {
  return digitOfWeight(value, k ** position, k);
}

/**
 * The digit of `value` in base `k` whose place value is `weight` (k^position): `digit` with
 * the power worked out once, for a caller that reads the same position of many values.
 */
export function digitOfWeight(value: number, weight: number, k: number): number {
  return Math.floor(value / weight) % k;
}
