/** Digit `position` (0 = least significant) of the non-negative integer `value` written in base `k`. */
export function digit(value: number, position: number, k: number): number {
  return Math.floor(value / k ** position) % k;
}
