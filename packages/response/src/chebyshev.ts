/** Chebyshev series on [-1, 1]: evaluation, derivative, basis values (internal). */

/** Sum of coefficients[k] * T_k(u) by Clenshaw's recurrence. */
export function chebyshevValue(coefficients: Float64Array, u: number): number {
  let b1 = 0;
  let b2 = 0;
  for (let k = coefficients.length - 1; k >= 1; k--) {
    const b0 = 2 * u * b1 - b2 + (coefficients[k] as number);
    b2 = b1;
    b1 = b0;
  }
  return u * b1 - b2 + (coefficients[0] as number);
}

/** Coefficients of the derivative series. */
export function chebyshevDerivative(coefficients: Float64Array): Float64Array {
  const n = coefficients.length - 1;
  const d = new Float64Array(Math.max(1, n));
  if (n < 1) return d;
  let next = 0; // d[k+1]
  let nextNext = 0; // d[k+2]
  for (let k = n; k >= 1; k--) {
    const value = nextNext + 2 * k * (coefficients[k] as number); // d[k-1]
    d[k - 1] = value;
    nextNext = next;
    next = value;
  }
  d[0] = (d[0] as number) / 2;
  return d;
}

/** T_0(u) .. T_n(u) into `out`. */
export function chebyshevBasis(u: number, out: Float64Array): void {
  out[0] = 1;
  if (out.length > 1) out[1] = u;
  for (let k = 2; k < out.length; k++) {
    out[k] = 2 * u * (out[k - 1] as number) - (out[k - 2] as number);
  }
}
