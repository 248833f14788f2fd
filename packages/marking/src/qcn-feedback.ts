/*
 * The arithmetic of a QCN congestion point (IEEE 802.1Qau, spec/algorithms.md): the
 * feedback Fb of a sample, its 6-bit quantization, and the sampling interval it sets.
 */

/** The largest QntzFb: 6 bits. */
const MAX_FEEDBACK = 63;

/**
 * The QCN pseudo-code's sampling table in KB, indexed by the 3 high bits of QntzFb
 * (floor(QntzFb / 8)), as sef1/congestion-control `CP.h` copies it: 150 KB (about one
 * 1500-B frame in 100) when congestion is mild, down to 18.5 KB (about one in 12).
 */
const SAMPLE_TABLE_KB = [150, 75, 50, 37.5, 30, 25, 21.5, 18.5] as const;

/**
 * Fb = -(Qoff + w·Qdelta), Qoff = Q - Qeq, Qdelta = Q - Qold, all in bytes: negative when
 * the queue is above its equilibrium or growing (congestion). chrysos writes the same
 * quantity with the opposite sign ("positive" means congested there).
 *
 * @example qcnFeedback(80_000, 70_000, 60_000, 2); // -(20 000 + 2 · 10 000) = -40 000
 */
export function qcnFeedback(queue: number, oldQueue: number, equilibrium: number, weight: number): number {
  return -(queue - equilibrium + weight * (queue - oldQueue));
}

/**
 * QntzFb = min(63, floor(-Fb · 63 / (Qeq · (2w + 1)))) for Fb < 0, else 0: |Fb| on 6 bits,
 * saturating at Fb = -Qeq·(2w + 1). We truncate (floor), as a fixed-point quantizer does.
 *
 * @example quantizeQcnFeedback(-40_000, 60_000, 2); // floor(40 000 · 63 / 300 000) = 8
 */
export function quantizeQcnFeedback(feedback: number, equilibrium: number, weight: number): number {
  if (!(feedback < 0)) return 0;
  return Math.min(MAX_FEEDBACK, Math.floor((-feedback * MAX_FEEDBACK) / (equilibrium * (2 * weight + 1))));
}

/**
 * The bytes to the next sample after a sample with quantized feedback `quantized`: the
 * pseudo-code's table scaled to `base` (150 KB in the table), so `base` for QntzFb 0..7,
 * base/2 for 8..15, ..., 18.5/150 of base for 56..63.
 *
 * @example qcnSampleInterval(8, 150_000); // 75 000
 */
export function qcnSampleInterval(quantized: number, base: number): number {
  return (base * SAMPLE_TABLE_KB[Math.floor(quantized / 8)]!) / SAMPLE_TABLE_KB[0];
}
