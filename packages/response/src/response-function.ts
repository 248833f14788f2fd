/**
 * The contract every source response function meets: how one ACK changes a flow's rate
 * limit (santos-2002 sec. 6, santos-2003 sec. V), plus the increase curve F_inc it was
 * designed from.
 */

/**
 * The parameters of a response function. `Rmin` and `Rmax` bound the rate limit (any rate
 * unit: packets/s as in the papers, or bytes/s as in losslab's controllers); functions
 * add their own (`m` for AIMD and FIMD).
 */
export interface ResponseParameters {
  /** The lowest rate limit (santos: Rmax/256, InfiniBand's largest inter-packet delay). */
  readonly Rmin: number;
  /** The highest rate limit, usually the link rate. */
  readonly Rmax: number;
  readonly [name: string]: number;
}

/** A range of rate limits, `Rmin < Rmax`, in any one rate unit. */
export interface RateRange {
  readonly Rmin: number;
  readonly Rmax: number;
}

/**
 * F_inc(t): the rate a flow reaches `t` after it was set to Rmin, when no mark arrives
 * (santos-2002 sec. 6.2, santos-2003 sec. V.B), and its inverse.
 *
 * Time is measured in units of `period`. A curve that belongs to a {@link ResponseFunction}
 * (`fn.curve`) has `period` 1: time counts recovery periods T = 1/Rmin, the time to send one
 * packet at Rmin. {@link incrementCurve} rescales it to seconds.
 */
export interface IncrementCurve {
  /** The length of T = 1/Rmin in this curve's time unit (1 for a normalised curve). */
  readonly period: number;
  /** F_inc^-1(Rmax): the time to climb from Rmin to Rmax (santos-2002 eq. 2's T_rec). */
  readonly duration: number;
  /** F_inc(time): Rmin at 0, rising to Rmax at `duration`, Rmax after; Rmin before 0. */
  rateAt(time: number): number;
  /** F_inc^-1(rate): the time to climb from Rmin to `rate` (rates are clamped to the range). */
  timeAt(rate: number): number;
}

/**
 * A source response function: a decrease applied on a marked ACK and an increase applied on
 * an unmarked ACK (santos-2002 sec. 6), both keeping the rate in [Rmin, Rmax].
 *
 * When to use: pass one to a controller ({@link perAck}, {@link hybrid}), to the design tools
 * ({@link checkConditions}, {@link recoveryTime}, {@link incrementCurve}) or call it directly.
 * Build one with {@link aimd}, {@link fimd}, {@link lipd}, {@link deriveIncrease},
 * {@link responseFromCurve}, or implement this interface yourself.
 *
 * Gotchas: the functions are unit-free in rate (only ratios to Rmin and Rmax matter), so the
 * same object works for packets/s and bytes/s. Inputs outside [Rmin, Rmax] are clamped first.
 * A coalesced ACK that covers N packets is N calls to `increase`, not one call with N.
 *
 * @example
 * ```ts
 * const f = fimd({ Rmax: 1e9 }); // Rmin = Rmax/256, m = 2
 * f.decrease(1e9); // 5e8
 * f.increase(5e8); // 5e8 * 2^(1/128)
 * ```
 */
export interface ResponseFunction {
  /** A short name, e.g. "fimd". */
  readonly name: string;
  /** Rmin, Rmax and the function's own parameters. */
  readonly parameters: ResponseParameters;
  /**
   * f_inc: the rate after one unmarked ACK at `rate`.
   * @param packets - the size of the acknowledged packet in design-size packets (default 1);
   *   santos-2002 footnote 9 scales the increase by it for short packets.
   */
  increase(rate: number, packets?: number): number;
  /** f_dec: the rate after one marked ACK at `rate`. */
  decrease(rate: number): number;
  /**
   * F_inc in recovery periods (`period` 1), when the function knows it in closed form or
   * was derived from it. Without it, the design tools sample the ACK-clocked trajectory.
   */
  readonly curve?: IncrementCurve;
}
