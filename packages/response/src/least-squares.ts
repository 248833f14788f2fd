/** Dense linear least squares by Householder QR with column scaling (internal). */

/**
 * The x minimising |A x - b| for a rows x cols matrix A (row-major, rows >= cols), solved
 * by Householder QR after scaling every column to unit norm.
 */
export function leastSquares(matrix: Float64Array, rows: number, cols: number, rhs: Float64Array): Float64Array {
  const a = Float64Array.from(matrix);
  const b = Float64Array.from(rhs);
  const scale = new Float64Array(cols);
  for (let j = 0; j < cols; j++) {
    let norm = 0;
    for (let i = 0; i < rows; i++) norm += (a[i * cols + j] as number) ** 2;
    const s = norm > 0 ? 1 / Math.sqrt(norm) : 1;
    scale[j] = s;
    for (let i = 0; i < rows; i++) a[i * cols + j] = (a[i * cols + j] as number) * s;
  }
  for (let k = 0; k < cols; k++) {
    let norm = 0;
    for (let i = k; i < rows; i++) norm += (a[i * cols + k] as number) ** 2;
    norm = Math.sqrt(norm);
    if (norm === 0) continue;
    const akk = a[k * cols + k] as number;
    const alpha = akk > 0 ? -norm : norm;
    // v = x - alpha e1, stored in column k below and on the diagonal.
    a[k * cols + k] = akk - alpha;
    let vnorm2 = 0;
    for (let i = k; i < rows; i++) vnorm2 += (a[i * cols + k] as number) ** 2;
    if (vnorm2 === 0) continue;
    for (let j = k + 1; j < cols; j++) {
      let dot = 0;
      for (let i = k; i < rows; i++) dot += (a[i * cols + k] as number) * (a[i * cols + j] as number);
      const f = (2 * dot) / vnorm2;
      for (let i = k; i < rows; i++) {
        a[i * cols + j] = (a[i * cols + j] as number) - f * (a[i * cols + k] as number);
      }
    }
    let dot = 0;
    for (let i = k; i < rows; i++) dot += (a[i * cols + k] as number) * (b[i] as number);
    const f = (2 * dot) / vnorm2;
    for (let i = k; i < rows; i++) b[i] = (b[i] as number) - f * (a[i * cols + k] as number);
    a[k * cols + k] = alpha; // R's diagonal
  }
  const x = new Float64Array(cols);
  for (let k = cols - 1; k >= 0; k--) {
    let sum = b[k] as number;
    for (let j = k + 1; j < cols; j++) sum -= (a[k * cols + j] as number) * (x[j] as number);
    const diagonal = a[k * cols + k] as number;
    x[k] = diagonal === 0 ? 0 : sum / diagonal;
  }
  for (let j = 0; j < cols; j++) x[j] = (x[j] as number) * (scale[j] as number);
  return x;
}
